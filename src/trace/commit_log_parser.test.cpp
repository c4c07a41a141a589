// Tests of CommitLogParser: entry kinds, items of both vector/SIMT formats, error lines.
#include "trace/commit_log_parser.hpp"

#include <gtest/gtest.h>

namespace ventus::trace {
namespace {

ParsedLog parse_ok(std::string text) {
  auto log = CommitLogParser{}.parse(std::move(text), "t.log");
  EXPECT_TRUE(log.ok()) << (log.ok() ? "" : log.error().message);
  return log.ok() ? std::move(log).value() : ParsedLog{};
}

TEST(CommitLogParserTest, SplitsEntriesPerHart) {
  const ParsedLog log = parse_ok(
      "core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n"
      "core   0: 3 0x00001000 (0x00000297) x5  0x00001000\n"
      "core   1: 3 0x80000388 (0x0400c00b)\n"
      "core   0: Executed 2 times\n");
  ASSERT_EQ(log.entries().size(), 4u);
  EXPECT_EQ(log.line_count(), 4u);
  EXPECT_EQ(log.entries()[0].kind, EntryKind::kDisassembly);
  EXPECT_EQ(log.entries()[0].record.disassembly, "auipc   x5, 0x0");
  EXPECT_EQ(log.entries()[1].kind, EntryKind::kCommit);
  ASSERT_EQ(log.entries()[1].record.reg_items.size(), 1u);
  EXPECT_EQ(log.entries()[1].record.reg_items[0].index, 5u);
  EXPECT_EQ(log.entries()[1].record.reg_items[0].value, 0x1000u);
  EXPECT_EQ(log.entries()[3].kind, EntryKind::kExecuted);
  EXPECT_EQ(log.entries()[3].executed_count, 2u);
  EXPECT_EQ(log.harts().at(0), (std::vector<uint32_t>{0, 1, 3}));
  EXPECT_EQ(log.harts().at(1), (std::vector<uint32_t>{2}));
  EXPECT_EQ(log.entries()[2].first_line, 3u);
  EXPECT_EQ(log.raw(log.entries()[2]), "core   1: 3 0x80000388 (0x0400c00b)");
}

TEST(CommitLogParserTest, CurrentVectorFormatWithMaskAndReads) {
  const ParsedLog log = parse_ok(
      "core   0: 3 0x80000118 (0x0000a0fb) e32 m1 l4 v1  00000007 0x00000003 00000000 "
      "becccccd be99999a  c8_vstart 0x00000000 mem 0x90000010 mem 0x90000020\n");
  const LogEntry& e = log.entries().at(0);
  const CommitRecord& r = e.record;
  EXPECT_FALSE(e.legacy_format);
  ASSERT_EQ(r.reg_items.size(), 3u);
  EXPECT_EQ(r.reg_items[0].kind, RegItemKind::kVectorHeader);
  EXPECT_EQ(r.vector_header.vl, 4u);
  EXPECT_EQ(r.reg_items[1].kind, RegItemKind::kVector);
  EXPECT_EQ(r.reg_items[1].value, 7u);  // the SIMT mask
  EXPECT_EQ(r.numt, 4u);
  const auto el = r.elements(r.reg_items[1]);
  EXPECT_EQ(el[0], 0xbe99999au);  // printed last: element 0
  EXPECT_EQ(el[3], 3u);
  EXPECT_EQ(r.reg_items[2].csr_name, "vstart");
  EXPECT_EQ(r.mem_reads, (std::vector<uint32_t>{0x90000010, 0x90000020}));
}

TEST(CommitLogParserTest, OldVectorFormatHasElementsButNoMask) {
  const ParsedLog log = parse_ok(
      "core   0: 3 0x80000160 (0x5e024057) c8_vstart 0x00000000 e32 m1 l4 v32 "
      "0x00000008000000070000000600000005\n");
  const LogEntry& e = log.entries().at(0);
  EXPECT_TRUE(e.legacy_format);
  ASSERT_EQ(e.record.numt, 4u);
  const auto el = e.record.elements(e.record.reg_items.at(2));
  EXPECT_EQ(el[0], 5u);
  EXPECT_EQ(el[3], 8u);
}

TEST(CommitLogParserTest, CurrentSimtDumpCollectsEntryLines) {
  const ParsedLog log = parse_ok(
      "core   6: 3 0x800000e0 (0x0400dc5b) c8_vstart 0x00000000 e32 m1 l8 current mask:\t000000e0 "
      "current npc:\t80000138 stack size: 2\n"
      "[r_pc] 80000138 [else_pc] 800000e4 [else_mask] 0000001f \n"
      "[r_pc] 80000138 [else_pc] 80000138 [else_mask] 000000ff \n"
      "core   6: 0x800000e4 (0x00000013) nop\n");
  ASSERT_EQ(log.entries().size(), 2u);
  const LogEntry& e = log.entries()[0];
  EXPECT_EQ(e.line_count, 3u);
  EXPECT_EQ(e.stack_size, 2u);
  EXPECT_EQ(e.record.simt_mask, 0xe0u);
  EXPECT_EQ(e.record.simt_npc, 0x80000138u);
  ASSERT_EQ(e.record.simt_entries.size(), 2u);
  EXPECT_EQ(e.record.simt_entries[0].else_pc, 0x800000e4u);
  EXPECT_EQ(e.record.simt_entries[1].else_mask, 0xffu);
  EXPECT_EQ(log.entries()[1].first_line, 4u);
}

TEST(CommitLogParserTest, OldSimtDumpSpansFourLines) {
  const ParsedLog log = parse_ok(
      "core   0: 3 0x80000144 (0x0000205b)\n"
      "current mask:\t0000ffff\n"
      "current npc:\t80000144\n"
      "stack size: 0\n"
      "\n"
      "core   0: 0x80000148 (0x00012083) lw      x1, 0(x2)\n");
  ASSERT_EQ(log.entries().size(), 2u);
  const LogEntry& e = log.entries()[0];
  EXPECT_TRUE(e.legacy_format);
  EXPECT_TRUE(e.record.has_simt_dump);
  EXPECT_EQ(e.record.simt_mask, 0xffffu);
  EXPECT_EQ(e.record.simt_npc, 0x80000144u);
  EXPECT_EQ(e.stack_size, 0u);
  EXPECT_EQ(log.entries()[1].first_line, 6u);
}

TEST(CommitLogParserTest, MemoryWriteSizeFromDigitCount) {
  const ParsedLog log = parse_ok(
      "core   0: 3 0x80000000 (0x00000000) mem 0x90000000 0x0 mem 0x90000001 0xab "
      "mem 0x90000002 0x00ab mem 0x90000004 0x0000abcd mem 0x90000008 0x000000000000abcd\n");
  const auto& w = log.entries().at(0).record.mem_writes;
  ASSERT_EQ(w.size(), 5u);
  EXPECT_EQ(w[0].size_bytes, 1u);
  EXPECT_EQ(w[1].size_bytes, 1u);
  EXPECT_EQ(w[1].value, 0xabu);
  EXPECT_EQ(w[2].size_bytes, 2u);
  EXPECT_EQ(w[3].size_bytes, 4u);
  EXPECT_EQ(w[4].size_bytes, 8u);
}

TEST(CommitLogParserTest, ErrorsNameSourceAndLine) {
  auto log = CommitLogParser{}.parse(
      "core   0: 3 0x00001000 (0x00000297) x5  0x00001000\n"
      "core   0: 3 0x00001000 (0x00000297) x5  0x1000\n",
      "bad.log");
  ASSERT_FALSE(log.ok());
  EXPECT_NE(log.error().message.find("bad.log:2: malformed x-register item"), std::string::npos)
      << log.error().message;
  EXPECT_FALSE(CommitLogParser{}.parse("hello\n").ok());
  EXPECT_FALSE(
      CommitLogParser{}.parse("[r_pc] 80000138 [else_pc] 80000138 [else_mask] 000000ff \n").ok());
  EXPECT_FALSE(CommitLogParser{}.parse("core   0: 3 0x00001000 (0x00000297) q1\n").ok());
  EXPECT_FALSE(CommitLogParser{}.parse("core   0: 3 0x1 (0x00000297)\n").ok());
}

TEST(CommitLogParserTest, MissingFileIsAnError) {
  auto log = read_commit_log("/nonexistent/dir/x.log");
  ASSERT_FALSE(log.ok());
  EXPECT_NE(log.error().message.find("/nonexistent/dir/x.log"), std::string::npos);
}

}  // namespace
}  // namespace ventus::trace
