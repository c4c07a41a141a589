// Commit lines of scalar F, load/store and AMO rows as REF (ventus-gpgpu-isa-simulator) writes
// them.
#include "runner/commit_conversion.hpp"

#include <gtest/gtest.h>

#include <string>

#include "isa/insn_table.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/log_sink.hpp"

namespace ventus::runner {
namespace {

using functional::ExecutedInstr;
using functional::MemAccess;
using functional::RegWrite;

constexpr uint32_t kPc = 0x80000100u;

ExecutedInstr executed(isa::InsnId id, uint32_t word) {
  ExecutedInstr in;
  in.pc = kPc;
  in.word = word;
  in.row = &isa::insn_row(id);
  in.next_pc = kPc + 4;
  return in;
}

// The commit line (§10.2) that the conversion and the writer produce for `in`.
std::string commit_line(const ExecutedInstr& in) {
  trace::CommitRecord record;
  to_commit_record(in, 4, 0, record);
  std::string text;
  trace::StringLogSink sink(text);
  trace::CommitLogWriter writer(sink);
  writer.write_commit(record);
  return text;
}

MemAccess read(uint32_t addr) {
  return {addr, 0, 4, false};
}
MemAccess write(uint32_t addr, uint32_t value) {
  return {addr, value, 4, true};
}

// flw f6, 8(x6) (issue 12, kmeans/1024). REF riscv/insns/flw.h:
//   WRITE_FRD(f32(MMU.load_uint32(RS1 + insn.i_imm())));
// and riscv/decode.h (RISCV_ENABLE_COMMITLOG) evaluates the value twice:
//   freg_t wdata = freg(value); ... DO_WRITE_FREG(reg, wdata);
//   STATE.XPR.write(reg, f32_into_x(value));
// Each evaluation loads, and riscv/mmu.h's load_func logs READ_MEM(addr, size) each time;
// the x write is XPR.write, not WRITE_REG, so only the f item is logged.
TEST(CommitConversion, FlwListsItsLoadTwice) {
  ExecutedInstr in = executed(isa::InsnId::FLW, 0x00832307u);
  in.writes.push_back({RegWrite::Kind::F, 6, 0x7f7fffffu});
  in.mem.push_back(read(0x80003008u));
  EXPECT_EQ(commit_line(in),
            "core   0: 3 0x80000100 (0x00832307) f6  0xffffffff7f7fffff mem 0x80003008 mem "
            "0x80003008\n");
}

// flw f0: REF's FPR file has no zero register and the print loop skips only map key 0
// (x0), so f0 is logged (execute.cc: `if (item.first == 0) continue;`, key (0 << 4) | 1).
TEST(CommitConversion, FlwToF0IsLoggedWithBothReads) {
  ExecutedInstr in = executed(isa::InsnId::FLW, 0x00832007u);
  in.writes.push_back({RegWrite::Kind::F, 0, 0x3f800000u});
  in.mem.push_back(read(0x80003008u));
  EXPECT_EQ(commit_line(in),
            "core   0: 3 0x80000100 (0x00832007) f0  0xffffffff3f800000 mem 0x80003008 mem "
            "0x80003008\n");
}

// fsw f6, 12(x5): MMU.store_uint32(RS1 + insn.s_imm(), FRS2.v[0]) stores once; mmu.h's
// store_func logs WRITE_MEM(addr, val, 4), printed ` mem 0x%08x 0x%08x`. Nothing doubles.
TEST(CommitConversion, FswListsOneWrite) {
  ExecutedInstr in = executed(isa::InsnId::FSW, 0x0062a627u);
  in.mem.push_back(write(0x8000300cu, 0x40490fdbu));
  EXPECT_EQ(commit_line(in), "core   0: 3 0x80000100 (0x0062a627) mem 0x8000300c 0x40490fdb\n");
}

// fmv.w.x f6, x7: WRITE_FRD(f32(RS1)) has no side effect; the f item only.
TEST(CommitConversion, FmvWXLogsTheFRegister) {
  ExecutedInstr in = executed(isa::InsnId::FMV_W_X, 0xf0038353u);
  in.writes.push_back({RegWrite::Kind::F, 6, 0x40000000u});
  EXPECT_EQ(commit_line(in), "core   0: 3 0x80000100 (0xf0038353) f6  0xffffffff40000000\n");
}

// fmv.x.w and FP compares write rd with WRITE_RD (an x item, ` x%-2d 0x%08x`); the
// mirrored FPR write inside WRITE_REG is DO_WRITE_FREG, which is not logged.
TEST(CommitConversion, FpCompareLogsTheXRegister) {
  ExecutedInstr in = executed(isa::InsnId::FLT_S, 0xa07312d3u);
  in.writes.push_back({RegWrite::Kind::X, 5, 1});
  EXPECT_EQ(commit_line(in), "core   0: 3 0x80000100 (0xa07312d3) x5  0x00000001\n");
}

// amoadd.w x5, x7, (x6): mmu.h amo_func does store_uint32(addr, 0, false, true) (not
// logged: actually_store = false), load_uint32 (READ_MEM) and store_uint32 (WRITE_MEM);
// WRITE_RD evaluates its value once. So: x item, one read, one write.
TEST(CommitConversion, AmoLogsOneReadAndOneWrite) {
  ExecutedInstr in = executed(isa::InsnId::AMOADD_W, 0x007322afu);
  in.writes.push_back({RegWrite::Kind::X, 5, 3});
  in.mem.push_back(read(0x90000000u));
  in.mem.push_back(write(0x90000000u, 7));
  EXPECT_EQ(commit_line(in),
            "core   0: 3 0x80000100 (0x007322af) x5  0x00000003 mem 0x90000000 mem 0x90000000 "
            "0x00000007\n");
}

}  // namespace
}  // namespace ventus::runner
