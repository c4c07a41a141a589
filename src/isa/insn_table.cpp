// Builds the constexpr instruction table from defs/*.def; malformed rows fail to compile.
#include "isa/insn_table.hpp"

#include <algorithm>

#include "isa/operand_layout.hpp"

namespace ventus::isa {
namespace {

// Mask (want_mask) or match bits of a 32-character pattern of '0', '1' and '.'.
// Throwing in a constant expression makes a bad row a compile error.
constexpr uint32_t pattern_bits(std::string_view pattern, bool want_mask) {
  uint32_t value = 0;
  int count = 0;
  for (char c : pattern) {
    if (c == ' ' || c == '_') continue;
    if (c != '0' && c != '1' && c != '.') throw "pattern characters must be 0, 1 or .";
    value = (value << 1) | static_cast<uint32_t>(want_mask ? c != '.' : c == '1');
    ++count;
  }
  if (count != 32) throw "pattern must have exactly 32 bits";
  return value;
}

constexpr bool is_token_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

struct OperandList {
  std::array<OperandKind, kMaxOperands> kinds{};
  uint8_t count = 0;
};

constexpr void add_operand(OperandList& list, OperandKind kind) {
  if (list.count == kMaxOperands) throw "too many operands";
  list.kinds[list.count++] = kind;
}

// Operand kinds in the order their $tokens appear in the syntax string.
constexpr OperandList parse_operands(std::string_view syntax, uint32_t flags) {
  OperandList list;
  for (size_t i = 0; i < syntax.size(); ++i) {
    if (syntax[i] != '$') continue;
    size_t end = i + 1;
    while (end < syntax.size() && is_token_char(syntax[end])) ++end;
    const int index = detail::kind_index_from_token(syntax.substr(i + 1, end - i - 1));
    if (index < 0) throw "unknown operand token in syntax";
    add_operand(list, static_cast<OperandKind>(index));
    i = end - 1;
  }
  if ((flags & flag::kAqRl) != 0) add_operand(list, OperandKind::AqRl);
  return list;
}

constexpr InsnRow make_row(InsnId id, std::string_view mnemonic, std::string_view pattern,
                           std::string_view syntax, std::string_view ref_syntax, Unit unit,
                           uint32_t flags, uint8_t profiles = profile_set::kAll) {
  const OperandList ops = parse_operands(syntax, flags);
  return InsnRow{id,
                 mnemonic,
                 pattern,
                 pattern_bits(pattern, true),
                 pattern_bits(pattern, false),
                 syntax,
                 ref_syntax.empty() ? syntax : ref_syntax,
                 unit,
                 flags,
                 ops.kinds,
                 ops.count,
                 profiles};
}

using namespace flag;         // NOLINT: the .def rows name flags unqualified
using namespace profile_set;  // NOLINT: and profile sets

constexpr std::array<InsnRow, kInsnCount> kTable = {{
#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) \
  make_row(InsnId::id, mnemonic, pattern, syntax, ref_syntax, Unit::unit, flags),
#define VENTUS_INSN_P(id, mnemonic, pattern, syntax, ref_syntax, unit, flags, profiles) \
  make_row(InsnId::id, mnemonic, pattern, syntax, ref_syntax, Unit::unit, flags, profiles),
#include "isa/defs/all.def"
#undef VENTUS_INSN_P
#undef VENTUS_INSN
}};

}  // namespace

std::optional<size_t> InsnRow::operand_index(OperandKind kind) const {
  for (size_t i = 0; i < operand_count; ++i) {
    if (operands[i] == kind) return i;
  }
  return std::nullopt;
}

std::span<const InsnRow> insn_table() {
  return kTable;
}

const InsnRow& insn_row(InsnId id) {
  return kTable[static_cast<size_t>(id)];
}

const InsnRow* find_row_by_mnemonic(std::string_view mnemonic) {
  const auto it = std::find_if(kTable.begin(), kTable.end(),
                               [&](const InsnRow& row) { return row.mnemonic == mnemonic; });
  return it == kTable.end() ? nullptr : &*it;
}

std::string row_profiles_text(const InsnRow& row) {
  std::string names;
  for (unsigned p = 0; p < kProfileCount; ++p) {
    if (!row.in(static_cast<Profile>(p))) continue;
    if (!names.empty()) names += ", ";
    names += profile_name(static_cast<Profile>(p));
  }
  return (row.profiles == profile_set::kAll ? "profiles " : "profile ") + names;
}

}  // namespace ventus::isa
