// PageOverlay: copy-on-write pages, read/write byte maps, conflict test and in-order commit.
#include "memory/page_overlay.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace ventus::memory {
namespace {

// What a page that global memory never wrote reads as.
const PagedMemory::Page& zero_page() {
  static const PagedMemory::Page kZeros{};
  return kZeros;
}

uint32_t page_number(uint32_t addr) {
  return addr >> PagedMemory::kPageBits;
}

static_assert(std::endian::native == std::endian::little, "byte k of a word is bits 8k..8k+7");

// kByteMasks[b]: 0xff in byte k of the word for every bit k of b.
constexpr std::array<uint64_t, 256> kByteMasks = [] {
  std::array<uint64_t, 256> masks{};
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned k = 0; k < 8; ++k) {
      if ((b >> k) & 1u) masks[b] |= uint64_t{0xff} << (8 * k);
    }
  }
  return masks;
}();

// Copies byte i of the 64-byte block `from` to `to` for every bit i set in `bits`, eight
// bytes at a time (a byte at a time was most of a commit).
void copy_marked(uint8_t* to, const uint8_t* from, uint64_t bits) {
  if (bits == ~uint64_t{0}) {
    std::memcpy(to, from, 64);
    return;
  }
  for (unsigned k = 0; bits != 0; ++k, bits >>= 8) {
    const uint64_t mask = kByteMasks[bits & 0xff];
    if (mask == 0) continue;
    uint64_t old_word = 0, new_word = 0;
    std::memcpy(&old_word, to + 8 * k, 8);
    std::memcpy(&new_word, from + 8 * k, 8);
    old_word = (old_word & ~mask) | (new_word & mask);
    std::memcpy(to + 8 * k, &old_word, 8);
  }
}

}  // namespace

PageOverlay::Page& PageOverlay::page(uint32_t addr) {
  auto& slot = pages_[page_number(addr)];
  if (!slot) {
    if (spare_.empty()) {
      slot = std::make_unique<Page>();
    } else {
      slot = std::move(spare_.back());
      spare_.pop_back();
    }
    slot->global = global_->store().page_for_read(addr);
  }
  return *slot;
}

void PageOverlay::reset() {
  for (auto& [number, p] : pages_) {
    p->copied = false;
    p->merged = false;
    p->marks.read.fill(0);
    p->marks.written.fill(0);
    spare_.push_back(std::move(p));
  }
  pages_.clear();
  aborted_ = false;
  ++generation_;
}

// Fills the bytes of the copy the group has not written with global memory's.
void PageOverlay::merge(Page& p) {
  const uint8_t* global = p.global != nullptr ? p.global : zero_page().data();
  uint8_t* copy = p.copy->data();
  for (size_t i = 0; i < p.marks.written.size(); ++i) {
    const size_t first = 64 * i;
    copy_marked(copy + first, global + first, ~p.marks.written[i]);
  }
  p.merged = true;
}

PageOverlay::PageView PageOverlay::for_load(uint32_t addr) {
  Page& p = page(addr);
  if (p.copied && !p.merged) merge(p);
  const uint8_t* data = p.copied ? p.copy->data() : p.global ? p.global : zero_page().data();
  // Loads never write through this pointer (TranslationCache keeps load and store apart).
  return {const_cast<uint8_t*>(data), &p.marks};
}

PageOverlay::PageView PageOverlay::for_store(uint32_t addr) {
  Page& p = page(addr);
  if (!p.copied) {
    // Not copied from global yet: many pages are only written (scattered stores), and
    // commit() reads only the written bytes.
    if (!p.copy) p.copy = std::make_unique_for_overwrite<PagedMemory::Page>();
    p.copied = true;
    p.merged = false;
  }
  return {p.copy->data(), &p.marks};
}

bool PageOverlay::read_any_of(const WrittenBytes& earlier) const {
  for (const auto& [number, p] : pages_) {
    const auto it = earlier.find(number);
    if (it == earlier.end()) continue;
    for (size_t i = 0; i < p->marks.read.size(); ++i) {
      if ((p->marks.read[i] & it->second[i]) != 0) return true;
    }
  }
  return false;
}

void PageOverlay::commit(DeviceMemory& global, WrittenBytes& written) const {
  for (const auto& [number, p] : pages_) {
    if (!p->copied) continue;
    const uint32_t base = number << PagedMemory::kPageBits;
    uint8_t* target = global.store().page_for_write(base);
    PageBits& all = written[number];
    for (size_t i = 0; i < p->marks.written.size(); ++i) {
      const uint64_t bits = p->marks.written[i];
      if (bits == 0) continue;
      all[i] |= bits;
      copy_marked(target + 64 * i, p->copy->data() + 64 * i, bits);
    }
  }
}

}  // namespace ventus::memory
