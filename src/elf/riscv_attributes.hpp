// .riscv.attributes (RISC-V ELF psABI "Attributes"): the section the assembler writes with
// Tag_RISCV_arch and the reader that finds the arch string again.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "elf/elf_file.hpp"

namespace ventus::elf {

inline constexpr uint32_t kShtRiscvAttributes = 0x70000003;  // SHT_RISCV_ATTRIBUTES

// The contents of a .riscv.attributes section: format 'A', one "riscv" subsection with a
// Tag_File list holding Tag_RISCV_stack_align and Tag_RISCV_arch (what LLVM writes).
std::vector<uint8_t> riscv_attributes(std::string_view arch, uint32_t stack_align = 16);

// Tag_RISCV_arch of an attributes section's contents; nullopt when it has none. Malformed
// contents are an Error naming what is wrong.
Result<std::optional<std::string>> arch_from_attributes(std::span<const uint8_t> bytes);

// Tag_RISCV_arch of `file`'s .riscv.attributes section; nullopt when the file has none.
Result<std::optional<std::string>> arch_attribute(const ElfFile& file);

}  // namespace ventus::elf
