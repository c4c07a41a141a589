// WorkGroupMemory: the memory one work-group sees (its local window, global memory), with a
// translation cache in front so that most accesses cost one compare (DESIGN.md §2.4).
#pragma once

#include <cstdint>
#include <cstring>

#include "memory/device_memory.hpp"
#include "memory/local_memory.hpp"
#include "memory/page_overlay.hpp"
#include "memory/translation_cache.hpp"

namespace ventus::memory {

// One compare picks local or global. With --ref-compat pass the global (flat) memory as
// `local` too, so the window is shared like in REF. The fast path (load_ptr/store_ptr) hits
// the translation cache; a miss fills it from the address map; what cannot be translated
// (an address outside every region) returns null and the caller takes the checked path
// (read/write), which names the fault.
class WorkGroupMemory {
 public:
  WorkGroupMemory(DeviceMemory& global, DeviceMemory& local) : global_(&global), local_(&local) {}
  WorkGroupMemory(const WorkGroupMemory&) = delete;
  WorkGroupMemory& operator=(const WorkGroupMemory&) = delete;

  DeviceMemory& route(uint32_t addr) { return is_local_window(addr) ? *local_ : *global_; }
  const DeviceMemory& route(uint32_t addr) const {
    return is_local_window(addr) ? *local_ : *global_;
  }

  // Host address of the `size` bytes at `addr` (one page, one region), or null.
  const uint8_t* load_ptr(uint32_t addr, uint32_t size) {
    return translate(cache_.load_slot(addr), addr, size, false);
  }
  uint8_t* store_ptr(uint32_t addr, uint32_t size) {
    return translate(cache_.store_slot(addr), addr, size, true);
  }

  // Checked accesses (the slow path, with the fault's message).
  template <typename T>
  Checked<T> read(uint32_t addr) const {
    return route(addr).template read<T>(addr);
  }
  template <typename T>
  CheckedStatus write(uint32_t addr, T value) {
    return route(addr).template write<T>(addr, value);
  }

  // Speculation (docs/host-threads.md): global accesses go to `overlay` (null: directly).
  // The translations stay while the overlay is the same and not reset since: the work-groups
  // of a chunk run one after another on one overlay, and each would translate the same pages.
  void set_overlay(PageOverlay* overlay) {
    const uint64_t generation = overlay != nullptr ? overlay->generation() : 0;
    if (overlay == overlay_ && generation == overlay_generation_) return;
    overlay_ = overlay;
    overlay_generation_ = generation;
    cache_.clear();
  }
  // The local memory was emptied (its pages freed): drops the translations into it.
  void forget_local() {
    cache_.clear_if([](uint32_t base) { return is_local_window(base); });
  }
  PageOverlay* overlay() const { return overlay_; }

  DeviceMemory& global() { return *global_; }
  const DeviceMemory& global() const { return *global_; }
  DeviceMemory& local() { return *local_; }

 private:
  uint8_t* translate(Translation& slot, uint32_t addr, uint32_t size, bool for_store) {
    uint8_t* host = slot.at(addr, size);
    if (host == nullptr) [[unlikely]] {
      if (!fill(slot, addr, for_store)) return nullptr;
      host = slot.at(addr, size);
      if (host == nullptr) return nullptr;
    }
    if (slot.marks != nullptr) [[unlikely]]
      mark_access(*slot.marks, addr & PagedMemory::kPageMask, size, for_store);
    return host;
  }
  // Translates the part of the page of `addr` that lies in the region holding `addr`.
  bool fill(Translation& slot, uint32_t addr, bool for_store);

  DeviceMemory* global_;
  DeviceMemory* local_;
  PageOverlay* overlay_ = nullptr;
  uint64_t overlay_generation_ = 0;
  TranslationCache cache_;
};

}  // namespace ventus::memory
