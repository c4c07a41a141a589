// Conformance of both disassembler styles and of encode(decode(w)) against the reference corpus:
// every instruction line of every object.dump (LLVM style) and every disassembly line of every
// reference commit log (REF style, ISA.md §10.1).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "isa/disassembler.hpp"
#include "isa/encoder.hpp"

namespace ventus::isa {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> reference_files(const std::string& relative_name) {
  std::vector<fs::path> files;
  const fs::path cases = fs::path(VENTUS_REFERENCE_DIR) / "cases";
  if (!fs::is_directory(cases)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(cases)) {
    if (entry.path().filename() == relative_name ||
        (relative_name == "*.log" && entry.path().extension() == ".log")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Symbols from the listing's own label lines ("80000034 <.Lpcrel_hi1>:").
class ListingSymbols : public SymbolLookup {
 public:
  void add(uint32_t address, std::string name) { by_address_.emplace(address, std::move(name)); }
  std::optional<std::string> symbolize(uint32_t address) const override {
    auto it = by_address_.upper_bound(address);
    if (it == by_address_.begin()) return std::nullopt;
    --it;
    if (it->first == address) return it->second;
    return it->second + "+0x" + fmt::format("{:x}", address - it->first);
  }

 private:
  std::multimap<uint32_t, std::string> by_address_;  // first label at an address wins
};

struct ListingLine {
  uint32_t address;
  uint32_t word;
  std::string text;
};

std::vector<ListingLine> read_listing(const fs::path& path, ListingSymbols& symbols) {
  static const std::regex kLabel(R"(^([0-9a-f]{8}) <(.*)>:$)");
  static const std::regex kInsn(
      R"(^([0-9a-f]{8}): ([0-9a-f]{2}) ([0-9a-f]{2}) ([0-9a-f]{2}) ([0-9a-f]{2})  \t(.*)$)");
  std::vector<ListingLine> lines;
  std::ifstream in(path);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, kLabel)) {
      symbols.add(static_cast<uint32_t>(std::stoul(m[1], nullptr, 16)), m[2]);
    } else if (std::regex_match(line, m, kInsn)) {
      uint32_t word = 0;
      for (int b = 4; b >= 1; --b)
        word = (word << 8) | static_cast<uint32_t>(std::stoul(m[1 + b], nullptr, 16));
      lines.push_back({static_cast<uint32_t>(std::stoul(m[1], nullptr, 16)), word, m[6]});
    }
  }
  return lines;
}

TEST(ReferenceConformance, LlvmStyleMatchesEveryListingLine) {
  const auto dumps = reference_files("object.dump");
  if (dumps.empty()) GTEST_SKIP() << "reference corpus not found at " << VENTUS_REFERENCE_DIR;
  size_t checked = 0;
  for (const auto& dump : dumps) {
    ListingSymbols symbols;
    const auto lines = read_listing(dump, symbols);
    ASSERT_FALSE(lines.empty()) << dump;
    for (const auto& l : lines) {
      EXPECT_EQ(disassemble(l.word, l.address, DisasmStyle::Llvm, &symbols), l.text)
          << dump << " at " << std::hex << l.address << " word " << l.word;
      const Decoded d = decode(l.word);
      ASSERT_TRUE(d.valid()) << std::hex << l.word;
      EXPECT_EQ(encode(d), l.word) << std::hex << l.word << " " << l.text;
      ++checked;
    }
  }
  EXPECT_GT(checked, 500u);
}

TEST(ReferenceConformance, RefStyleMatchesEveryCommitLogDisassemblyLine) {
  const auto logs = reference_files("*.log");
  if (logs.empty()) GTEST_SKIP() << "reference corpus not found at " << VENTUS_REFERENCE_DIR;
  static const std::regex kDisasm(R"(^core +\d+: 0x([0-9a-f]{8}) \(0x([0-9a-f]{8})\) (.*)$)");
  std::set<std::pair<uint32_t, uint32_t>> seen;  // (pc, word) checked once
  for (const auto& log : logs) {
    std::ifstream in(log);
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
      if (!std::regex_match(line, m, kDisasm)) continue;
      const auto pc = static_cast<uint32_t>(std::stoul(m[1], nullptr, 16));
      const auto word = static_cast<uint32_t>(std::stoul(m[2], nullptr, 16));
      if (!seen.insert({pc, word}).second) continue;
      EXPECT_EQ(disassemble(word, pc, DisasmStyle::Ref), m[3].str())
          << log << " pc " << std::hex << pc;
    }
  }
  EXPECT_GT(seen.size(), 300u);
}

}  // namespace
}  // namespace ventus::isa
