// WorkGroupMemory: filling a translation from the address map, directly or through an overlay.
#include "memory/work_group_memory.hpp"

#include <algorithm>

namespace ventus::memory {

bool WorkGroupMemory::fill(Translation& slot, uint32_t addr, bool for_store) {
  DeviceMemory& memory = route(addr);
  const uint32_t page_base = addr & ~PagedMemory::kPageMask;
  uint64_t low = page_base;
  uint64_t high = uint64_t{page_base} + PagedMemory::kPageSize;
  if (memory.checked()) {
    const Region* region = memory.map().find(addr, 1);
    if (region == nullptr) return false;
    low = std::max<uint64_t>(low, region->base);
    high = std::min(high, region->end());
  }
  uint8_t* page = nullptr;
  PageMarks* marks = nullptr;
  if (overlay_ != nullptr && &memory == global_) {
    const auto view = for_store ? overlay_->for_store(addr) : overlay_->for_load(addr);
    page = view.page;
    marks = view.marks;
  } else {
    page = memory.store().page_for_write(addr);  // stable: pages are never freed in a launch
  }
  const auto base = static_cast<uint32_t>(low);
  slot = Translation{base, static_cast<uint32_t>(high - low), page + (base - page_base), marks};
  if (for_store) {
    // A load translation of this page may point at a shared page the store just replaced
    // with the group's copy (PageOverlay): drop it so the next load sees the copy.
    Translation& load = cache_.load_slot(addr);
    if ((load.base & ~PagedMemory::kPageMask) == page_base) load = Translation{};
  }
  return true;
}

}  // namespace ventus::memory
