// VectorFilePool: vector register files handed from finished work-groups to new ones, so a
// launch of many short work-groups does not allocate and zero 32 KiB per warp each time.
#pragma once

#include <algorithm>
#include <mutex>
#include <vector>

#include "functional/warp_state.hpp"

namespace ventus::functional {

// Zeroes the registers of `file` below `dirty` (those above it were never written).
inline void zero_written_registers(std::vector<VReg>& file, unsigned dirty) {
  std::fill_n(file.begin(), std::min<size_t>(dirty, file.size()), VReg{});
}

// Every file in the pool reads as zeros (a new warp's registers, ISA.md §2.1). A returned file
// is zeroed only below `dirty`, the bound on the registers its work-group could have written
// (DecodeCache::vector_register_bound), which is a few KiB for a kernel without regext. Thread-safe:
// with --host-threads, groups start on worker threads and end on the committing thread.
class VectorFilePool {
 public:
  // kRegCount zero registers.
  std::vector<VReg> take() {
    {
      std::lock_guard lock(mutex_);
      if (!free_.empty()) {
        std::vector<VReg> file = std::move(free_.back());
        free_.pop_back();
        return file;
      }
    }
    return std::vector<VReg>(kRegCount);
  }

  // Takes back `file`, whose registers at or above `dirty` are still zero.
  void give(std::vector<VReg> file, unsigned dirty) {
    if (file.size() != kRegCount) return;
    zero_written_registers(file, dirty);
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(file));
  }

 private:
  std::mutex mutex_;
  std::vector<std::vector<VReg>> free_;
};

}  // namespace ventus::functional
