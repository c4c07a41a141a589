// TimingParams: every hardware constant of the cycle model (TIMING.md), declared for the
// sim configuration under `timing.*`; configs/ventus-rtl-tb.toml sets the Verilog build.
#pragma once

#include <cstdint>
#include <string>

#include "sim/config.hpp"

namespace ventus::timing {

// A set-associative cache with LRU replacement and MSHRs (TIMING.md §3, §9, §11).
struct CacheParams {
  uint32_t sets = 32;
  uint32_t ways = 2;
  uint32_t line_bytes = 8;
  uint32_t mshr_entries = 4;     // distinct lines missing at once
  uint32_t mshr_subentries = 2;  // requests merged into one missing line
  uint32_t hit_latency_cycles = 2;
  // `min_hit_cycles`: the least hit latency the cache's pipeline can have.
  void declare(sim::ParamScope scope, const char* what, uint64_t min_hit_cycles = 0);
};

// Warp scheduler fetch, I-cache, instruction buffer (TIMING.md §3–§4).
struct FrontEndParams {
  CacheParams icache{};
  uint32_t fetch_bytes = 8;      // one fetch packet (NUM_FETCH instructions)
  uint32_t ibuffer_packets = 2;  // per-warp FIFO of packets (+ the slowdown register)
  // L2 response -> a lookup (made at the fetch response) hits: the response FIFO (1), the
  // tag write at that edge, and the stage-0 read two cycles before the response.
  uint32_t icache_fill_cycles = 3;
  // mshr_icache.v (req_rsp_same_time): a primary miss in the cycle an entry's answer leaves,
  // with the lowest free entry above that entry, re-arms it (its line is read again) and is
  // lost. False: the miss takes the free entry, as the RTL presumably meant.
  bool icache_rearm_on_fill_miss = true;
  uint32_t scalar_branch_resolve_cycles = 1;  // ISSUE -> redirect/unblock (branch, jal, jalr)
  // simt_stack.v: a vbranch or join waits in a one-entry control buffer until the stack takes
  // it (a join at once, a vbranch when the vALU's mask arrives); a redirect, or a join's
  // answer, then waits in a one-entry fetch-control buffer for the warp scheduler.
  uint32_t simt_join_cycles = 1;           // ISSUE of a join -> the stack takes it
  uint32_t simt_mask_cycles = 1;           // ISSUE of a vbranch -> its mask reaches the stack
  uint32_t simt_fetch_control_cycles = 1;  // the stack's answer -> the warp scheduler may take it
  uint32_t barrier_release_cycles = 2;     // last arrival ISSUE -> waiting warps unblocked
  void declare(sim::ParamScope scope);
};

// Issue stage, operand collector and register banks (TIMING.md §5–§6).
struct IssueParams {
  uint32_t collector_units = 8;
  uint32_t register_banks = 4;     // per file (scalar and vector banks are separate)
  uint32_t no_operand_cycles = 2;  // OC_IN -> ISSUE without bank reads
  uint32_t operand_cycles = 3;     // last delivered bank grant -> ISSUE
  void declare(sim::ParamScope scope);
};

// Execution-unit latencies, ISSUE -> result ready for writeback (TIMING.md §7).
struct UnitParams {
  uint32_t alu_cycles = 1;
  uint32_t valu_cycles = 1;
  uint32_t csr_cycles = 1;
  uint32_t mul_cycles = 3;
  uint32_t fpu_add_cycles = 3;  // add/sub/mul
  uint32_t fpu_fma_cycles = 5;
  uint32_t fpu_other_cycles = 2;           // compare, convert, move, sign injection, min/max
  uint32_t sfu_lane_groups = 4;            // lanes processed in this many sequential groups
  uint32_t sfu_fdiv_cycles_per_group = 5;  // floating-point division
  // The integer divider (int_div.v) per lane: a zero divisor or signed overflow, a dividend
  // below the divisor, else the fixed states plus one cycle per quotient bit.
  uint32_t sfu_int_div_special_cycles = 2;
  uint32_t sfu_int_div_small_cycles = 3;
  uint32_t sfu_int_div_base_cycles = 4;
  uint32_t sfu_sqrt_cycles_per_group = 10;
  uint32_t sfu_overhead_cycles = 2;
  // Rows on 64-bit register pairs (profile v2.03, ISA.md §5.17-§5.18): no RTL implements them,
  // so these are parameters, not calibrations; the defaults are the 32-bit latencies.
  uint32_t pair_alu_cycles = 1;
  uint32_t pair_valu_cycles = 1;
  uint32_t pair_mul_cycles = 3;
  void declare(sim::ParamScope scope);
};

// Load/store unit and L1 data cache front (TIMING.md §8–§9).
struct LsuParams {
  uint32_t per_warp_in_flight = 4;  // shiftboard entries per warp
  uint32_t per_sm_in_flight = 8;    // LSU MSHR entries
  // mshr_reg.v's state machine: it takes one L1 answer per cycle and allocates only while
  // idle, spends two cycles on each completed instruction, and frees its entry after them.
  bool mshr_state_machine = true;
  uint32_t issue_to_request_cycles = 4;  // ISSUE -> first L1 request
  uint32_t instruction_gap_cycles = 3;   // last request of one instruction -> next's first
  uint32_t block_bytes = 8;              // coalescing block (one L1 request)
  uint32_t response_to_writeback_cycles = 2;
  uint32_t store_miss_response_cycles = 1;  // write miss: its Put leaves the SM -> core response
  uint32_t l1d_miss_request_cycles = 4;     // L1 request -> Get leaves the SM (queues)
  uint32_t l1d_fill_response_cycles = 5;    // L2 response -> L1 response to the LSU
  uint32_t l1d_fill_blocked_cycles = 2;     // a fill closes the L1's input this long (+1 dirty)
  uint32_t l1d_store_reprobe_cycles = 1;    // MSHR empty -> a store held for it probes again
  // The memory queue's head moves into the output register only in a cycle in which the SM's
  // arbiter gives the L1 ready (no I-cache request) and no fill answers the LSU (l1_dcache.v
  // mem_req_q_deq_ready), and leaves from it a cycle later at the earliest.
  bool l1d_output_register_waits = true;
  uint32_t wshr_entries = 4;
  uint32_t wshr_release_cycles = 2;     // the L2's acknowledgement -> the WSHR entry frees
  uint32_t shared_memory_bytes = 1024;  // addresses below this go to shared memory
  uint32_t shared_memory_banks = 2;
  uint32_t shared_memory_cycles = 3;  // request -> response without conflicts
  CacheParams l1d{32, 2, 8, 4, 2, 4};
  void declare(sim::ParamScope scope);
};

// L2 and the memory interface (TIMING.md §11–§12).
struct MemoryParams {
  CacheParams l2{2, 4, 8, 4, 4, 5};
  // The test bench's L2 (directory_test.v) reports every lookup of a valid line as a miss, so
  // every request reads memory; true for an L2 whose hits answer from its contents.
  bool l2_reports_hits = false;
  uint32_t l2_request_entries = 4;       // requests held at once, merged ones included (list)
  uint32_t l2_input_buffer_entries = 2;  // SMs -> L2 request buffer (sm2cluster_arb.v; 0: none)
  uint32_t l2_response_interval = 2;     // sourceD answers one request per this many cycles
  uint32_t l2_to_port_cycles = 3;        // L2 takes a request -> AXI request issued (port free)
  uint32_t read_latency_cycles = 2;      // AR -> R
  uint32_t write_latency_cycles = 2;     // AW -> B
  uint32_t response_cycles = 5;          // R -> response at the SM
  uint32_t write_queue_cycles = 4;       // a store's ack -> its write may take the port
  uint32_t read_gap_cycles = 6;          // a read occupies the port
  uint32_t write_gap_cycles = 5;         // a write occupies the port
  uint32_t transactions_in_flight = 1;   // the AXI adapter's outstanding transactions
  uint32_t beat_bytes = 8;               // data bus width: a line takes line/beat beats
  void declare(sim::ParamScope scope);
};

// Kernel life cycle and the host's view of it (TIMING.md §2).
struct KernelParams {
  uint32_t first_dispatch_cycles = 24;  // count start -> first warp dispatched
  uint32_t warps_dispatched_per_cycle = 1;
  // cu_handler.v hands out a work-group's warps from its last to its first (the tag's warp
  // index counts down), each into the lowest free slot (cta2warp.v): warp 0 gets the highest
  // slot, so the lowest fetch priority.
  bool last_warp_first = true;
  uint32_t wg_done_cycles = 13;          // last endprg -> work-group done
  uint32_t flush_request_cycles = 0;     // work-group done -> L1 flush starts
  uint32_t flush_hint_cycles = 6;        // last dirty line written -> L2 hint
  uint32_t flush_done_cycles = 19;       // hint -> flush complete (host flag)
  uint32_t host_poll_period_cycles = 7;  // 0: the host sees the flag at once
  uint32_t host_poll_offset_cycles = 4;
  uint32_t host_poll_read_cycles = 3;  // poll that sees the flag -> count end
  void declare(sim::ParamScope scope);
};

struct TimingParams {
  FrontEndParams front{};
  IssueParams issue{};
  UnitParams units{};
  LsuParams lsu{};
  MemoryParams memory{};
  KernelParams kernel{};
  // Simulator, not hardware: jump over cycles in which no component can act (identical
  // results; off to check that).
  bool skip_idle_cycles = true;
  // timing.* parameters.
  void declare(sim::ParamScope root);
  // The rules that involve several parameters: what breaks the first one, or "" (each
  // parameter's own range is its declaration's).
  std::string check() const;
  // "" when the model's tag arrays for `sm_count` SMs fit kFootprintBudgetBytes, else the
  // keys that size them (a configuration the ranges accept must run or be refused up front).
  std::string check_footprint(unsigned sm_count) const;
  static constexpr uint64_t kFootprintBudgetBytes = uint64_t{1} << 30;
  // "" when the I-cache can hold every line that the fetches of `warp_slots` warps may have in
  // flight at once, else the keys at fault (params.cpp: below that, warps evict each other's
  // lines before their replays for ever, a livelock of the RTL's fetch design).
  std::string check_fetch_reach(unsigned warp_slots) const;
};

}  // namespace ventus::timing
