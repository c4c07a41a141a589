// Mutation fuzzing (fixed seed, 100 000 inputs): mutated valid programs and random token soup
// never crash or hang the assembler, and every failure is a well-formed diagnostic. This
// binary is always built with AddressSanitizer and UBSan (see CMakeLists.txt).
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

#include "asm/assembler.hpp"
#include "asm/fuzz_seeds.hpp"
#include "elf/elf_writer.hpp"

namespace ventus::as {
namespace {

constexpr std::array<std::string_view, 40> kSoup = {"addi",    "a0",
                                                    ",",       "(",
                                                    ")",       "v0",
                                                    "x255",    "v300",
                                                    "%hi",     "%pcrel_lo",
                                                    "1b",      "2f",
                                                    ":",       ".word",
                                                    ".zero",   ".align",
                                                    ".equ",    "0x7fffffffffffffff",
                                                    "-",       "<<",
                                                    "/",       "0",
                                                    "\"s",     "\n",
                                                    ".kernel", "li",
                                                    "la",      "call",
                                                    "vadd.vv", "join",
                                                    "csrr",    "tid",
                                                    "e32",     "v0.t",
                                                    ".",       "'",
                                                    "/*",      "#",
                                                    ";",       "999999999999999999999"};

std::string mutate(std::string s, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 6);
  for (int e = 0; e < edits; ++e) {
    const size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
    switch (rng() % 4) {
      case 0:  // insert a random byte (including non-ASCII and NUL)
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), static_cast<char>(rng()));
        break;
      case 1:  // delete a span
        if (!s.empty()) s.erase(std::min(at, s.size() - 1), 1 + rng() % 8);
        break;
      case 2:  // insert a token
        s.insert(at, std::string(kSoup[rng() % kSoup.size()]) + " ");
        break;
      default:  // duplicate a span
        if (!s.empty()) s.insert(at, s.substr(rng() % s.size(), rng() % 32));
    }
  }
  return s;
}

std::string soup(std::mt19937& rng) {
  std::string s;
  const int n = static_cast<int>(rng() % 40);
  for (int i = 0; i < n; ++i)
    s += std::string(kSoup[rng() % kSoup.size()]) + (rng() % 3 ? " " : "");
  return s;
}

size_t line_count(const std::string& s) {
  return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')) + 1;
}

TEST(AsmFuzz, HundredThousandInputsGiveImagesOrDiagnostics) {
  std::mt19937 rng(12345);
  size_t failures = 0;
  for (int i = 0; i < 100000; ++i) {
    const std::string input =
        i % 4 == 3 ? soup(rng) : mutate(std::string(kFuzzSeeds[rng() % kFuzzSeeds.size()]), rng);
    AssembleOptions options;
    options.crt0 = i % 16 == 0;
    const AssembleOutput out = assemble_text("fuzz.s", input, options);
    if (out.ok()) {
      ASSERT_TRUE(elf::check_image(out.image).ok()) << input;
      continue;
    }
    ++failures;
    for (const Diagnostic& d : out.diagnostics) {
      ASSERT_FALSE(d.message.empty()) << input;
      if (d.line == 0) continue;  // link-level error without a position
      ASSERT_GE(d.column, 1u) << input;
      ASSERT_LE(d.line, line_count(input) + (options.crt0 ? 100 : 0)) << input;
    }
    (void)format_diagnostics(out.diagnostics);
  }
  EXPECT_GT(failures, 1000u);  // the mutations do reach the error paths
}

// Issue 13 item 3: a chain of 30 000 binary operators is a tree 30 000 deep. Evaluating it
// (in pass 1 for .equ and li, at link time for a label) and freeing it used to recurse per
// node and overflow the stack; the result must equal the folded constant.
TEST(AsmFuzz, ThirtyThousandTermOperatorChainsAssembleLikeTheirValue) {
  constexpr int kTerms = 30000;
  for (const std::string op : {"+", "*", "<<", "|"}) {
    SCOPED_TRACE(op);
    std::string chain = "1";
    std::string zeros;
    for (int i = 1; i < kTerms; ++i) {
      chain += op + (op == "<<" ? "0" : "1");
      zeros += " + 0";
    }
    const std::string value = op == "+" ? std::to_string(kTerms) : "1";
    const auto text_of = [](const std::string& source) {
      AssembleOptions options;
      options.crt0 = false;
      const AssembleOutput out = assemble_text("chain.s", source, options);
      EXPECT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
      return out.image.sections;
    };
    const auto chained = text_of(".equ N, " + chain + "\n    li a0, N\n    li a1, " + chain +
                                 "\n    .word later" + zeros + "\nlater: nop\n");
    const auto folded = text_of(".equ N, " + value + "\n    li a0, N\n    li a1, " + value +
                                "\n    .word later\nlater: nop\n");
    ASSERT_EQ(chained.size(), folded.size());
    for (size_t i = 0; i < chained.size(); ++i) EXPECT_EQ(chained[i].bytes, folded[i].bytes);
  }
}

}  // namespace
}  // namespace ventus::as
