// Fuzz target: the ELF32 reader on arbitrary bytes, then every objdump listing of what it
// accepted (every view it returns is read, so ASan sees a stray one).
#include <cstdint>

#include "elf/elf_reader.hpp"
#include "elf/elf_test_util.hpp"
#include "elf/line_table.hpp"
#include "elf/riscv_attributes.hpp"
#include "fuzz_target.hpp"
#include "objdump/objdump.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto file = ventus::elf::read_elf({data, size}, "fuzz.elf");
  if (!file) return 0;
  size_t sum = 0;
  for (const auto& section : file->sections) {
    for (uint8_t byte : section.bytes) sum += byte;
  }
  for (const auto& segment : file->load_segments()) {
    for (uint8_t byte : segment.bytes) sum += byte;
  }
  for (const auto& symbol : file->symbols) sum += symbol.name.size();
  sum += ventus::objdump::section_headers(*file).size();
  sum += ventus::objdump::symbol_table(*file, {}).size();
  sum += ventus::objdump::section_contents(*file).size();
  sum += ventus::objdump::disassembly(*file, {}).size();
  // Both ISA profiles, and the .riscv.attributes parser (docs/isa-profiles.md).
  sum += ventus::objdump::disassembly(*file, {}, ventus::isa::Profile::V203).size();
  if (auto arch = ventus::elf::arch_attribute(*file); arch && arch->has_value()) {
    sum += arch->value().size();
  }
  if (auto rows = ventus::elf::read_line_table(*file); rows) sum += rows->size();
  return sum == SIZE_MAX ? 1 : 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  const std::vector<uint8_t> bytes = elf::write_elf(elf::testing::sample_image());
  return {std::string(bytes.begin(), bytes.end())};
}

std::vector<std::string> tokens() {
  return {std::string("\x7f"
                      "ELF\x01\x01\x01",
                      7),
          std::string("\xf3\x00", 2),
          std::string("\xff\xff\xff\xff", 4),
          std::string("\x00\x00\x00\x00", 4),
          std::string("\xf1\xff", 2),
          ".text",
          ".symtab",
          ".strtab",
          std::string(1, '\0')};
}

}  // namespace ventus::fuzz
