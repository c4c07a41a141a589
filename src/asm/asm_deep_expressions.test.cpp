// Deeply nested expressions: a chain of operators assembles to its folded value without
// exhausting the stack (the fuzz gate, fuzz/asm.cpp, covers random and mutated input).
#include <gtest/gtest.h>

#include <string>

#include "asm/assembler.hpp"

namespace ventus::as {
namespace {

// Issue 13 item 3: a chain of 30 000 binary operators is a tree 30 000 deep. Evaluating it
// (in pass 1 for .equ and li, at link time for a label) and freeing it used to recurse per
// node and overflow the stack; the result must equal the folded constant.
TEST(AsmDeepExpressions, ThirtyThousandTermOperatorChainsAssembleLikeTheirValue) {
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
