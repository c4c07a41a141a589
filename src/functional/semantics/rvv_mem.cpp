// RVV unit-stride, strided and indexed loads/stores (ISA.md §4.2, conflict C17).
#include <cstdint>

#include "functional/semantics/lane_memory.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

// Store data register vs3 sits in the rd field; REF extends it with the regext rs3 prefix
// (§5.5, conflict C29 — followed in both modes).
unsigned vs3(const ExecContext& ctx, const Insn& insn) {
  return insn.rd + 32u * ctx.warp().ext.rs3;
}

// Address generators. Data is SEW = 32 (the only configuration, §2.3); the index EEW of
// indexed accesses is the row's width.
struct UnitStride {
  uint32_t base, size;
  uint32_t operator()(unsigned i) const { return base + size * i; }
};
struct Strided {
  uint32_t base, stride;
  uint32_t operator()(unsigned i) const { return base + stride * i; }
};
// Index element i of an EEW = sizeof(T) index register, bit-packed like RVV (element i of an
// EEW=32 register is lane i).
template <typename T>
uint32_t packed(const VReg& reg, unsigned i) {
  const unsigned byte = i * static_cast<unsigned>(sizeof(T));
  const uint32_t word = reg.lane[byte / 4] >> (8 * (byte % 4));
  return static_cast<T>(word);
}
template <typename T>
struct Indexed {
  uint32_t base;
  const VReg& index;
  uint32_t operator()(unsigned i) const { return base + packed<T>(index, i); }
};

// e8/e16 data (C17): REF runs unmodified RVV (element i is byte/half i of the register, packed),
// the RTL does not decode them and the compiler never emits them, so the default mode rejects
// them.
bool narrow_allowed(ExecContext& ctx) {
  if (ctx.mode() == Mode::RefCompat) return true;
  ctx.raise(TrapKind::IllegalInstruction, 0,
            "e8/e16 RVV loads/stores are only supported with --ref-compat (ISA.md C17)");
  return false;
}

template <typename T, class Addr>
void load_packed(ExecContext& ctx, const Insn& insn, Addr addr) {
  if (!narrow_allowed(ctx)) return;
  const unsigned vd = ctx.rd(insn);
  VReg& d = ctx.v(vd);
  const bool ok = lane::for_active(ctx.active_lanes(), [&](unsigned i) {
    T value{};
    if (!ctx.load<T>(addr(i), value, static_cast<int>(i))) return false;
    const unsigned byte = i * static_cast<unsigned>(sizeof(T));
    const unsigned shift = 8 * (byte % 4);
    const uint32_t keep = ~(uint32_t{static_cast<T>(~T{0})} << shift);
    d.lane[byte / 4] = (d.lane[byte / 4] & keep) | (uint32_t{value} << shift);
    return true;
  });
  if (ok) ctx.wrote_v(vd);
}

template <typename T, class Addr>
void store_packed(ExecContext& ctx, const Insn& insn, Addr addr) {
  if (!narrow_allowed(ctx)) return;
  const VReg& data = ctx.v(vs3(ctx, insn));
  lane::for_active(ctx.active_lanes(), [&](unsigned i) {
    return ctx.store<T>(addr(i), static_cast<T>(packed<T>(data, i)), static_cast<int>(i));
  });
}

uint32_t xs1(const ExecContext& ctx, const Insn& insn) {
  return ctx.x(ctx.rs1(insn));
}
uint32_t xs2(const ExecContext& ctx, const Insn& insn) {
  return ctx.x(ctx.rs2(insn));
}
UnitStride unit(const ExecContext& ctx, const Insn& insn, uint32_t size) {
  return {xs1(ctx, insn), size};
}
Strided strided(const ExecContext& ctx, const Insn& insn) {
  return {xs1(ctx, insn), xs2(ctx, insn)};
}
template <typename T>
Indexed<T> indexed(ExecContext& ctx, const Insn& insn) {
  return {xs1(ctx, insn), ctx.v(ctx.rs2(insn))};
}

