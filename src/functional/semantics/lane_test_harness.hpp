// Test harness for the semantics tests: one warp, mapped memory, encode-predecode-execute.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "functional/exec_context.hpp"
#include "functional/insn.hpp"
#include "isa/encoder.hpp"
#include "isa/insn_table.hpp"
#include "memory/work_group_memory.hpp"

namespace ventus::functional::testing {

inline constexpr uint32_t kBuf = 0x90000000u;  // mapped global buffer [kBuf, kBuf + 64 KiB)
inline constexpr uint32_t kPds = 0x90100000u;  // mapped private region [kPds, kPds + 64 KiB)

// Encodes `mnemonic` with operand values in the row's (LLVM syntax) order; fails the test
// (and returns 0) for an unknown mnemonic or an out-of-range value.
inline uint32_t enc(std::string_view mnemonic, std::initializer_list<int64_t> values) {
  const isa::InsnRow* row = isa::find_row_by_mnemonic(mnemonic);
  EXPECT_NE(row, nullptr) << mnemonic;
  if (row == nullptr) return 0;
  const std::vector<int64_t> operands(values);
  auto word = isa::encode(*row, operands);
  EXPECT_TRUE(word.ok()) << mnemonic;
  return word.ok() ? word.value() : 0;
}

// One warp of `numt` threads after crt0: vl = numt, vtype = e32 m1 ta ma, all threads active.
struct Harness {
  memory::DeviceMemory global;
  memory::LocalMemory local{4096};
  memory::WorkGroupMemory wg{global, local};
  WarpState warp;
  ExecutedInstr record;
  AccessCounts counts;
  Mode mode = Mode::Default;
  MemcheckSetting memcheck;  // Strict unless a test sets it
  Trap trap;
  isa::Profile profile = isa::kDefaultProfile;  // words are decoded in it
  bool previous_is_prefix = false;              // the last word executed was a prefix

  explicit Harness(unsigned numt = 8) {
    warp.numt = numt;
    warp.full_mask = numt >= 32 ? ~0u : (1u << numt) - 1u;
    warp.mask = warp.full_mask;
    warp.vl = numt;
    warp.vtype = 0xd0;
    warp.csr.numt = numt;
    warp.csr.numw = 1;
    warp.csr.pds = kPds;
    EXPECT_TRUE(global.map_region({kBuf, 0x10000, memory::RegionKind::kGlobal, "buf"}).ok());
    EXPECT_TRUE(global.map_region({kPds, 0x10000, memory::RegionKind::kPrivate, "pds"}).ok());
  }
  Harness(const Harness&) = delete;  // wg points into this object
  Harness& operator=(const Harness&) = delete;

  // Executes one instruction word through the logged copy (its writes in `record`); returns
  // false when it trapped (trap holds the reason).
  bool run(uint32_t word) {
    record.clear();
    return execute<CommitPolicy>(word, &record);
  }
  // The same through the unrecorded copy, the one the engine's burst loop runs: warp-wide
  // memory accesses where the lanes allow, no record.
  bool run_unrecorded(uint32_t word) { return execute<NoRecord>(word, nullptr); }

  template <class Policy>
  bool execute(uint32_t word, typename Policy::Record* into) {
    trap = Trap{};
    BasicExecContext<Policy> ctx(warp, wg, mode, counts, kPds, 0x10000, trap, into, memcheck);
    // As the decode cache does: the word after a prefix word gets the prefix-aware function.
    const Insn insn = predecode(word, profile, previous_is_prefix);
    previous_is_prefix = is_prefix_word(word, profile);
    ctx.begin(warp.pc + 4, insn);
    insn.exec<Policy>()(ctx, insn);
    return !ctx.trapped();
  }

  // Executes `words` in order as the engine retires them (a prefix covers the next word);
  // false at the first trap (which ends a warp: the next sequence starts without a prefix).
  bool run_sequence(std::initializer_list<uint32_t> words) {
    warp.ext = RegExt{};
    previous_is_prefix = false;
    for (uint32_t word : words) {
      if (!run(word)) return false;
      if (warp.ext.active) retire_prefix(warp.ext);
    }
    return true;
  }

  VReg& v(unsigned index) { return warp.v[index]; }
  void set_lanes(unsigned index, std::initializer_list<uint32_t> values) {
    unsigned i = 0;
    for (uint32_t value : values) warp.v[index].lane[i++] = value;
  }
  void fill(unsigned index, uint32_t value) { warp.v[index].lane.fill(value); }

  uint32_t read32(uint32_t addr) const { return global.store().read32(addr); }
  void write32(uint32_t addr, uint32_t value) { global.store().write32(addr, value); }

  // Value of the last recorded CSR write to `number`, or -1 when none was recorded.
  int64_t csr_write(uint16_t number) const {
    int64_t value = -1;
    for (const RegWrite& w : record.writes) {
      if (w.kind == RegWrite::Kind::Csr && w.index == number) value = w.value;
    }
    return value;
  }
  bool wrote(RegWrite::Kind kind, unsigned index) const {
    for (const RegWrite& w : record.writes) {
      if (w.kind == kind && w.index == index) return true;
    }
    return false;
  }
};

}  // namespace ventus::functional::testing
