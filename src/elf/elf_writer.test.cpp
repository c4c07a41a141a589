// Writer tests: write→read round trip, gABI layout rules, readelf cross-check, check_image.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "elf/elf_reader.hpp"
#include "elf/elf_test_util.hpp"
#include "elf/elf_writer.hpp"

namespace ventus::elf {
namespace {

using testing::sample_image;

ElfFile round_trip(const ElfImage& image) {
  const std::vector<uint8_t> bytes = write_elf(image);
  auto file = read_elf(bytes, "written.elf");
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().message);
  return file.ok() ? std::move(file).value() : ElfFile{};
}

TEST(ElfWriter, SampleImagePassesCheck) {
  EXPECT_TRUE(check_image(sample_image()).ok());
}

TEST(ElfWriter, HeaderRoundTrips) {
  ElfImage image = sample_image();
  image.flags = 0x5;
  const ElfFile file = round_trip(image);
  EXPECT_EQ(file.type, kEtExec);
  EXPECT_EQ(file.machine, kEmRiscv);
  EXPECT_EQ(file.entry, 0x80000000u);
  EXPECT_EQ(file.flags, 0x5u);
}

TEST(ElfWriter, SectionsRoundTrip) {
  const ElfImage image = sample_image();
  const ElfFile file = round_trip(image);
  ASSERT_EQ(file.sections.size(), image.sections.size() + 4);
  EXPECT_EQ(file.sections[0].type, kShtNull);
  for (size_t i = 0; i < image.sections.size(); ++i) {
    const ImageSection& want = image.sections[i];
    const Section& got = file.sections[i + 1];
    SCOPED_TRACE(want.name);
    EXPECT_EQ(got.name, want.name);
    EXPECT_EQ(got.type, want.type);
    EXPECT_EQ(got.flags, want.flags);
    EXPECT_EQ(got.addr, want.addr);
    EXPECT_EQ(got.size, want.size());
    EXPECT_EQ(got.addralign, want.align);
    EXPECT_EQ(std::vector<uint8_t>(got.bytes.begin(), got.bytes.end()), want.bytes);
    if (want.align > 1) {
      EXPECT_EQ(got.offset % want.align, 0u);
    }
  }
  const Section* symtab = file.find_section(".symtab");
  ASSERT_NE(symtab, nullptr);
  EXPECT_EQ(symtab->type, kShtSymtab);
  EXPECT_EQ(symtab->entsize, kSymSize);
  EXPECT_EQ(file.sections.at(symtab->link).name, ".strtab");
  ASSERT_NE(file.find_section(".shstrtab"), nullptr);
}

TEST(ElfWriter, SymbolsRoundTripWithLocalsFirst) {
  const ElfImage image = sample_image();
  const ElfFile file = round_trip(image);
  ASSERT_EQ(file.symbols.size(), image.symbols.size());
  const Section* symtab = file.find_section(".symtab");
  ASSERT_NE(symtab, nullptr);
  const auto locals = std::count_if(image.symbols.begin(), image.symbols.end(),
                                    [](const ImageSymbol& s) { return s.bind == kStbLocal; });
  EXPECT_EQ(symtab->info, static_cast<uint32_t>(locals + 1));  // first global, entry 0 is null
  for (size_t i = 0; i < file.symbols.size(); ++i) {
    EXPECT_EQ(file.symbols[i].bind == kStbLocal, i + 1 < symtab->info) << file.symbols[i].name;
  }
  for (const ImageSymbol& want : image.symbols) {
    SCOPED_TRACE(want.name);
    const Symbol* got = file.find_symbol(want.name);
    ASSERT_NE(got, nullptr);
    EXPECT_EQ(got->value, want.value);
    EXPECT_EQ(got->size, want.size);
    EXPECT_EQ(got->type, want.type);
    EXPECT_EQ(got->bind, want.bind);
    EXPECT_EQ(got->visibility, want.visibility);
    if (want.section.empty()) {
      EXPECT_EQ(got->section_index, kShnAbs);
    } else {
      EXPECT_EQ(file.sections.at(got->section_index).name, want.section);
    }
  }
}

TEST(ElfWriter, OneLoadSegmentPerAllocatableSectionWithCongruentOffsets) {
  const ElfImage image = sample_image();
  const ElfFile file = round_trip(image);
  const std::vector<Segment> loads = file.load_segments();
  ASSERT_EQ(loads.size(), 4u);  // .text .tohost .data .bss; the resource section is not alloc
  for (size_t i = 1; i < loads.size(); ++i) EXPECT_LT(loads[i - 1].vaddr, loads[i].vaddr);
  for (const Segment& seg : loads) {
    SCOPED_TRACE(seg.vaddr);
    const auto it = std::find_if(image.sections.begin(), image.sections.end(),
                                 [&](const ImageSection& s) { return s.addr == seg.vaddr; });
    ASSERT_NE(it, image.sections.end());
    EXPECT_EQ(seg.paddr, seg.vaddr);
    EXPECT_EQ(seg.memsz, it->size());
    EXPECT_EQ(seg.filesz, it->type == kShtNobits ? 0u : it->size());
    EXPECT_EQ(std::vector<uint8_t>(seg.bytes.begin(), seg.bytes.end()), it->bytes);
    EXPECT_GE(seg.align, 0x1000u);
    EXPECT_EQ(seg.offset % seg.align, seg.vaddr % seg.align);
    const uint32_t want_flags =
        kPfR | ((it->flags & kShfWrite) ? kPfW : 0) | ((it->flags & kShfExecinstr) ? kPfX : 0);
    EXPECT_EQ(seg.flags, want_flags);
  }
}

TEST(ElfWriter, SmallSegmentAlignmentStillHonoursSectionAlignment) {
  ElfImage image = sample_image();
  image.segment_align = 4;
  const ElfFile file = round_trip(image);
  for (const Segment& seg : file.load_segments()) {
    EXPECT_EQ(seg.offset % seg.align, seg.vaddr % seg.align);
    if (seg.vaddr == 0x80001000) {
      EXPECT_EQ(seg.align, 64u);  // .tohost asks for 64
    }
  }
  EXPECT_LT(write_elf(image).size(), write_elf(sample_image()).size());
}

TEST(ElfWriter, EmptyImageIsAValidElf) {
  ElfImage image;
  image.entry = 0x1234;
  const ElfFile file = round_trip(image);
  EXPECT_EQ(file.entry, 0x1234u);
  EXPECT_TRUE(file.segments.empty());
  EXPECT_TRUE(file.symbols.empty());
  EXPECT_EQ(file.sections.size(), 4u);
}

TEST(ElfWriter, SymbolsInSectionAreSortedByAddress) {
  const ElfFile file = round_trip(sample_image());
  const Section* text = file.find_section(".text");
  ASSERT_NE(text, nullptr);
  const std::vector<Symbol> syms = file.symbols_in_section(text->index);
  ASSERT_EQ(syms.size(), 4u);
  EXPECT_EQ(syms[0].value, 0x80000000u);
  EXPECT_EQ(syms[2].name, ".LBB0_2");
  EXPECT_EQ(syms[3].name, "vecadd");
}

// GNU readelf is an independent parser: it must accept the output without complaint.
TEST(ElfWriter, GnuReadelfAcceptsOutput) {
  if (std::system("readelf --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no readelf";
  const auto path = std::filesystem::temp_directory_path() / "ventus_elf_writer_test.elf";
  const std::vector<uint8_t> bytes = write_elf(sample_image());
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  const std::string command = "readelf -W -h -S -l -s " + path.string() + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0);
  std::filesystem::remove(path);
  EXPECT_EQ(output.find("Warning"), std::string::npos) << output;
  EXPECT_EQ(output.find("Error"), std::string::npos) << output;
  EXPECT_NE(output.find("RISC-V"), std::string::npos) << output;
  EXPECT_NE(output.find("EXEC (Executable file)"), std::string::npos) << output;
  EXPECT_EQ(output.find(".text .tohost"), std::string::npos) << "segments should not merge";
  EXPECT_NE(output.find("FUNC    GLOBAL DEFAULT    1 vecadd"), std::string::npos) << output;
}

TEST(ElfWriterCheck, RejectsBadImages) {
  const auto expect_error = [](ElfImage image, const std::string& fragment) {
    const Status status = check_image(image);
    ASSERT_FALSE(status.ok()) << fragment;
    EXPECT_NE(status.error().message.find(fragment), std::string::npos) << status.error().message;
  };
  ElfImage dup = sample_image();
  dup.sections[1].name = ".text";
  expect_error(dup, "duplicate name");
  ElfImage overlap = sample_image();
  overlap.sections[2].addr = 0x80001040;
  overlap.sections[2].align = 4;
  expect_error(overlap, "overlap");
  ElfImage align = sample_image();
  align.sections[0].align = 3;
  expect_error(align, "power of two");
  ElfImage misaligned = sample_image();
  misaligned.sections[0].addr = 0x80000002;
  expect_error(misaligned, "aligned");
  ElfImage unknown = sample_image();
  unknown.symbols[0].section = ".nope";
  expect_error(unknown, "unknown section '.nope'");
  ElfImage reserved = sample_image();
  reserved.sections[4].name = ".symtab";
  expect_error(reserved, "reserved");
  ElfImage nobits = sample_image();
  nobits.sections[3].bytes = {1};
  expect_error(nobits, "NOBITS section has bytes");
  ElfImage wrap = sample_image();
  wrap.sections[2].addr = 0xfffffffc;
  expect_error(wrap, "32-bit address space");
}

}  // namespace
}  // namespace ventus::elf
