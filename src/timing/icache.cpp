// ICache: stage-1 lookups, the MSHR of mshr_icache.v, fills and the requests to the L2.
#include "timing/icache.hpp"

#include <algorithm>

namespace ventus::timing {

ICache::ICache(const CacheParams& params, uint32_t fill_cycles, CacheStats& stats)
    : tags_(params),
      line_bytes_(params.line_bytes),
      subentries_(params.mshr_subentries),
      fill_cycles_(fill_cycles),
      entries_(params.mshr_entries),
      stats_(stats) {
  request_.kind = MemKind::Get;
  request_.client = MemClient::ICache;
}

void ICache::apply_fills(Cycle now) {
  for (size_t i = 0; i < fills_.size();) {
    if (fills_[i].visible_at <= now) {
      tags_.fill_lru_way(fills_[i].line);
      fills_.erase(fills_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

std::optional<unsigned> ICache::entry_of(uint32_t line) const {
  for (unsigned i = 0; i < entries_.size(); ++i) {
    if (entries_[i].valid && entries_[i].line == line) return i;
  }
  return std::nullopt;
}

std::optional<unsigned> ICache::first_free() const {
  for (unsigned i = 0; i < entries_.size(); ++i) {
    if (!entries_[i].valid) return i;
  }
  return std::nullopt;
}

std::optional<unsigned> ICache::fired(Cycle now) const {
  for (unsigned i = 0; i < entries_.size(); ++i) {
    if (entries_[i].valid && entries_[i].fire_at == now) return i;
  }
  return std::nullopt;
}

bool ICache::lookup(uint32_t address, Cycle now) {
  ++stats_.accesses;
  const uint32_t line = tags_.line_of(address);
  if (tags_.access(line)) {
    ++stats_.hits;
    return true;
  }
  ++stats_.misses;
  miss(line, now);
  return false;
}

// mshr_icache.v: a miss to the line whose response leaves the FIFO this cycle is refused
// (ReqConflictWithRsp); a secondary miss takes a sub-entry if one is free; a primary miss takes
// the lowest free entry, except that in the cycle another entry's response leaves the FIFO,
// a lowest free entry above that entry makes the RTL set the responding entry's first
// sub-entry instead (req_rsp_same_time): that entry stays valid with its own line and is sent
// again, and the new miss is lost. Refused misses are dropped: the warp replays.
void ICache::miss(uint32_t line, Cycle now) {
  const std::optional<unsigned> responding =
      last_fire_ >= now ? fired(now) : std::optional<unsigned>{};
  if (responding && entries_[*responding].line == line) {
    ++stats_.mshr_full;
    return;
  }
  if (const std::optional<unsigned> match = entry_of(line)) {
    Entry& e = entries_[*match];
    if (e.subentries >= subentries_) {
      ++stats_.mshr_full;
      return;
    }
    ++e.subentries;
    ++stats_.mshr_merges;
    return;
  }
  const std::optional<unsigned> next = first_free();
  if (!next) {
    ++stats_.mshr_full;
    return;
  }
  if (responding && *next > *responding) {
    entries_[*responding].rearm = true;
    return;
  }
  entries_[*next] = Entry{true, false, false, line, 1, now, ~Cycle{0}};
  ++unsent_;
}

void ICache::release_fired(Cycle now) {
  const std::optional<unsigned> responding = fired(now);
  if (!responding) return;
  Entry& e = entries_[*responding];
  if (e.rearm) {
    ++stats_.mshr_rerequests;
    e = Entry{true, false, false, e.line, 1, now, ~Cycle{0}};
    ++unsent_;
  } else {
    e = Entry{};
  }
}

// The response FIFO hands one response per cycle to the MSHR, `fire` after it arrives; the tag
// is written at that edge, read by stage 0 the next cycle and compared in stage 1 the cycle
// after, so a fetch hits `fill_cycles` after the L2's answer (TIMING.md §3).
void ICache::on_response(const MemResponse& response, Cycle now) {
  const uint32_t line = response.request.address / line_bytes_;
  const Cycle visible_at = now + fill_cycles_ - 1;
  const Cycle fire_at = std::max({now + 1, visible_at >= 2 ? visible_at - 2 : 0, last_fire_ + 1});
  last_fire_ = fire_at;
  for (Entry& e : entries_) {
    if (e.valid && e.line == line && e.sent && e.fire_at == ~Cycle{0}) {
      e.fire_at = fire_at;
      break;
    }
  }
  fills_.push_back(Fill{line, std::max(visible_at, fire_at + 2)});
}

const MemRequest* ICache::front_request(Cycle now) const {
  if (unsent_ == 0) return nullptr;
  for (unsigned i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    if (!e.valid || e.sent) continue;
    if (e.allocated_at >= now) return nullptr;  // registered: offered from the next cycle
    request_.address = e.line * line_bytes_;
    request_entry_ = i;
    return &request_;
  }
  return nullptr;
}

void ICache::pop_request() {
  entries_[request_entry_].sent = true;
  --unsent_;
}

void ICache::invalidate() {
  tags_.clear_valid();
  std::fill(entries_.begin(), entries_.end(), Entry{});
  unsent_ = 0;
  fills_.clear();
}

bool ICache::idle() const {
  return fills_.empty() &&
         std::none_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.valid; });
}

Cycle ICache::next_event(Cycle now) const {
  Cycle next = ~Cycle{0};
  // Every fire time so far is past (its entry released), nothing to send, nothing to fill.
  if (fills_.empty() && unsent_ == 0 && last_fire_ <= now) return next;
  for (const Fill& f : fills_) next = std::min(next, f.visible_at);
  for (const Entry& e : entries_) {
    if (!e.valid) continue;
    if (e.fire_at != ~Cycle{0}) next = std::min(next, e.fire_at);
    if (!e.sent) next = std::min(next, std::max(e.allocated_at + 1, now + 1));
  }
  return next;
}

}  // namespace ventus::timing
