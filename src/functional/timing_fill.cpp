// TimingRecord filling: operand registers from the row's operand list (isa/operand.hpp).
#include "functional/timing_fill.hpp"

#include <bit>

#include "isa/operand.hpp"

namespace ventus::functional {
namespace {

using isa::OperandKind;

// Which regext field extends an operand (§5.5) and in which file it lives. Vector store
// data (Vs3, in the rd field) takes the rs3 prefix like REF (C29).
struct OperandReg {
  RegFile file;
  uint8_t raw;
  uint8_t ext;
  bool is_destination;
};

std::optional<OperandReg> operand_reg(OperandKind kind, const Insn& insn, const RegExt& ext) {
  switch (kind) {
    case OperandKind::Rd:
    case OperandKind::Frd:
      return OperandReg{RegFile::Scalar, insn.rd, ext.rd, true};
    case OperandKind::Rs1:
    case OperandKind::Frs1:
      return OperandReg{RegFile::Scalar, insn.rs1, ext.rs1, false};
    case OperandKind::Rs2:
    case OperandKind::Frs2:
      return OperandReg{RegFile::Scalar, insn.rs2, ext.rs2, false};
    case OperandKind::Rs3:
    case OperandKind::Frs3:
      return OperandReg{RegFile::Scalar, insn.rs3, ext.rs3, false};
    case OperandKind::Vd:
      return OperandReg{RegFile::Vector, insn.rd, ext.rd, true};
    case OperandKind::Vs1:
      return OperandReg{RegFile::Vector, insn.rs1, ext.rs1, false};
    case OperandKind::Vs2:
      return OperandReg{RegFile::Vector, insn.rs2, ext.rs2, false};
    case OperandKind::Vs3:
      return OperandReg{RegFile::Vector, insn.rd, ext.rs3, false};
    default:
      return std::nullopt;
  }
}

void add_source(RegOperands& r, RegRef reg) {
  // x0 is read from its bank like any register (the collector reads by operand kind).
  for (unsigned k = 0; k < r.source_count; ++k) {
    if (r.sources[k] == reg) return;
  }
  if (r.source_count < kMaxRecordSources) r.sources[r.source_count++] = reg;
}

}  // namespace

MemOp mem_op_of(const isa::InsnRow& row) {
  namespace f = isa::flag;
  if (row.has(f::kAtomic) && row.has(f::kLoad) && row.has(f::kStore)) return MemOp::Atomic;
  if (row.has(f::kStore)) return MemOp::Store;
  if (row.has(f::kLoad)) return MemOp::Load;
  return MemOp::None;
}

RegOperands register_operands(const Insn& insn, const RegExt& ext) {
  RegOperands r;
  if (insn.row == nullptr) return r;
  for (OperandKind kind : insn.row->operand_kinds()) {
    const auto reg = operand_reg(kind, insn, ext);
    if (!reg) continue;
    const RegRef ref{reg->file, static_cast<uint8_t>(reg->raw + 32u * reg->ext)};
    if (!reg->is_destination) {
      add_source(r, ref);
    } else if (ref.file == RegFile::Vector || ref.index != 0) {
      r.destination = ref;
    }
  }
  if (insn.vm == 0) add_source(r, RegRef{RegFile::Vector, 0});  // v0.t mask
  return r;
}

// Three callers per instruction (the model's decode, its issue and the step itself): the
// registers come from the predecoded Insn unless a regext prefix is active.
void fill_timing_before(TimingRecord& r, const WarpState& warp, const Insn& insn) {
  r.clear_dynamic();
  r.row = insn.row;
  r.pc = warp.pc;
  r.word = insn.word;
  r.mem_op = insn.mem_op;
  static_cast<RegOperands&>(r) = effective_operands(insn, warp);
  r.pair_prefixed = (warp.ext.modifier & (kModifierPair | kModifierEvenPair)) != 0;
  r.cache_hint = warp.ext.hint;
}

void fill_timing_after(TimingRecord& r, const WarpState& warp, LaneMask lanes,
                       size_t simt_depth_before) {
  r.next_pc = warp.pc;
  r.active = lanes;
  if (r.address_count != 0) {
    const bool per_lane = r.row->has(isa::flag::kVector);
    const LaneMask candidates = per_lane ? lanes : 1u;
    // The lowest lanes own the addresses, one each: usually every candidate has one.
    LaneMask owners = candidates;
    if (r.address_count < std::popcount(candidates)) {
      owners = 0;
      LaneMask rest = candidates;
      for (unsigned k = 0; k < r.address_count; ++k) {
        owners |= rest & (~rest + 1);
        rest &= rest - 1;
      }
    }
    r.address_lanes = owners;
  }
  const size_t depth = warp.simt.size();
  r.simt_depth = static_cast<uint8_t>(depth);
  if (depth > simt_depth_before) {
    r.simt_op = SimtOp::Push;
    r.simt_entries = static_cast<uint8_t>(depth - simt_depth_before);
  } else if (depth < simt_depth_before) {
    r.simt_op = SimtOp::Pop;
    r.simt_entries = static_cast<uint8_t>(simt_depth_before - depth);
  }
}

}  // namespace ventus::functional
