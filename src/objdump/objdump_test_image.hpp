// A small synthetic ELF for objdump tests: symbol-choice corner cases llvm-objdump resolves.
#pragma once

#include <cstdint>
#include <vector>

#include "elf/elf_writer.hpp"

namespace ventus::objdump::testing {

inline void append_word(std::vector<uint8_t>& bytes, uint32_t word) {
  for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(word >> (8 * i)));
}

// .text at 0x80000000:            .text.b at 0x80000100 (no symbol at its start):
//   00 li a0, 5                     100 add a0, a0, a1
//   04 beq a0, a1, +8  (-> 0c)      104 word 0x0000600b (custom-0 funct3 110: no instruction
//                                       of either profile, ISA.md §5.12, nor of LLVM)
//   08 jal ra, +8      (-> 10)      108 16-bit parcel 0x4501 (no C extension)
//   0c add a0, a0, a1               10a j +0x700 (-> 80a, past the end of .text.b)
//   10 bnez a0, -16    (-> 00)      10e one trailing byte 0xef (too short for its width)
// Symbols: "_start" (global func) and "alpha" (local) share 0x80000000; "mid" at 0x8000000c;
// a section symbol at 0x80000004 and a file symbol, which llvm-objdump never prints.
inline elf::ElfImage symbol_corner_image() {
  elf::ElfImage image;
  image.entry = 0x80000000;
  elf::ImageSection text{
      ".text", elf::kShtProgbits, elf::kShfAlloc | elf::kShfExecinstr, 0x80000000, 4, {}, 0};
  for (uint32_t w : {0x00500513u, 0x00b50463u, 0x008000efu, 0x00b50533u, 0xfe0518e3u}) {
    append_word(text.bytes, w);
  }
  elf::ImageSection text_b{
      ".text.b", elf::kShtProgbits, elf::kShfAlloc | elf::kShfExecinstr, 0x80000100, 4, {}, 0};
  append_word(text_b.bytes, 0x00b50533u);
  append_word(text_b.bytes, 0x0000600bu);
  for (int b : {0x01, 0x45, 0x6f, 0x00, 0x00, 0x70, 0xef})
    text_b.bytes.push_back(static_cast<uint8_t>(b));
  elf::ImageSection data{
      ".data", elf::kShtProgbits, elf::kShfAlloc | elf::kShfWrite, 0x80001000, 4, {1, 2, 3, 4}, 0};
  image.sections = {text, text_b, data};
  image.symbols = {
      {"prog.c", 0, 0, elf::kSttFile, elf::kStbLocal, elf::kStvDefault, ""},
      {"alpha", 0x80000000, 0, elf::kSttNotype, elf::kStbLocal, elf::kStvDefault, ".text"},
      {"secsym", 0x80000004, 0, elf::kSttSection, elf::kStbLocal, elf::kStvDefault, ".text"},
      {"mid", 0x8000000c, 0, elf::kSttNotype, elf::kStbLocal, elf::kStvDefault, ".text"},
      {"_start", 0x80000000, 20, elf::kSttFunc, elf::kStbGlobal, elf::kStvDefault, ".text"},
      {"buffer", 0x80001000, 4, elf::kSttObject, elf::kStbGlobal, elf::kStvDefault, ".data"},
  };
  return image;
}

}  // namespace ventus::objdump::testing
