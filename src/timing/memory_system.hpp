// MemorySystem: the L2 shared by every SM and the memory port behind it (TIMING.md §11–§12):
// one request accepted per cycle (lower SM first), L2 tags with LRU, misses and
// write-throughs serialised on the port's transaction slots.
#pragma once

#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "sim/stats.hpp"
#include "timing/cache_tags.hpp"
#include "timing/params.hpp"

namespace ventus::timing {

using Cycle = uint64_t;

enum class MemKind : uint8_t { Get, PutPartial, PutFull };
enum class MemClient : uint8_t { ICache, DCache };

struct MemRequest {
  MemKind kind = MemKind::Get;
  MemClient client = MemClient::DCache;
  uint16_t sm = 0;
  uint32_t address = 0;  // first byte of the requested line
  uint32_t tag = 0;      // the requester's own id, returned with the response
};

struct MemResponse {
  Cycle at = 0;
  MemRequest request;
  friend bool operator>(const MemResponse& a, const MemResponse& b) { return a.at > b.at; }
};

struct MemoryStats {
  sim::Counter l2_hits, l2_misses, port_reads, port_writes, port_busy_cycles, l2_requests;
  sim::Counter port_read_bytes, port_write_bytes;
  void register_in(sim::StatScope scope);
};

class MemorySystem {
 public:
  MemorySystem(const MemoryParams& params, unsigned sm_count, MemoryStats& stats);

  // One request per cycle enters the L2; false when it cannot this cycle (another request
  // was accepted, or every L2 MSHR is busy). A request waits in the L2 while an earlier miss
  // of its set is in flight (the inclusive cache's one MSHR per set, TIMING.md §11).
  bool accept(const MemRequest& request, Cycle now);
  // Responses for `sm` due at or before `now`, in time order.
  // (Inline: every SM asks every cycle it ticks.)
  bool pop_response(unsigned sm, Cycle now, MemResponse& out) {
    const auto& q = inbox_[sm];
    return !q.empty() && q.top().at <= now && pop_due_response(sm, out);
  }
  bool idle(Cycle now) const;  // nothing in flight
  // The earliest cycle after `now` at which a response for `sm` is due (~0: none).
  Cycle next_response(unsigned sm, Cycle now) const {
    const auto& q = inbox_[sm];
    return q.empty() ? ~Cycle{0} : std::max(q.top().at, now + 1);
  }
  // The earliest cycle after `now` at which `request`, refused, may be accepted: the next
  // cycle if it would hit (a hit needs no MSHR), else when an L2 MSHR frees.
  Cycle next_accept(const MemRequest& request, Cycle now) const;

 private:
  bool pop_due_response(unsigned sm, MemResponse& out);
  Cycle reserve_port(Cycle earliest, uint32_t occupancy);
  Cycle read_line(Cycle request_at);
  uint32_t extra_beats() const;

  const MemoryParams& params_;
  CacheTags l2_;
  std::vector<Cycle> port_free_;     // per transaction slot
  std::vector<Cycle> l2_mshr_free_;  // per L2 MSHR: when it is released
  std::vector<Cycle> set_free_;      // per L2 set: when its miss in flight completes
  Cycle last_accept_ = ~Cycle{0};
  std::vector<std::priority_queue<MemResponse, std::vector<MemResponse>, std::greater<>>> inbox_;
  // Per SM, its last refused miss: until an MSHR frees it is refused again, unless the L2
  // accepted something since (tags and MSHRs change only then). A refusal has no effect, so
  // the repeated offer is answered without the lookup.
  struct Refusal {
    Cycle until = 0;
    uint64_t accepts = 0;
    MemRequest request;
    bool same(const MemRequest& r) const {
      return r.address == request.address && r.kind == request.kind && r.client == request.client &&
             r.tag == request.tag;
    }
  };
  std::vector<Refusal> refusals_;
  uint64_t accepts_ = 0;  // requests accepted so far
  MemoryStats& stats_;
};

}  // namespace ventus::timing
