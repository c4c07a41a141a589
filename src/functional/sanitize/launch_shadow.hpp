// LaunchShadow: the launch-wide shadow of global memory whose owners are work-groups (races
// between work-groups, docs/sanitizers.md): per byte in meaning, stored per aligned word while
// every access of the word covered all of it, in 4 KiB pages allocated on first touch.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "functional/sanitize/byte_shadow.hpp"

namespace ventus::functional::sanitize {

class LaunchShadow {
 public:
  using Bytes = ByteAccesses<kGroupOwner>;
  enum class Op : uint8_t { Read, OwnRead, Write, Atomic };

  // One access of `size` bytes (1, 2 or 4) at `addr` by `key`; `value`: the bytes stored.
  void add(uint32_t addr, uint32_t size, Op op, const AccessKey& key, uint32_t value);

  // Calls f(addr, const Bytes&) for every byte of every touched word, in ascending address
  // order (a byte no access touched has no keys and makes no finding). `contested`: only the
  // words more than one work-group accessed, or with atomics or own reads (the others make
  // no finding between work-groups: that needs two owners).
  template <class F>
  void for_each(F&& f, bool contested = false) const {
    for (uint32_t number : sorted_pages()) {
      const Page& page = *pages_.at(number);
      for (uint32_t w = 0; w < kWords; ++w) {
        const Cell& c = page[w];
        if (c.state == kUntouched || (contested && one_owner(c))) continue;
        const uint32_t addr = number * kPageBytes + 4 * w;
        if (c.state == kSplit) {
          const std::array<Bytes, 4>& bytes = split_[c.more - 1];
          for (uint32_t i = 0; i < 4; ++i) f(addr + i, bytes[i]);
        } else {
          for (uint32_t i = 0; i < 4; ++i) f(addr + i, byte_of(c, i));
        }
      }
    }
  }

  // The accesses of one byte (no keys when nothing touched it).
  Bytes bytes_at(uint32_t addr) const;

  // Calls f(start, bytes) for each run of bytes some access wrote (plain or atomic), in
  // ascending order.
  template <class F>
  void for_each_written_run(F&& f) const {
    uint32_t start = 0, bytes = 0;
    const auto add = [&](uint32_t addr, bool written) {
      if (!written) return;
      if (bytes != 0 && start + bytes == addr) {
        ++bytes;
        return;
      }
      if (bytes != 0) f(start, bytes);
      start = addr;
      bytes = 1;
    };
    for (uint32_t number : sorted_pages()) {
      const Page& page = *pages_.at(number);
      for (uint32_t w = 0; w < kWords; ++w) {
        const Cell& c = page[w];
        const uint32_t addr = number * kPageBytes + 4 * w;
        if (c.state == kSplit) {
          for (uint32_t i = 0; i < 4; ++i) {
            const Bytes& b = split_[c.more - 1][i];
            add(addr + i, !b.writes.a.empty() || !b.atomics.a.empty());
          }
        } else if (c.state == kWhole) {
          const bool written =
              !c.writes.a.empty() || (c.more != 0 && !rare_[c.more - 1].atomics.a.empty());
          for (uint32_t i = 0; i < 4; ++i) add(addr + i, written);
        }
      }
    }
    if (bytes != 0) f(start, bytes);
  }

  // Host bytes allocated (the overhead, bench/).
  uint64_t bytes() const {
    return pages_.size() * sizeof(Page) + split_.size() * sizeof(split_[0]) +
           rare_.size() * sizeof(Rare);
  }

 private:
  static constexpr uint32_t kPageBytes = 4096;
  static constexpr uint32_t kWords = kPageBytes / 4;
  static constexpr uint8_t kUntouched = 0, kWhole = 1, kSplit = 2;

  // Own reads and atomics of a whole word: rare (start code, atomics), so kept aside.
  struct Rare {
    KeyPair<kGroupOwner> own_reads, atomics;
  };
  // A word: kWhole, every access covered the 4 bytes (one state, four values); kSplit, the
  // four byte states are split_[more - 1].
  struct Cell {
    KeyPair<kGroupOwner> writes, reads;
    uint32_t values = 0;  // the bytes last stored
    uint32_t more = 0;    // kWhole: rare_[more - 1] when non-zero; kSplit: split_[more - 1]
    uint8_t state = kUntouched;
    uint8_t differ = 0;  // bit i: byte i's writes stored different values
    bool value_set = false;
  };
  using Page = std::array<Cell, kWords>;

  static bool one_owner(const Cell& c) {
    using Pair = KeyPair<kGroupOwner>;
    return c.state == kWhole && c.more == 0 && c.writes.b.empty() && c.reads.b.empty() &&
           (c.writes.a.empty() || c.reads.a.empty() ||
            Pair::owner(c.writes.a) == Pair::owner(c.reads.a));
  }
  Cell& cell(uint32_t addr);
  std::array<Bytes, 4>& split(Cell& c);
  Bytes byte_of(const Cell& c, uint32_t i) const;
  std::vector<uint32_t> sorted_pages() const;

  std::unordered_map<uint32_t, std::unique_ptr<Page>> pages_;
  std::vector<std::array<Bytes, 4>> split_;
  std::vector<Rare> rare_;
  Page* last_ = nullptr;
  uint32_t last_number_ = 0;
};

}  // namespace ventus::functional::sanitize
