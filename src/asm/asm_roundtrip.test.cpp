// Round trip on real code: every reference listing, turned back into assembly and assembled
// with --no-crt0 at 0x80000000, reproduces the reference ELF's .text bytes exactly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "asm/assembler.hpp"
#include "elf/elf_reader.hpp"

namespace ventus::as {
namespace {

namespace fs = std::filesystem;

struct Listing {
  std::string assembly;
  std::vector<uint8_t> bytes;  // the listing's own bytes column, for messages
};

// Label lines become labels; "0x80000054 <.Ltmp0>" targets become label names. A name
// defined at two addresses (the listings reuse ".WIXR") gets an address suffix so every
// label stays unique; "<sym+0x..>" targets keep the numeric address.
Listing listing_to_assembly(std::istream& in) {
  static const std::regex kLabel(R"(^([0-9a-f]{8}) <(.+)>:$)");
  static const std::regex kInsn(R"(^([0-9a-f]{8}): ((?:[0-9a-f]{2} ){4}) *\t(.*)$)");
  static const std::regex kTarget(R"(0x([0-9a-f]+) <([^>]+)>)");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::map<std::string, std::string> label_at;  // address -> unique label
  std::map<std::string, int> used;
  for (const std::string& line : lines) {
    std::smatch m;
    if (!std::regex_match(line, m, kLabel)) continue;
    const int n = used[m[2]]++;
    label_at[m[1]] = n == 0 ? std::string(m[2]) : std::string(m[2]) + "_" + std::string(m[1]);
  }
  Listing out;
  for (const std::string& line : lines) {
    std::smatch m;
    if (std::regex_match(line, m, kLabel)) {
      out.assembly += label_at[m[1]] + ":\n";
    } else if (std::regex_match(line, m, kInsn)) {
      std::string text = m[3];
      std::smatch t;
      if (std::regex_search(text, t, kTarget)) {
        const std::string addr = t[1].str();
        auto it = label_at.find(std::string(8 - addr.size(), '0') + addr);
        const bool plain = it != label_at.end() && t[2].str().find('+') == std::string::npos;
        text =
            std::string(t.prefix()) + (plain ? it->second : "0x" + addr) + std::string(t.suffix());
      }
      out.assembly += "\t" + text + "\n";
      std::istringstream hex(m[2].str());
      for (unsigned b; hex >> std::hex >> b;) out.bytes.push_back(static_cast<uint8_t>(b));
    }
  }
  return out;
}

std::vector<fs::path> listings() {
  std::vector<fs::path> out;
  const fs::path cases = fs::path(VENTUS_REFERENCE_DIR) / "cases";
  std::error_code ec;
  if (!fs::is_directory(cases, ec)) return out;
  for (const auto& entry : fs::directory_iterator(cases, ec)) {
    if (fs::exists(entry.path() / "object.dump") && fs::exists(entry.path() / "object.riscv")) {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AsmReferenceRoundTrip, EveryListingReassemblesToTheReferenceText) {
  const auto dirs = listings();
  if (dirs.empty()) GTEST_SKIP() << "reference cases not found under " << VENTUS_REFERENCE_DIR;
  for (const fs::path& dir : dirs) {
    SCOPED_TRACE(dir.string());
    std::ifstream dump(dir / "object.dump");
    const Listing listing = listing_to_assembly(dump);
    AssembleOptions options;
    options.crt0 = false;
    const AssembleOutput out = assemble_text("listing.s", listing.assembly, options);
    ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
    auto ref = elf::read_elf_file((dir / "object.riscv").string());
    ASSERT_TRUE(ref.ok()) << ref.error().message;
    const elf::Section* ref_text = ref->find_section(".text");
    ASSERT_NE(ref_text, nullptr);
    const std::vector<uint8_t> expected(ref_text->bytes.begin(), ref_text->bytes.end());
    const auto text = std::find_if(out.image.sections.begin(), out.image.sections.end(),
                                   [](const auto& s) { return s.name == ".text"; });
    ASSERT_NE(text, out.image.sections.end());
    EXPECT_EQ(text->addr, ref_text->addr);
    ASSERT_EQ(text->bytes.size(), expected.size());
    for (size_t i = 0; i < expected.size(); i += 4) {
      ASSERT_TRUE(std::equal(expected.begin() + static_cast<std::ptrdiff_t>(i),
                             expected.begin() + static_cast<std::ptrdiff_t>(i + 4),
                             text->bytes.begin() + static_cast<std::ptrdiff_t>(i)))
          << "first difference at .text offset 0x" << std::hex << i;
    }
    RecordProperty(dir.filename().string(), static_cast<int>(expected.size()));
    EXPECT_EQ(listing.bytes, expected) << "the listing's bytes column should equal the ELF";
  }
}

}  // namespace
}  // namespace ventus::as
