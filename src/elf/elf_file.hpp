// ELF32 RISC-V data model shared by the reader and the writer: gABI constants, parsed file.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace ventus::elf {

// Constants of the System V gABI and the RISC-V psABI that this project uses (ISA.md §7.8).
inline constexpr uint16_t kEtRel = 1;
inline constexpr uint16_t kEtExec = 2;
inline constexpr uint16_t kEmRiscv = 243;

inline constexpr uint32_t kShtNull = 0;
inline constexpr uint32_t kShtProgbits = 1;
inline constexpr uint32_t kShtSymtab = 2;
inline constexpr uint32_t kShtStrtab = 3;
inline constexpr uint32_t kShtNobits = 8;

inline constexpr uint32_t kShfWrite = 0x1;
inline constexpr uint32_t kShfAlloc = 0x2;
inline constexpr uint32_t kShfExecinstr = 0x4;

inline constexpr uint16_t kShnUndef = 0;
inline constexpr uint16_t kShnLoreserve = 0xff00;
inline constexpr uint16_t kShnAbs = 0xfff1;
inline constexpr uint16_t kShnCommon = 0xfff2;
inline constexpr uint16_t kShnXindex = 0xffff;

inline constexpr uint32_t kPtNull = 0;
inline constexpr uint32_t kPtLoad = 1;
inline constexpr uint32_t kPfX = 0x1;
inline constexpr uint32_t kPfW = 0x2;
inline constexpr uint32_t kPfR = 0x4;

inline constexpr uint8_t kStbLocal = 0;
inline constexpr uint8_t kStbGlobal = 1;
inline constexpr uint8_t kStbWeak = 2;
inline constexpr uint8_t kSttNotype = 0;
inline constexpr uint8_t kSttObject = 1;
inline constexpr uint8_t kSttFunc = 2;
inline constexpr uint8_t kSttSection = 3;
inline constexpr uint8_t kSttFile = 4;
inline constexpr uint8_t kStvDefault = 0;

// Sizes of the fixed ELF32 records.
inline constexpr uint32_t kEhdrSize = 52;
inline constexpr uint32_t kShdrSize = 40;
inline constexpr uint32_t kPhdrSize = 32;
inline constexpr uint32_t kSymSize = 16;

// One section header. Names and bytes are views into ElfFile::image.
struct Section {
  uint32_t index = 0;  // position in the section header table
  std::string_view name;
  uint32_t type = 0;
  uint32_t flags = 0;
  uint32_t addr = 0;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint32_t addralign = 0;
  uint32_t entsize = 0;
  std::span<const uint8_t> bytes;  // file contents; empty for SHT_NOBITS and SHT_NULL

  bool is_alloc() const { return (flags & kShfAlloc) != 0; }
};

// One .symtab entry (the null entry 0 is not included: symbols[i] is entry i + 1).
struct Symbol {
  std::string_view name;
  uint32_t value = 0;
  uint32_t size = 0;
  uint8_t type = kSttNotype;   // STT_*, low nibble of st_info
  uint8_t bind = kStbLocal;    // STB_*, high nibble of st_info
  uint8_t visibility = 0;      // STV_*, low two bits of st_other
  uint16_t section_index = 0;  // st_shndx; may be SHN_ABS / SHN_COMMON / SHN_UNDEF
};

// One program header; bytes are the p_filesz file bytes at p_offset.
struct Segment {
  uint32_t type = 0;
  uint32_t offset = 0;
  uint32_t vaddr = 0;
  uint32_t paddr = 0;
  uint32_t filesz = 0;
  uint32_t memsz = 0;
  uint32_t flags = 0;
  uint32_t align = 0;
  std::span<const uint8_t> bytes;
};

// A validated ELF32 LE RISC-V file. Every view points into `image`, which the file (and
// every copy of it) co-owns, so views stay valid as long as any copy lives.
struct ElfFile {
  uint16_t type = 0;
  uint16_t machine = 0;
  uint32_t entry = 0;
  uint32_t flags = 0;
  std::vector<Section> sections;  // includes the null section 0 when the file has one
  std::vector<Symbol> symbols;    // from the first SHT_SYMTAB section, if any
  std::vector<Segment> segments;
  std::shared_ptr<const std::vector<uint8_t>> image;

  // First section called `name`, or nullptr.
  const Section* find_section(std::string_view name) const;
  // The global (or weak) symbol called `name`, else the first local one, else nullptr.
  const Symbol* find_symbol(std::string_view name) const;
  // Symbols whose st_shndx is `section_index`, sorted by address (symtab order on ties).
  std::vector<Symbol> symbols_in_section(uint32_t section_index) const;
  // The PT_LOAD program headers in file order.
  std::vector<Segment> load_segments() const;
};

}  // namespace ventus::elf
