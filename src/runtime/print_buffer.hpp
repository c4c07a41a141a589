// Host side of kernel printf: decodes a warp's print-buffer record (docs/printf.md, ISA.md §7.7).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "functional/engine.hpp"
#include "memory/device_memory.hpp"

namespace ventus::runtime_detail {

struct PrintBuffer {
  uint32_t addr = 0;
  uint32_t size = 0;
  uint32_t numt = 0;
  uint32_t numw = 0;
  // Bytes of warp w's slot (the device routine's BUFFER_SIZE / numw, word aligned).
  uint32_t slot_bytes() const { return numw == 0 ? 0 : (size / numw) & ~3u; }
};

// Formats one message: printf conversions %d %i %u %x %X %o %c %s %p %f %F %e %E %g %G %a %A
// and %% with flags, width and precision; each conversion takes the next 32-bit argument
// (%s reads a NUL-terminated string from device memory).
std::string format_message(std::string_view format, std::span<const uint32_t> args,
                           const memory::DeviceMemory& memory);

// Reads the record of the warp named by `request`, returns one line per active thread
// ("[wg (x,y,z) thread L] text", trailing newline removed), and refills the slot with
// 0xffffffff so the next record starts clean.
std::vector<std::string> drain_print_slot(memory::DeviceMemory& memory, const PrintBuffer& buffer,
                                          const functional::PrintRequest& request);

}  // namespace ventus::runtime_detail
