// CacheTags: the tag array of a set-associative cache with true-LRU replacement and dirty
// bits (lru_matrix in the RTL); no data, the functional core owns the values.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "timing/params.hpp"

namespace ventus::timing {

class CacheTags {
 public:
  explicit CacheTags(const CacheParams& params);
  // Host memory per line of the tag array (TimingParams::check_footprint).
  static uint64_t bytes_per_line();

  uint32_t line_of(uint32_t address) const {
    return line_shift_ >= 0 ? address >> line_shift_ : address / line_bytes_;
  }
  uint32_t set_index(uint32_t line) const { return line % sets_; }
  // Hit: touches the line (most recently used).
  bool access(uint32_t line);
  bool contains(uint32_t line) const;
  // Inserts `line` (absent) in its set; returns the evicted line if it was dirty.
  std::optional<uint32_t> fill(uint32_t line);
  // The least recently used way of `line`'s set (lowest index first among equals).
  uint32_t lru_way_of(uint32_t line) const;
  // Writes `line` into `way` of its set, most recently used or left where that way was.
  void write_way(uint32_t line, uint32_t way, bool most_recent);
  // The RTL I-cache's stage-1 hit in the SRAM bypass cycle of a fill (sram_template copies the
  // written tag into every way): every valid way of the set matches, and one2bin ORs their
  // indices into the way the LRU makes most recently used (way 1 of 2 when both are valid).
  void touch_bypassed_hit(uint32_t line);
  void mark_dirty(uint32_t line);
  // Every dirty line, then everything invalid (kernel-end flush + invalidate).
  std::vector<uint32_t> flush_all();
  void invalidate_all();
  // Clears the valid bits only: the RTL I-cache's LRU state survives its invalidation.
  void clear_valid();

 private:
  struct Way {
    uint32_t line = 0;
    bool valid = false;
    bool dirty = false;
    uint64_t last_use = 0;
  };
  // The set's first way; the sizes are usually powers of two, where a mask or a shift
  // replaces a division (looked up several times per cycle).
  Way* set_of(uint32_t line) {
    return &ways_storage_[static_cast<size_t>(set_mask_ >= 0
                                                  ? line & static_cast<uint32_t>(set_mask_)
                                                  : line % sets_) *
                          ways_];
  }
  Way* find(uint32_t line);
  const Way* find(uint32_t line) const;

  uint32_t sets_, ways_, line_bytes_;
  int64_t set_mask_ = -1;  // sets - 1 when a power of two, else -1
  int line_shift_ = -1;    // log2(line bytes) when a power of two, else -1
  uint64_t clock_ = 0;
  std::vector<Way> ways_storage_;
};

}  // namespace ventus::timing
