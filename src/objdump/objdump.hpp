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

// --start-address / --stop-address: [start, stop).
struct AddressRange {
  uint64_t start = 0;
  uint64_t stop = UINT64_MAX;
};

// The full `llvm-objdump -d` text for `file`, with `display_name` on the header line:
// every SHF_EXECINSTR section with contents, one block per label, one line per instruction.
// Words are decoded in `profile` (ISA.md §5.12).
std::string disassemble_file(const elf::ElfFile& file, std::string_view display_name,
                             isa::Profile profile = isa::kDefaultProfile);

// "\nNAME:\tfile format elf32-littleriscv\n", printed once per file before its dumps.
std::string file_header(std::string_view display_name);

// `-d` without the file header, limited to `range` as llvm-objdump 14 does.
std::string disassembly(const elf::ElfFile& file, const AddressRange& range,
                        isa::Profile profile = isa::kDefaultProfile);

// `-h`: "\nSections:\n" and one line per section header (index, name, size, VMA, LMA when a
// PT_LOAD segment maps a section elsewhere, type TEXT/DATA/BSS/DEBUG).
std::string section_headers(const elf::ElfFile& file);

// `-t`: "\nSYMBOL TABLE:\n" and one line per symbol after the null one; only symbols whose
// address is in [range.start, range.stop] (llvm-objdump 14 includes the stop address).
std::string symbol_table(const elf::ElfFile& file, const AddressRange& range);

// `-s`: "Contents of section NAME:" and 16 bytes per line, hex in groups of 4 and ASCII, for
// every section with a size; a bss section says it is skipped.
std::string section_contents(const elf::ElfFile& file);

}  // namespace ventus::objdump
