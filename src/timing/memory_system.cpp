// MemorySystem: the L2's MSHRs, request list and responses, and the port's transaction order.
//
// Read from the RTL's L2 (l2cache/Scheduler.v, MSHR.v, sinkA.v, sourceD.v, directory_test.v):
// - every request that is not a hit takes an MSHR, or merges into the one for its line (no
//   new transaction); no set blocks another, only full MSHRs or a full request list refuse;
// - a store (PutPartial/PutFull) reads its line like a Get, is acknowledged when the data is
//   back, and then queues the merged line's write, which takes the port before any waiting
//   read; the store never allocates the line;
// - reads wait for the port in round robin over the MSHRs; one answer leaves per
//   `response_interval_cycles`; a Get's fill writes the directory the cycle before its answer,
//   and no lookup happens in that cycle;
// - the test bench's directory reports every lookup of a valid line as a miss
//   (`dir_result_hit_o` is forced low when the way is valid), so with `reports_hits` false
//   every Get reads memory: the RTL's SM requests equal its AXI reads (TIMING.md §11).
// Port decisions are made lazily (advance): a request accepted at `now` cannot reach the port
// before now + request_cycles, so every decision up to `now` is known when it is made.
#include "timing/memory_system.hpp"

#include <algorithm>

namespace ventus::timing {

MemorySystem::MemorySystem(const MemoryParams& params, unsigned sm_count, MemoryStats& stats)
    : params_(params),
      extra_beats_((params.l2.line_bytes + std::max(1u, params.beat_bytes) - 1) /
                       std::max(1u, params.beat_bytes) -
                   1),
      answer_cycles_(Cycle{params.read_latency_cycles} + extra_beats_ + params.response_cycles),
      l2_(params.l2),
      port_free_(params.transactions_in_flight, 0),
      mshrs_(params.l2.mshr_entries),
      waiting_(sm_count, 0),
      buffered_(sm_count, 0),
      inbox_(sm_count),
      stats_(stats) {}

const MemorySystem::Mshr* MemorySystem::mshr_of(uint32_t line) const {
  for (const Mshr& m : mshrs_) {
    if (m.valid && m.line == line) return &m;
  }
  return nullptr;
}

MemorySystem::Mshr* MemorySystem::free_mshr() {
  for (Mshr& m : mshrs_) {
    if (!m.valid) return &m;
  }
  return nullptr;
}

// A request enters `mshr` (valid): the request list and, until the read starts, the SM's
// waiting count grow.
void MemorySystem::hold(Mshr& mshr, const MemRequest& request) {
  mshr.requests.push_back(request);
  ++held_;
  if (!mshr.started) ++waiting_[request.sm];
}

void MemorySystem::free_entry(Mshr& mshr) {
  held_ -= static_cast<uint32_t>(mshr.requests.size());
  --valid_mshrs_;
  mshr.valid = false;
  mshr.started = false;
  mshr.requests.clear();
}

// Room for a request whose line has `mshr` (null: none) and which hits or not: a hit needs
// none; a miss a request-list entry and a sub-entry of its line's MSHR, or a free MSHR.
bool MemorySystem::has_room(const Mshr* mshr, bool hit) const {
  if (hit) return true;
  if (held_ >= params_.l2_request_entries) return false;
  if (mshr != nullptr) return mshr->requests.size() < params_.l2.mshr_subentries;
  return valid_mshrs_ < mshrs_.size();
}

// The answer to `request`, at `earliest` or when sourceD is next free; a store's answer
// queues its line's write.
Cycle MemorySystem::respond(const MemRequest& request, Cycle earliest) {
  const Cycle at = std::max(earliest, last_response_ + params_.l2_response_interval);
  last_response_ = at;
  inbox_[request.sm].push(MemResponse{at, request});
  if (request.kind == MemKind::Get) stats_.get_latency.sample(at - request.accepted_at);
  if (request.kind != MemKind::Get) writes_.push_back(at + params_.write_queue_cycles);
  return at;
}

void MemorySystem::start_read(Mshr& mshr, Cycle at, Cycle& slot) {
  slot = at + params_.read_gap_cycles + extra_beats_;
  stats_.port_busy_cycles += params_.read_gap_cycles + extra_beats_;
  ++stats_.port_reads;
  stats_.port_read_bytes += params_.l2.line_bytes;
  if (event_log_) [[unlikely]] {
    event_log_.add(at, "AXI_AR", "addr=0x{:08x}", mshr.requests.front().address);
  }
  mshr.started = true;
  const Cycle data = at + answer_cycles_;
  for (const MemRequest& r : mshr.requests) {
    --waiting_[r.sm];
    mshr.last_response = respond(r, data);
  }
  const bool fills = mshr.requests.front().kind == MemKind::Get;
  if (fills) {
    dir_writes_.push_back(data - 1);
    if (params_.l2_reports_hits) (void)l2_.fill(mshr.line);
  }
}

void MemorySystem::start_write(Cycle at, Cycle& slot) {
  slot = at + params_.write_gap_cycles + extra_beats_;
  stats_.port_busy_cycles += params_.write_gap_cycles + extra_beats_;
  ++stats_.port_writes;
  stats_.port_write_bytes += params_.l2.line_bytes;
  if (event_log_) [[unlikely]]
    event_log_.add(at, "AXI_AW", "");
  last_write_done_ = at + params_.write_latency_cycles + extra_beats_;
  writes_.pop_front();
}

// The cycle of the next port decision: the earliest slot is free and a write or a read is
// ready (~0: nothing waits for the port); and the first cycle an MSHR frees. Kept up to date
// after every change, so that most calls find nothing to do.
void MemorySystem::refresh_times() {
  Cycle ready = writes_.empty() ? ~Cycle{0} : writes_.front();
  Cycle release = ~Cycle{0};
  for (const Mshr& m : mshrs_) {
    if (!m.valid) continue;
    if (!m.started) ready = std::min(ready, m.ready_at);
    if (m.started) release = std::min(release, m.last_response);
  }
  decision_at_ = ready == ~Cycle{0}
                     ? ready
                     : std::max(ready, *std::min_element(port_free_.begin(), port_free_.end()));
  release_at_ = release;
}

// Takes the buffer's requests into the L2 up to `now`, in order, each at the first cycle after
// its push in which the L2 has room, with the L2's decisions and releases up to that cycle.
void MemorySystem::advance_due(Cycle now) {
  for (Cycle at = take_at(); at <= now; at = take_at()) {
    advance_l2(at);
    if (take(input_.front(), at)) {
      --buffered_[input_.front().sm];
      input_.pop_front();
      last_take_ = at;
      next_take_ = at + 1;
    } else {
      next_take_ = retry_at(input_.front(), at);
    }
  }
  advance_l2(now);
}

// Makes every port decision up to `now` (a queued write first, else the next MSHR in round
// robin whose read is ready) and frees the MSHRs whose last answer has left.
void MemorySystem::advance_l2(Cycle now) {
  if (decision_at_ > now && release_at_ > now) return;
  for (Cycle at = decision_at_; at <= now; at = decision_at_) {
    Cycle& slot = *std::min_element(port_free_.begin(), port_free_.end());
    if (!writes_.empty() && writes_.front() <= at) {
      start_write(at, slot);
    } else {
      const unsigned n = static_cast<unsigned>(mshrs_.size());
      for (unsigned k = 0; k < n; ++k) {
        Mshr& m = mshrs_[(round_robin_ + k) % n];
        if (!m.valid || m.started || m.ready_at > at) continue;
        start_read(m, at, slot);
        round_robin_ = (round_robin_ + k + 1) % n;
        break;
      }
    }
    refresh_times();
  }
  if (release_at_ > now) return;  // (refresh_times keeps it the earliest release)
  for (Mshr& m : mshrs_) {
    if (m.valid && m.started && m.last_response <= now) free_entry(m);
  }
  refresh_times();
}

// The SM's request enters the buffer when it was not full as the cycle began (stream_fifo:
// w_ready = !full), one per cycle; without a buffer the L2 takes it now or refuses it.
bool MemorySystem::accept(const MemRequest& offered, Cycle now) {
  advance(now);
  MemRequest request = offered;
  request.accepted_at = now;  // it leaves the SM
  if (params_.l2_input_buffer_entries == 0) return take(request, now);
  const size_t held = input_.size() + (last_take_ == now ? 1 : 0);
  if (last_push_ == now || held >= params_.l2_input_buffer_entries) return false;
  input_.push_back(request);
  ++buffered_[request.sm];
  last_push_ = now;
  return true;
}

bool MemorySystem::take(const MemRequest& request, Cycle now) {
  if (last_accept_ == now) return false;
  // The directory writes are in time order. The past ones leave here, after advance_l2 made
  // the decisions up to `now`: made late (lazily), a decision can add a write that is
  // already past, which must not hide one at `now` behind it.
  while (!dir_writes_.empty() && dir_writes_.front() < now) dir_writes_.pop_front();
  if (!dir_writes_.empty() && dir_writes_.front() == now) return false;
  if (list_full()) return false;
  const uint32_t line = l2_.line_of(request.address);
  Mshr* mshr = mshr_of(line);
  const bool hit = mshr == nullptr && params_.l2_reports_hits && l2_.access(line);
  if (!has_room(mshr, hit)) return false;
  if (!hit && mshr == nullptr) mshr = free_mshr();
  last_accept_ = now;
  ++stats_.l2_requests;
  ++(request.client == MemClient::ICache ? stats_.icache_gets
     : request.kind == MemKind::Get      ? stats_.dcache_gets
                                         : stats_.dcache_puts);
  if (hit) {
    ++stats_.l2_hits;
    respond(request, now + params_.l2.hit_latency_cycles);
    refresh_times();  // a store's answer queued its line's write: a port decision to make
    return true;
  }
  ++stats_.l2_misses;
  if (mshr->valid) {  // merged: answered after the line's earlier requests
    hold(*mshr, request);
    if (mshr->started) mshr->last_response = respond(request, mshr->last_response);
    refresh_times();
    return true;
  }
  mshr->valid = true;
  ++valid_mshrs_;
  mshr->line = line;
  mshr->ready_at = now + params_.l2_to_port_cycles;
  mshr->last_response = 0;
  hold(*mshr, request);
  refresh_times();
  return true;
}

// With room for `request` (list entry, sub-entry or MSHR), only this cycle's acceptance of
// another request or a directory write refused it: the next cycle. Without, the room comes
// when an MSHR frees at its last answer: release_at_ for the reads that took the port, and no
// earlier than earliest_waiting_answer() for the others. Another SM's acceptance only takes
// room; the caller searches again after one.
Cycle MemorySystem::next_accept(const MemRequest& request, Cycle now) {
  advance(now);
  if (params_.l2_input_buffer_entries == 0) return retry_at(request, now);
  // Full: room the cycle after the head leaves.
  if (input_.size() < params_.l2_input_buffer_entries) return now + 1;
  return std::max(take_at() + 1, now + 1);
}

Cycle MemorySystem::retry_at(const MemRequest& request, Cycle now) {
  if (!list_full()) {
    const uint32_t line = l2_.line_of(request.address);
    const Mshr* mshr = mshr_of(line);
    const bool hit = mshr == nullptr && params_.l2_reports_hits && l2_.contains(line);
    if (has_room(mshr, hit)) return now + 1;
  }
  return std::max(std::min(earliest_waiting_answer(), release_at_), now + 1);
}

bool MemorySystem::drained(Cycle now) {
  advance(now);
  return input_.empty() && writes_.empty() && last_write_done_ <= now && valid_mshrs_ == 0;
}

void MemoryStats::register_in(sim::StatScope s) {
  s.add("l2.requests", l2_requests, "requests", "requests the L2 accepted");
  s.add("l2.icache_requests", icache_gets, "requests", "I-cache line reads the L2 accepted");
  s.add("l2.dcache_reads", dcache_gets, "requests", "L1D line reads (Get) the L2 accepted");
  s.add("l2.dcache_writes", dcache_puts, "requests",
        "L1D writes (PutPartial, PutFull) the L2 accepted");
  s.add("l2.hits", l2_hits, "requests", "requests answered from the L2's contents");
  s.add("l2.misses", l2_misses, "requests",
        "requests that read memory (stores included) or merged into a read in flight");
  s.add("port.reads", port_reads, "transactions", "memory-port read transactions");
  s.add("port.writes", port_writes, "transactions", "memory-port write transactions");
  s.add("port.read_bytes", port_read_bytes, "bytes", "bytes read through the memory port");
  s.add("port.write_bytes", port_write_bytes, "bytes", "bytes written through the memory port");
  s.add("port.busy_cycles", port_busy_cycles, "cycles",
        "cycles the memory port's transaction slots were occupied");
  s.add("l2.get_latency", get_latency, "cycles",
        "a line read (I-cache or L1D Get) leaves the SM for the L2 -> its answer reaches the SM");
}

}  // namespace ventus::timing
