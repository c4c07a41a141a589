// L1DCache: hits, misses, merges, write-through, the WSHR at the queue head, fills and flush.
//
// From l1_dcache.v (docs/timing.md, "The L1 data cache"): while every MSHR entry is used, a
// request for a line not in the MSHR is held at the input, hits and stores included; a request
// for a line whose sub-entries are all used is held; a store to a line being read waits for
// its fill and then hits; a fill closes the input for `fill_blocked_cycles` after it leaves its
// queue; Gets and Puts leave in order through one queue whose head waits while the WSHR holds a
// write to its line, and a write head also while the WSHR is full; a store miss answers the
// LSU when its PutPartial leaves.
#include "timing/l1d_cache.hpp"

#include <algorithm>

namespace ventus::timing {

L1DCache::L1DCache(const LsuParams& params, L1dStats& stats)
    : params_(params),
      tags_(params.l1d),
      line_bytes_(params.l1d.line_bytes),
      stats_(stats),
      line_reads_(stats.line_reads, stats.line_rereads) {}

void L1DCache::send(MemKind kind, uint32_t line, Cycle at, uint32_t token) {
  MemRequest request;
  request.kind = kind;
  request.client = MemClient::DCache;
  request.address = line * line_bytes_;
  request.tag = kind == MemKind::Get ? 0 : next_write_tag_++;
  requests_.push_back(Queued{at, request, token});
}

L1DCache::Miss* L1DCache::pending(uint32_t line) {
  auto it =
      std::find_if(mshr_.begin(), mshr_.end(), [line](const Miss& m) { return m.line == line; });
  return it == mshr_.end() ? nullptr : &*it;
}

bool L1DCache::refuse(sim::Counter& reason) {
  ++reason;
  last_refusal_ = &reason;
  return false;
}

void L1DCache::skip_refused_cycles(Cycle cycles) {
  if (last_refusal_ != nullptr) *last_refusal_ += cycles;
}

bool L1DCache::request(uint32_t address, bool is_store, uint32_t token, Cycle now) {
  // A refused request is presented again every cycle, so the previous cycle's status is its
  // own.
  const bool retried = last_refusal_ != nullptr;
  last_refusal_ = nullptr;
  if (draining_ || now < drain_reopen_at_) return refuse(stats_.stall_store_drain);
  if (blocked_from_ <= now && now < blocked_until_) return refuse(stats_.stall_fill);
  const uint32_t line = tags_.line_of(address);
  Miss* miss = pending(line);
  const bool full = mshr_.size() >= params_.l1d.mshr_entries;
  const bool previous_busy =
      retried ? (miss != nullptr || full) : last_request_at_ + 1 == now && last_request_busy_;
  last_request_at_ = now;
  last_request_busy_ = miss != nullptr || full;
  if (miss == nullptr && full) return refuse(stats_.stall_mshr);
  const Cycle hit_at = now + params_.l1d.hit_latency_cycles;
  if (is_store) {
    if (previous_busy) {
      // Held for the previous request's status, its own being free: the retry of the next
      // cycle is taken unless a fill or a miss changes that first (next_event).
      if (!retried && miss == nullptr) retry_at_ = now + 1;
      return refuse(stats_.stall_mshr);
    }
    if (miss != nullptr) {
      ++stats_.store_drains;
      draining_ = true;
      drain_line_ = line;
      drain_token_ = token;
      return true;
    }
    if (tags_.access(line)) {
      tags_.mark_dirty(line);
      ++stats_.store_hits;
      core_.push_back({hit_at, token});
      return true;
    }
    ++stats_.store_misses;
    send(MemKind::PutPartial, line, now + params_.l1d_miss_request_cycles, token);
    return true;
  }
  if (miss != nullptr) {
    if (miss->waiters.size() >= params_.l1d.mshr_subentries) return refuse(stats_.stall_mshr);
    ++stats_.accesses;
    ++stats_.misses;
    ++stats_.mshr_merges;
    miss->waiters.push_back(token);
    return true;
  }
  ++stats_.accesses;
  if (tags_.access(line)) {
    ++stats_.hits;
    core_.push_back({hit_at, token});
    return true;
  }
  ++stats_.misses;
  mshr_.push_back(Miss{line, {token}});
  send(MemKind::Get, line, now + params_.l1d_miss_request_cycles);
  return true;
}

// A Put's acknowledgement frees its WSHR entry a little later; a Get's data fills the line
// (the fill leaves its queue the next cycle and holds the input), a dirty victim is written
// back through the queue, and the waiters are answered one per cycle.
void L1DCache::on_response(const MemResponse& response, Cycle now) {
  const MemRequest& r = response.request;
  if (r.kind != MemKind::Get) {
    for (Write& w : wshr_) {
      if (w.tag == r.tag) w.free_at = now + params_.wshr_release_cycles;
    }
    return;
  }
  const uint32_t line = r.address / line_bytes_;
  auto miss =
      std::find_if(mshr_.begin(), mshr_.end(), [line](const Miss& m) { return m.line == line; });
  if (miss == mshr_.end()) return;
  const std::optional<uint32_t> victim = tags_.fill(line);
  blocked_from_ = now + 1;
  blocked_until_ = blocked_from_ + params_.l1d_fill_blocked_cycles + (victim ? 1 : 0);
  if (victim) {
    ++stats_.writebacks;
    send(MemKind::PutFull, *victim, blocked_until_ - 1 + params_.l1d_miss_request_cycles);
  }
  Cycle at = now + params_.l1d_fill_response_cycles;
  for (uint32_t token : miss->waiters) core_.push_back({at++, token});
  // l1_mshr.v answers a sub-entry per cycle from now + 1; the register that follows
  // (core_rsp_st2_valid_from_memrsp) stops the memory queue a cycle later.
  answers_from_ = now + 2;
  answers_until_ = answers_from_ + miss->waiters.size();
  // l1_mshr.v frees a sub-entry per cycle from the cycle after the data leaves its queue.
  mshr_empty_at_ = std::max(mshr_empty_at_, now + 1 + miss->waiters.size());
  mshr_.erase(miss);
  if (draining_ && mshr_.empty()) finish_drain(now);
}

// The MSHR is empty: the held store probes the tags again (a hit unless the fills evicted its
// line) and the input opens the cycle after.
void L1DCache::finish_drain(Cycle now) {
  draining_ = false;
  const Cycle probe_at = std::max(mshr_empty_at_, now) + params_.l1d_store_reprobe_cycles;
  drain_reopen_at_ = probe_at + 1;
  if (tags_.access(drain_line_)) {
    tags_.mark_dirty(drain_line_);
    ++stats_.store_hits;
    core_.push_back({probe_at + params_.l1d.hit_latency_cycles, drain_token_});
  } else {
    ++stats_.store_misses;
    send(MemKind::PutPartial, drain_line_, probe_at + params_.l1d_miss_request_cycles,
         drain_token_);
  }
}

bool L1DCache::pop_core_response(Cycle now, uint32_t& token, Cycle& at) {
  auto due = std::min_element(core_.begin(), core_.end(),
                              [](const Timed& a, const Timed& b) { return a.at < b.at; });
  if (due == core_.end() || due->at > now) return false;
  token = due->token;
  at = due->at;
  core_.erase(due);
  return true;
}

// dcache_wshr.v at the queue head: a request for a line with a write in flight waits, and so
// does a write while every WSHR entry is used.
bool L1DCache::held_by_wshr(const MemRequest& request, Cycle now) const {
  size_t writes = 0;
  for (const Write& w : wshr_) {
    if (w.free_at <= now) continue;
    if (w.line * line_bytes_ == request.address) return true;
    ++writes;
  }
  return request.kind != MemKind::Get && writes >= params_.wshr_entries;
}

const MemRequest* L1DCache::due_request(Cycle now) const {
  if (params_.l1d_output_register_waits && !(staged_at_ < now)) return nullptr;
  if (!wshr_.empty() && held_by_wshr(requests_.front().request, now)) return nullptr;
  return &requests_.front().request;
}

bool L1DCache::head_outside_register() const {
  return params_.l1d_output_register_waits && staged_at_ == ~Cycle{0} && !requests_.empty();
}

void L1DCache::stage(Cycle now) {
  if (!head_outside_register() || requests_.front().at > now + 1) return;
  if (answers_from_ <= now && now < answers_until_) return;
  if (!wshr_.empty() && held_by_wshr(requests_.front().request, now)) return;
  staged_at_ = now;
}

// The head may move in from the cycle before it is due, outside a fill's answers and once the
// WSHR lets it go.
Cycle L1DCache::stage_event(Cycle now) const {
  if (!head_outside_register()) return ~Cycle{0};
  Cycle at = std::max(requests_.front().at - 1, now + 1);
  if (answers_from_ <= at && at < answers_until_) at = answers_until_;
  if (wshr_.empty() || !held_by_wshr(requests_.front().request, at)) return at;
  // A write frees (the first of them may be the one in the way); one not acknowledged yet
  // waits for its answer, a memory event.
  Cycle freed = ~Cycle{0};
  for (const Write& w : wshr_) {
    if (w.free_at > at && w.free_at != ~Cycle{0}) freed = std::min(freed, w.free_at);
  }
  return freed;
}

void L1DCache::pop_request(Cycle now) {
  staged_at_ = ~Cycle{0};
  const Queued& q = requests_.front();
  std::erase_if(wshr_, [now](const Write& w) { return w.free_at <= now; });
  if (q.request.kind == MemKind::Get) {
    line_reads_.read(q.request.address / line_bytes_);
  } else {
    wshr_.push_back({q.request.tag, q.request.address / line_bytes_});
    if (q.request.kind == MemKind::PutPartial) {
      core_.push_back({now + params_.store_miss_response_cycles, q.token});
    }
  }
  requests_.pop_front();
}

Cycle L1DCache::next_event(Cycle now) const {
  Cycle next = ~Cycle{0};
  if (!requests_.empty()) {
    const Queued& head = requests_.front();
    if (params_.l1d_output_register_waits) {
      // In the register: it may leave then (once due, the L2's acceptance is the SM's event).
      const Cycle leave = std::max(head.at, staged_at_ + 1);
      if (staged_at_ != ~Cycle{0} && leave > now) next = leave;
    } else if (head.at > now) {
      next = head.at;
    } else if (held_by_wshr(head.request, now)) {
      for (const Write& w : wshr_) {
        if (w.free_at > now && w.free_at != ~Cycle{0}) next = std::min(next, w.free_at);
      }
    }
  }
  if (retry_at_ > now) next = std::min(next, retry_at_);
  // Both ends of a fill's hold change the answer to a refused request (and its reason).
  if (blocked_from_ > now) next = std::min(next, blocked_from_);
  if (blocked_until_ > now) next = std::min(next, blocked_until_);
  if (drain_reopen_at_ > now) next = std::min(next, drain_reopen_at_);
  return next;
}

size_t L1DCache::flush(Cycle now) {
  const std::vector<uint32_t> dirty = tags_.flush_all();
  line_reads_.forget();
  for (uint32_t line : dirty) send(MemKind::PutFull, line, now);
  stats_.writebacks += dirty.size();
  return dirty.size();
}

}  // namespace ventus::timing
