// Tests of CommitLogWriter: every expected string is a line copied from a reference log
// (gaussian/matadd ref-logs) or an example of ISA.md §10, never output of the writer.
#include "trace/commit_log_writer.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace ventus::trace {
namespace {

class WriterTest : public ::testing::Test {
 protected:
  std::string out_;
  StringLogSink sink_{out_};
  CommitLogWriter writer_{sink_};
  CommitRecord r_;

  void start(uint32_t hart, uint32_t pc, uint32_t word, const char* text, uint32_t numt = 0) {
    r_.clear();
    r_.set_instruction(hart, pc, word);
    r_.disassembly = text;
    r_.numt = numt;
  }
};

TEST_F(WriterTest, ScalarWriteAndDisassemblyLine) {
  start(0, 0x1000, 0x00000297, "auipc   x5, 0x0");
  r_.add_x(5, 0x1000);
  writer_.write(r_);
  EXPECT_EQ(out_,
            "core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n"
            "core   0: 3 0x00001000 (0x00000297) x5  0x00001000\n");
}

TEST_F(WriterTest, CsrItemsInPrintOrder) {
  start(0, 0x8000000c, 0x0d0efed7, "");
  r_.add_x(29, 4);
  r_.add_csr(8, "vstart", 0);
  r_.add_csr(3104, "vl", 4);
  r_.add_csr(3105, "vtype", 0xd0);
  r_.add_csr(768, "mstatus", 0x80000600);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x8000000c (0x0d0efed7) x29 0x00000004 c8_vstart 0x00000000 c3104_vl "
            "0x00000004 c3105_vtype 0x000000d0 c768_mstatus 0x80000600\n");
}

TEST_F(WriterTest, FRegisterIsNanBoxed64Bit) {
  start(2, 0x80000010, 0x00000053, "");
  r_.add_f(6, 0xffffffff7f7fffffULL);
  writer_.write_commit(r_);
  EXPECT_EQ(out_, "core   2: 3 0x80000010 (0x00000053) f6  0xffffffff7f7fffff\n");
}

TEST_F(WriterTest, VectorWithFflagsHeaderAndMask) {
  start(0, 0x80000134, 0x821190d7, "vfdiv.vv v1, v1, v3", 16);
  r_.add_csr(8, "vstart", 0);
  r_.add_csr(1, "fflags", 1);
  r_.add_vector_header(32, 1, 16);
  auto e = r_.add_vector(1, 0x7);
  std::fill(e.begin(), e.end(), 3u);
  e[0] = 0x3f000000;
  e[1] = 0x3f2aaaaa;
  e[2] = 0x80000000;
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x80000134 (0x821190d7) c8_vstart 0x00000000 c1_fflags 0x00000001 e32 "
            "m1 l16 v1  00000007 0x00000003 00000003 00000003 00000003 00000003 00000003 "
            "00000003 00000003 00000003 00000003 00000003 00000003 00000003 80000000 3f2aaaaa "
            "3f000000 \n");
}

TEST_F(WriterTest, VectorLoadHeaderFirstThenCsrThenReads) {
  start(0, 0x80000118, 0x0000a0fb, "", 4);
  r_.add_vector_header(32, 1, 4);
  auto e = r_.add_vector(1, 0x7);
  e[0] = 0xbe99999a;
  e[1] = 0xbecccccd;
  e[2] = 0;
  e[3] = 3;
  r_.add_csr(8, "vstart", 0);
  for (uint32_t a : {0x90000010u, 0x90000020u, 0x90000030u}) r_.add_mem_read(a);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x80000118 (0x0000a0fb) e32 m1 l4 v1  00000007 0x00000003 00000000 "
            "becccccd be99999a  c8_vstart 0x00000000 mem 0x90000010 mem 0x90000020 mem "
            "0x90000030\n");
}

TEST_F(WriterTest, TwoDigitVectorRegister) {
  start(1, 0x800000b4, 0x5e024057, "", 4);
  r_.add_csr(8, "vstart", 0);
  r_.add_vector_header(32, 1, 4);
  auto e = r_.add_vector(32, 0xf);
  std::fill(e.begin(), e.end(), 8u);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   1: 3 0x800000b4 (0x5e024057) c8_vstart 0x00000000 e32 m1 l4 v32 0000000f "
            "0x00000008 00000008 00000008 00000008 \n");
}

TEST_F(WriterTest, SimtDumpWithEntriesTopFirst) {
  start(0, 0x800000e8, 0x0400de5b, "", 16);
  r_.add_csr(8, "vstart", 0);
  r_.add_vector_header(32, 1, 16);
  r_.set_simt(0x7, 0x800000ec);
  r_.add_simt_entry(0x80000144, 0x80000144, 0xfff8);
  r_.add_simt_entry(0x80000144, 0x80000144, 0xffff);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x800000e8 (0x0400de5b) c8_vstart 0x00000000 e32 m1 l16 current "
            "mask:\t00000007 current npc:\t800000ec stack size: 2\n"
            "[r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000fff8 \n"
            "[r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000ffff \n");
}

TEST_F(WriterTest, SetrpcDumpAfterCsr) {
  start(0, 0x800002b4, 0x04c3305b, "", 16);
  r_.add_csr(2060, "rpc", 0x800002fc);
  r_.set_simt(0xffff, 0);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x800002b4 (0x04c3305b) c2060_rpc 0x800002fc current mask:\t0000ffff "
            "current npc:\t00000000 stack size: 0\n");
}

