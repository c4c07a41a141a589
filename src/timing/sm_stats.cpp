// SmCounters: registration of one SM's counters under `timing.sm<N>.`.
#include "timing/sm_stats.hpp"

#include <fmt/format.h>

namespace ventus::timing {

void SmCounters::size_slots(unsigned warp_slots) {
  states.resize(kSlotStates);
  states.set_labels(slot_state_names());
  slot_states.resize(warp_slots);
  for (sim::VectorStat& v : slot_states) {
    v.resize(kSlotStates);
    v.set_labels(slot_state_names());
  }
}

namespace {

// The stall breakdown: per SM and per warp slot (docs/stats.md).
void register_states(sim::StatScope s, sim::VectorStat& states,
                     std::vector<sim::VectorStat>& slot_states) {
  s.add("stall", states, "cycles",
        "warp-slot cycles by state (issued, idle or the reason it could not issue), summed over "
        "the slots");
  for (size_t k = 0; k < slot_states.size(); ++k) {
    s.child(fmt::format("slot{}", k))
        .add("stall", slot_states[k], "cycles",
             "this warp slot's cycles by state: they add up to the launch's cycles");
  }
}

void register_core(sim::StatScope s, SmStats& core) {
  s.add("active_cycles", core.active_cycles, "cycles", "cycles with at least one resident warp");
  s.add("issued", core.issued, "instructions", "warp-instructions issued to an execution unit");
  s.add("thread_instructions", core.thread_instructions, "instructions",
        "lanes that executed the issued instructions");
  s.add("warps_dispatched", core.warps_dispatched, "warps", "warps the CTA scheduler started here");
  s.add("fetch.requests", core.fetch_requests, "requests", "I-cache lookups by the warp scheduler");
  s.add("fetch.replays", core.fetch_replays, "requests",
        "fetch responses that rewound their warp (I-cache miss or full buffer)");
  s.add("fetch.hit_responses", core.fetch_hits, "requests",
        "fetch responses that hit and entered the instruction buffer");
  s.add("fetch.miss_responses", core.fetch_misses, "requests",
        "fetch responses that missed the I-cache (the warp replays)");
  s.add("fetch.full_responses", core.fetch_full, "requests",
        "fetch responses that hit but found the instruction buffer full (the warp replays)");
  s.add("fetch.redirects", core.redirects, "events",
        "taken branches, jumps and SIMT path switches that refetched");
  s.add("issue.dropped_operand_grants", core.dropped_operand_grants, "reads",
        "operand reads granted by their bank but not delivered (one read per cycle per SM)");
}

// Both caches' reads from the L2 (LineReads).
void register_line_reads(sim::StatScope s, CacheStats& cache) {
  s.add("line_reads", cache.line_reads, "lines", "lines read from the L2 (Gets)");
  s.add("line_rereads", cache.line_rereads, "lines",
        "lines read from the L2 again in the launch, evicted since their first read (or, in "
        "the I-cache, re-armed): the capacity and conflict misses, line_reads minus the cold ones");
}

void register_icache(sim::StatScope ic, CacheStats& icache) {
  ic.add("accesses", icache.accesses, "requests", "I-cache lookups");
  ic.add("hits", icache.hits, "requests", "I-cache lookups that hit");
  ic.add("misses", icache.misses, "requests", "I-cache lookups that missed");
  ic.add("mshr_merges", icache.mshr_merges, "requests", "misses to a line already requested");
  ic.add("mshr_full", icache.mshr_full, "requests",
         "misses the MSHR refused (entries or sub-entries full, or the line filling this cycle)");
  ic.add("mshr_rerequests", icache.mshr_rerequests, "requests",
         "lines requested again: a primary miss in the cycle a response left the FIFO re-armed "
         "that response's entry (mshr_icache.v)");
  register_line_reads(ic, icache);
}

void register_l1d(sim::StatScope d, L1dStats& l1d) {
  d.add("load_accesses", l1d.accesses, "requests", "load requests the L1 data cache accepted");
  d.add("load_hits", l1d.hits, "requests", "load requests that hit");
  d.add("load_misses", l1d.misses, "requests", "load requests that missed (merged ones included)");
  d.add("mshr_merges", l1d.mshr_merges, "requests", "load misses merged into a missing line");
  d.add("store_hits", l1d.store_hits, "requests", "stores that hit (line made dirty)");
  d.add("store_misses", l1d.store_misses, "requests", "stores written through (no allocation)");
  d.add("stall_mshr", l1d.stall_mshr, "cycles",
        "requests refused: MSHR full (any line not in it), sub-entries full, or a store after a "
        "cycle whose MSHR status was not \"primary available\"");
  d.add("stall_fill", l1d.stall_fill, "cycles",
        "requests refused: a fill holds the input (l1_dcache.v tag and data write)");
  d.add("store_drains", l1d.store_drains, "requests",
        "stores accepted while their line was being read: the input closed until the MSHR "
        "was empty (l1_dcache.v inflight_read_write_miss)");
  d.add("stall_store_drain", l1d.stall_store_drain, "cycles",
        "requests refused: a store waits for the MSHR to empty");
  d.add("writebacks", l1d.writebacks, "lines", "dirty lines written back (eviction and flush)");
  register_line_reads(d, l1d);
}

void register_lsu(sim::StatScope l, LsuStats& lsu) {
  l.add("instructions", lsu.instructions, "instructions", "memory instructions the LSU took");
  l.add("requests", lsu.requests, "requests", "L1 requests after coalescing into blocks");
  l.add("requests_per_instruction", lsu.requests_per_instruction, "requests",
        "L1 requests of one memory instruction (coalescing)");
  l.add("load_latency", lsu.load_latency, "cycles",
        "ISSUE -> result ready for writeback of each load (waits for a writeback port excluded)");
  l.add("shared_accesses", lsu.shared_accesses, "requests", "shared-memory requests");
  l.add("shared_bank_conflicts", lsu.shared_bank_conflicts, "cycles",
        "extra cycles of shared-memory bank conflicts");
}

}  // namespace

void SmCounters::register_in(sim::StatScope s) {
  register_states(s, states, slot_states);
  register_core(s, core);
  register_icache(s.child("icache"), icache);
  register_l1d(s.child("l1d"), l1d);
  register_lsu(s.child("lsu"), lsu);
}

}  // namespace ventus::timing
