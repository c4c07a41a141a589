// Tests of diff_logs on mutated copies of reference logs: what must be reported (with the
// right item) and what must not (item order within a line, hart interleaving, old format).
#include "trace/log_diff.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "trace/trace_test_support.hpp"

namespace ventus::trace {
namespace {

using Lines = std::vector<std::string>;

std::string case_log(const char* relative) {
  return (testing::reference_cases_dir() / relative).string();
}

class LogDiffTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::reference_logs().empty()) {
      GTEST_SKIP() << "reference corpus not found under " << VENTUS_REFERENCE_DIR << "/cases";
    }
    matadd_ =
        testing::split_lines(testing::read_text(case_log("matadd-4w4t-txt/ref-logs/matadd.log")));
    gaussian_ =
        testing::split_lines(testing::read_text(case_log("gaussian-1w16t/ref-logs/Fan1_0.log")));
  }

  static DiffResult diff(const Lines& a, const Lines& b, const DiffOptions& options = {}) {
    auto pa = CommitLogParser{}.parse(testing::join_lines(a), "A");
    auto pb = CommitLogParser{}.parse(testing::join_lines(b), "B");
    EXPECT_TRUE(pa.ok()) << pa.error().message;
    EXPECT_TRUE(pb.ok()) << pb.error().message;
    if (!pa.ok() || !pb.ok()) return {};
    return diff_logs(*pa, *pb, options);
  }

  static std::size_t find(const Lines& lines, const std::string& text, std::size_t from = 0) {
    for (std::size_t k = from; k < lines.size(); ++k) {
      if (lines[k].find(text) != std::string::npos) return k;
    }
    ADD_FAILURE() << "no line contains `" << text << "`";
    return 0;
  }

  static void replace(std::string& line, const std::string& from, const std::string& to) {
    const std::size_t at = line.find(from);
    ASSERT_NE(at, std::string::npos) << line;
    line.replace(at, from.size(), to);
  }

  Lines matadd_;
  Lines gaussian_;
};

TEST_F(LogDiffTest, ChangedRegisterValueNamesTheItem) {
  Lines b = matadd_;
  const std::size_t k = find(b, "core   0: 3 0x8000038c (0xffc10113) x2  0x70000014");
  replace(b[k], "x2  0x70000014", "x2  0x70000018");
  const DiffResult r = diff(matadd_, b);
  EXPECT_FALSE(r.equal);
  ASSERT_EQ(r.differences.size(), 1u);
  const Difference& d = r.differences[0];
  EXPECT_EQ(d.hart, 0u);
  EXPECT_EQ(d.line_a, k + 1);
  EXPECT_EQ(d.line_b, k + 1);
  EXPECT_EQ(d.text_a, matadd_[k]);
  EXPECT_EQ(d.text_b, b[k]);
  EXPECT_EQ(d.details, (Lines{"x2: 0x70000014 vs 0x70000018"}));
}

TEST_F(LogDiffTest, DroppedMemoryItemsAreMissingItems) {
  const std::string path = case_log("gaussian-4w4t/ref-logs/Fan1_0.log");
  const Lines a = testing::split_lines(testing::read_text(path));
  Lines b = a;
  const std::size_t read = find(b, "mem 0x90000010 mem 0x90000020 mem 0x90000030");
  replace(b[read], " mem 0x90000020", "");
  const std::size_t write = find(b, "mem 0x80001000 0x00000001");
  replace(b[write], " mem 0x80001000 0x00000001", "");
  const DiffResult r = diff(a, b);
  ASSERT_EQ(r.differences.size(), 2u);
  EXPECT_EQ(r.differences[0].line_a, read + 1);
  EXPECT_EQ(r.differences[0].details, (Lines{"missing item mem 0x90000020"}));
  EXPECT_EQ(r.differences[1].line_a, write + 1);
  EXPECT_EQ(r.differences[1].details, (Lines{"missing item mem 0x80001000 0x00000001"}));
  // The other direction reports the same items as extra.
  EXPECT_EQ(diff(b, a).differences.at(0).details, (Lines{"extra item mem 0x90000020"}));
}

TEST_F(LogDiffTest, ItemOrderWithinALineDoesNotMatter) {
  Lines b = matadd_;
  const std::regex vector_alu(
      R"(^(core +\d+: 3 0x\w+ \(0x\w+\)) (c8_vstart 0x00000000) (e32 m1 l\d+ v\d+ +\w+ 0x(?:\w{8} )+)$)");
  std::size_t changed = 0;
  for (std::string& line : b) {
    const std::string before = line;
    line = std::regex_replace(line, vector_alu, "$1 $3 $2");
    const std::string vset =
        "x29 0x00000004 c8_vstart 0x00000000 c3104_vl 0x00000004 c3105_vtype 0x000000d0 "
        "c768_mstatus 0x80000600";
    if (line.find(vset) != std::string::npos) {
      replace(line, vset,
              "c768_mstatus 0x80000600 c3105_vtype 0x000000d0 x29 0x00000004 c3104_vl 0x00000004 "
              "c8_vstart 0x00000000");
    }
    changed += line != before;
  }
  ASSERT_GT(changed, 20u);
  const DiffResult r = diff(matadd_, b);
  EXPECT_TRUE(r.equal) << format_diff_report(r, "A", "B");
}

