// Conformance: the reader against the real Ventus kernels of the reference corpus, checked
// against their llvm-objdump listings and (when installed) GNU readelf.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "elf/byte_order.hpp"
#include "elf/elf_reader.hpp"

namespace ventus::elf {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> reference_objects() {
  std::vector<fs::path> result;
  const fs::path cases = fs::path(VENTUS_REFERENCE_DIR) / "cases";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(cases, ec)) {
    if (fs::exists(entry.path() / "object.riscv")) result.push_back(entry.path());
  }
  std::sort(result.begin(), result.end());
  return result;
}

#define VENTUS_REQUIRE_REFERENCE(cases)                                       \
  if ((cases).empty())                                                        \
  GTEST_SKIP() << "reference corpus with object.riscv files not found under " \
               << VENTUS_REFERENCE_DIR << "/cases"

// One instruction line of `llvm-objdump -d`: "80000000: 97 41 00 00  \tauipc ...".
struct DumpLine {
  uint32_t address;
  std::vector<uint8_t> bytes;
};

struct Dump {
  std::vector<DumpLine> instructions;
  std::vector<std::pair<uint32_t, std::string>> labels;  // "80000000 <_start>:"
};

Dump parse_dump(const fs::path& path) {
  static const std::regex kInstr(R"(^([0-9a-f]{8}): ((?:[0-9a-f]{2} )+)\s)");
  static const std::regex kLabel(R"(^([0-9a-f]{8}) <(.+)>:$)");
  Dump dump;
  std::ifstream in(path);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, kInstr)) {
      DumpLine d{static_cast<uint32_t>(std::stoul(m[1], nullptr, 16)), {}};
      std::istringstream hex(m[2]);
      std::string byte;
      while (hex >> byte) d.bytes.push_back(static_cast<uint8_t>(std::stoul(byte, nullptr, 16)));
      dump.instructions.push_back(d);
    } else if (std::regex_search(line, m, kLabel)) {
      dump.labels.emplace_back(static_cast<uint32_t>(std::stoul(m[1], nullptr, 16)), m[2]);
    }
  }
  return dump;
}

std::string run(const std::string& command) {
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  pclose(pipe);
  return output;
}

TEST(ElfReference, HeaderAndLayoutFollowIsa78) {
  const auto cases = reference_objects();
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const fs::path& dir : cases) {
    SCOPED_TRACE(dir.string());
    auto file = read_elf_file((dir / "object.riscv").string());
    ASSERT_TRUE(file.ok()) << file.error().message;
    EXPECT_EQ(file->type, kEtExec);
    EXPECT_EQ(file->machine, kEmRiscv);
    EXPECT_EQ(file->entry, 0x80000000u);
    const Section* text = file->find_section(".text");
    ASSERT_NE(text, nullptr);
    EXPECT_EQ(text->addr, 0x80000000u);
    EXPECT_EQ(text->flags, kShfAlloc | kShfExecinstr);
    ASSERT_GE(text->bytes.size(), 4u);
    EXPECT_EQ(detail::load32(text->bytes, 0), 0x00004197u);  // auipc gp, 4 (ISA.md §7.3)
    ASSERT_NE(file->find_section(".tohost"), nullptr);
    EXPECT_EQ(file->find_section(".tohost")->addr, 0x80001000u);
    ASSERT_NE(file->find_section(".data"), nullptr);
    EXPECT_EQ(file->find_section(".data")->addr, 0x80003000u);
    const Symbol* start = file->find_symbol("_start");
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start->value, 0x80000000u);
    EXPECT_EQ(start->type, kSttFunc);
    EXPECT_EQ(start->section_index, text->index);
    const std::string name = dir.filename().string();
    const std::string kernel = name.starts_with("vecadd") ? "vecadd"
                               : name.starts_with("nn")   ? "NearestNeighbor"
                                                          : "Fan1";
    const Symbol* entry = file->find_symbol(kernel);
    ASSERT_NE(entry, nullptr) << kernel;
    EXPECT_EQ(entry->value, 0x800000a8u);  // first function after crt0 (ISA.md §7.8)
    EXPECT_EQ(entry->bind, kStbGlobal);
  }
}

