// Shadow memory of the sanitizers (docs/sanitizers.md): per byte, an order-independent summary
// of the accesses of one barrier interval (or of one launch), lazily allocated per page.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ventus::functional::sanitize {

// Who made an access and where, in one word ordered by work-group, work-item, pc: bits 63..40
// the work-group + 1 (0 in a work-group's own shadow), 39..24 the work-item (warp·64 + lane
// + 1; lane -1, a scalar access of the warp, is 0), 23..0 the pc's word index modulo 64 MiB
// (the pc's upper bits are the launch's, see Sanitizer).
struct AccessKey {
  static constexpr uint64_t kNobody = ~uint64_t{0};
  uint64_t bits = kNobody;

  static AccessKey make(uint32_t group_plus_one, uint32_t actor, uint32_t pc) {
    return {uint64_t{group_plus_one} << 40 | uint64_t{actor & 0xffffu} << 24 |
            ((pc >> 2) & 0xffffffu)};
  }
  bool empty() const { return bits == kNobody; }
  uint32_t group_plus_one() const { return static_cast<uint32_t>(bits >> 40); }
  uint32_t actor() const { return static_cast<uint32_t>(bits >> 24) & 0xffffu; }
  uint32_t pc(uint32_t pc_base) const {
    return pc_base | static_cast<uint32_t>(bits & 0xffffffu) << 2;
  }
  friend bool operator<(const AccessKey& x, const AccessKey& y) { return x.bits < y.bits; }
  friend bool operator==(const AccessKey& x, const AccessKey& y) = default;
};
inline constexpr unsigned kActorOwner = 24;  // KeyPair owner: the work-item
inline constexpr unsigned kGroupOwner = 40;  // KeyPair owner: the work-group

// The smallest key, and the smallest key of another owner (bits >> kOwnerShift): the same
// whatever order the keys arrive in, so the result does not depend on the schedule.
template <unsigned kOwnerShift>
struct KeyPair {
  AccessKey a, b;

  static uint64_t owner(const AccessKey& k) { return k.bits >> kOwnerShift; }
  void add(const AccessKey& k) {
    if (k < a) {
      if (owner(k) != owner(a)) b = a;
      a = k;
    } else if (owner(k) != owner(a) && k < b) {
      b = k;
    }
  }
  // The smallest key of an owner other than `o`'s, or an empty key.
  AccessKey other_than(const AccessKey& o) const { return owner(a) != owner(o) ? a : b; }
  bool owned_by(uint64_t o) const { return owner(a) == o || owner(b) == o; }
};

// One byte's accesses in an interval: plain writes, plain reads, atomics, whether every
// plain write stored the same value (a benign write-write pair), and a read of it that no
// earlier interval and no write of the reader itself defined.
template <unsigned kOwnerShift>
struct ByteAccesses {
  KeyPair<kOwnerShift> writes, reads, atomics;
  // Scalar reads of a byte the reading warp itself stored before (program order): they race
  // only with a write of another value.
  KeyPair<kOwnerShift> own_reads;
  AccessKey uninit_read;  // the smallest read of the byte before anything wrote it (init)
  uint8_t value = 0;
  bool value_set = false;
  bool values_differ = false;

  // Accesses that can make no finding: one work-item's (or one kind only), no atomics, no own
  // reads and no uninitialised read (classify and classify_init need two owners or a read).
  bool quiet() const {
    using Pair = KeyPair<kOwnerShift>;
    return uninit_read.empty() && atomics.a.empty() && own_reads.a.empty() && writes.b.empty() &&
           reads.b.empty() &&
           (writes.a.empty() || reads.a.empty() || Pair::owner(writes.a) == Pair::owner(reads.a));
  }
  void write(const AccessKey& k, uint8_t byte) {
    writes.add(k);
    if (value_set && value != byte) values_differ = true;
    value = byte;
    value_set = true;
  }
};

// Per-byte state of type T for the bytes touched, in pages allocated on first touch.
template <class T>
class PagedShadow {
 public:
  static constexpr uint32_t kPageBytes = 256;

  T& at(uint32_t addr) {
    const uint32_t number = addr / kPageBytes;
    if (last_ == nullptr || last_number_ != number) {
      std::unique_ptr<Page>& page = pages_[number];
      if (!page && !spare_.empty()) {
        page = std::move(spare_.back());
        spare_.pop_back();
      }
      if (!page) page = std::make_unique<Page>();
      last_ = page.get();
      last_number_ = number;
    }
    last_->used.set(addr % kPageBytes);
    return last_->bytes[addr % kPageBytes];
  }

  // Calls f(addr, state) for every touched byte in ascending address order.
  template <class F>
  void for_each(F&& f) const {
    std::vector<uint32_t> numbers;
    numbers.reserve(pages_.size());
    for (const auto& [number, page] : pages_) numbers.push_back(number);
    std::sort(numbers.begin(), numbers.end());
    for (uint32_t number : numbers) {
      const Page& page = *pages_.at(number);
      for (uint32_t i = 0; i < kPageBytes; ++i) {
        if (page.used.test(i)) f(number * kPageBytes + i, page.bytes[i]);
      }
    }
  }

  // Forgets every byte; the pages are kept for the next interval (resetting the bytes used
  // costs less than allocating and zeroing new pages).
  void clear() {
    for (auto& [number, page] : pages_) {
      for (uint32_t i = 0; i < kPageBytes; ++i) {
        if (page->used.test(i)) page->bytes[i] = T{};
      }
      page->used.reset();
      spare_.push_back(std::move(page));
    }
    pages_.clear();
    last_ = nullptr;
  }
  size_t pages() const { return pages_.size(); }
  bool empty() const { return pages_.empty(); }

 private:
  struct Page {
    std::array<T, kPageBytes> bytes{};
    std::bitset<kPageBytes> used;
  };
  std::unordered_map<uint32_t, std::unique_ptr<Page>> pages_;
  std::vector<std::unique_ptr<Page>> spare_;
  Page* last_ = nullptr;
  uint32_t last_number_ = 0;
};

// Bytes written in an earlier, closed interval (init): one bit per byte.
class DefinedBytes {
 public:
  bool test(uint32_t addr) const {
    auto it = pages_.find(addr / 256);
    return it != pages_.end() && it->second.test(addr % 256);
  }
  void set(uint32_t addr) { pages_[addr / 256].set(addr % 256); }

 private:
  std::unordered_map<uint32_t, std::bitset<256>> pages_;
};

// Host bytes of one page of shadow.
inline constexpr uint64_t kShadowPageBytes = sizeof(ByteAccesses<kActorOwner>) * 256;

}  // namespace ventus::functional::sanitize
