// Predecoding: decode a word once into the fields and immediate the semantics functions read.
#include "functional/insn.hpp"

#include "common/bits.hpp"
#include "functional/semantics/semantics.hpp"
#include "functional/timing_fill.hpp"
#include "isa/decoder.hpp"

namespace ventus::functional {
namespace {

// The row's immediate, if any: the first operand whose kind is not a register/vm/rm/csr.
// Csr rows keep the CSR number in imm (they have no other immediate except zimm, which
// lives in the rs1 field and is read from there).
int32_t primary_immediate(const isa::Decoded& d) {
  using isa::OperandKind;
  for (size_t i = 0; i < d.row->operand_count; ++i) {
    const OperandKind kind = d.row->operands[i];
    if (isa::operand_info(kind).reg_class != isa::RegClass::None) continue;
    if (kind == OperandKind::Vm || kind == OperandKind::Rm || kind == OperandKind::AqRl ||
        kind == OperandKind::Zimm) {
      continue;
    }
    return d.values[i];
  }
  return 0;
}

uint8_t traits_of(const isa::InsnRow& row) {
  namespace f = isa::flag;
  uint8_t traits = 0;
  if (row.has(f::kVector)) traits |= trait::kVectorState;
  if (row.has(f::kVBranch | f::kJoin | f::kSetRpc)) traits |= trait::kSimtRow;
  if (row.has(f::kStore | f::kAtomic)) traits |= trait::kStore;
  return traits;
}

ControlKind control_kind(const isa::InsnRow& row) {
  if (row.has(isa::flag::kCondBranch)) return ControlKind::CondBranch;
  if (row.has(isa::flag::kVBranch)) return ControlKind::VBranch;
  if (row.has(isa::flag::kJoin)) return ControlKind::Join;
  return ControlKind::None;
}

}  // namespace

Insn predecode(uint32_t word, isa::Profile profile, bool after_prefix) {
  Insn insn;
  insn.word = word;
  insn.rd = static_cast<uint8_t>(bits(word, 11, 7));
  insn.rs1 = static_cast<uint8_t>(bits(word, 19, 15));
  insn.rs2 = static_cast<uint8_t>(bits(word, 24, 20));
  insn.rs3 = static_cast<uint8_t>(bits(word, 31, 27));
  insn.vm = static_cast<uint8_t>(bits(word, 25, 25));
  insn.rm = static_cast<uint8_t>(bits(word, 14, 12));
  const isa::Decoded d = isa::decode(word, profile);
  if (!d.valid()) {
    insn.exec_fast = semantics::illegal_function(NoRecord{});
    insn.exec_timed = semantics::illegal_function(TimingPolicy{});
    insn.exec_logged = semantics::illegal_function(CommitPolicy{});
    return insn;
  }
  insn.row = d.row;
  if (!d.row->operand_index(isa::OperandKind::Vm)) insn.vm = 1;
  insn.imm = primary_immediate(d);
  if (after_prefix) {
    insn.exec_fast = semantics::after_prefix_function(NoRecord{});
    insn.exec_timed = semantics::after_prefix_function(TimingPolicy{});
    insn.exec_logged = semantics::after_prefix_function(CommitPolicy{});
  } else {
    insn.exec_fast = semantics::exec_function(d.row->id, NoRecord{});
    insn.exec_timed = semantics::exec_function(d.row->id, TimingPolicy{});
    insn.exec_logged = semantics::exec_function(d.row->id, CommitPolicy{});
  }
  insn.traits = traits_of(*d.row);
  insn.unit = static_cast<uint8_t>(d.row->unit);
  insn.control = static_cast<uint8_t>(control_kind(*d.row));
  insn.operands = register_operands(insn, RegExt{});
  insn.mem_op = mem_op_of(*d.row);
  return insn;
}

bool is_prefix_word(uint32_t word, isa::Profile profile) {
  const isa::Decoded d = isa::decode(word, profile);
  return d.valid() && d.row->has(isa::flag::kPrefix);
}

}  // namespace ventus::functional
