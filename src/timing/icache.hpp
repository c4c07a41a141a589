// ICache: the instruction cache of one SM (TIMING.md §3, instruction_cache.v and
// mshr_icache.v): tags with LRU looked up in stage 1; MSHR entries at fixed indices with
// sub-entries, sent to the L2 lowest index first; an entry released when its response leaves
// the response FIFO, its tag compared by stage 1 the next cycle (the SRAM bypass, which also
// makes the set's other line miss in that cycle); the invalidation at every kernel end. Misses the
// MSHR cannot take are dropped (the warp replays anyway).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "timing/cache_tags.hpp"
#include "timing/line_reads.hpp"
#include "timing/memory_system.hpp"

namespace ventus::timing {

struct CacheStats {
  sim::Counter accesses, hits, misses, mshr_merges, mshr_full, mshr_rerequests;
  sim::Counter line_reads, line_rereads;  // LineReads
};

class ICache {
 public:
  // `rearm_on_fill_miss`: mshr_icache.v's req_rsp_same_time rule (icache.cpp, miss).
  ICache(const CacheParams& params, uint32_t fill_cycles, CacheStats& stats,
         bool rearm_on_fill_miss = true);

  // Prepares this cycle's lookups: the fills that fire now and the tags just written (call
  // first in the cycle).
  void begin_cycle(Cycle now) {
    if (!fills_.empty() || !fresh_.empty()) apply_fills(now);
  }
  // The stage-1 lookup of a fetch at `now`: a hit, or a miss that the MSHR allocates,
  // merges or drops (as mshr_icache.v, including a primary miss in the cycle a response
  // leaves the FIFO: see icache.cpp).
  bool lookup(uint32_t address, Cycle now);
  // Writes the tags of the fills that fire this cycle and releases their entries (call last
  // in the cycle).
  void end_cycle(Cycle now) {
    if (last_fire_ >= now) release_fired(now);  // fire times only grow: else none is now
  }
  void on_response(const MemResponse& response, Cycle now);
  // The Get of the lowest-index entry not yet sent, if any may leave at `now`.
  const MemRequest* front_request(Cycle now) const {
    return unsent_ == 0 ? nullptr : first_unsent(now);  // inline: asked every SM tick
  }
  void pop_request();
  void invalidate();
  // The replacement state a kernel leaves behind (tag_access_icache.v's lru_matrix is reset
  // only with the chip, not by the kernel-end invalidation), every line invalid; the next
  // launch on this SM starts from it (GpuModel).
  CacheTags lru_state() const;
  void adopt_lru_state(const CacheTags& state);
  bool idle() const;
  // The earliest cycle after `now` at which the cache changes state or may send (~0: none).
  Cycle next_event(Cycle now) const;

 private:
  struct Entry {
    bool valid = false;
    bool sent = false;
    bool rearm = false;  // re-armed with its own line by a same-cycle primary miss
    uint32_t line = 0;
    uint32_t subentries = 0;
    Cycle allocated_at = 0;
    Cycle fire_at = ~Cycle{0};  // the response leaves the FIFO (entry released)
  };
  struct Fill {
    uint32_t line;
    Cycle fire_at;     // leaves the response FIFO: tag written at the end of this cycle
    uint32_t way = 0;  // the set's LRU way at the start of the fire cycle
  };
  void apply_fills(Cycle now);
  // front_request once some entry's Get is unsent.
  const MemRequest* first_unsent(Cycle now) const;
  void release_fired(Cycle now);
  std::optional<unsigned> entry_of(uint32_t line) const;
  std::optional<unsigned> first_free() const;
  std::optional<unsigned> fired(Cycle now) const;
  void miss(uint32_t line, Cycle now);
  bool bypassed_away(uint32_t line) const;

  CacheTags tags_;
  uint32_t line_bytes_;
  uint32_t subentries_;
  uint32_t fill_cycles_;
  bool rearm_on_fill_miss_;
  std::vector<Entry> entries_;
  std::vector<Fill> fills_;
  std::vector<uint32_t> fresh_;     // lines whose tag became visible this cycle (SRAM bypass)
  std::vector<uint32_t> hit_sets_;  // sets of this cycle's stage-1 hits while a fill is pending
  Cycle last_fire_ = 0;             // the latest fire time given (they only grow)
  unsigned unsent_ = 0;             // valid entries not sent yet (front_request's fast exit)
  mutable MemRequest request_;      // the request front_request offers
  mutable unsigned request_entry_ = 0;
  CacheStats& stats_;
  LineReads line_reads_;
};

}  // namespace ventus::timing
