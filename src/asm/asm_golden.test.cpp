// Golden error messages: each tests/golden/asm/NAME.s must produce exactly NAME.err (written by
// hand as what a user should see: file:line:column, the line, a caret, an explanation).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "asm/assembler.hpp"

namespace ventus::as {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(AsmGolden, ErrorMessagesMatchTheExpectedText) {
  const fs::path dir = fs::path(VENTUS_SOURCE_DIR) / "tests" / "golden" / "asm";
  size_t cases = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".s") continue;
    SCOPED_TRACE(entry.path().filename().string());
    fs::path expected_path = entry.path();
    expected_path.replace_extension(".err");
    ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path;
    AssembleOptions options;
    options.crt0 = false;
    const AssembleOutput out =
        assemble_text(entry.path().filename().string(), slurp(entry.path()), options);
    EXPECT_FALSE(out.ok());
    EXPECT_EQ(format_diagnostics(out.diagnostics), slurp(expected_path));
    ++cases;
  }
  EXPECT_GE(cases, 15u);
}

}  // namespace
}  // namespace ventus::as
