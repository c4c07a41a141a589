// Insn: a predecoded instruction ready to execute (decoded once per code word, DESIGN.md §2.4).
#pragma once

#include <cstdint>

#include "functional/record_policy.hpp"
#include "functional/reg_operands.hpp"
#include "isa/insn_table.hpp"

namespace ventus::functional {

template <class Policy>
class BasicExecContext;
struct Insn;
template <class Policy>
using ExecFn = void (*)(BasicExecContext<Policy>&, const Insn&);

// Engine-side properties of a row, precomputed so the hot loop tests one byte (DESIGN.md §2.4).
namespace trait {
inline constexpr uint8_t kVectorState = 1u << 0;  // dirties mstatus.VS, resets vstart (REF)
inline constexpr uint8_t kSimtRow = 1u << 2;      // vbranch, join, setrpc: the SIMT stack
inline constexpr uint8_t kStore = 1u << 3;        // may write memory (tohost check)
}  // namespace trait

// Control rows the statistics tell apart.
enum class ControlKind : uint8_t { None, CondBranch, VBranch, Join };

struct Insn {
  // The row's semantics function, compiled once per record policy (record_policy.hpp).
  ExecFn<NoRecord> exec_fast = nullptr;
  ExecFn<TimingPolicy> exec_timed = nullptr;
  ExecFn<CommitPolicy> exec_logged = nullptr;
  const isa::InsnRow* row = nullptr;  // nullptr: the word decodes to no row
  uint32_t word = 0;
  uint8_t rd = 0, rs1 = 0, rs2 = 0, rs3 = 0;  // raw 5-bit fields (regext added at execution)
  uint8_t vm = 1;                             // 0: masked by v0.t (§2.4)
  uint8_t rm = 7;                             // rounding-mode field (7 = dynamic)
  uint8_t traits = 0;                         // trait:: bits
  uint8_t unit = 0;                           // the row's isa::Unit (statistics)
  uint8_t control = 0;                        // ControlKind (statistics)
  int32_t imm = 0;                            // the row's immediate as the instruction means it
  // For the cycle model, computed once: the registers without a regext prefix (an active
  // prefix recomputes them, timing_fill.cpp) and the memory operation.
  RegOperands operands{};
  MemOp mem_op = MemOp::None;

  template <class Policy>
  ExecFn<Policy> exec() const {
    if constexpr (Policy::kCommit) {
      return exec_logged;
    } else if constexpr (Policy::kTiming) {
      return exec_timed;
    } else {
      return exec_fast;
    }
  }
};

// Predecodes `word`: fields, the row's immediate, and the semantics function. `after_prefix`:
// the word before it in memory is a prefix (predecoded_after_prefix), so the function honours
// what the prefix armed; no other instruction looks at the prefix state.
Insn predecode(uint32_t word, isa::Profile profile = isa::kDefaultProfile,
               bool after_prefix = false);

// Whether `word` decodes in `profile` to a prefix row (regext, regpair, pre_m_*, prefix...,
// ISA.md §5.5, §5.13-§5.16): the instruction after it must be predecoded with after_prefix.
bool is_prefix_word(uint32_t word, isa::Profile profile);

}  // namespace ventus::functional
