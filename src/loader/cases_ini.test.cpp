// Tests for the cases.ini parser: reference files, tolerated syntax, and each error message.
#include "loader/cases_ini.hpp"

#include <gtest/gtest.h>

#include "loader/test_support.hpp"

namespace ventus::loader {
namespace {

using Names = std::vector<std::string>;

TEST(CasesIni, EveryReferenceFileNamesItsDirectory) {
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const auto& dir : testing::case_dirs(cases)) {
    const Result<std::vector<CaseSection>> ini = load_cases_ini(dir / "cases.ini");
    ASSERT_TRUE(ini.ok()) << ini.error().message;
    ASSERT_EQ(ini->size(), 1u);
    EXPECT_EQ(ini->front().name, dir.filename().string());
    EXPECT_FALSE(ini->front().files.empty());
  }
  const auto gauss = load_cases_ini(cases / "gaussian-4w4t" / "cases.ini");
  ASSERT_TRUE(gauss.ok());
  EXPECT_EQ(gauss->front().files,
            (Names{"Fan1_0", "Fan2_0", "Fan1_1", "Fan2_1", "Fan1_2", "Fan2_2", "Fan1", "Fan2"}));
}

TEST(CasesIni, CommentsWhitespaceCaseAndSeveralSections) {
  const char* text =
      "; leading comment\r\n"
      "  [ first ]   # trailing comment\r\n"
      "\r\n"
      "  files =  a , b,c  ; why\r\n"
      "# another\n"
      "[second]\n"
      "Files=x";
  const Result<std::vector<CaseSection>> ini = parse_cases_ini(text, "c.ini");
  ASSERT_TRUE(ini.ok()) << ini.error().message;
  ASSERT_EQ(ini->size(), 2u);
  EXPECT_EQ((*ini)[0].name, "first");
  EXPECT_EQ((*ini)[0].files, (Names{"a", "b", "c"}));
  EXPECT_EQ((*ini)[0].line, 2u);
  EXPECT_EQ((*ini)[1].name, "second");
  EXPECT_EQ((*ini)[1].files, (Names{"x"}));
}

struct BadIni {
  const char* text;
  const char* message;
};

class CasesIniErrors : public ::testing::TestWithParam<BadIni> {};

TEST_P(CasesIniErrors, NameFileAndLine) {
  const Result<std::vector<CaseSection>> ini = parse_cases_ini(GetParam().text, "bad.ini");
  ASSERT_FALSE(ini.ok());
  EXPECT_EQ(ini.error().message, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, CasesIniErrors,
    ::testing::Values(
        BadIni{"Files=a\n", "bad.ini:1: key before the first [section]"},
        BadIni{"[c]\nFiles=a\nColor=red\n", "bad.ini:3: unknown key 'Color'"},
        BadIni{"[c]\nFiles a b\n", "bad.ini:2: expected '[name]' or 'Files=...', got 'Files a b'"},
        BadIni{"[c]\nFiles=a,,b\n", "bad.ini:2: empty launch name in Files list"},
        BadIni{"[c]\nFiles=\n", "bad.ini:2: empty launch name in Files list"},
        BadIni{"[c]\n[d]\nFiles=a\n", "bad.ini:1: section [c] has no Files="},
        BadIni{"[c]\nFiles=a\n[c]\nFiles=b\n", "bad.ini:3: section [c] repeats line 1"},
        BadIni{"[c\nFiles=a\n", "bad.ini:1: bad section header '[c'"},
        BadIni{"[ ]\nFiles=a\n", "bad.ini:1: bad section header '[ ]'"},
        BadIni{"[c]\nFiles=a\nFiles=b\n", "bad.ini:3: second Files= in section [c]"},
        BadIni{"; only a comment\n", "bad.ini:2: no [section] in file"}));

}  // namespace
}  // namespace ventus::loader