template <class Addr>
void load32(ExecContext& ctx, const Insn& insn, Addr addr) {
  lane::load<lane::W>(ctx, ctx.active_lanes(), ctx.rd(insn), addr);
}
template <class Addr>
void store32(ExecContext& ctx, const Insn& insn, Addr addr) {
  lane::store<lane::W>(ctx, ctx.active_lanes(), ctx.v(vs3(ctx, insn)), addr);
}

// Indexed forms with a narrow index but 32-bit data follow the same C17 rule.
template <typename T>
void load_indexed(ExecContext& ctx, const Insn& insn) {
  if (sizeof(T) == 4 || narrow_allowed(ctx)) load32(ctx, insn, indexed<T>(ctx, insn));
}
template <typename T>
void store_indexed(ExecContext& ctx, const Insn& insn) {
  if (sizeof(T) == 4 || narrow_allowed(ctx)) store32(ctx, insn, indexed<T>(ctx, insn));
}

}  // namespace

void exec_VLE8_V(ExecContext& c, const Insn& i) {
  load_packed<uint8_t>(c, i, unit(c, i, 1));
}
void exec_VSE8_V(ExecContext& c, const Insn& i) {
  store_packed<uint8_t>(c, i, unit(c, i, 1));
}
void exec_VLSE8_V(ExecContext& c, const Insn& i) {
  load_packed<uint8_t>(c, i, strided(c, i));
}
void exec_VSSE8_V(ExecContext& c, const Insn& i) {
  store_packed<uint8_t>(c, i, strided(c, i));
}
void exec_VLE16_V(ExecContext& c, const Insn& i) {
  load_packed<uint16_t>(c, i, unit(c, i, 2));
}
void exec_VSE16_V(ExecContext& c, const Insn& i) {
  store_packed<uint16_t>(c, i, unit(c, i, 2));
}
void exec_VLSE16_V(ExecContext& c, const Insn& i) {
  load_packed<uint16_t>(c, i, strided(c, i));
}
void exec_VSSE16_V(ExecContext& c, const Insn& i) {
  store_packed<uint16_t>(c, i, strided(c, i));
}
void exec_VLE32_V(ExecContext& c, const Insn& i) {
  load32(c, i, unit(c, i, 4));
}
void exec_VSE32_V(ExecContext& c, const Insn& i) {
  store32(c, i, unit(c, i, 4));
}
void exec_VLSE32_V(ExecContext& c, const Insn& i) {
  load32(c, i, strided(c, i));
}
void exec_VSSE32_V(ExecContext& c, const Insn& i) {
  store32(c, i, strided(c, i));
}

// Ordered and unordered indexed accesses are the same here: lanes run in ascending order.
void exec_VLUXEI8_V(ExecContext& c, const Insn& i) {
  load_indexed<uint8_t>(c, i);
}
void exec_VLOXEI8_V(ExecContext& c, const Insn& i) {
  load_indexed<uint8_t>(c, i);
}
void exec_VSUXEI8_V(ExecContext& c, const Insn& i) {
  store_indexed<uint8_t>(c, i);
}
void exec_VSOXEI8_V(ExecContext& c, const Insn& i) {
  store_indexed<uint8_t>(c, i);
}
void exec_VLUXEI16_V(ExecContext& c, const Insn& i) {
  load_indexed<uint16_t>(c, i);
}
void exec_VLOXEI16_V(ExecContext& c, const Insn& i) {
  load_indexed<uint16_t>(c, i);
}
void exec_VSUXEI16_V(ExecContext& c, const Insn& i) {
  store_indexed<uint16_t>(c, i);
}
void exec_VSOXEI16_V(ExecContext& c, const Insn& i) {
  store_indexed<uint16_t>(c, i);
}
void exec_VLUXEI32_V(ExecContext& c, const Insn& i) {
  load_indexed<uint32_t>(c, i);
}
void exec_VLOXEI32_V(ExecContext& c, const Insn& i) {
  load_indexed<uint32_t>(c, i);
}
void exec_VSUXEI32_V(ExecContext& c, const Insn& i) {
  store_indexed<uint32_t>(c, i);
}
void exec_VSOXEI32_V(ExecContext& c, const Insn& i) {
  store_indexed<uint32_t>(c, i);
}

}  // namespace ventus::functional::semantics
