// GlobalDefinedness: which bytes of global memory hold data across host writes and launches,
// for the init check (docs/sanitizers.md). A buffer the host allocated without data is
// undefined until the host writes it or a launch stores to it; every other byte is defined.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>

namespace ventus::functional::sanitize {

class GlobalDefinedness {
 public:
  // [base, base + bytes) holds no data (a new buffer, or one handed out again).
  void allocate(uint32_t base, uint64_t bytes) {
    if (bytes == 0) return;
    define(base, bytes);
    undefined_[base] = end_of(base, bytes);
  }
  // [base, base + bytes) was written (by the host, or by a launch's stores).
  void define(uint32_t base, uint64_t bytes) {
    if (bytes == 0 || undefined_.empty()) return;
    const uint64_t end = end_of(base, bytes);
    auto it = undefined_.lower_bound(base);
    if (it != undefined_.begin() && std::prev(it)->second > base) --it;
    while (it != undefined_.end() && it->first < end) {
      const uint32_t start = it->first;
      const uint64_t stop = it->second;
      it = undefined_.erase(it);
      if (start < base) undefined_[start] = base;
      if (stop > end) it = undefined_.emplace(static_cast<uint32_t>(end), stop).first;
    }
  }
  // A launch nobody observed may have written any byte it could reach.
  void define_all() { undefined_.clear(); }

  bool defined(uint32_t addr) const {
    if (undefined_.empty()) return true;
    auto it = undefined_.upper_bound(addr);
    return it == undefined_.begin() || std::prev(it)->second <= addr;
  }
  bool all_defined() const { return undefined_.empty(); }

 private:
  static uint64_t end_of(uint32_t base, uint64_t bytes) {
    const uint64_t end = uint64_t{base} + bytes;
    return end > (uint64_t{1} << 32) ? uint64_t{1} << 32 : end;
  }
  std::map<uint32_t, uint64_t> undefined_;  // start -> end (exclusive) of undefined ranges
};

}  // namespace ventus::functional::sanitize