// §10.2: byte values use `0x%01x` (minimal width), halves 4 digits, words 8.
TEST_F(WriterTest, MemoryWriteWidths) {
  start(0, 0x80000140, 0x0010607b, "", 16);
  r_.add_csr(8, "vstart", 0);
  r_.add_vector_header(32, 1, 16);
  r_.add_mem_write(0x90002010, 0x3f000000, 4);
  r_.add_mem_write(0x90002000, 0x0, 1);
  r_.add_mem_write(0x90002001, 0xab, 1);
  r_.add_mem_write(0x90002002, 0xab, 2);
  writer_.write_commit(r_);
  EXPECT_EQ(out_,
            "core   0: 3 0x80000140 (0x0010607b) c8_vstart 0x00000000 e32 m1 l16 mem 0x90002010 "
            "0x3f000000 mem 0x90002000 0x0 mem 0x90002001 0xab mem 0x90002002 0x00ab\n");
}

// gaussian-1w16t Fan1_0.log lines 238-246: a join executed three times.
TEST_F(WriterTest, RepeatedJoinPrintsExecutedBeforeNextInstruction) {
  start(0, 0x80000144, 0x0000205b, "join    v0, v0, pc + 0");
  r_.set_simt(0xfff8, 0x80000144);
  r_.add_simt_entry(0x80000144, 0x80000144, 0xffff);
  writer_.write(r_);
  r_.set_simt(0xffff, 0x80000144);
  writer_.write(r_);
  writer_.write(r_);
  start(0, 0x80000148, 0x00012083, "lw      x1, 0(x2)");
  r_.add_x(1, 0x80000090);
  r_.add_mem_read(0x70000010);
  writer_.write(r_);
  EXPECT_EQ(out_,
            "core   0: 0x80000144 (0x0000205b) join    v0, v0, pc + 0\n"
            "core   0: 3 0x80000144 (0x0000205b) current mask:\t0000fff8 current npc:\t80000144 "
            "stack size: 1\n"
            "[r_pc] 80000144 [else_pc] 80000144 [else_mask] 0000ffff \n"
            "core   0: 3 0x80000144 (0x0000205b) current mask:\t0000ffff current npc:\t80000144 "
            "stack size: 0\n"
            "core   0: 3 0x80000144 (0x0000205b) current mask:\t0000ffff current npc:\t80000144 "
            "stack size: 0\n"
            "core   0: Executed 3 times\n"
            "core   0: 0x80000148 (0x00012083) lw      x1, 0(x2)\n"
            "core   0: 3 0x80000148 (0x00012083) x1  0x80000090 mem 0x70000010\n");
}

// matadd-4w4t-txt matadd.log lines 704-712: the count is per hart; hart 3 passed the
// barrier at once, so it prints no Executed line.
TEST_F(WriterTest, ExecutedCountIsPerHart) {
  for (uint32_t hart = 0; hart < 4; ++hart) {
    start(hart, 0x80000388, 0x0400c00b, "barrier x0, x0, 1");
    writer_.write(r_);
  }
  out_.clear();
  for (uint32_t hart = 0; hart < 3; ++hart) {
    start(hart, 0x80000388, 0x0400c00b, "barrier x0, x0, 1");
    writer_.write(r_);
  }
  for (uint32_t hart : {3u, 0u}) {
    start(hart, 0x8000038c, 0xffc10113, "addi    x2, x2, -4");
    r_.add_x(2, hart == 3 ? 0x70000c14 : 0x70000014);
    writer_.write(r_);
  }
  EXPECT_EQ(out_,
            "core   0: 3 0x80000388 (0x0400c00b)\n"
            "core   1: 3 0x80000388 (0x0400c00b)\n"
            "core   2: 3 0x80000388 (0x0400c00b)\n"
            "core   3: 0x8000038c (0xffc10113) addi    x2, x2, -4\n"
            "core   3: 3 0x8000038c (0xffc10113) x2  0x70000c14\n"
            "core   0: Executed 2 times\n"
            "core   0: 0x8000038c (0xffc10113) addi    x2, x2, -4\n"
            "core   0: 3 0x8000038c (0xffc10113) x2  0x70000014\n");
}

// The first instruction of a hart never matches REF's initial last_pc of 1, and a pending
// count is dropped (not printed) when the harts restart.
TEST_F(WriterTest, ResetHartsDropsPendingCount) {
  start(0, 0x1000, 0x00000297, "auipc   x5, 0x0");
  writer_.write_disassembly(0, 0x1000, 0x297, r_.disassembly);
  writer_.write_disassembly(0, 0x1000, 0x297, r_.disassembly);
  writer_.reset_harts();
  writer_.write_disassembly(0, 0x1000, 0x297, r_.disassembly);
  EXPECT_EQ(out_,
            "core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n"
            "core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n");
}

TEST_F(WriterTest, CompressedWordPrintsFourDigitsInCommitLine) {
  start(0, 0x80000000, 0x4501, "li      x10, 0");
  r_.word_bytes = 2;
  r_.add_x(10, 0);
  writer_.write(r_);
  EXPECT_EQ(out_,
            "core   0: 0x80000000 (0x00004501) li      x10, 0\n"
            "core   0: 3 0x80000000 (0x4501) x10 0x00000000\n");
}

TEST(FileLogSinkTest, WritesToCallerOwnedFile) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  FileLogSink sink(file);
  CommitLogWriter writer(sink);
  CommitRecord r;
  r.set_instruction(1, 0x1010, 0x00028067);
  r.disassembly = "jr      x5";
  writer.write(r);
  std::rewind(file);
  char buffer[256] = {};
  const std::size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, file);
  std::fclose(file);
  EXPECT_FALSE(sink.failed());
  EXPECT_EQ(std::string(buffer, n),
            "core   1: 0x00001010 (0x00028067) jr      x5\n"
            "core   1: 3 0x00001010 (0x00028067)\n");
}

}  // namespace
}  // namespace ventus::trace
