// TimingParams declarations: names, units, ranges and one-line descriptions (TIMING.md).
#include "timing/params.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "timing/cache_tags.hpp"

namespace ventus::timing {
namespace {

constexpr sim::UIntRange kCycles{0, 100000};
constexpr sim::UIntRange kSmallCount{1, 1024};

}  // namespace

void CacheParams::declare(sim::ParamScope s, const char* what, uint64_t min_hit_cycles) {
  const std::string w = what;
  s.add("sets", sets, sim::UIntRange{1, 65536, true}, "", "sets of the " + w);
  s.add("ways", ways, sim::UIntRange{1, 64}, "", "ways per set of the " + w + " (LRU)");
  s.add("line_bytes", line_bytes, sim::UIntRange{4, 1024, true}, "bytes", "line size of the " + w);
  s.add("mshr_entries", mshr_entries, kSmallCount, "",
        "missing lines the " + w + " tracks at once");
  s.add("mshr_subentries", mshr_subentries, kSmallCount, "",
        "requests merged into one missing line of the " + w);
  s.add("hit_latency_cycles", hit_latency_cycles, sim::UIntRange{min_hit_cycles, kCycles.max},
        "cycles", "request -> response on a hit in the " + w);
}

void FrontEndParams::declare(sim::ParamScope s) {
  // A fetch is looked up in the cycle after its request (stage 1, instruction_cache.v), so it
  // is answered a cycle later at the earliest; 0 would answer it before its lookup (issue 54).
  icache.declare(s.child("icache"), "instruction cache", 1);
  const sim::ParamScope f = s.child("fetch");
  f.add("packet_bytes", fetch_bytes, sim::UIntRange{4, 64, true}, "bytes",
        "one fetch request (NUM_FETCH instructions); at most the I-cache line");
  f.add("ibuffer_packets", ibuffer_packets, kSmallCount, "",
        "decoded packets buffered per warp (besides the slowdown register)");
  f.add("icache_fill_cycles", icache_fill_cycles, kCycles, "cycles",
        "L2 response -> the line hits in the I-cache");
  f.add("icache_rearm_on_fill_miss", icache_rearm_on_fill_miss, "",
        "a miss in the cycle another line's answer leaves the I-cache's FIFO, the lowest free "
        "MSHR entry above that line's, re-arms that entry and is lost (mshr_icache.v); false: "
        "the miss takes the free entry");
  f.add("branch_resolve_cycles", scalar_branch_resolve_cycles, kCycles, "cycles",
        "ISSUE of a branch or jump -> it reaches the warp scheduler (a redirect refetches from "
        "the next cycle; a warp that continues issues again a cycle later)");
  f.add("simt_join_cycles", simt_join_cycles, kCycles, "cycles",
        "ISSUE of a join -> the SIMT stack takes it from its control buffer");
  f.add("simt_mask_cycles", simt_mask_cycles, kCycles, "cycles",
        "ISSUE of a vbranch -> its lane mask reaches the SIMT stack, which takes it then");
  f.add("simt_fetch_control_cycles", simt_fetch_control_cycles, kCycles, "cycles",
        "the SIMT stack's redirect or join answer -> the warp scheduler may take it (one "
        "branch per cycle, scalar branches first, none while a fetch rewinds)");
  f.add("barrier_release_cycles", barrier_release_cycles, kCycles, "cycles",
        "ISSUE of the last barrier arrival -> the waiting warps may issue");
}

void IssueParams::declare(sim::ParamScope s) {
  s.add("collector_units", collector_units, kSmallCount, "",
        "operand collector units per SM (one instruction each)");
  s.add("register_banks", register_banks, kSmallCount, "",
        "register banks per file; bank = (warp slot + register) mod banks");
  s.add("no_operand_cycles", no_operand_cycles, kCycles, "cycles",
        "selection -> ISSUE for an instruction that reads no register");
  s.add("operand_cycles", operand_cycles, kCycles, "cycles",
        "last delivered register-bank grant -> ISSUE");
}

void UnitParams::declare(sim::ParamScope s) {
  s.add("alu_cycles", alu_cycles, kCycles, "cycles", "scalar ALU: ISSUE -> result");
  s.add("valu_cycles", valu_cycles, kCycles, "cycles", "vector ALU: ISSUE -> result");
  s.add("csr_cycles", csr_cycles, kCycles, "cycles", "CSR unit: ISSUE -> result");
  s.add("mul_cycles", mul_cycles, kCycles, "cycles", "multiplier (pipelined): ISSUE -> result");
  s.add("pair_alu_cycles", pair_alu_cycles, kCycles, "cycles",
        "scalar ALU on 64-bit register pairs (v2.03 *W rows; no RTL: a parameter)");
  s.add("pair_valu_cycles", pair_valu_cycles, kCycles, "cycles",
        "vector ALU into register pairs (v2.03 widening add/sub; no RTL: a parameter)");
  s.add("pair_mul_cycles", pair_mul_cycles, kCycles, "cycles",
        "multiplier into register pairs (v2.03 widening mul/macc; no RTL: a parameter)");
  s.add("fpu_add_cycles", fpu_add_cycles, kCycles, "cycles", "FPU add/sub/mul: ISSUE -> result");
  s.add("fpu_fma_cycles", fpu_fma_cycles, kCycles, "cycles",
        "FPU fused multiply-add: ISSUE -> result");
  s.add("fpu_other_cycles", fpu_other_cycles, kCycles, "cycles",
        "FPU compare/convert/move/sign: ISSUE -> result");
  s.add("sfu_lane_groups", sfu_lane_groups, kSmallCount, "",
        "SFU lane groups processed one after another (groups without an active lane skipped)");
  s.add("sfu_fdiv_cycles_per_group", sfu_fdiv_cycles_per_group, kCycles, "cycles",
        "SFU floating-point division, per lane group");
  s.add("sfu_int_div_special_cycles", sfu_int_div_special_cycles, kCycles, "cycles",
        "SFU integer divider, per lane: division by zero or signed overflow");
  s.add("sfu_int_div_small_cycles", sfu_int_div_small_cycles, kCycles, "cycles",
        "SFU integer divider, per lane: |dividend| < |divisor| (quotient 0)");
  s.add("sfu_int_div_base_cycles", sfu_int_div_base_cycles, kCycles, "cycles",
        "SFU integer divider, per lane: fixed states, plus one per quotient bit (clz(divisor) - "
        "clz(dividend) + 1); a group takes its slowest lane");
  s.add("sfu_sqrt_cycles_per_group", sfu_sqrt_cycles_per_group, kCycles, "cycles",
        "SFU square root, per lane group");
  s.add("sfu_overhead_cycles", sfu_overhead_cycles, kCycles, "cycles",
        "SFU fixed cost per instruction (not pipelined)");
}

void LsuParams::declare(sim::ParamScope s) {
  s.add("per_warp_in_flight", per_warp_in_flight, kSmallCount, "",
        "memory instructions in flight per warp (shiftboard)");
  s.add("per_sm_in_flight", per_sm_in_flight, kSmallCount, "",
        "memory instructions in flight per SM (LSU MSHR)");
  s.add("mshr_state_machine", mshr_state_machine, "",
        "the LSU's MSHR takes one L1 answer per cycle and allocates an instruction only while "
        "idle, writes each completed instruction back in two cycles and frees its entry then "
        "(mshr_reg.v); false: every due answer in one cycle, entries free at completion");
  s.add("issue_to_request_cycles", issue_to_request_cycles, kCycles, "cycles",
        "ISSUE -> first L1 request");
  s.add("instruction_gap_cycles", instruction_gap_cycles, kCycles, "cycles",
        "last L1 request of one instruction -> first of the next");
  s.add("block_bytes", block_bytes, sim::UIntRange{4, 1024, true}, "bytes",
        "coalescing block: lanes in one block share one L1 request");
  s.add("response_to_writeback_cycles", response_to_writeback_cycles, kCycles, "cycles",
        "last L1 response of a load -> result ready for writeback");
  s.add("store_miss_response_cycles", store_miss_response_cycles, kCycles, "cycles",
        "a store that missed the L1 leaves for the L2 -> its response to the LSU");
  s.add("l1d_miss_request_cycles", l1d_miss_request_cycles, kCycles, "cycles",
        "L1 request that misses -> its Get leaves for the L2");
  s.add("l1d_fill_response_cycles", l1d_fill_response_cycles, kCycles, "cycles",
        "L2 data at the L1 -> response to the LSU");
  s.add("fill_blocked_cycles", l1d_fill_blocked_cycles, kCycles, "cycles",
        "cycles after an L2 fill leaves its queue in which the L1 takes no request (one more "
        "when the fill evicts a dirty line)");
  s.add("store_reprobe_cycles", l1d_store_reprobe_cycles, kCycles, "cycles",
        "a store accepted while its line was being read closes the L1's input until the MSHR "
        "is empty; from then to its second tag probe");
  s.add("output_register_waits", l1d_output_register_waits, "",
        "the L1's memory queue hands its head to its output register only in a cycle without an "
        "I-cache request to the L2 and without a fill answering the LSU (false: at a fixed time)");
  s.add("wshr_entries", wshr_entries, kSmallCount, "", "write-through stores in flight (WSHR)");
  s.add("wshr_release_cycles", wshr_release_cycles, kCycles, "cycles",
        "the L2's acknowledgement of a write -> its WSHR entry is free");
  s.add("shared_memory_bytes", shared_memory_bytes, sim::UIntRange{0, 1u << 30}, "bytes",
        "an access whose lanes are all below this address goes to shared memory");
  s.add("shared_memory_banks", shared_memory_banks, kSmallCount, "", "shared-memory banks (words)");
  s.add("shared_memory_cycles", shared_memory_cycles, kCycles, "cycles",
        "shared-memory request -> response without bank conflicts");
}

void MemoryParams::declare(sim::ParamScope s) {
  const sim::ParamScope l2s = s.child("l2");
  l2.declare(l2s, "L2 cache");
  l2s.add("reports_hits", l2_reports_hits, "",
          "a request for a line the L2 holds is answered from it (false: the test bench's "
          "directory reports every lookup as a miss and reads memory)");
  l2s.add("request_entries", l2_request_entries, kSmallCount, "",
          "requests the L2 holds at once, merged ones included");
  l2s.add("input_buffer_entries", l2_input_buffer_entries, sim::UIntRange{0, 64}, "",
          "requests buffered between the SMs and the L2, in order (sm2cluster_arb's memReqBuf; "
          "0: the L2 takes a request straight from the SM)");
  l2s.add("response_interval_cycles", l2_response_interval, sim::UIntRange{1, 1024}, "cycles",
          "the L2 answers at most one request per this many cycles");
  const sim::ParamScope axi = s.child("axi");
  axi.add("request_cycles", l2_to_port_cycles, kCycles, "cycles",
          "SM request at the L2 -> memory request, when the port is free");
  axi.add("read_latency_cycles", read_latency_cycles, kCycles, "cycles", "read address -> data");
  axi.add("write_latency_cycles", write_latency_cycles, kCycles, "cycles",
          "write address -> response");
  axi.add("response_cycles", response_cycles, kCycles, "cycles",
          "memory data -> response at the SM");
  axi.add("write_queue_cycles", write_queue_cycles, kCycles, "cycles",
          "a store's acknowledgement -> its line's write may take the port");
  axi.add("read_gap_cycles", read_gap_cycles, kCycles, "cycles",
          "a read occupies the memory port this long");
  axi.add("write_gap_cycles", write_gap_cycles, kCycles, "cycles",
          "a write occupies the memory port this long");
  axi.add("beat_bytes", beat_bytes, sim::UIntRange{1, 1024, true}, "bytes",
          "memory data bus width: a transfer of an L2 line takes line / beat beats");
  axi.add("transactions_in_flight", transactions_in_flight, kSmallCount, "",
          "memory transactions overlapping on the port");
}

void KernelParams::declare(sim::ParamScope s) {
  s.add("first_dispatch_cycles", first_dispatch_cycles, kCycles, "cycles",
        "kernel start -> first warp dispatched");
  s.add("warps_dispatched_per_cycle", warps_dispatched_per_cycle, kSmallCount, "",
        "warps the CTA scheduler dispatches per cycle");
  s.add("last_warp_first", last_warp_first, "",
        "the CTA scheduler dispatches a work-group's warps last first, each into the lowest "
        "free warp slot (the RTL's order), else first first");
  s.add("wg_done_cycles", wg_done_cycles, kCycles, "cycles",
        "last endprg of a work-group -> work-group done");
  s.add("flush_request_cycles", flush_request_cycles, kCycles, "cycles",
        "kernel's last work-group done -> L1 flush starts");
  s.add("flush_hint_cycles", flush_hint_cycles, kCycles, "cycles",
        "last dirty line written back -> L2 flush hint");
  s.add("flush_done_cycles", flush_done_cycles, kCycles, "cycles",
        "L2 flush hint -> kernel complete");
  s.add("host_poll_period_cycles", host_poll_period_cycles, kCycles, "cycles",
        "the host polls for completion this often, 0 = it sees completion at once");
  s.add("host_poll_offset_cycles", host_poll_offset_cycles, kCycles, "cycles",
        "kernel start -> first poll (one more for a run's first kernel)");
  s.add("host_poll_read_cycles", host_poll_read_cycles, kCycles, "cycles",
        "poll that sees completion -> end of the count");
}

void TimingParams::declare(sim::ParamScope root) {
  const sim::ParamScope sm = root.child("sm");
  front.declare(sm);
  issue.declare(sm.child("issue"));
  units.declare(sm.child("units"));
  lsu.declare(sm.child("lsu"));
  lsu.l1d.declare(sm.child("l1d"), "L1 data cache");
  memory.declare(root.child("memory"));
  kernel.declare(root.child("gpu").child("kernel"));
  root.child("gpu").add("skip_idle_cycles", skip_idle_cycles, "",
                        "simulator: jump over cycles in which nothing can happen (same results)");
}

// The model moves whole lines: a fetch packet is read from one I-cache line, a coalesced LSU
// request is one L1 line access, and an L1 or I-cache fill is one L2 line. A larger unit
// would be served as if it were one line, with timing that no machine has.
std::string TimingParams::check() const {
  const auto larger = [](const char* part, uint32_t bytes, const char* whole, uint32_t line,
                         const char* why) {
    return fmt::format("{} = {} is larger than {} = {}: {}", part, bytes, whole, line, why);
  };
  if (front.fetch_bytes > front.icache.line_bytes) {
    return larger("sm.fetch.packet_bytes", front.fetch_bytes, "sm.icache.line_bytes",
                  front.icache.line_bytes, "a fetch reads one line");
  }
  if (lsu.block_bytes > lsu.l1d.line_bytes) {
    return larger("sm.lsu.block_bytes", lsu.block_bytes, "sm.l1d.line_bytes", lsu.l1d.line_bytes,
                  "a coalesced request is one L1 line");
  }
  if (lsu.l1d.line_bytes > memory.l2.line_bytes) {
    return larger("sm.l1d.line_bytes", lsu.l1d.line_bytes, "memory.l2.line_bytes",
                  memory.l2.line_bytes, "an L1 fill is one L2 line");
  }
  if (front.icache.line_bytes > memory.l2.line_bytes) {
    return larger("sm.icache.line_bytes", front.icache.line_bytes, "memory.l2.line_bytes",
                  memory.l2.line_bytes, "an I-cache fill is one L2 line");
  }
  return "";
}

// Every SM has an I-cache and an L1 data cache, the GPU one L2: their tag arrays are the
// model's largest state and are allocated when the model is built. Refusing a machine beyond
// the budget up front is better than the host's allocator failing inside the run (issue 54).
std::string TimingParams::check_footprint(unsigned sm_count) const {
  const auto lines = [](const CacheParams& c) { return uint64_t{c.sets} * c.ways; };
  const uint64_t total_lines = sm_count * (lines(front.icache) + lines(lsu.l1d)) + lines(memory.l2);
  const uint64_t bytes = total_lines * CacheTags::bytes_per_line();
  if (bytes <= kFootprintBudgetBytes) return "";
  return fmt::format(
      "the cycle model's cache tags would take {} MiB of host memory, more than its budget of "
      "{} MiB: gpu.sm_count = {} x (sm.icache.sets x sm.icache.ways = {} + sm.l1d.sets x "
      "sm.l1d.ways = {}) + memory.l2.sets x memory.l2.ways = {} lines of {} bytes; lower these "
      "keys (docs/timing.md, the memory budget)",
      (bytes + (1u << 20) - 1) >> 20, kFootprintBudgetBytes >> 20, sm_count, lines(front.icache),
      lines(lsu.l1d), lines(memory.l2), CacheTags::bytes_per_line());
}

// TIMING.md §3: a miss is never answered, only replayed, so a line filled for a warp and
// replaced before the warp's replay misses again. A warp has at most ibuffer_packets + 1
// fetches in flight (Sm::fetch_room), and no more than one a cycle for hit_latency_cycles each.
// When the I-cache cannot hold every line that the warps' fetches may have in flight, their
// fills can replace each other's lines for ever (timing_fuzz.py found a one-line I-cache that
// never fetched its first packet), so such a machine is refused up front. One warp's lines
// are consecutive (one per set until the sets wrap); the cache must hold every slot's.
std::string TimingParams::check_fetch_reach(unsigned warp_slots) const {
  const uint64_t packet = front.fetch_bytes;
  const uint64_t line = front.icache.line_bytes;
  const uint64_t in_flight =
      std::min<uint64_t>(uint64_t{front.ibuffer_packets} + 1, front.icache.hit_latency_cycles);
  const uint64_t reach_lines = (in_flight * packet + line - packet - 1) / line + 1;  // straddles
  const uint64_t sets = front.icache.sets;
  const uint64_t ways = front.icache.ways;
  const uint64_t per_set = (reach_lines + sets - 1) / sets;
  if (per_set <= ways && uint64_t{warp_slots} * reach_lines <= sets * ways) return "";
  return fmt::format(
      "the I-cache (sm.icache.sets = {} x sm.icache.ways = {} lines of sm.icache.line_bytes = {}) "
      "cannot hold the lines that the fetches of sm.warp_slots = {} warps may have in flight: "
      "each warp has up to min(sm.fetch.ibuffer_packets + 1, sm.icache.hit_latency_cycles) = {} "
      "fetches of sm.fetch.packet_bytes = {} in flight, {} lines ({} in one set), and a missed "
      "line is only replayed, so the warps would replace each other's lines for ever; raise the "
      "I-cache's sets or ways or lower the others (docs/timing.md, the fetch's reach)",
      sets, ways, line, warp_slots, in_flight, packet, reach_lines, per_set);
}

}  // namespace ventus::timing
