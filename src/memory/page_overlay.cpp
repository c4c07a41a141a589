// PageOverlay: copy-on-write pages, read/write byte maps, conflict test and in-order commit.
#include "memory/page_overlay.hpp"

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
    const uint64_t bits = p.marks.written[i];
    const size_t first = 64 * i;
    if (bits == 0) {
      std::memcpy(copy + first, global + first, 64);
    } else if (bits != ~uint64_t{0}) {
      for (uint64_t m = ~bits; m != 0; m &= m - 1) {
        const size_t b = first + static_cast<size_t>(std::countr_zero(m));
        copy[b] = global[b];
      }
    }
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
      const size_t first = 64 * i;
      if (bits == ~uint64_t{0}) {
        std::memcpy(target + first, p->copy->data() + first, 64);
        continue;
      }
      for (uint64_t m = bits; m != 0; m &= m - 1) {
        const size_t b = first + static_cast<size_t>(std::countr_zero(m));
        target[b] = (*p->copy)[b];
      }
    }
  }
}

}  // namespace ventus::memory
