// CacheTags: set lookup, LRU replacement, dirty tracking.
#include "timing/cache_tags.hpp"

#include <algorithm>
#include <bit>

namespace ventus::timing {

uint64_t CacheTags::bytes_per_line() {
  return sizeof(Way);
}

CacheTags::CacheTags(const CacheParams& params)
    : sets_(params.sets),
      ways_(params.ways),
      line_bytes_(params.line_bytes),
      ways_storage_(static_cast<size_t>(params.sets) * params.ways) {
  if (std::has_single_bit(sets_)) set_mask_ = sets_ - 1;
  if (std::has_single_bit(line_bytes_)) line_shift_ = std::countr_zero(line_bytes_);
}

CacheTags::Way* CacheTags::find(uint32_t line) {
  Way* set = set_of(line);
  for (uint32_t w = 0; w < ways_; ++w) {
    if (set[w].valid && set[w].line == line) return &set[w];
  }
  return nullptr;
}

const CacheTags::Way* CacheTags::find(uint32_t line) const {
  return const_cast<CacheTags*>(this)->find(line);
}

bool CacheTags::access(uint32_t line) {
  Way* way = find(line);
  if (way == nullptr) return false;
  way->last_use = ++clock_;
  return true;
}

bool CacheTags::contains(uint32_t line) const {
  return find(line) != nullptr;
}

std::optional<uint32_t> CacheTags::fill(uint32_t line) {
  if (Way* present = find(line)) {
    present->last_use = ++clock_;
    return std::nullopt;
  }
  Way* set = set_of(line);
  Way* victim = &set[0];
  for (uint32_t w = 0; w < ways_; ++w) {
    if (!set[w].valid) {
      victim = &set[w];
      break;
    }
    if (set[w].last_use < victim->last_use) victim = &set[w];
  }
  std::optional<uint32_t> written_back;
  if (victim->valid && victim->dirty) written_back = victim->line;
  *victim = Way{line, true, false, ++clock_};
  return written_back;
}

uint32_t CacheTags::lru_way_of(uint32_t line) const {
  const Way* set = &ways_storage_[static_cast<size_t>(line % sets_) * ways_];
  return static_cast<uint32_t>(
      std::min_element(set, set + ways_,
                       [](const Way& a, const Way& b) { return a.last_use < b.last_use; }) -
      set);
}

void CacheTags::write_way(uint32_t line, uint32_t way, bool most_recent) {
  Way& w = ways_storage_[static_cast<size_t>(line % sets_) * ways_ + way];
  w = Way{line, true, false, most_recent ? ++clock_ : w.last_use};
}

void CacheTags::touch_bypassed_hit(uint32_t line) {
  Way* set = &ways_storage_[static_cast<size_t>(line % sets_) * ways_];
  uint32_t way = 0;
  for (uint32_t w = 0; w < ways_; ++w) way |= set[w].valid ? w : 0;
  // With a way count that is not a power of two the OR may name no way (1 | 2 of 3 ways): the
  // one-hot update then selects no row of the LRU matrix, and nothing is touched.
  if (way < ways_) set[way].last_use = ++clock_;
}

void CacheTags::mark_dirty(uint32_t line) {
  if (Way* way = find(line)) way->dirty = true;
}

std::vector<uint32_t> CacheTags::flush_all() {
  std::vector<uint32_t> dirty;
  for (Way& way : ways_storage_) {
    if (way.valid && way.dirty) dirty.push_back(way.line);
    way = Way{};
  }
  return dirty;
}

void CacheTags::invalidate_all() {
  for (Way& way : ways_storage_) way = Way{};
}

void CacheTags::clear_valid() {
  for (Way& way : ways_storage_) way.valid = false;
}

}  // namespace ventus::timing
