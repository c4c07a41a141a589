// read_line_table: the rows of an ELF's DWARF line table (.debug_line, DWARF 2-4, 32-bit
// format), which `ventus as -g` writes: source positions of code addresses for debuggers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "elf/elf_file.hpp"

namespace ventus::elf {

struct LineRow {
  uint32_t address = 0;
  std::string file;  // as the table names it
  uint32_t line = 0;
};

// Every row of every sequence, end-of-sequence rows left out; empty when the ELF has no
// .debug_line. An Error names the offset of a malformed program.
Result<std::vector<LineRow>> read_line_table(const ElfFile& elf);

// The address of `file`:`line` (file matched by its whole name or its last path component):
// the lowest address of the first line at or after `line` that has code, as GDB places a
// breakpoint; nullopt when the file has no code there.
std::optional<uint32_t> line_address(const std::vector<LineRow>& rows, std::string_view file,
                                     uint32_t line);

}  // namespace ventus::elf
