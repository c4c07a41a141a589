// ELF32 little-endian RISC-V reader: validates every field and reference before exposing it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "elf/elf_file.hpp"

namespace ventus::elf {

// Parses `bytes` (copied into the result's image). Any malformed input yields an Error
// whose message is one line starting with "<name_for_errors>: "; no input crashes, hangs
// or reads out of bounds.
Result<ElfFile> read_elf(std::span<const uint8_t> bytes, std::string_view name_for_errors);

// Reads the file at `path` and parses it; errors name the path.
Result<ElfFile> read_elf_file(const std::string& path);

}  // namespace ventus::elf