// Regroups the log so that every hart's lines come in one block, highest hart first.
Lines regroup_by_hart(const Lines& lines) {
  std::vector<std::pair<int, Lines>> groups;
  for (const std::string& line : lines) {
    if (line.starts_with("core")) {
      groups.push_back({std::stoi(line.substr(4)), {}});
    }
    groups.back().second.push_back(line);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  Lines out;
  for (const auto& g : groups) out.insert(out.end(), g.second.begin(), g.second.end());
  return out;
}

TEST_F(LogDiffTest, HartInterleavingDoesNotMatter) {
  const Lines b = regroup_by_hart(matadd_);
  ASSERT_NE(b, matadd_);
  EXPECT_TRUE(diff(matadd_, b).equal);
  // Swapping two lines of the same hart does matter.
  Lines c = matadd_;
  const std::size_t k = find(c, "core   1: 0x80000380");
  std::swap(c[k], c[k + 1]);
  EXPECT_FALSE(diff(matadd_, c).equal);
}

TEST_F(LogDiffTest, DroppedLineIsReportedOnceOnItsSide) {
  Lines b = matadd_;
  const std::size_t k = find(b, "core   2: 0x80000380");
  b.erase(b.begin() + static_cast<std::ptrdiff_t>(k));
  DiffResult r = diff(matadd_, b);
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].hart, 2u);
  EXPECT_EQ(r.differences[0].line_a, k + 1);
  EXPECT_EQ(r.differences[0].line_b, 0u);
  EXPECT_EQ(r.differences[0].details, (Lines{"line only in A"}));
  r = diff(b, matadd_);
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].line_a, 0u);
  EXPECT_EQ(r.differences[0].line_b, k + 1);
  EXPECT_EQ(r.differences[0].details, (Lines{"line only in B"}));
}

TEST_F(LogDiffTest, MissingHartAndExecutedCount) {
  Lines b;
  for (const std::string& line : matadd_) {
    if (!line.starts_with("core   3")) b.push_back(line);
  }
  DiffResult r = diff(matadd_, b);
  EXPECT_EQ(r.harts, 4u);
  ASSERT_FALSE(r.differences.empty());
  EXPECT_EQ(r.differences[0].hart, 3u);
  EXPECT_EQ(r.differences[0].details, (Lines{"line only in A"}));

  Lines c = matadd_;
  const std::size_t k = find(c, "core   0: Executed 2 times");
  replace(c[k], "2 times", "3 times");
  r = diff(matadd_, c);
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].details, (Lines{"Executed: 2 vs 3 times"}));
}

TEST_F(LogDiffTest, VectorElementMaskAndSimtEntryDifferences) {
  Lines b = gaussian_;
  const std::size_t v =
      find(b, "(0x821190d7) c8_vstart 0x00000000 c1_fflags 0x00000001 e32 m1 l16 v1  00000007");
  replace(b[v], "80000000 3f2aaaaa 3f000000 ", "80000000 3f2aaaab 3f000000 ");
  replace(b[v], "v1  00000007", "v1  00000003");
  const std::size_t s = find(b, "[r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000ffff", v);
  replace(b[s], "0000ffff", "0000fff0");
  const DiffResult r = diff(gaussian_, b);
  ASSERT_EQ(r.differences.size(), 2u);
  EXPECT_EQ(r.differences[0].details,
            (Lines{"v1 mask: 00000007 vs 00000003", "v1[1]: 0x3f2aaaaa vs 0x3f2aaaab"}));
  EXPECT_EQ(r.differences[1].line_a, s);  // the entry's commit line is the line before
  EXPECT_EQ(r.differences[1].details,
            (Lines{"SIMT entry 0: [r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000ffff vs "
                   "[r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000fff0"}));
}

