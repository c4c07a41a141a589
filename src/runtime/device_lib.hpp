// The runtime's device library: assembly routines linked into kernels (printf, docs/printf.md).
#pragma once

#include <string_view>

namespace ventus {

// The device library's assembly source (src/runtime/device_lib/*.s, embedded at build time).
std::string_view device_library_source();
// True for the library's global symbols (not kernels).
bool is_device_library_symbol(std::string_view name);

}  // namespace ventus
