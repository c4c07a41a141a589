// A reference case's pieces shared by the case runner and the golden model: the ELF's
// segments, its tohost address and ISA profile, and the local-memory layout of a launch.
#pragma once

#include <cstdint>

#include "common/result.hpp"
#include "elf/elf_file.hpp"
#include "isa/profile.hpp"
#include "loader/metadata.hpp"
#include "memory/device_memory.hpp"
#include "memory/local_memory.hpp"

namespace ventus::runner {

// Writes the loadable bytes of `elf`'s segments (nothing without an ELF).
void write_elf_segments(const elf::ElfFile* elf, memory::DeviceMemory& memory);
// Default mode: segments outside every buffer still need a region (e.g. .sdata past the code
// image); overlap with the code buffer is expected and fine.
void map_elf_segments(const elf::ElfFile* elf, memory::DeviceMemory& memory);
// The `tohost` symbol, else the standard address (ISA.md §7.8).
uint32_t tohost_address(const elf::ElfFile* elf);
// The profile the ELF's .riscv.attributes names (a saved v2.03 run), else v2.02 (ISA.md §5.12).
Result<isa::Profile> case_profile(const elf::ElfFile* elf);
// Default mode: buffers in the local window belong to every group's own local memory.
memory::LocalMemory case_local_layout(const loader::LaunchMetadata& meta);

}  // namespace ventus::runner