// Rewrites current-format vector items and SIMT dumps in the old format of §10.2.
Lines to_old_format(const Lines& lines) {
  const std::regex vector_item(R"( v(\d+) +[0-9a-f]{8} 0x((?:[0-9a-f]{8} )+))");
  const std::regex simt(R"( current mask:\t(\w{8}) current npc:\t(\w{8}) stack size: (\w+)$)");
  Lines out;
  for (const std::string& line : lines) {
    if (line.starts_with("[r_pc]")) continue;
    std::string converted;
    std::size_t last = 0;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), vector_item);
         it != std::sregex_iterator(); ++it) {
      converted += line.substr(last, static_cast<std::size_t>(it->position()) - last);
      std::string reg = (*it)[1].str();
      if (reg.size() < 2) reg += ' ';
      std::string elements = (*it)[2].str();
      elements.erase(std::remove(elements.begin(), elements.end(), ' '), elements.end());
      converted += " v" + reg + " 0x" + elements;
      last = static_cast<std::size_t>(it->position() + it->length());
    }
    converted += line.substr(last);
    std::smatch m;
    if (std::regex_search(converted, m, simt)) {
      const std::string mask = m[1], npc = m[2];
      const unsigned long size = std::stoul(m[3].str(), nullptr, 16);
      out.push_back(converted.substr(0, static_cast<std::size_t>(m.position())));
      out.push_back("current mask:\t" + mask);
      out.push_back("current npc:\t" + npc);
      out.push_back("stack size: " + std::to_string(size));
      out.push_back("");
    } else {
      out.push_back(converted);
    }
  }
  return out;
}

TEST_F(LogDiffTest, OldAndCurrentVectorFormatsCompareByValue) {
  const Lines old = to_old_format(gaussian_);
  ASSERT_NE(std::find(old.begin(), old.end(), "current mask:\t0000ffff"), old.end());
  ASSERT_EQ(std::find_if(old.begin(), old.end(),
                         [](const std::string& l) { return l.find(" 0x00000007 0x") != l.npos; }),
            old.end());
  EXPECT_TRUE(diff(gaussian_, old).equal) << format_diff_report(diff(gaussian_, old), "A", "B");
  EXPECT_TRUE(diff(old, gaussian_).equal);

  Lines changed = old;
  const std::size_t k = find(changed, "e32 m1 l16 v3  0x0000000000000000");
  replace(changed[k], "bf19999abf19999abf19999a", "bf19999abf19999abf199990");
  const DiffResult r = diff(gaussian_, changed);
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].details, (Lines{"v3[0]: 0xbf19999a vs 0xbf199990"}));
  Lines size = old;
  replace(size[find(size, "stack size: 1")], "stack size: 1", "stack size: 2");
  EXPECT_EQ(diff(gaussian_, size).differences.at(0).details, (Lines{"SIMT stack size: 1 vs 2"}));
}

TEST_F(LogDiffTest, MaxDiffsContextAndReport) {
  Lines b = matadd_;
  std::size_t changed = 0;
  for (std::string& line : b) {
    const std::size_t at = line.find("x2  0x700");
    if (at != std::string::npos && line.find("core   1:") == 0) {
      line[at + 9] = 'f';
      ++changed;
    }
  }
  ASSERT_GT(changed, 3u);
  DiffOptions options;
  options.max_diffs = 3;
  options.context_lines = 2;
  const DiffResult r = diff(matadd_, b, options);
  ASSERT_EQ(r.differences.size(), 3u);
  EXPECT_TRUE(r.truncated);
  const Difference& d = r.differences[0];
  ASSERT_EQ(d.context_a.size(), 2u);
  // Context lines are the previous lines of the same hart, oldest first.
  std::vector<std::string> previous;
  for (std::size_t k = 0; k + 1 < d.line_a; ++k) {
    if (matadd_[k].starts_with("core   1:")) previous.push_back(matadd_[k]);
  }
  EXPECT_EQ(d.context_a, (Lines{previous[previous.size() - 2], previous.back()}));
  const std::string report = format_diff_report(r, "a.log", "b.log");
  EXPECT_NE(report.find("difference 1: core 1, A line " + std::to_string(d.line_a)),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("  A > " + d.text_a + "\n"), std::string::npos) << report;
  EXPECT_NE(report.find("logs differ: 3 differences shown (more not shown"), std::string::npos);
}

TEST_F(LogDiffTest, TrapReportDifferences) {
  const Lines a =
      testing::split_lines(testing::read_text(case_log("gaussian-4w4t/ref-logs/Fan2.log")));
  Lines b = a;
  const std::size_t k = find(b, "exception trap_store_access_fault, epc 0x8000016c");
  replace(b[k], "epc 0x8000016c", "epc 0x80000170");
  replace(b[k + 1], "tval 0x6ffffff4", "tval 0x6ffffff8");
  const DiffResult r = diff(a, b);
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].details,
            (Lines{"epc: 0x8000016c vs 0x80000170", "tval: 0x6ffffff4 vs 0x6ffffff8"}));
  b = a;
  replace(b[find(b, ">>>>  spike_end")], "spike_end", "_start");
  EXPECT_EQ(diff(a, b).differences.at(0).details, (Lines{"symbol: spike_end vs _start"}));
}

TEST(LogDiffFilesTest, UnreadableFileIsAnError) {
  auto r = diff_log_files("/nonexistent/a.log", "/nonexistent/b.log");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("/nonexistent/a.log"), std::string::npos);
}

}  // namespace
}  // namespace ventus::trace
