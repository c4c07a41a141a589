// Linking: section layout (ISA.md §7.8), symbol resolution, encoding of the pending items
// (pass 2) and the ELF image with its symbol table.
#pragma once

#include "asm/program.hpp"
#include "elf/elf_writer.hpp"

namespace ventus::as {

// Errors go to program.diagnostics; the image is meaningful only when there are none.
elf::ElfImage link(Program& program);

}  // namespace ventus::as