TEST(ElfReference, TextMatchesObjdumpListing) {
  const auto cases = reference_objects();
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const fs::path& dir : cases) {
    SCOPED_TRACE(dir.string());
    auto file = read_elf_file((dir / "object.riscv").string());
    ASSERT_TRUE(file.ok()) << file.error().message;
    const Section* text = file->find_section(".text");
    ASSERT_NE(text, nullptr);
    const Dump dump = parse_dump(dir / "object.dump");
    ASSERT_FALSE(dump.instructions.empty());
    size_t listed_bytes = 0;
    for (const DumpLine& d : dump.instructions) {
      ASSERT_TRUE(detail::fits(d.address - text->addr, d.bytes.size(), text->size)) << d.address;
      const auto at = text->bytes.subspan(d.address - text->addr, d.bytes.size());
      EXPECT_EQ(std::vector<uint8_t>(at.begin(), at.end()), d.bytes) << std::hex << d.address;
      listed_bytes += d.bytes.size();
    }
    EXPECT_EQ(listed_bytes, text->size);
    EXPECT_EQ(dump.instructions.size() * 4, text->size);  // the corpus has no RVC code
    const std::vector<Symbol> syms = file->symbols_in_section(text->index);
    EXPECT_TRUE(std::is_sorted(syms.begin(), syms.end(),
                               [](const Symbol& a, const Symbol& b) { return a.value < b.value; }));
    for (const auto& [address, label] : dump.labels) {
      const bool found = std::any_of(syms.begin(), syms.end(), [&](const Symbol& s) {
        return s.value == address && s.name == label;
      });
      EXPECT_TRUE(found) << label << " @ " << std::hex << address;
    }
  }
}

TEST(ElfReference, LoadSegmentsCoverAllocatedSections) {
  const auto cases = reference_objects();
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const fs::path& dir : cases) {
    SCOPED_TRACE(dir.string());
    auto file = read_elf_file((dir / "object.riscv").string());
    ASSERT_TRUE(file.ok()) << file.error().message;
    const std::vector<Segment> loads = file->load_segments();
    EXPECT_EQ(loads.size(), 4u);  // .text .tohost .eh_frame .data
    for (const Section& s : file->sections) {
      if (!s.is_alloc() || s.size == 0 || s.type == kShtNobits) continue;
      const auto seg = std::find_if(loads.begin(), loads.end(), [&](const Segment& g) {
        return s.addr >= g.vaddr && s.addr + s.size <= g.vaddr + g.filesz;
      });
      ASSERT_NE(seg, loads.end()) << s.name;
      const auto bytes = seg->bytes.subspan(s.addr - seg->vaddr, s.size);
      EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), s.bytes.begin(), s.bytes.end())) << s.name;
    }
    const Section* symtab = file->find_section(".symtab");
    ASSERT_NE(symtab, nullptr);
    EXPECT_EQ(file->symbols.size(), symtab->size / kSymSize - 1);
    for (size_t i = 0; i < file->symbols.size(); ++i) {
      EXPECT_EQ(file->symbols[i].bind == kStbLocal, i + 1 < symtab->info) << i;
    }
  }
}

// GNU readelf is an independent parser; every section header and symbol must agree.
TEST(ElfReference, AgreesWithGnuReadelf) {
  const auto cases = reference_objects();
  VENTUS_REQUIRE_REFERENCE(cases);
  if (std::system("readelf --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no readelf";
  static const std::regex kShdr(
      R"(\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]{8}) ([0-9a-f]{6}) ([0-9a-f]{6}) ([0-9a-f]{2})\s+[A-Za-z]*\s*(\d+)\s+(\d+)\s+(\d+))");
  static const std::regex kSym(R"(^\s*(\d+): ([0-9a-f]{8})\s+(\d+) \w+\s+\w+\s+\w+\s+\S+ ?(.*)$)");
  for (const fs::path& dir : cases) {
    SCOPED_TRACE(dir.string());
    const std::string path = (dir / "object.riscv").string();
    auto file = read_elf_file(path);
    ASSERT_TRUE(file.ok()) << file.error().message;
    std::istringstream sections(run("readelf -W -S " + path));
    size_t matched = 0;
    for (std::string line; std::getline(sections, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, kShdr)) continue;
      const Section& s = file->sections.at(std::stoul(m[1]));
      EXPECT_EQ(s.name, m[2].str());
      EXPECT_EQ(s.addr, std::stoul(m[3], nullptr, 16)) << s.name;
      EXPECT_EQ(s.offset, std::stoul(m[4], nullptr, 16)) << s.name;
      EXPECT_EQ(s.size, std::stoul(m[5], nullptr, 16)) << s.name;
      EXPECT_EQ(s.entsize, std::stoul(m[6], nullptr, 16)) << s.name;
      EXPECT_EQ(s.link, std::stoul(m[7])) << s.name;
      EXPECT_EQ(s.info, std::stoul(m[8])) << s.name;
      EXPECT_EQ(s.addralign, std::stoul(m[9])) << s.name;
      ++matched;
    }
    EXPECT_EQ(matched, file->sections.size() - 1);  // readelf's [0] has no name to match
    std::istringstream symbols(run("readelf -W -s " + path));
    matched = 0;
    for (std::string line; std::getline(symbols, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, kSym) || m[1] == "0") continue;
      const Symbol& s = file->symbols.at(std::stoul(m[1]) - 1);
      EXPECT_EQ(s.value, std::stoul(m[2], nullptr, 16)) << s.name;
      EXPECT_EQ(s.size, std::stoul(m[3])) << s.name;
      EXPECT_EQ(s.name, m[4].str());
      ++matched;
    }
    EXPECT_EQ(matched, file->symbols.size());
  }
}

}  // namespace
}  // namespace ventus::elf
