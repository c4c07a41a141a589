// PagedMemory slow paths: page allocation, byte spans that cross pages, iteration.
#include "memory/paged_memory.hpp"

#include <algorithm>

namespace ventus::memory {

uint8_t* PagedMemory::allocate_page(uint32_t addr) {
  if (directory_ == nullptr) directory_ = std::make_unique<Directory>();
  std::unique_ptr<Table>& table = (*directory_)[addr >> (kPageBits + kTableBits)];
  if (table == nullptr) table = std::make_unique<Table>();
  std::unique_ptr<Page>& page = (*table)[(addr >> kPageBits) & (kTableSize - 1)];
  if (page == nullptr) {
    page = std::make_unique<Page>();  // value-initialised: never-written bytes read as zero
    ++page_count_;
  }
  return page->data();
}

void PagedMemory::read_bytes(uint32_t addr, std::span<uint8_t> out) const {
  size_t done = 0;
  while (done < out.size()) {
    const uint32_t offset = page_offset(addr);
    const size_t chunk = std::min<size_t>(out.size() - done, kPageSize - offset);
    const uint8_t* page = page_for_read(addr);
    if (page == nullptr) {
      std::fill_n(out.data() + done, chunk, uint8_t{0});
    } else {
      std::memcpy(out.data() + done, page + offset, chunk);
    }
    done += chunk;
    addr += static_cast<uint32_t>(chunk);  // wraps at 2^32 by design
  }
}

void PagedMemory::write_bytes(uint32_t addr, std::span<const uint8_t> data) {
  size_t done = 0;
  while (done < data.size()) {
    const uint32_t offset = page_offset(addr);
    const size_t chunk = std::min<size_t>(data.size() - done, kPageSize - offset);
    std::memcpy(page_for_write(addr) + offset, data.data() + done, chunk);
    done += chunk;
    addr += static_cast<uint32_t>(chunk);
  }
}

void PagedMemory::for_each_page(
    const std::function<void(uint32_t, std::span<const uint8_t>)>& fn) const {
  if (directory_ == nullptr) return;
  for (uint32_t d = 0; d < kTableSize; ++d) {
    const Table* table = (*directory_)[d].get();
    if (table == nullptr) continue;
    for (uint32_t t = 0; t < kTableSize; ++t) {
      const Page* page = (*table)[t].get();
      if (page == nullptr) continue;
      fn(((d << kTableBits) | t) << kPageBits, std::span<const uint8_t>(*page));
    }
  }
}

void PagedMemory::clear() {
  directory_.reset();
  page_count_ = 0;
}

// The owner of the page of `addr`, or null when its table does not exist.
std::unique_ptr<PagedMemory::Page>* PagedMemory::page_slot(uint32_t addr) {
  if (directory_ == nullptr) return nullptr;
  Table* table = (*directory_)[addr >> (kPageBits + kTableBits)].get();
  return table == nullptr ? nullptr : &(*table)[(addr >> kPageBits) & (kTableSize - 1)];
}

void PagedMemory::discard(uint32_t addr, uint64_t bytes) {
  const uint64_t end = std::min(uint64_t{addr} + bytes, uint64_t{1} << 32);
  for (uint64_t at = addr; at < end;) {
    const uint64_t page_end = (at | kPageMask) + 1;
    const uint64_t stop = std::min(end, page_end);
    std::unique_ptr<Page>* page = page_slot(static_cast<uint32_t>(at));
    if (page != nullptr && *page != nullptr) {
      if (at % kPageSize == 0 && stop == page_end) {
        page->reset();
        --page_count_;
      } else {
        std::fill_n((*page)->data() + (at & kPageMask), stop - at, uint8_t{0});
      }
    }
    at = stop;
  }
}

}  // namespace ventus::memory
