// MemorySystem: the L2 shared by every SM and the memory port behind it (TIMING.md §11–§12,
// docs/timing.md "The L2"): one request accepted per cycle (optionally through the RTL's input
// buffer), MSHRs that merge requests for a line in flight, stores that read their line, are
// acknowledged and then write it, and one memory port whose transactions are chosen as the
// L2's scheduler chooses them.
#pragma once

#include <cstdint>
#include <deque>
#include <queue>
#include <utility>
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
  uint32_t address = 0;   // first byte of the requested line
  uint32_t tag = 0;       // the requester's own id, returned with the response
  Cycle accepted_at = 0;  // it left the SM: the L2 or its input buffer took it (accept)
};

struct MemResponse {
  Cycle at = 0;
  MemRequest request;
  friend bool operator>(const MemResponse& a, const MemResponse& b) { return a.at > b.at; }
};

struct MemoryStats {
  sim::Counter l2_hits, l2_misses, port_reads, port_writes, port_busy_cycles, l2_requests;
  sim::Counter port_read_bytes, port_write_bytes;
  sim::Counter icache_gets, dcache_gets, dcache_puts;  // accepted requests by client and kind
  // A read (Get) leaves the SM -> its answer reaches it (TIMING.md §11: 11 unloaded).
  sim::Distribution get_latency{0, 4, 32};
  void register_in(sim::StatScope scope);
};

class MemorySystem {
 public:
  MemorySystem(const MemoryParams& params, unsigned sm_count, MemoryStats& stats);

  // One request per cycle enters the L2, or its input buffer when it has one; false when it
  // cannot this cycle (another request was accepted, a fill writes the directory, the request
  // list or the MSHRs are full; with a buffer: the buffer was full as the cycle began).
  bool accept(const MemRequest& request, Cycle now);
  // Responses for `sm` due at or before `now`, in time order.
  bool pop_response(unsigned sm, Cycle now, MemResponse& out) {
    // Inline: every SM asks every cycle it ticks; a decision or release due makes it advance.
    if (decision_at_ <= now || release_at_ <= now || take_at() <= now) advance(now);
    auto& q = inbox_[sm];
    if (q.empty() || q.top().at > now) return false;
    out = q.top();
    q.pop();
    return true;
  }
  // The earliest cycle after `now` at which a response for `sm` may be due (~0: none).
  Cycle next_response(unsigned sm, Cycle now);
  // The earliest cycle after `now` at which `request`, refused, may be accepted.
  Cycle next_accept(const MemRequest& request, Cycle now);
  // Nothing waits in the L2 and its last write has been answered by memory.
  bool drained(Cycle now);

 private:
  struct Mshr {
    bool valid = false;
    bool started = false;  // its read has taken the port
    uint32_t line = 0;
    Cycle ready_at = 0;                // its read may take the port from this cycle
    Cycle last_response = 0;           // its latest response (the entry frees after it)
    std::vector<MemRequest> requests;  // the primary request first, then the merged ones
  };

  void advance(Cycle now);
  void advance_l2(Cycle now);
  bool take(const MemRequest& request, Cycle now);
  Cycle retry_at(const MemRequest& request, Cycle now);
  // The first cycle the L2 may take the buffer's head (a lower bound; ~0: empty).
  Cycle take_at() const {
    return input_.empty() ? ~Cycle{0} : std::max(input_.front().accepted_at + 1, next_take_);
  }
  bool buffers_for(unsigned sm) const;
  void refresh_times();
  Cycle respond(const MemRequest& request, Cycle earliest);
  void start_read(Mshr& mshr, Cycle at, Cycle& slot);
  void start_write(Cycle at, Cycle& slot);
  const Mshr* mshr_of(uint32_t line) const;
  Mshr* mshr_of(uint32_t line) { return const_cast<Mshr*>(std::as_const(*this).mshr_of(line)); }
  Mshr* free_mshr();
  bool has_room(const Mshr* mshr, bool hit) const;
  uint32_t held_requests() const;
  bool waits_for_port(unsigned sm) const;  // a request of `sm` is in an MSHR not started
  uint32_t extra_beats() const;
  Cycle earliest_waiting_answer() const;

  const MemoryParams& params_;
  CacheTags l2_;
  std::vector<Cycle> port_free_;  // per transaction slot: the first cycle it may start one
  std::vector<Mshr> mshrs_;
  std::deque<Cycle> writes_;      // queued line writes: the cycle each may take the port
  std::deque<Cycle> dir_writes_;  // cycles in which a Get's fill writes the directory (in order)
  unsigned round_robin_ = 0;      // the next MSHR the read arbiter looks at first
  Cycle last_response_ = 0;
  Cycle decision_at_ = ~Cycle{0};  // the next port decision (refresh_times)
  Cycle release_at_ = ~Cycle{0};   // the first cycle an MSHR frees
  Cycle last_write_done_ = 0;      // the latest write's B
  Cycle last_accept_ = ~Cycle{0};
  // The buffer between the SMs and the L2 (sm2cluster_arb's memReqBuf), oldest first; each
  // request's accepted_at is the cycle it entered.
  std::deque<MemRequest> input_;
  Cycle next_take_ = 0;          // the head's next try (take_at)
  Cycle last_push_ = ~Cycle{0};  // one request enters the buffer per cycle
  Cycle last_take_ = ~Cycle{0};  // the buffer's last pop: full is its state before the edge
  std::vector<std::priority_queue<MemResponse, std::vector<MemResponse>, std::greater<>>> inbox_;
  MemoryStats& stats_;
};

}  // namespace ventus::timing
