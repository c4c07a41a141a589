// Reader error tests: every malformed-input class yields one clear line naming the file.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "elf/elf_reader.hpp"
#include "elf/elf_test_util.hpp"

namespace ventus::elf {
namespace {

using testing::get32;
using testing::put16;
using testing::put32;
using testing::sample_image;
using testing::shdr_at;

std::vector<uint8_t> sample_bytes() {
  return write_elf(sample_image());
}

std::string error_of(const std::vector<uint8_t>& bytes, std::string_view name = "x.elf") {
  auto file = read_elf(bytes, name);
  return file.ok() ? std::string("<ok>") : file.error().message;
}

// Index of the section called `name` in the sample file.
size_t section_index(const std::vector<uint8_t>& bytes, std::string_view name) {
  auto file = read_elf(bytes, "x.elf");
  const Section* s = file.ok() ? file->find_section(name) : nullptr;
  return s == nullptr ? 0 : s->index;
}

TEST(ElfReader, EmptyFile) {
  EXPECT_EQ(error_of({}, "k.elf"), "k.elf: empty file");
}

TEST(ElfReader, NotAnElf) {
  const std::string text = "#!/bin/sh\necho this is not an ELF file\n";
  EXPECT_EQ(error_of({text.begin(), text.end()}), "x.elf: not an ELF file (bad magic)");
  EXPECT_EQ(error_of({'M', 'Z'}), "x.elf: not an ELF file (bad magic)");
}

TEST(ElfReader, Rejects64Bit) {
  std::vector<uint8_t> bytes = sample_bytes();
  bytes[4] = 2;  // EI_CLASS = ELFCLASS64
  EXPECT_EQ(error_of(bytes), "x.elf: 64-bit ELF (ELFCLASS64) is not supported; expected ELF32");
}

TEST(ElfReader, RejectsBigEndian) {
  std::vector<uint8_t> bytes = sample_bytes();
  bytes[5] = 2;  // EI_DATA = ELFDATA2MSB
  EXPECT_EQ(error_of(bytes), "x.elf: big-endian ELF is not supported");
}

TEST(ElfReader, RejectsBadClassEncodingVersion) {
  std::vector<uint8_t> bytes = sample_bytes();
  bytes[4] = 7;
  EXPECT_EQ(error_of(bytes), "x.elf: invalid ELF class 7 (expected 1, ELFCLASS32)");
  bytes = sample_bytes();
  bytes[5] = 0;
  EXPECT_EQ(error_of(bytes), "x.elf: invalid ELF data encoding 0 (expected 1, LSB)");
  bytes = sample_bytes();
  bytes[6] = 2;
  EXPECT_EQ(error_of(bytes), "x.elf: unsupported ELF version 2 (expected 1)");
}

TEST(ElfReader, RejectsOtherMachines) {
  std::vector<uint8_t> bytes = sample_bytes();
  put16(bytes, 18, 62);  // EM_X86_64
  EXPECT_EQ(error_of(bytes), "x.elf: not a RISC-V ELF (e_machine 62)");
}

// The section header table is last in the writer's layout, so every cut truncates something.
TEST(ElfReader, EveryTruncationIsReported) {
  const std::vector<uint8_t> bytes = sample_bytes();
  for (size_t length = 1; length < bytes.size(); ++length) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(length));
    const std::string message = error_of(cut, "cut.elf");
    EXPECT_EQ(message.rfind("cut.elf: truncated: ", 0), 0u) << length << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(ElfReader, TruncatedSectionHeaderTableMessage) {
  std::vector<uint8_t> bytes = sample_bytes();
  const uint32_t shoff = get32(bytes, 32);
  bytes.pop_back();
  EXPECT_EQ(error_of(bytes),
            fmt::format("x.elf: truncated: section header table (offset {:#x}, 9 entries) extends "
                        "past end of file (size {})",
                        shoff, bytes.size()));
}

TEST(ElfReader, SectionRangeOverflowIsCaught) {
  std::vector<uint8_t> bytes = sample_bytes();
  put32(bytes, shdr_at(bytes, 1) + 16, 0xfffffff0);  // .text sh_offset: offset + size wraps
  EXPECT_NE(error_of(bytes).find("truncated: section [1] (offset 0xfffffff0"), std::string::npos)
      << error_of(bytes);
  bytes = sample_bytes();
  put32(bytes, shdr_at(bytes, 1) + 12, 0xfffffffc);  // .text address wraps past 4 GiB
  EXPECT_NE(error_of(bytes).find("wraps past the 32-bit address space"), std::string::npos);
}

TEST(ElfReader, BadSectionNameReferences) {
  std::vector<uint8_t> bytes = sample_bytes();
  put32(bytes, shdr_at(bytes, 1), 0x10000);  // .text sh_name far outside .shstrtab
  EXPECT_NE(error_of(bytes).find("section 1: name offset 0x10000 is outside string table"),
            std::string::npos)
      << error_of(bytes);
  bytes = sample_bytes();
  put16(bytes, 50, 99);  // e_shstrndx
  EXPECT_EQ(error_of(bytes), "x.elf: section name string table index 99 out of range (9 sections)");
  bytes = sample_bytes();
  put16(bytes, 50, 1);  // .text is not a string table
  EXPECT_NE(error_of(bytes).find("expected SHT_STRTAB"), std::string::npos);
  bytes = sample_bytes();
  const size_t shstrtab = shdr_at(bytes, get32(bytes, 48) >> 16);
  const size_t last = get32(bytes, shstrtab + 16) + get32(bytes, shstrtab + 20) - 1;
  bytes[last] = 'x';  // final NUL of .shstrtab
  EXPECT_NE(error_of(bytes).find("is not NUL-terminated"), std::string::npos) << error_of(bytes);
}

TEST(ElfReader, BadSymbolTables) {
  const std::vector<uint8_t> good = sample_bytes();
  const size_t symtab = shdr_at(good, section_index(good, ".symtab"));
  std::vector<uint8_t> bytes = good;
  put32(bytes, symtab + 36, 24);  // sh_entsize
  EXPECT_NE(error_of(bytes).find("entry size 24 (expected 16)"), std::string::npos);
  bytes = good;
  put32(bytes, symtab + 24, 1);  // sh_link to .text
  EXPECT_NE(error_of(bytes).find("which is not a string table"), std::string::npos);
  bytes = good;
  put32(bytes, symtab + 28, 1000);  // sh_info beyond the entries
  EXPECT_NE(error_of(bytes).find("exceeds its 9 entries"), std::string::npos) << error_of(bytes);
  bytes = good;
  put32(bytes, symtab + 20, get32(good, symtab + 20) - 1);  // size not a multiple of 16
  EXPECT_NE(error_of(bytes).find("is not a multiple of 16"), std::string::npos);
  bytes = good;
  put16(bytes, get32(good, symtab + 16) + 16 + 14, 200);  // symbol 1 st_shndx
  EXPECT_NE(error_of(bytes).find("section index 200 out of range (9 sections)"), std::string::npos)
      << error_of(bytes);
  bytes = good;
  put32(bytes, get32(good, symtab + 16) + 16, 0x7fffffff);  // symbol 1 st_name
  EXPECT_NE(error_of(bytes).find("symbol 1: name offset 0x7fffffff"), std::string::npos)
      << error_of(bytes);
}

TEST(ElfReader, BadProgramHeaders) {
  const std::vector<uint8_t> good = sample_bytes();
  const uint32_t phoff = get32(good, 28);
  std::vector<uint8_t> bytes = good;
  put32(bytes, phoff + 16, get32(good, phoff + 20) + 1);  // p_filesz > p_memsz
  EXPECT_NE(error_of(bytes).find("program header 0: p_filesz"), std::string::npos);
  bytes = good;
  put32(bytes, phoff + 8, 0xfffffff8);  // p_vaddr + p_memsz wraps
  EXPECT_NE(error_of(bytes).find("wraps past the 32-bit address space"), std::string::npos);
  bytes = good;
  put16(bytes, 42, 56);  // e_phentsize of ELF64
  EXPECT_EQ(error_of(bytes), "x.elf: unexpected e_phentsize 56 (expected 32)");
  bytes = good;
  put16(bytes, 44, 0x7ff);  // e_phnum
  EXPECT_NE(error_of(bytes).find("truncated: program header table (offset 0x34, 2047 entries)"),
            std::string::npos);
  bytes = good;
  put32(bytes, phoff + 4, 0xfffff000);  // p_offset
  EXPECT_NE(error_of(bytes).find("truncated: program header 0"), std::string::npos);
}

TEST(ElfReader, HeaderTableInconsistencies) {
  std::vector<uint8_t> bytes = sample_bytes();
  put32(bytes, 32, 0);  // e_shoff = 0 with e_shnum != 0
  EXPECT_EQ(error_of(bytes), "x.elf: e_shnum is 9 but e_shoff is 0");
  bytes = sample_bytes();
  put16(bytes, 46, 64);
  EXPECT_EQ(error_of(bytes), "x.elf: unexpected e_shentsize 64 (expected 40)");
}

// gABI extended numbering: e_shnum = 0 and e_shstrndx = SHN_XINDEX defer to section 0.
TEST(ElfReader, ExtendedSectionNumbering) {
  std::vector<uint8_t> bytes = sample_bytes();
  const uint32_t shnum = get32(bytes, 48) & 0xffff;
  const uint32_t shstrndx = get32(bytes, 48) >> 16;
  put16(bytes, 48, 0);
  put16(bytes, 50, kShnXindex);
  put32(bytes, shdr_at(bytes, 0) + 20, shnum);
  put32(bytes, shdr_at(bytes, 0) + 24, shstrndx);
  auto file = read_elf(bytes, "x.elf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_EQ(file->sections.size(), shnum);
  ASSERT_NE(file->find_section(".text"), nullptr);
}

TEST(ElfReader, ViewsOutliveTheInputAndTheOriginal) {
  std::vector<uint8_t> bytes = sample_bytes();
  auto file = read_elf(bytes, "x.elf");
  ASSERT_TRUE(file.ok());
  bytes.assign(bytes.size(), 0xee);  // the reader must have copied the input
  const ElfFile copy = [&] { return ElfFile(*file); }();
  file = Error{"gone"};
  const Section* text = copy.find_section(".text");
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->bytes[0], 0x97);
  EXPECT_EQ(copy.find_symbol("vecadd")->name, "vecadd");
}

TEST(ElfReaderFile, ReadsAndReportsPaths) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto path = (dir / "ventus_elf_reader_test.elf").string();
  const std::vector<uint8_t> bytes = sample_bytes();
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  auto file = read_elf_file(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_EQ(file->entry, 0x80000000u);

  auto missing = read_elf_file(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message.rfind("cannot open ELF file '" + path + "' (", 0), 0u)
      << missing.error().message;
  auto directory = read_elf_file(dir.string());
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error().message,
            "ELF file '" + dir.string() + "' is a directory, not a regular file");
  if (std::filesystem::exists("/dev/zero")) {  // would never end if read as a stream
    auto device = read_elf_file("/dev/zero");
    ASSERT_FALSE(device.ok());
    EXPECT_EQ(device.error().message, "ELF file '/dev/zero' is a device, not a regular file");
  }
}

}  // namespace
}  // namespace ventus::elf
