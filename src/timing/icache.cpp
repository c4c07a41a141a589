// ICache: stage-1 lookups, the MSHR of mshr_icache.v, fills and the requests to the L2.
#include "timing/icache.hpp"

#include <algorithm>

namespace ventus::timing {

ICache::ICache(const CacheParams& params, uint32_t fill_cycles, CacheStats& stats,
               bool rearm_on_fill_miss)
    : tags_(params),
      line_bytes_(params.line_bytes),
      subentries_(params.mshr_subentries),
      fill_cycles_(fill_cycles),
      rearm_on_fill_miss_(rearm_on_fill_miss),
      entries_(params.mshr_entries),
      stats_(stats),
      line_reads_(stats.line_reads, stats.line_rereads) {
  request_.kind = MemKind::Get;
  request_.client = MemClient::ICache;
}

// tag_access_icache.v: a fill writes the LRU way of its set as it is when the response leaves
// the FIFO; the tag is compared by stage 1 from the next cycle (through the SRAM bypass).
void ICache::apply_fills(Cycle now) {
  fresh_.clear();
  hit_sets_.clear();
  for (Fill& f : fills_) {
    if (f.fire_at == now) f.way = tags_.lru_way_of(f.line);
    if (f.fire_at + 1 == now) fresh_.push_back(f.line);
  }
  std::erase_if(fills_, [now](const Fill& f) { return f.fire_at < now; });
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
  if (std::find(fresh_.begin(), fresh_.end(), line) != fresh_.end()) {
    ++stats_.hits;
    tags_.touch_bypassed_hit(line);
    if (!fills_.empty()) hit_sets_.push_back(tags_.set_index(line));
    return true;
  }
  if (!bypassed_away(line) && tags_.access(line)) {
    ++stats_.hits;
    if (!fills_.empty()) hit_sets_.push_back(tags_.set_index(line));
    return true;
  }
  ++stats_.misses;
  miss(line, now);
  return false;
}

// sram_template's bypass hands a stage-0 read of the set being filled the written tag in every
// way (no way mask): another line of that set compares as a miss in the next cycle, a primary
// miss that requests a line the cache holds.
bool ICache::bypassed_away(uint32_t line) const {
  return std::any_of(fresh_.begin(), fresh_.end(), [&](uint32_t filled) {
    return filled != line && tags_.set_index(filled) == tags_.set_index(line);
  });
}

// mshr_icache.v: a miss to the line whose response leaves the FIFO this cycle is refused
// (ReqConflictWithRsp); a secondary miss takes a sub-entry if one is free; a primary miss takes
// the lowest free entry, except that in the cycle another entry's response leaves the FIFO,
// a lowest free entry above that entry makes the RTL set the responding entry's first
// sub-entry instead (req_rsp_same_time): that entry stays valid with its own line and is sent
// again, and the new miss is lost (off: the miss takes the free entry). Refused misses are
// dropped: the warp replays. A warp whose replays meet a fill every time never gets its line:
// the launch stops with "no progress" (docs/timing.md).
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
  if (responding && *next > *responding && rearm_on_fill_miss_) {
    entries_[*responding].rearm = true;
    return;
  }
  entries_[*next] = Entry{true, false, false, line, 1, now, ~Cycle{0}};
  ++unsent_;
}

// The fire edge writes the tag and releases the entry. lru_matrix takes one update per set and
// cycle, and a stage-1 hit's wins: the filled way then stays least recently used.
void ICache::release_fired(Cycle now) {
  for (const Fill& f : fills_) {
    if (f.fire_at != now) continue;
    const bool hit_same_set =
        std::find(hit_sets_.begin(), hit_sets_.end(), tags_.set_index(f.line)) != hit_sets_.end();
    tags_.write_way(f.line, f.way, !hit_same_set);
  }
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

// instruction_cache.v: the response FIFO pops the cycle after the answer arrives (`fire`):
// at that edge the MSHR entry is released and the tag and data SRAMs are written. The SRAMs
// bypass a write to a stage-0 read of the same set in the same cycle, so stage 1 compares the
// new tag the cycle after the fire: a fetch hits `fill_cycles` (3) after the L2's answer, and no
// lookup falls between the release and the tag (the fire cycle's is ReqConflictWithRsp).
void ICache::on_response(const MemResponse& response, Cycle now) {
  const uint32_t line = response.request.address / line_bytes_;
  const Cycle visible_at = now + fill_cycles_ - 1;
  const Cycle fire_at = std::max({now + 1, visible_at >= 1 ? visible_at - 1 : 0, last_fire_ + 1});
  last_fire_ = fire_at;
  for (Entry& e : entries_) {
    if (e.valid && e.line == line && e.sent && e.fire_at == ~Cycle{0}) {
      e.fire_at = fire_at;
      break;
    }
  }
  fills_.push_back(Fill{line, fire_at});
}

// mshr_icache.v offers the lowest entry that is valid and not sent; an entry allocated (or
// re-armed) this cycle is valid only from the next, so an older one above it goes first.
const MemRequest* ICache::first_unsent(Cycle now) const {
  for (unsigned i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    if (!e.valid || e.sent || e.allocated_at >= now) continue;
    request_.address = e.line * line_bytes_;
    request_entry_ = i;
    return &request_;
  }
  return nullptr;
}

void ICache::pop_request() {
  Entry& e = entries_[request_entry_];
  e.sent = true;
  --unsent_;
  line_reads_.read(e.line);
}

CacheTags ICache::lru_state() const {
  CacheTags state = tags_;
  state.clear_valid();
  return state;
}

void ICache::adopt_lru_state(const CacheTags& state) {
  tags_ = state;
  tags_.clear_valid();
}

void ICache::invalidate() {
  tags_.clear_valid();
  line_reads_.forget();
  std::fill(entries_.begin(), entries_.end(), Entry{});
  unsent_ = 0;
  fills_.clear();
  fresh_.clear();
  hit_sets_.clear();
}

bool ICache::idle() const {
  return fills_.empty() &&
         std::none_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.valid; });
}

Cycle ICache::next_event(Cycle now) const {
  Cycle next = ~Cycle{0};
  for (const Fill& f : fills_) next = std::min(next, f.fire_at);
  for (const Entry& e : entries_) {
    if (!e.valid) continue;
    if (e.fire_at != ~Cycle{0}) next = std::min(next, e.fire_at);
    if (!e.sent) next = std::min(next, std::max(e.allocated_at + 1, now + 1));
  }
  return next;
}

}  // namespace ventus::timing
