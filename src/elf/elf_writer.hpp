// ELF32 LE RISC-V executable writer: sections, .symtab/.strtab/.shstrtab, PT_LOAD segments.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "elf/elf_file.hpp"

namespace ventus::elf {

// One output section, already placed at its link address (ISA.md §7.8 layout).
struct ImageSection {
  std::string name;
  uint32_t type = kShtProgbits;  // kShtProgbits or kShtNobits
  uint32_t flags = kShfAlloc;    // SHF_* bits; allocatable sections get a PT_LOAD
  uint32_t addr = 0;
  uint32_t align = 4;          // sh_addralign; 0 or 1 mean none
  std::vector<uint8_t> bytes;  // contents of a PROGBITS section
  uint32_t nobits_size = 0;    // memory size of a NOBITS section (which has no bytes)

  uint32_t size() const {
    return type == kShtNobits ? nobits_size : static_cast<uint32_t>(bytes.size());
  }
};

// One symbol; `section` names the defining ImageSection, empty for an absolute symbol.
struct ImageSymbol {
  std::string name;
  uint32_t value = 0;
  uint32_t size = 0;
  uint8_t type = kSttNotype;
  uint8_t bind = kStbGlobal;
  uint8_t visibility = kStvDefault;
  std::string section;
};

// A linked executable to be written as ET_EXEC / EM_RISCV.
struct ElfImage {
  uint32_t entry = 0;
  uint32_t flags = 0;               // e_flags
  uint32_t segment_align = 0x1000;  // p_align of each PT_LOAD (raised to the section's align)
  std::vector<ImageSection> sections;
  std::vector<ImageSymbol> symbols;
};

// Checks the preconditions of write_elf: unique non-reserved section names, PROGBITS or
// NOBITS only, power-of-two alignments, aligned and non-overlapping allocatable sections
// inside the 32-bit space, symbols naming existing sections. Errors name the culprit.
Status check_image(const ElfImage& image);

// Writes `image`: ELF header, one PT_LOAD per non-empty allocatable section (sorted by
// address, p_offset ≡ p_vaddr mod p_align), the section contents, .symtab (locals first,
// sh_info = first non-local), .strtab, .shstrtab and the section header table. Section
// indices are 1..n in input order, then .symtab, .strtab, .shstrtab. For an image that
// fails check_image the output is well-defined bytes but not a meaningful ELF file.
std::vector<uint8_t> write_elf(const ElfImage& image);

}  // namespace ventus::elf
