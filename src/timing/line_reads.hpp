// LineReads: the lines a cache reads from the L2 in one launch, telling a line read again
// (evicted since its first read: a capacity or conflict miss) from a first read (a cold miss).
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <unordered_map>

#include "sim/stats.hpp"

namespace ventus::timing {

class LineReads {
 public:
  LineReads(sim::Counter& reads, sim::Counter& rereads) : reads_(reads), rereads_(rereads) {}

  // One bit per line, in pages of lines allocated as first read; consecutive reads mostly stay
  // in one page, so a read usually costs a compare and a bit test.
  void read(uint32_t line) {
    ++reads_;
    const uint32_t page = line >> kPageBits;
    if (bits_ == nullptr || page != page_) {
      std::unique_ptr<Page>& p = pages_[page];
      if (p == nullptr) p = std::make_unique<Page>();
      bits_ = p.get();
      page_ = page;
    }
    const uint32_t bit = line & (kPageLines - 1);
    if (bits_->test(bit)) {
      ++rereads_;
    } else {
      bits_->set(bit);
    }
  }
  // The kernel-end invalidation: the next launch's first reads are cold.
  void forget() {
    pages_.clear();
    bits_ = nullptr;
  }

 private:
  static constexpr unsigned kPageBits = 15;
  static constexpr uint32_t kPageLines = uint32_t{1} << kPageBits;
  using Page = std::bitset<kPageLines>;

  sim::Counter& reads_;
  sim::Counter& rereads_;
  std::unordered_map<uint32_t, std::unique_ptr<Page>> pages_;
  Page* bits_ = nullptr;
  uint32_t page_ = 0;
};

}  // namespace ventus::timing
