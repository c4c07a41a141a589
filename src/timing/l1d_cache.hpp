// L1DCache: the data cache of one SM (TIMING.md §9, l1_dcache.v): one request per cycle, LRU
// tags, MSHRs with sub-entries for load misses, write-through without allocation for store
// misses, write hits kept dirty until eviction or the kernel-end flush; one queue of memory
// requests whose head waits while the WSHR holds a write to its line (or, for a write, while
// the WSHR is full).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "timing/cache_tags.hpp"
#include "timing/icache.hpp"
#include "timing/line_reads.hpp"
#include "timing/memory_system.hpp"

namespace ventus::timing {

struct L1dStats : CacheStats {
  sim::Counter store_hits, store_misses, stall_mshr, stall_fill, writebacks;
  sim::Counter store_drains, stall_store_drain;
};

class L1DCache {
 public:
  struct Timed {  // a response to the LSU: `token` is answered at `at`
    Cycle at;
    uint32_t token;
  };

  L1DCache(const LsuParams& params, L1dStats& stats);

  // One LSU request (a block of one memory instruction); `token` comes back with the
  // response. False: the cache cannot take it this cycle (the MSHR is full and the line is not
  // in it, its sub-entries are full, a store's line is being read, or a fill holds the
  // input): the LSU retries.
  bool request(uint32_t address, bool is_store, uint32_t token, Cycle now);
  // The last request was refused: only a memory response, the end of a fill's hold or, for a
  // store held for the previous request's status, the next cycle (next_event) can change
  // that, so the LSU may skip its retries until then; each skipped retry counts as refused.
  bool refused() const { return last_refusal_ != nullptr; }
  void skip_refused_cycles(Cycle cycles);
  void on_response(const MemResponse& response, Cycle now);
  // Responses to the LSU due by `now`, earliest first; `at` is the cycle it was due.
  bool pop_core_response(Cycle now, uint32_t& token, Cycle& at);
  // The responses to the LSU not popped yet, in no order (Lsu::completion_event).
  const std::vector<Timed>& core_responses() const { return core_; }
  // The head of the memory-request queue, if it may leave at `now` (not held by the WSHR).
  const MemRequest* front_request(Cycle now) const {
    // Inline: asked every SM tick, and mostly nothing is due.
    if (requests_.empty() || requests_.front().at > now) return nullptr;
    return due_request(now);
  }
  bool has_requests() const { return !requests_.empty(); }
  // A cycle in which the SM's arbiter gave the L1 ready (no I-cache request): the head moves
  // into the output register if it may (LsuParams::l1d_output_register_waits).
  void stage(Cycle now);
  // The first cycle after `now` at which the cache itself lets its head move into the output
  // register (~0: none waits); the SM adds the arbiter's ready (Sm::next_event).
  Cycle stage_event(Cycle now) const;
  // The earliest cycle after `now` at which a queued request becomes due, the WSHR lets the
  // head go or a fill's hold ends (~0: none); not the head's move into the output register
  // (stage_event). The LSU adds the responses it waits for (core_responses).
  Cycle next_event(Cycle now) const;
  // The head left for the L2 at `now`: a write takes a WSHR entry and answers the LSU.
  void pop_request(Cycle now);
  size_t misses_in_flight() const { return mshr_.size(); }
  // Kernel end: every dirty line is written back (PutFull) and the cache invalidated.
  // Returns the number of write-backs queued.
  size_t flush(Cycle now);
  // Nothing in flight, written-back lines acknowledged by the L2 included (the kernel-end
  // flush waits for them before its hint, TIMING.md §2).
  bool idle() const {
    return mshr_.empty() && requests_.empty() && core_.empty() &&
           std::all_of(wshr_.begin(), wshr_.end(),
                       [](const Write& w) { return w.free_at != ~Cycle{0}; });
  }

 private:
  struct Miss {
    uint32_t line = 0;
    std::vector<uint32_t> waiters;
  };
  struct Write {
    uint32_t tag = 0;
    uint32_t line = 0;
    Cycle free_at = ~Cycle{0};  // set by the L2's acknowledgement
  };
  struct Queued {
    Cycle at;  // the first cycle it may leave the SM
    MemRequest request;
    uint32_t token;  // a store miss's LSU token (answered when it leaves)
  };
  void send(MemKind kind, uint32_t line, Cycle at, uint32_t token = 0);
  bool refuse(sim::Counter& reason);
  bool store_waits_for_drain(const Miss* miss, bool busy, uint32_t line, uint32_t token, Cycle now);
  void finish_drain(Cycle now);
  bool held_by_wshr(const MemRequest& request, Cycle now) const;
  // front_request once the head is due.
  const MemRequest* due_request(Cycle now) const;
  // The output register waits for the SM's arbiter and its queue's head is not in it yet.
  bool head_outside_register() const;
  Miss* pending(uint32_t line);

  const LsuParams& params_;
  CacheTags tags_;
  uint32_t line_bytes_;
  std::vector<Miss> mshr_;
  std::vector<Write> wshr_;
  Cycle blocked_from_ = 0;  // a fill holds the input in [from, until)
  Cycle blocked_until_ = 0;
  sim::Counter* last_refusal_ = nullptr;  // the stall counter of a refused last request
  Cycle retry_at_ = 0;  // a store held for the previous request's status may enter then
  // The MSHR status of the request presented in the previous cycle was not "primary
  // available" (its line was missing, or the MSHR was full): a store now waits a cycle.
  Cycle last_request_at_ = ~Cycle{0};
  bool last_request_busy_ = false;
  // A store accepted while its line was being read closes the input until the MSHR is
  // empty, then probes the tags again (l1_dcache.v inflight_read_write_miss).
  bool draining_ = false;
  uint32_t drain_line_ = 0;
  uint32_t drain_token_ = 0;
  Cycle drain_reopen_at_ = 0;  // the input opens again at this cycle
  Cycle mshr_empty_at_ = 0;    // the last released entry's sub-entries are all answered
  uint32_t next_write_tag_ = 1;
  // The head is in the output register since `staged_at_` (~0: not yet).
  Cycle staged_at_ = ~Cycle{0};
  Cycle answers_from_ = 0;  // a fill answers the LSU in [from, until): the head is not staged
  Cycle answers_until_ = 0;
  std::deque<Queued> requests_;  // the memory-request queue, in order
  std::vector<Timed> core_;      // responses to the LSU
  L1dStats& stats_;
  LineReads line_reads_;
};

}  // namespace ventus::timing
