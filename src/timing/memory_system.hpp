// MemorySystem: the L2 shared by every SM and the memory port behind it (TIMING.md §11–§12,
// docs/timing.md "The L2"): one request accepted per cycle (optionally through the RTL's input
// buffer), MSHRs that merge requests for a line in flight, stores that read their line, are
// acknowledged and then write it, and one memory port whose transactions are chosen as the
// L2's scheduler chooses them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <queue>
#include <utility>
#include <vector>

#include "sim/stats.hpp"
#include "timing/cache_tags.hpp"
#include "timing/event_log.hpp"
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
  // The SMs' ready this cycle when none offers a request: the input buffer had room as the
  // cycle began (sm2cluster_arb.v); without a buffer, always.
  bool input_ready(Cycle now) {
    if (params_.l2_input_buffer_entries == 0) return true;
    advance(now);
    return input_.size() + (last_take_ == now ? 1 : 0) < params_.l2_input_buffer_entries;
  }
  // The first cycle after `now` at which input_ready may hold: the cycle after the buffer's
  // head leaves when it is full.
  Cycle input_ready_at(Cycle now) {
    if (params_.l2_input_buffer_entries == 0) return now + 1;
    advance(now);
    if (input_.size() < params_.l2_input_buffer_entries) return now + 1;
    return std::max(take_at() + 1, now + 1);
  }
  // Responses for `sm` due at or before `now`, in time order.
  bool pop_response(unsigned sm, Cycle now, MemResponse& out) {
    advance(now);
    auto& q = inbox_[sm];
    if (q.empty() || q.top().at > now) return false;
    out = q.top();
    q.pop();
    return true;
  }
  // The earliest cycle after `now` at which a response for `sm` may be due (~0: none). A
  // response not scheduled yet belongs to a request still in the input buffer (answered no
  // earlier than the L2 takes it) or to a read that has not taken the port
  // (earliest_waiting_answer). Only `sm`'s own requests bound it, so an SM does not wake for
  // the decisions that serve another SM. Inline: every SM asks after every cycle it ticked.
  Cycle next_response(unsigned sm, Cycle now) {
    advance(now);
    const auto& q = inbox_[sm];
    Cycle bound = q.empty() ? ~Cycle{0} : q.top().at;
    if (buffered_[sm] != 0) bound = std::min(bound, take_at());
    if (waiting_[sm] != 0) bound = std::min(bound, earliest_waiting_answer());
    return std::max(bound, now + 1);
  }
  // The earliest cycle after `now` at which `request`, refused, may be accepted.
  Cycle next_accept(const MemRequest& request, Cycle now);
  // Nothing waits in the L2 and its last write has been answered by memory.
  bool drained(Cycle now);
  // The memory port's transactions go to `log` (EventLog).
  void set_event_log(EventSink log) { event_log_ = log; }

 private:
  struct Mshr {
    bool valid = false;
    bool started = false;  // its read has taken the port
    uint32_t line = 0;
    Cycle ready_at = 0;       // its read may take the port from this cycle
    Cycle last_response = 0;  // its latest response (the entry frees after it)
    // The primary request first, then the merged ones; cleared, not freed, with the entry,
    // so that a miss allocates no memory.
    std::vector<MemRequest> requests;
  };

  // Makes every decision, release and buffered take due by `now`. Inline: every SM calls it
  // several times per cycle it ticks, and most calls find nothing due (refresh_times).
  void advance(Cycle now) {
    if (decision_at_ <= now || release_at_ <= now || take_at() <= now) advance_due(now);
  }
  void advance_due(Cycle now);
  void advance_l2(Cycle now);
  bool take(const MemRequest& request, Cycle now);
  Cycle retry_at(const MemRequest& request, Cycle now);
  // The first cycle the L2 may take the buffer's head (a lower bound; ~0: empty).
  Cycle take_at() const {
    return input_.empty() ? ~Cycle{0} : std::max(input_.front().accepted_at + 1, next_take_);
  }
  void refresh_times();
  Cycle respond(const MemRequest& request, Cycle earliest);
  void start_read(Mshr& mshr, Cycle at, Cycle& slot);
  void start_write(Cycle at, Cycle& slot);
  const Mshr* mshr_of(uint32_t line) const;
  Mshr* mshr_of(uint32_t line) { return const_cast<Mshr*>(std::as_const(*this).mshr_of(line)); }
  Mshr* free_mshr();
  void free_entry(Mshr& mshr);
  void hold(Mshr& mshr, const MemRequest& request);
  bool has_room(const Mshr* mshr, bool hit) const;
  // The request list is full and no request can hit: no request has room (has_room), whatever
  // its line, so a refusal need not look the line up.
  bool list_full() const { return held_ >= params_.l2_request_entries && !params_.l2_reports_hits; }
  // The earliest answer of a read that has not taken the port: it starts at the next port
  // decision at the soonest, and its data and answer follow by their fixed latencies (~0: no
  // decision pending).
  Cycle earliest_waiting_answer() const {
    return decision_at_ == ~Cycle{0} ? decision_at_ : decision_at_ + answer_cycles_;
  }

  const MemoryParams& params_;
  // Beats of one L2 line on the data bus beyond the first (0 on the test bench's 8-byte
  // lines): they lengthen a transaction's port occupancy and its last data.
  const uint32_t extra_beats_;
  const Cycle answer_cycles_;  // a read's AR -> its answer reaches the SM
  CacheTags l2_;
  std::vector<Cycle> port_free_;  // per transaction slot: the first cycle it may start one
  std::vector<Mshr> mshrs_;
  // Counts kept as the MSHRs change, so that the questions asked every cycle (room for a
  // request, an SM's reads waiting for the port or the buffer) scan nothing.
  uint32_t valid_mshrs_ = 0;
  uint32_t held_ = 0;               // requests in the valid MSHRs (the request list)
  std::vector<uint32_t> waiting_;   // per SM: its requests in MSHRs whose read has not started
  std::vector<uint32_t> buffered_;  // per SM: its requests in the input buffer
  std::deque<Cycle> writes_;        // queued line writes: the cycle each may take the port
  std::deque<Cycle> dir_writes_;    // cycles in which a Get's fill writes the directory (in order)
  unsigned round_robin_ = 0;        // the next MSHR the read arbiter looks at first
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
  EventSink event_log_;
};

}  // namespace ventus::timing
