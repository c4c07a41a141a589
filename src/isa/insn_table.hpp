// The instruction table: one row per instruction, the single source for decode/encode/print/parse.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "isa/insn_id.hpp"
#include "isa/operand.hpp"
#include "isa/profile.hpp"
#include "isa/unit.hpp"

namespace ventus::isa {

inline constexpr size_t kMaxOperands = 6;

// A row as written in defs/*.def plus what is derived from it at compile time: mask/match
// from the bit pattern, operand kinds from the LLVM syntax string (and a hidden AqRl).
struct InsnRow {
  InsnId id;
  std::string_view mnemonic;
  std::string_view pattern;
  uint32_t mask;
  uint32_t match;
  std::string_view syntax;      // LLVM / objdump syntax, e.g. "$rd, $imm12($rs1)"
  std::string_view ref_syntax;  // REF (Spike) syntax; equal to syntax when the .def left it empty
  Unit unit;
  uint32_t flags;
  std::array<OperandKind, kMaxOperands> operands;
  uint8_t operand_count;
  uint8_t profiles;  // profile_set bits: the ISA profiles the row belongs to (ISA.md §5.12)

  bool has(uint32_t flag_bits) const { return (flags & flag_bits) != 0; }
  bool matches(uint32_t word) const { return (word & mask) == match; }
  bool in(Profile profile) const { return (profiles & profile_bit(profile)) != 0; }
  std::span<const OperandKind> operand_kinds() const { return {operands.data(), operand_count}; }
  // Index of `kind` in operands, if the row has it.
  std::optional<size_t> operand_index(OperandKind kind) const;
};

std::span<const InsnRow> insn_table();
const InsnRow& insn_row(InsnId id);
// Row whose mnemonic is `mnemonic`, if any (several rows never share one: checked by a test),
// whatever its profiles.
const InsnRow* find_row_by_mnemonic(std::string_view mnemonic);
// "profile v2.03" / "profiles v2.02, v2.03": the profiles of `row`, for error messages.
std::string row_profiles_text(const InsnRow& row);

}  // namespace ventus::isa
