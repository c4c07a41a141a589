// Lane-loop building blocks for vector semantics: operand sources, masked merge, int/FP loops.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "common/bits.hpp"
#include "fp/types.hpp"
#include "functional/exec_context.hpp"
#include "functional/semantics/fp_rounding.hpp"

namespace ventus::functional::semantics::lane {

using Lanes = std::array<uint32_t, kMaxThreads>;

// Operand sources: a vector register read per lane, or one scalar broadcast to every lane.
struct Vec {
  const VReg& reg;
  uint32_t operator[](unsigned i) const { return reg.lane[i]; }
};
struct Splat {
  uint32_t value;
  uint32_t operator[](unsigned) const { return value; }
};

inline Vec vs1(ExecContext& ctx, const Insn& insn) {
  return {ctx.v(ctx.rs1(insn))};
}
inline Vec vs2(ExecContext& ctx, const Insn& insn) {
  return {ctx.v(ctx.rs2(insn))};
}
inline Splat xs1(ExecContext& ctx, const Insn& insn) {
  return {ctx.x(ctx.rs1(insn))};
}

// The .vi immediate widened by a preceding regexti to imm6 ‖ imm5 (ISA.md §5.5, C30): REF
// zero-extends the 11 bits; the default mode widens naturally (simm5 signed, uimm5 not).
uint32_t regexti_vi_imm(const ExecContext& ctx, const Insn& insn);

inline uint32_t vi_imm(const ExecContext& ctx, const Insn& insn) {
  if (!ctx.warp().ext.immediate) [[likely]]
    return static_cast<uint32_t>(insn.imm);
  return regexti_vi_imm(ctx, insn);
}
inline Splat imm(ExecContext& ctx, const Insn& insn) {
  return {vi_imm(ctx, insn)};
}

// Bit i of a lane mask, as a table so the merge below compiles to vector AND/compare
// instructions (a variable shift per lane would not vectorise on baseline x86-64).
inline constexpr Lanes kLaneBit = [] {
  Lanes bits{};
  for (unsigned i = 0; i < kMaxThreads; ++i) bits[i] = 1u << i;
  return bits;
}();

// Lanes are written a chunk of eight (one 256-bit host vector) at a time: the chunk's values
// are computed before any of its lanes is written. So vd may be one of the sources (two
// vector registers are the same or disjoint, and a value reads only its own lane of a
// register), and the result needs no whole-register temporary: one through the stack cost
// more than the lane arithmetic (DESIGN.md §2.4).
inline constexpr unsigned kChunk = 8;
static_assert(kMaxThreads % kChunk == 0);

// vd[i] = value(i) on the instruction's active lanes; inactive lanes keep their value. A full
// 32-lane mask (every lane of a full-width warp active, the common case of converged code)
// is a plain store; otherwise a select per lane. Records the vector write.
// Always inlined, as the helpers below: the lane loops vectorise only inside the row's own
// function.
template <class Value>
[[gnu::always_inline]] inline void write_lanes(ExecContext& ctx, const Insn& insn, Value value) {
  const unsigned vd = ctx.rd(insn);
  VReg& d = ctx.v(vd);
  const LaneMask mask = ctx.active_lanes();
  if (mask == ~LaneMask{0}) {
    for (unsigned c = 0; c < kMaxThreads; c += kChunk) {
      uint32_t chunk[kChunk];
      for (unsigned j = 0; j < kChunk; ++j) chunk[j] = value(c + j);
      for (unsigned j = 0; j < kChunk; ++j) d.lane[c + j] = chunk[j];
    }
  } else {
    for (unsigned c = 0; c < kMaxThreads; c += kChunk) {
      uint32_t chunk[kChunk];
      for (unsigned j = 0; j < kChunk; ++j) chunk[j] = value(c + j);
      for (unsigned j = 0; j < kChunk; ++j) {
        const uint32_t sel = (mask & kLaneBit[c + j]) != 0 ? ~0u : 0u;
        d.lane[c + j] = (chunk[j] & sel) | (d.lane[c + j] & ~sel);
      }
    }
  }
  ctx.wrote_v(vd);
}

// Writes the computed `res` to vd on the instruction's active lanes.
inline void commit(ExecContext& ctx, const Insn& insn, const Lanes& res) {
  write_lanes(ctx, insn, [&](unsigned i) { return res[i]; });
}

// vd[i] = op(a[i], b[i]). Computed for every lane (no per-lane branch), then merged, so `op`
// must be total (e.g. division guards its divisor).
template <class A, class B, class Op>
[[gnu::always_inline]] inline void binary(ExecContext& ctx, const Insn& insn, A a, B b, Op op) {
  write_lanes(ctx, insn, [&](unsigned i) { return op(a[i], b[i]); });
}

// vd[i] = op(a[i], b[i], vd[i]) (integer multiply-add: the accumulator is vd, §5.5).
template <class A, class B, class Op>
[[gnu::always_inline]] inline void ternary(ExecContext& ctx, const Insn& insn, A a, B b, Op op) {
  const VReg& d = ctx.v(ctx.rd(insn));
  write_lanes(ctx, insn, [&](unsigned i) { return op(a[i], b[i], d.lane[i]); });
}

// vd[i] = value(i) on active lanes (moves, vid.v). `value` reads only lane i of a register.
template <class Value>
[[gnu::always_inline]] inline void fill(ExecContext& ctx, const Insn& insn, Value value) {
  write_lanes(ctx, insn, value);
}

// Bit i of the RVV bit-packed mask register v0 (C19): numt <= 32, so all bits are in element 0.
inline LaneMask v0_bits(const ExecContext& ctx) {
  return ctx.v(0).lane[0];
}

// FP lane loop: soft-float is not vectorisable, so iterate the active lanes only (ascending).
// op(i, rm) returns the lane's FpResult; flags are OR-ed over lanes and accrued once (REF logs
// c1_fflags when any lane raised one). Vector FP ops round with frm; frm > 4 is illegal.
template <class Op>
void fp_lanes(ExecContext& ctx, const Insn& insn, Op op) {
  const auto rm = dynamic_rounding_mode(ctx);
  if (!rm) return;
  const unsigned vd = ctx.rd(insn);
  VReg& d = ctx.v(vd);
  uint8_t flags = 0;
  for (LaneMask m = ctx.active_lanes(); m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    const fp::FpResult r = op(i, *rm);  // reads only lane i, so writing lane i is safe
    d.lane[i] = r.value;
    flags |= r.flags;
  }
  accrue_fflags(ctx, flags);
  ctx.wrote_v(vd);
}

}  // namespace ventus::functional::semantics::lane

