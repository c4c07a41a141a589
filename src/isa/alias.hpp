// Alias (pseudo-instruction) rows: a mnemonic standing for one table row with fixed operands.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/insn_table.hpp"

namespace ventus::isa {

enum class DisasmStyle : uint8_t { Llvm, Ref };

struct AliasConstraint {
  OperandKind kind;
  bool equals_other;  // the field equals the field of `other` (e.g. fmv.s: frs2 = frs1)
  OperandKind other;
  int32_t value;  // otherwise the field equals this value
};

struct AliasRow {
  InsnId base;
  std::string_view mnemonic;
  std::string_view syntax;  // tokens of the base row's operands
  std::array<AliasConstraint, 3> constraints;
  uint8_t constraint_count;
  bool for_llvm;  // printed by the LLVM-style disassembler (llvm-objdump 14 of the toolchain)
  bool for_ref;   // printed by the REF-style (Spike) disassembler

  std::span<const AliasConstraint> constraint_list() const {
    return {constraints.data(), constraint_count};
  }
  bool applies_to(uint32_t word) const;
  bool in_style(DisasmStyle style) const { return style == DisasmStyle::Llvm ? for_llvm : for_ref; }
};

// Every alias row; the assembler accepts all of them, printed or not.
std::span<const AliasRow> alias_table();
// The first alias of `style` that matches a word of row `base`, or nullptr.
const AliasRow* find_alias(InsnId base, uint32_t word, DisasmStyle style);

}  // namespace ventus::isa
