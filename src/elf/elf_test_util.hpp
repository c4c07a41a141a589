// Test helpers for the elf tests: a Ventus-like sample image and raw byte patching.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "elf/byte_order.hpp"
#include "elf/elf_writer.hpp"

namespace ventus::elf::testing {

inline std::vector<uint8_t> words_le(std::initializer_list<uint32_t> words) {
  std::vector<uint8_t> out(words.size() * 4);
  size_t at = 0;
  for (uint32_t w : words) {
    detail::store32(out, at, w);
    at += 4;
  }
  return out;
}

// A kernel laid out like the Ventus linker script output (ISA.md §7.8), with locals and
// globals interleaved on input so the writer must reorder them.
inline ElfImage sample_image() {
  ElfImage image;
  image.entry = 0x80000000;
  image.sections.push_back({".text", kShtProgbits, kShfAlloc | kShfExecinstr, 0x80000000, 4,
                            words_le({0x00004197, 0x80818193, 0x00000013, 0x0000006f}), 0});
  image.sections.push_back({".tohost", kShtProgbits, kShfAlloc | kShfWrite, 0x80001000, 64,
                            std::vector<uint8_t>(0x48, 0), 0});
  image.sections.push_back(
      {".data", kShtProgbits, kShfAlloc | kShfWrite, 0x80003000, 1, {1, 2, 3, 4, 5, 6, 7, 8}, 0});
  image.sections.push_back({".bss", kShtNobits, kShfAlloc | kShfWrite, 0x80003008, 8, {}, 0x20});
  image.sections.push_back({".rodata.ventus.resource",
                            kShtProgbits,
                            kShfWrite,
                            0,
                            1,
                            {0x0c, 0x00, 0x15, 0x00, 0x1c, 0x00, 0x00, 0x00},
                            0});
  image.symbols = {
      {"_start", 0x80000000, 16, kSttFunc, kStbGlobal, kStvDefault, ".text"},
      {".Lpcrel_hi0", 0x80000000, 0, kSttNotype, kStbLocal, kStvDefault, ".text"},
      {"vecadd", 0x80000008, 8, kSttFunc, kStbGlobal, kStvDefault, ".text"},
      {"object.cl", 0, 0, kSttFile, kStbLocal, kStvDefault, ""},
      {"tohost", 0x80001000, 0, kSttNotype, kStbGlobal, kStvDefault, ".tohost"},
      {".LBB0_2", 0x80000004, 0, kSttNotype, kStbLocal, kStvDefault, ".text"},
      {"BUFFER_ADDR", 0x80003000, 0, kSttObject, kStbWeak, kStvDefault, ".data"},
      {"_end", 0x80003028, 0, kSttNotype, kStbGlobal, 2 /*STV_HIDDEN*/, ".bss"},
  };
  return image;
}

inline uint32_t get32(const std::vector<uint8_t>& b, size_t at) {
  return detail::load32(b, at);
}
inline void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  detail::store32(b, at, v);
}
inline void put16(std::vector<uint8_t>& b, size_t at, uint16_t v) {
  detail::store16(b, at, v);
}

// File offset of section header `index` in a valid ELF32 image.
inline size_t shdr_at(const std::vector<uint8_t>& b, size_t index) {
  return get32(b, 32) + index * kShdrSize;
}

}  // namespace ventus::elf::testing
