// Alias table built at compile time from defs/aliases.def; constraint strings are parsed constexpr.
#include "isa/alias.hpp"

#include <algorithm>

#include "isa/operand_layout.hpp"

namespace ventus::isa {
namespace {

constexpr OperandKind kind_of(std::string_view token) {
  const int index = detail::kind_index_from_token(token);
  if (index < 0) throw "unknown operand token in alias constraint";
  return static_cast<OperandKind>(index);
}

constexpr int32_t parse_int(std::string_view text) {
  bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty()) throw "empty number in alias constraint";
  int32_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw "bad number in alias constraint";
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

constexpr AliasConstraint parse_constraint(std::string_view item) {
  const size_t eq = item.find('=');
  if (eq == std::string_view::npos) throw "alias constraint needs '='";
  const std::string_view rhs = item.substr(eq + 1);
  const OperandKind kind = kind_of(item.substr(0, eq));
  if (!rhs.empty() && rhs[0] == '@') return {kind, true, kind_of(rhs.substr(1)), 0};
  return {kind, false, kind, parse_int(rhs)};
}

// Which disassembler styles print the alias; AsmOnly: accepted by the assembler, printed by
// neither (an LLVM InstAlias with emit priority 0 that Spike does not print either).
enum class Styles { Llvm, Ref, Both, AsmOnly };

constexpr bool printed_in_llvm(Styles styles) {
  return styles == Styles::Llvm || styles == Styles::Both;
}
constexpr bool printed_in_ref(Styles styles) {
  return styles == Styles::Ref || styles == Styles::Both;
}

constexpr AliasRow make_alias(InsnId base, std::string_view mnemonic, std::string_view syntax,
                              std::string_view constraints, Styles styles) {
  AliasRow row{base, mnemonic, syntax, {}, 0, printed_in_llvm(styles), printed_in_ref(styles)};
  while (!constraints.empty()) {
    const size_t space = constraints.find(' ');
    const std::string_view item = constraints.substr(0, space);
    if (row.constraint_count == row.constraints.size()) throw "too many alias constraints";
    row.constraints[row.constraint_count++] = parse_constraint(item);
    constraints = space == std::string_view::npos ? "" : constraints.substr(space + 1);
  }
  return row;
}

constexpr AliasRow kAliases[] = {
#define VENTUS_ALIAS(base, mnemonic, syntax, constraints, styles) \
  make_alias(InsnId::base, mnemonic, syntax, constraints, Styles::styles),
#include "isa/defs/aliases.def"
#undef VENTUS_ALIAS
};

}  // namespace

bool AliasRow::applies_to(uint32_t word) const {
  return std::all_of(constraints.begin(), constraints.begin() + constraint_count,
                     [word](const AliasConstraint& c) {
                       const int32_t have = extract_operand(c.kind, word);
                       const int32_t want =
                           c.equals_other ? extract_operand(c.other, word) : c.value;
                       return have == want;
                     });
}

std::span<const AliasRow> alias_table() {
  return kAliases;
}

const AliasRow* find_alias(InsnId base, uint32_t word, DisasmStyle style) {
  for (const AliasRow& alias : kAliases) {
    if (alias.base == base && alias.in_style(style) && alias.applies_to(word)) return &alias;
  }
  return nullptr;
}

}  // namespace ventus::isa
