// Disassembler: walks a syntax string and prints each $token's field in the requested style.
#include "isa/disassembler.hpp"

#include <fmt/format.h>

#include <array>

#include "isa/names.hpp"

namespace ventus::isa {
namespace {

struct PrintContext {
  uint32_t word;
  uint32_t pc;
  DisasmStyle style;
  const SymbolLookup* symbols;
  bool llvm() const { return style == DisasmStyle::Llvm; }
};

std::string print_target(const PrintContext& ctx, int32_t offset, bool hex_offset) {
  if (ctx.llvm()) {
    const uint32_t target = ctx.pc + static_cast<uint32_t>(offset);
    std::string text = fmt::format("0x{:x}", target);
    if (ctx.symbols != nullptr) {
      if (auto name = ctx.symbols->symbolize(target)) text += fmt::format(" <{}>", *name);
    }
    return text;
  }
  const char sign = offset < 0 ? '-' : '+';
  const uint32_t magnitude =
      offset < 0 ? 0u - static_cast<uint32_t>(offset) : static_cast<uint32_t>(offset);
  return hex_offset ? fmt::format("pc {} 0x{:x}", sign, magnitude)
                    : fmt::format("pc {} {}", sign, magnitude);
}

std::string print_csr(const PrintContext& ctx, uint32_t number) {
  const CsrInfo* info = find_csr(number);
  if (info != nullptr && (info->llvm_knows || !ctx.llvm())) return std::string(info->name);
  return ctx.llvm() ? fmt::format("{}", number) : fmt::format("0x{:03x}", number);
}

std::string print_vtype(uint32_t vtype) {
  static constexpr std::array<const char*, 8> kLmul = {"m1",       "m2",  "m4",  "m8",
                                                       "reserved", "mf8", "mf4", "mf2"};
  if ((vtype >> 8) != 0 || ((vtype >> 3) & 7u) > 3) return fmt::format("{}", vtype);
  return fmt::format("e{}, {}, {}, {}", 8u << ((vtype >> 3) & 7u), kLmul[vtype & 7u],
                     (vtype & 0x40u) != 0 ? "ta" : "tu", (vtype & 0x80u) != 0 ? "ma" : "mu");
}

std::string print_fence_set(uint32_t set) {
  if (set == 0) return "0";
  std::string text;
  for (auto [bit, letter] : {std::pair{8u, 'i'}, {4u, 'o'}, {2u, 'r'}, {1u, 'w'}}) {
    if ((set & bit) != 0) text += letter;
  }
  return text;
}

std::string print_rounding_mode(const PrintContext& ctx, uint32_t rm) {
  static constexpr std::array<const char*, 8> kNames = {"rne", "rtz", "rdn", "rup",
                                                        "rmm", "5",   "6",   "dyn"};
  if (!ctx.llvm() || rm == 7) return "";
  return fmt::format(", {}", kNames[rm]);
}

std::string print_register(const PrintContext& ctx, RegClass cls, uint32_t index) {
  switch (cls) {
    case RegClass::V:
      return fmt::format("v{}", index);
    case RegClass::F:  // Zfinx: LLVM prints the x register; REF prints FP ABI names
      return std::string(ctx.llvm() ? x_abi_name(index) : f_abi_name(index));
    default:
      return ctx.llvm() ? std::string(x_abi_name(index)) : fmt::format("x{}", index);
  }
}

std::string print_operand(const PrintContext& ctx, OperandKind kind) {
  const int32_t value = extract_operand(kind, ctx.word);
  const auto raw = static_cast<uint32_t>(value);
  const OperandInfo& info = operand_info(kind);
  if (info.reg_class != RegClass::None) return print_register(ctx, info.reg_class, raw);
  switch (kind) {
    case OperandKind::BTarget:
      return print_target(ctx, value, false);
    case OperandKind::JTarget:
      return print_target(ctx, value, true);
    case OperandKind::Uimm20:
      return ctx.llvm() ? fmt::format("{}", raw) : fmt::format("0x{:x}", raw);
    case OperandKind::Csr:
      return print_csr(ctx, raw);
    case OperandKind::Vm:
      return value == 0 ? ", v0.t" : "";
    case OperandKind::Vtypei11:
    case OperandKind::Vtypei10:
      return print_vtype(raw);
    case OperandKind::Rm:
      return print_rounding_mode(ctx, raw);
    case OperandKind::Pred:
    case OperandKind::Succ:
      return print_fence_set(raw);
    case OperandKind::Regext:  // REF prints the four 3-bit prefixes r3 r2 r1 rd (§5.5)
      if (ctx.llvm()) return fmt::format("{}", raw);
      return fmt::format(" {} {} {} {} ", raw >> 9, (raw >> 6) & 7u, (raw >> 3) & 7u, raw & 7u);
    case OperandKind::Regexti:  // REF prints imm6 r2 rd
      if (ctx.llvm()) return fmt::format("{}", raw);
      return fmt::format(" {} {} {} ", raw >> 6, (raw >> 3) & 7u, raw & 7u);
    default:
      return fmt::format("{}", value);
  }
}

// Expands a syntax string: "$token" -> the printed operand, everything else verbatim.
std::string print_syntax(const PrintContext& ctx, std::string_view syntax) {
  std::string out;
  for (size_t i = 0; i < syntax.size(); ++i) {
    if (syntax[i] != '$') {
      out += syntax[i];
      continue;
    }
    size_t end = i + 1;
    while (end < syntax.size() && ((syntax[end] >= 'a' && syntax[end] <= 'z') ||
                                   (syntax[end] >= '0' && syntax[end] <= '9'))) {
      ++end;
    }
    if (auto kind = operand_kind_from_token(syntax.substr(i + 1, end - i - 1))) {
      out += print_operand(ctx, *kind);
    }
    i = end - 1;
  }
  return out;
}

std::string aq_rl_suffix(uint32_t word) {
  static constexpr std::array<const char*, 4> kSuffix = {"", ".rl", ".aq", ".aqrl"};
  return kSuffix[extract_operand(OperandKind::AqRl, word)];
}

std::string join_mnemonic(const PrintContext& ctx, std::string mnemonic,
                          const std::string& operands) {
  if (operands.empty()) return mnemonic;
  if (ctx.llvm()) return mnemonic + "\t" + operands;
  const size_t pad = mnemonic.size() < 8 ? 8 - mnemonic.size() : 1;
  return mnemonic + std::string(pad, ' ') + operands;
}

}  // namespace

std::string disassemble(const Decoded& decoded, uint32_t pc, DisasmStyle style,
                        const SymbolLookup* symbols) {
  if (!decoded.valid()) return style == DisasmStyle::Llvm ? "<unknown>" : "unknown";
  const PrintContext ctx{decoded.word, pc, style, symbols};
  const InsnRow& row = *decoded.row;
  // Rows REF decodes but cannot print (vfexp, ISA.md §5.0) show as "unknown" in commit logs.
  if (!ctx.llvm() && row.has(flag::kNoRefDisasm)) return "unknown";
  if (const AliasRow* alias = find_alias(row.id, decoded.word, style)) {
    return join_mnemonic(ctx, std::string(alias->mnemonic), print_syntax(ctx, alias->syntax));
  }
  std::string mnemonic(row.mnemonic);
  if (row.has(flag::kAqRl)) mnemonic += aq_rl_suffix(decoded.word);
  const std::string_view syntax = ctx.llvm() ? row.syntax : row.ref_syntax;
  return join_mnemonic(ctx, std::move(mnemonic), print_syntax(ctx, syntax));
}

std::string disassemble(uint32_t word, uint32_t pc, DisasmStyle style, const SymbolLookup* symbols,
                        Profile profile) {
  return disassemble(decode(word, profile), pc, style, symbols);
}

std::string disassemble_for_message(uint32_t word, uint32_t pc, Profile profile) {
  std::string text = disassemble(word, pc, DisasmStyle::Llvm, nullptr, profile);
  if (const size_t tab = text.find('\t'); tab != std::string::npos) text[tab] = ' ';
  return text;
}

}  // namespace ventus::isa
