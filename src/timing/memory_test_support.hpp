// Helper of the memory-side tests (memory.test.cpp, memory_system.test.cpp): a line request.
#pragma once

#include <cstdint>

#include "timing/memory_system.hpp"

namespace ventus::timing {

inline MemRequest get(uint32_t address, MemKind kind = MemKind::Get) {
  MemRequest r;
  r.kind = kind;
  r.address = address;
  return r;
}

}  // namespace ventus::timing
