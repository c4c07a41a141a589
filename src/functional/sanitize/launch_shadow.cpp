// LaunchShadow: whole-word cells, their split into byte states on a partial access, and
// the per-byte view the comparison of work-groups reads.
#include "functional/sanitize/launch_shadow.hpp"

#include <algorithm>

namespace ventus::functional::sanitize {

LaunchShadow::Cell& LaunchShadow::cell(uint32_t addr) {
  const uint32_t number = addr / kPageBytes;
  if (last_ == nullptr || last_number_ != number) {
    std::unique_ptr<Page>& page = pages_[number];
    if (!page) page = std::make_unique<Page>();
    last_ = page.get();
    last_number_ = number;
  }
  return (*last_)[(addr % kPageBytes) / 4];
}

LaunchShadow::Bytes LaunchShadow::byte_of(const Cell& c, uint32_t i) const {
  Bytes b;
  b.writes = c.writes;
  b.reads = c.reads;
  if (c.more != 0) {
    b.own_reads = rare_[c.more - 1].own_reads;
    b.atomics = rare_[c.more - 1].atomics;
  }
  b.value = static_cast<uint8_t>(c.values >> (8 * i));
  b.value_set = c.value_set;
  b.values_differ = ((c.differ >> i) & 1u) != 0;
  return b;
}

// A partial access: the word's bytes get states of their own, equal to the whole word's.
std::array<LaunchShadow::Bytes, 4>& LaunchShadow::split(Cell& c) {
  if (c.state == kSplit) return split_[c.more - 1];
  std::array<Bytes, 4> bytes{};
  if (c.state == kWhole) {
    for (uint32_t i = 0; i < 4; ++i) bytes[i] = byte_of(c, i);
  }
  split_.push_back(bytes);
  c = Cell{};
  c.state = kSplit;
  c.more = static_cast<uint32_t>(split_.size());
  return split_.back();
}

void LaunchShadow::add(uint32_t addr, uint32_t size, Op op, const AccessKey& key, uint32_t value) {
  Cell& c = cell(addr);
  if (size != 4 || addr % 4 != 0 || c.state == kSplit) {
    // Bytes of one access never straddle a word here unless misaligned: take them one by one.
    for (uint32_t i = 0; i < size; ++i) {
      const uint32_t a = addr + i;
      Bytes& b = split(cell(a))[a % 4];
      const auto byte = static_cast<uint8_t>(value >> (8 * i));
      switch (op) {
        case Op::Read:
          b.reads.add(key);
          break;
        case Op::OwnRead:
          b.own_reads.add(key);
          break;
        case Op::Write:
          b.write(key, byte);
          break;
        case Op::Atomic:
          b.atomics.add(key);
          break;
      }
    }
    return;
  }
  c.state = kWhole;
  if (op == Op::Write) {
    c.writes.add(key);
    if (c.value_set) {
      for (uint32_t i = 0; i < 4; ++i) {
        if ((((c.values ^ value) >> (8 * i)) & 0xffu) != 0) {
          c.differ = static_cast<uint8_t>(c.differ | (1u << i));
        }
      }
    }
    c.values = value;
    c.value_set = true;
  } else if (op == Op::Read) {
    c.reads.add(key);
  } else {
    if (c.more == 0) {
      rare_.emplace_back();
      c.more = static_cast<uint32_t>(rare_.size());
    }
    Rare& r = rare_[c.more - 1];
    (op == Op::Atomic ? r.atomics : r.own_reads).add(key);
  }
}

LaunchShadow::Bytes LaunchShadow::bytes_at(uint32_t addr) const {
  auto it = pages_.find(addr / kPageBytes);
  if (it == pages_.end()) return Bytes{};
  const Cell& c = (*it->second)[(addr % kPageBytes) / 4];
  if (c.state == kSplit) return split_[c.more - 1][addr % 4];
  return c.state == kWhole ? byte_of(c, addr % 4) : Bytes{};
}

std::vector<uint32_t> LaunchShadow::sorted_pages() const {
  std::vector<uint32_t> numbers;
  numbers.reserve(pages_.size());
  for (const auto& [number, page] : pages_) numbers.push_back(number);
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

}  // namespace ventus::functional::sanitize
