// LineReads: the lines a cache reads from the L2 in one launch, telling a line read again
// (evicted since its first read: a capacity or conflict miss) from a first read (a cold miss).
#pragma once

#include <cstdint>
#include <unordered_set>

#include "sim/stats.hpp"

namespace ventus::timing {

class LineReads {
 public:
  LineReads(sim::Counter& reads, sim::Counter& rereads) : reads_(reads), rereads_(rereads) {}

  void read(uint32_t line) {
    ++reads_;
    if (!seen_.insert(line).second) ++rereads_;
  }
  // The kernel-end invalidation: the next launch's first reads are cold.
  void forget() { seen_.clear(); }

 private:
  sim::Counter& reads_;
  sim::Counter& rereads_;
  std::unordered_set<uint32_t> seen_;
};

}  // namespace ventus::timing
