// Conformance of the trace layer against every reference commit log: parse, self-diff and
// byte-exact re-writing through CommitLogWriter (ISA.md §10).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "trace/commit_log_parser.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/log_diff.hpp"
#include "trace/trace_test_support.hpp"

namespace ventus::trace {
namespace {

using testing::read_text;
using testing::reference_logs;

// Feeds the parsed commit lines to the writer as the functional simulator would: one record
// per executed instruction, carrying the disassembly text of that hart's instruction. The
// writer alone decides where disassembly and `Executed N times` lines go.
std::string rewrite(const ParsedLog& log) {
  std::string out;
  StringLogSink sink(out);
  CommitLogWriter writer(sink);
  std::map<uint32_t, const LogEntry*> last_disassembly;
  CommitRecord record;
  const auto& entries = log.entries();
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const LogEntry& e = entries[k];
    switch (e.kind) {
      case EntryKind::kDisassembly:
        last_disassembly[e.hart()] = &e;
        // A trapping instruction is disassembled but never committed.
        if (k + 1 < entries.size() && entries[k + 1].kind == EntryKind::kTrap) {
          writer.write_disassembly(e.hart(), e.record.pc, e.record.word, e.record.disassembly);
        }
        break;
      case EntryKind::kCommit: {
        record = e.record;
        const auto it = last_disassembly.find(e.hart());
        record.disassembly = it == last_disassembly.end() ? "" : it->second->record.disassembly;
        writer.write(record);
        break;
      }
      case EntryKind::kTrap:
        writer.write_trap(e.hart(), e.name, e.epc, e.has_tval ? &e.tval : nullptr);
        break;
      case EntryKind::kSymbol:
        writer.write_symbol(e.hart(), e.name);
        break;
      case EntryKind::kExecuted:
        break;  // the writer must produce these itself
    }
  }
  return out;
}

TEST(ReferenceLogsTest, EveryLogParsesAndEqualsItself) {
  const auto logs = reference_logs();
  VENTUS_REQUIRE_REFERENCE_LOGS(logs);
  for (const auto& path : logs) {
    auto log = read_commit_log(path.string());
    ASSERT_TRUE(log.ok()) << log.error().message;
    const DiffResult result = diff_logs(*log, *log);
    EXPECT_TRUE(result.equal) << path;
    EXPECT_TRUE(result.differences.empty()) << path;
    std::set<std::string> cores;
    for (const auto& line : testing::split_lines(read_text(path))) {
      if (line.starts_with("core")) cores.insert(line.substr(0, line.find(':')));
    }
    EXPECT_EQ(result.harts, cores.size()) << path;
    EXPECT_EQ(format_diff_report(result, "a", "b"),
              "logs are equivalent (" + std::to_string(log->line_count()) + " lines, " +
                  std::to_string(cores.size()) + " harts)\n");
  }
}

TEST(ReferenceLogsTest, WriterReproducesEveryLogByteForByte) {
  const auto logs = reference_logs();
  VENTUS_REQUIRE_REFERENCE_LOGS(logs);
  std::size_t executed_lines = 0;
  for (const auto& path : logs) {
    const std::string text = read_text(path);
    auto log = CommitLogParser{}.parse(text, path.string());
    ASSERT_TRUE(log.ok()) << log.error().message;
    for (const LogEntry& e : log->entries()) executed_lines += e.kind == EntryKind::kExecuted;
    const std::string rewritten = rewrite(*log);
    if (rewritten == text) continue;
    const auto want = testing::split_lines(text);
    const auto got = testing::split_lines(rewritten);
    std::size_t k = 0;
    while (k < want.size() && k < got.size() && want[k] == got[k]) ++k;
    ADD_FAILURE() << path << ": first difference at line " << k + 1
                  << "\nwant: " << (k < want.size() ? want[k] : "<end>")
                  << "\n got: " << (k < got.size() ? got[k] : "<end>");
  }
  EXPECT_GT(executed_lines, 0u) << "the corpus should exercise `Executed N times`";
}

}  // namespace
}  // namespace ventus::trace
