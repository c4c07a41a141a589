// Public API of the assembler: GNU/LLVM-style Ventus assembly -> linked ELF image (ISA.md §7.8).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "asm/diagnostics.hpp"
#include "elf/elf_writer.hpp"
#include "isa/profile.hpp"

namespace ventus::as {

struct SourceFile {
  std::string name;  // used in diagnostics
  std::string text;
};

struct AssembleOptions {
  bool crt0 = true;                 // link the built-in crt0 (ISA.md §7.3) in front of .text
  uint32_t text_base = 0x80000000;  // address of .text (the other sections follow, §7.8)
  bool line_info = false;           // -g: DWARF line table for debuggers (line_info.cpp)
  // The ISA profile instructions must belong to (ISA.md §5.12); recorded in the output's
  // .riscv.attributes as Tag_RISCV_arch (isa::arch_attribute).
  isa::Profile profile = isa::kDefaultProfile;
};

struct AssembleOutput {
  elf::ElfImage image;      // meaningful only when ok()
  Diagnostics diagnostics;  // every error of every file, in source order per pass
  bool ok() const { return diagnostics.empty(); }
};

// Assembles and links `sources` (in order, after the crt0 when enabled) into one image.
// Never throws for bad input: every problem is a Diagnostic.
AssembleOutput assemble(std::span<const SourceFile> sources, const AssembleOptions& options = {});

// Convenience for a single file.
AssembleOutput assemble_text(std::string_view name, std::string_view text,
                             const AssembleOptions& options = {});

// The file name diagnostics show for the built-in crt0.
inline constexpr std::string_view kCrt0Name = "<crt0>";

// The built-in crt0 as assembly source (assembled by this assembler when linked in).
std::string_view crt0_source();

}  // namespace ventus::as
