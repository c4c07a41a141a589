// L1DCache: hits, misses, merges, write-through and flush.
#include "timing/l1d_cache.hpp"

#include <algorithm>

namespace ventus::timing {

L1DCache::L1DCache(const LsuParams& params, L1dStats& stats)
    : params_(params), tags_(params.l1d), line_bytes_(params.l1d.line_bytes), stats_(stats) {}

void L1DCache::send(MemKind kind, uint32_t line, uint32_t tag, Cycle at) {
  MemRequest request;
  request.kind = kind;
  request.client = MemClient::DCache;
  request.address = line * line_bytes_;
  request.tag = tag;
  if (kind == MemKind::PutFull) ++writebacks_in_flight_;
  requests_.emplace_back(at, request);
}

bool L1DCache::line_written(uint32_t line) const {
  return std::any_of(wshr_.begin(), wshr_.end(), [line](const Write& w) { return w.line == line; });
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
  last_refusal_ = nullptr;
  const uint32_t line = tags_.line_of(address);
  const Cycle hit_at = now + params_.l1d.hit_latency_cycles;
  if (is_store) {
    if (tags_.access(line)) {
      tags_.mark_dirty(line);
      ++stats_.store_hits;
      core_.push_back({hit_at, token});
      return true;
    }
    if (wshr_.size() >= params_.wshr_entries) {
      return refuse(stats_.stall_wshr);
    }
    ++stats_.store_misses;
    const uint32_t tag = next_write_tag_++;
    wshr_.push_back({tag, line});
    send(MemKind::PutPartial, line, tag, now + params_.l1d_miss_request_cycles);
    core_.push_back({now + params_.store_miss_response_cycles, token});
    return true;
  }
  auto pending =
      std::find_if(mshr_.begin(), mshr_.end(), [line](const Miss& m) { return m.line == line; });
  if (pending == mshr_.end() && tags_.access(line)) {
    ++stats_.accesses;
    ++stats_.hits;
    core_.push_back({hit_at, token});
    return true;
  }
  if (pending != mshr_.end()) {
    if (pending->waiters.size() >= params_.l1d.mshr_subentries) {
      return refuse(stats_.stall_mshr);
    }
    ++stats_.accesses;
    ++stats_.misses;
    ++stats_.mshr_merges;
    pending->waiters.push_back(token);
    return true;
  }
  if (mshr_.size() >= params_.l1d.mshr_entries || line_written(line)) {
    return refuse(line_written(line) ? stats_.stall_wshr : stats_.stall_mshr);
  }
  ++stats_.accesses;
  ++stats_.misses;
  mshr_.push_back(Miss{line, {token}});
  send(MemKind::Get, line, 0, now + params_.l1d_miss_request_cycles);
  return true;
}

void L1DCache::on_response(const MemResponse& response, Cycle now) {
  const uint32_t line = response.request.address / line_bytes_;
  if (response.request.kind == MemKind::PutFull) {
    --writebacks_in_flight_;
    return;
  }
  if (response.request.kind != MemKind::Get) {
    std::erase_if(wshr_, [&](const Write& w) { return w.tag == response.request.tag; });
    return;
  }
  auto miss =
      std::find_if(mshr_.begin(), mshr_.end(), [line](const Miss& m) { return m.line == line; });
  if (miss == mshr_.end()) return;
  if (auto victim = tags_.fill(line)) {
    ++stats_.writebacks;
    send(MemKind::PutFull, *victim, 0, now);
  }
  for (uint32_t token : miss->waiters)
    core_.push_back({now + params_.l1d_fill_response_cycles, token});
  mshr_.erase(miss);
}

bool L1DCache::pop_core_response(Cycle now, uint32_t& token) {
  auto due = std::min_element(core_.begin(), core_.end(),
                              [](const Timed& a, const Timed& b) { return a.at < b.at; });
  if (due == core_.end() || due->at > now) return false;
  token = due->token;
  core_.erase(due);
  return true;
}

Cycle L1DCache::next_event(Cycle now) const {
  Cycle next = ~Cycle{0};
  if (!requests_.empty() && requests_.front().first > now) next = requests_.front().first;
  for (const Timed& t : core_) next = std::min(next, t.at);
  return next;
}

size_t L1DCache::flush(Cycle now) {
  const std::vector<uint32_t> dirty = tags_.flush_all();
  for (uint32_t line : dirty) send(MemKind::PutFull, line, 0, now);
  stats_.writebacks += dirty.size();
  return dirty.size();
}

}  // namespace ventus::timing
