// The instruction after a pre_m_* prefix (ISA.md §5.15): its access in the prefix's address
// space, with a 64-bit pair base when asked, moving 1-4 consecutive words.
#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <optional>

#include "common/bits.hpp"
#include "functional/semantics/modifiers.hpp"
#include "functional/semantics/pairs.hpp"

namespace ventus::functional::semantics {
namespace {

using isa::InsnId;

// The access of a memory row as the prefix sees it.
struct MemShape {
  unsigned bytes = 4;
  bool is_signed = false;
  bool vector = false;
  bool private_row = false;  // vlx.v/vsx.v: their own address rule is §5.11's
};

std::optional<MemShape> mem_shape(InsnId id) {
  switch (id) {
    case InsnId::LB:
    case InsnId::SB:
      return MemShape{1, true};
    case InsnId::LH:
    case InsnId::SH:
      return MemShape{2, true};
    case InsnId::LBU:
      return MemShape{1, false};
    case InsnId::LHU:
      return MemShape{2, false};
    case InsnId::LW:
    case InsnId::SW:
    case InsnId::LD:
    case InsnId::SD:
      return MemShape{4};
    case InsnId::VLB12_V:
    case InsnId::VSB12_V:
    case InsnId::VLB12D_V:
    case InsnId::VSB12D_V:
      return MemShape{1, true, true};
    case InsnId::VLH12_V:
    case InsnId::VSH12_V:
    case InsnId::VLH12D_V:
    case InsnId::VSH12D_V:
      return MemShape{2, true, true};
    case InsnId::VLBU12_V:
    case InsnId::VLBU12D_V:
      return MemShape{1, false, true};
    case InsnId::VLHU12_V:
    case InsnId::VLHU12D_V:
      return MemShape{2, false, true};
    case InsnId::VLW12_V:
    case InsnId::VSW12_V:
    case InsnId::VLW12D_V:
    case InsnId::VSW12D_V:
      return MemShape{4, false, true};
    case InsnId::VLB_V:
    case InsnId::VSB_V:
      return MemShape{1, true, true, true};
    case InsnId::VLH_V:
    case InsnId::VSH_V:
      return MemShape{2, true, true, true};
    case InsnId::VLBU_V:
      return MemShape{1, false, true, true};
    case InsnId::VLHU_V:
      return MemShape{2, false, true, true};
    case InsnId::VLW_V:
    case InsnId::VSW_V:
      return MemShape{4, false, true, true};
    default:
      return std::nullopt;
  }
}

// One prefixed access: where it goes and what it moves.
struct Access {
  const Insn& insn;
  MemShape shape;
  bool store;
  bool pair_base;
  unsigned base, data;  // effective register numbers: base (rs1/vs1), data (rd/vd or rs2/vs2)
};

uint32_t base_word(ExecContext& ctx, const Access& a, unsigned reg, unsigned lane) {
  return a.shape.vector ? ctx.v(reg).lane[lane] : ctx.x(reg);
}

// base (+ pair) + imm in 64 bits: the access's own address, before the space rule.
bool lane_address(ExecContext& ctx, const Access& a, unsigned lane, uint32_t& out) {
  const uint32_t low = base_word(ctx, a, a.base, lane);
  const uint64_t base = a.pair_base ? pairs::join(base_word(ctx, a, a.base + 1, lane), low) : low;
  return pairs::address_or_trap(ctx, base + static_cast<uint64_t>(int64_t{a.insn.imm}), out);
}

// The address of word k at `addr` + 4k in the prefix's space (§5.15).
uint32_t space_address(const ExecContext& ctx, const Access& a, uint32_t addr, unsigned lane) {
  const WarpState& w = ctx.warp();
  switch (w.ext.mem_space) {
    case 1:
      return addr + w.csr.gds;
    case 2:
      return private_address(w.csr, addr, lane);
    case 3:
      return addr + w.csr.lds;
    default:
      return a.shape.private_row ? private_address(w.csr, addr, lane) : addr;
  }
}

uint32_t widen(uint32_t raw, const MemShape& s) {
  if (s.bytes == 4 || !s.is_signed) return raw;
  return static_cast<uint32_t>(sign_extend(raw, 8 * s.bytes));
}

template <typename T>
bool move(ExecContext& ctx, const Access& a, uint32_t addr, uint32_t& value, int lane) {
  if (a.store) return ctx.store<T>(addr, static_cast<T>(value), lane);
  T raw{};
  if (!ctx.load<T>(addr, raw, lane)) return false;
  value = widen(raw, a.shape);
  return true;
}

// Word k of one lane (or the scalar access, log_lane -1) whose own address is `base`:
// register data + k <-> memory.
bool access_word(ExecContext& ctx, const Access& a, uint32_t base, unsigned lane, unsigned k,
                 int log_lane) {
  const uint32_t addr = space_address(ctx, a, base + 4u * k, lane);
  const unsigned reg = a.data + k;
  uint32_t value = a.store ? base_word(ctx, a, reg, lane) : 0;
  const bool ok = a.shape.bytes == 1   ? move<uint8_t>(ctx, a, addr, value, log_lane)
                  : a.shape.bytes == 2 ? move<uint16_t>(ctx, a, addr, value, log_lane)
                                       : move<uint32_t>(ctx, a, addr, value, log_lane);
  if (!ok || a.store) return ok;
  if (a.shape.vector) {
    ctx.v(reg).lane[lane] = value;
  } else {
    ctx.set_x(reg, value);
  }
  return true;
}

bool checked(ExecContext& ctx, const Access& a, unsigned words) {
  if (words > 1 && a.shape.bytes != 4) {
    return illegal_after_prefix(ctx, a.insn, "a width above 32 bits needs a 32-bit access");
  }
  if (a.data + words > kRegCount) {
    return illegal_after_prefix(ctx, a.insn, "the registers run past the register file");
  }
  return !a.pair_base || pairs::even_or_trap(ctx, a.base, a.shape.vector ? "vs1" : "rs1");
}

// For the cycle model's LSU: a wide access in a contiguous space is one address per lane
// covering all its words (access_bytes = 4 · words), so that every block it touches is
// requested, not just the first 32 words' (the record has one slot per lane). The private
// space interleaves words across threads (§5.11): its words keep their own addresses.
template <class Context>  // a template, so the other policies' copies drop the record code
void record_wide_access(Context& ctx, const Access& a, LaneMask lanes, const VReg& base,
                        unsigned words) {
  if constexpr (Context::kTiming) {
    const RegExt& ext = ctx.warp().ext;
    const bool private_space = ext.mem_space == 2 || (ext.mem_space == 0 && a.shape.private_row);
    if (words < 2 || private_space) return;
    TimingRecord& r = *ctx.record();
    r.address_count = 0;
    for (LaneMask m = lanes; m != 0; m &= m - 1) {
      const auto i = static_cast<unsigned>(std::countr_zero(m));
      r.lane_address[r.address_count++] = space_address(ctx, a, base.lane[i], i);
    }
    r.access_bytes = static_cast<uint8_t>(4 * words);
  } else {
    (void)ctx, (void)a, (void)lanes, (void)base, (void)words;
  }
}

}  // namespace

void exec_memory_prefixed(ExecContext& ctx, const Insn& insn) {
  const isa::InsnRow& row = *insn.row;
  if (!row.has(isa::flag::kLoad | isa::flag::kStore)) return exec_own_row(ctx, insn);
  const auto shape = mem_shape(row.id);
  if (!shape) {
    illegal_after_prefix(ctx, insn, "pre_m_* applies to the loads/stores of ISA.md §5.15");
    return;
  }
  const bool store = row.has(isa::flag::kStore);
  const RegExt& ext = ctx.warp().ext;
  const bool pair = (ext.modifier & kModifierPairBase) != 0 || row.has(isa::flag::kPairAddress);
  const Access a{insn, *shape, store, pair, ctx.rs1(insn), store ? ctx.rs2(insn) : ctx.rd(insn)};
  const unsigned words = ext.mem_words;
  if (!checked(ctx, a, words)) return;
  // The base is read before any word is written (the data may overwrite it).
  const LaneMask lanes = shape->vector ? ctx.active_lanes() : 1u;
  VReg base;
  for (LaneMask m = lanes; m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    if (!lane_address(ctx, a, i, base.lane[i])) return;
  }
  for (LaneMask m = lanes; m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    const int log_lane = shape->vector ? static_cast<int>(i) : -1;
    for (unsigned k = 0; k < words; ++k) {
      if (!access_word(ctx, a, base.lane[i], i, k, log_lane)) return;
    }
  }
  record_wide_access(ctx, a, lanes, base, words);
  if (!shape->vector) return;
  if (!store) {
    for (unsigned k = 0; k < words; ++k) ctx.wrote_v(a.data + k);
  }
}

}  // namespace ventus::functional::semantics