// Row definitions as one-liners: exec_<ID>_VV / _VX / _VI on (vs2, vs1 | rs1 | imm).
#define VENTUS_VV(ID, OP)                                                    \
  void exec_##ID##_VV(ExecContext& ctx, const Insn& insn) {                  \
    lane::binary(ctx, insn, lane::vs2(ctx, insn), lane::vs1(ctx, insn), OP); \
  }
#define VENTUS_VX(ID, OP)                                                    \
  void exec_##ID##_VX(ExecContext& ctx, const Insn& insn) {                  \
    lane::binary(ctx, insn, lane::vs2(ctx, insn), lane::xs1(ctx, insn), OP); \
  }
#define VENTUS_VI(ID, OP)                                                    \
  void exec_##ID##_VI(ExecContext& ctx, const Insn& insn) {                  \
    lane::binary(ctx, insn, lane::vs2(ctx, insn), lane::imm(ctx, insn), OP); \
  }
#define VENTUS_VV_VX(ID, OP) VENTUS_VV(ID, OP) VENTUS_VX(ID, OP)
#define VENTUS_VV_VX_VI(ID, OP) VENTUS_VV(ID, OP) VENTUS_VX(ID, OP) VENTUS_VI(ID, OP)
#define VENTUS_MADD(ID, OP)                                                   \
  void exec_##ID##_VV(ExecContext& ctx, const Insn& insn) {                   \
    lane::ternary(ctx, insn, lane::vs1(ctx, insn), lane::vs2(ctx, insn), OP); \
  }                                                                           \
  void exec_##ID##_VX(ExecContext& ctx, const Insn& insn) {                   \
    lane::ternary(ctx, insn, lane::xs1(ctx, insn), lane::vs2(ctx, insn), OP); \
  }
