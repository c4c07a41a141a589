// `objdump -d` listing of an ELF file, byte-for-byte as the Ventus toolchain's llvm-objdump prints
// it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "elf/elf_file.hpp"
#include "isa/disassembler.hpp"

namespace ventus::objdump {

// One symbol as llvm-objdump sees it: address, name and ELF type (STT_*).
struct Label {
  uint32_t address = 0;
  std::string name;
  uint8_t type = 0;
};

// The ELF's symbols grouped the way llvm-objdump (LLVM 14, the toolchain's base) groups them:
// STT_SECTION symbols are dropped; symbols of a real section are listed per section sorted by
// (address, name, type); absolute, undefined and common symbols form one extra list. When
// several symbols share an address, the last in that order is the one printed and used as a
// branch target (llvm-objdump skips empty ranges between equal addresses).
class ElfSymbols : public isa::SymbolLookup {
 public:
  explicit ElfSymbols(const elf::ElfFile& file);

  // Labels of section `section_index`, sorted; a section without a symbol at its start
  // address gets a leading label named after the section, as llvm-objdump inserts one.
  std::span<const Label> section_labels(uint32_t section_index) const;

  // "name" or "name+0x1c" for a branch target: the last label at or below `address` in the
  // section(s) with the highest start address <= `address`, else the nearest absolute one.
  std::optional<std::string> symbolize(uint32_t address) const override;

 private:
  struct SectionEntry {
    uint32_t address;
    uint32_t index;
  };
  std::vector<std::vector<Label>> by_section_;  // indexed by section header index
  std::vector<Label> absolute_;
  std::vector<SectionEntry> sections_by_address_;
};

// The full `llvm-objdump -d` text for `file`, with `display_name` on the header line:
// every SHF_EXECINSTR section with contents, one block per label, one line per instruction.
std::string disassemble_file(const elf::ElfFile& file, std::string_view display_name);

}  // namespace ventus::objdump
