// LocalMemory: the per-work-group 'lds' region and top-down __local buffer allocation.
#include "memory/local_memory.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ventus::memory {

LocalMemory::LocalMemory(uint32_t lds_bytes) : lds_bytes_(lds_bytes) {
  if (lds_bytes == 0) return;  // no stack/scratch region; buffers may still be allocated
  const uint64_t size = std::min<uint64_t>(lds_bytes, kLocalWindowEnd - kLocalWindowBase);
  Status added = map_region(Region{kLocalWindowBase, size, RegionKind::kLocal, "lds"});
  (void)added;  // cannot fail: first region, inside the window
}

LocalMemory LocalMemory::whole_window() {
  LocalMemory memory(kLocalWindowEnd - kLocalWindowBase);
  memory.next_top_ = kLocalWindowBase;  // nothing left for buffers
  return memory;
}

Result<uint32_t> LocalMemory::allocate_buffer(uint32_t size, std::string name) {
  const uint64_t rounded =
      (uint64_t{size} + kLocalBufferAlign - 1) / kLocalBufferAlign * kLocalBufferAlign;
  if (size == 0 || rounded > next_top_ - kLocalWindowBase) {
    return Error{fmt::format("cannot allocate __local buffer '{}' of {} bytes below {:#x}", name,
                             size, next_top_)};
  }
  const uint32_t base = next_top_ - static_cast<uint32_t>(rounded);
  Status added = map_region(Region{base, size, RegionKind::kLocal, std::move(name)});
  if (!added) return added.error();
  next_top_ = base;
  return base;
}

LocalMemory LocalMemory::with_same_layout() const {
  LocalMemory copy(0);
  copy.lds_bytes_ = lds_bytes_;
  copy.next_top_ = next_top_;
  for (const Region& region : map().regions()) {
    Status added = copy.map_region(region);
    (void)added;  // cannot fail: the regions were already disjoint
  }
  copy.set_checked(checked());
  return copy;
}

}  // namespace ventus::memory
