// Instructions: mnemonic lookup (table rows, the ISA alias table, assembler-only aliases),
// multi-instruction pseudos (li, la, lla, call, tail) and the automatic regext prefix (§5.5).
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "asm/file_assembler.hpp"
#include "isa/alias.hpp"
#include "isa/insn_table.hpp"

namespace ventus::as {
namespace {

using isa::InsnId;
using isa::OperandKind;

// Assembler-only single-row forms (operand swaps GNU as accepts; not printed by any
// disassembler, so they are not in the ISA alias table).
struct AsmAlias {
  std::string_view mnemonic;
  InsnId base;
  std::string_view syntax;
};
constexpr std::array kAsmAliases = {
    AsmAlias{"bgt", InsnId::BLT, "$rs2, $rs1, $btarget"},
    AsmAlias{"ble", InsnId::BGE, "$rs2, $rs1, $btarget"},
    AsmAlias{"bgtu", InsnId::BLTU, "$rs2, $rs1, $btarget"},
    AsmAlias{"bleu", InsnId::BGEU, "$rs2, $rs1, $btarget"},
    AsmAlias{"sgt", InsnId::SLT, "$rd, $rs2, $rs1"},
    AsmAlias{"sgtu", InsnId::SLTU, "$rd, $rs2, $rs1"},
    AsmAlias{"jalr", InsnId::JALR, "$rd, $rs1, $imm12"},
    AsmAlias{"jalr", InsnId::JALR, "$rd, $rs1"},
};
constexpr std::array<std::string_view, 5> kMultiPseudos = {"li", "la", "lla", "call", "tail"};

struct Candidate {
  const isa::InsnRow* row;
  std::string_view syntax;
  const isa::AliasRow* alias;
};

// Positions of the regext immediate (ISA.md §5.5): 0 rd, 1 rs1, 2 rs2, 3 rs3. A vector
// store's vs3 sits in the rd field: REF extends it with the rs3 prefix, the RTL with the rd
// prefix, so both are set (a store has neither an rd nor an rs3 of its own).
unsigned regext_positions(OperandKind kind) {
  switch (kind) {
    case OperandKind::Rd:
    case OperandKind::Frd:
    case OperandKind::Vd:
      return 0b0001;
    case OperandKind::Rs1:
    case OperandKind::Frs1:
    case OperandKind::Vs1:
      return 0b0010;
    case OperandKind::Rs2:
    case OperandKind::Frs2:
    case OperandKind::Vs2:
      return 0b0100;
    case OperandKind::Vs3:
      return 0b1001;
    default:
      return 0b1000;
  }
}

void set_op(const isa::InsnRow& row, OperandSet& ops, OperandKind kind, int64_t value,
            ExprPtr expr = nullptr, uint32_t column = 0) {
  if (auto idx = row.operand_index(kind)) {
    ops.values[*idx] = value, ops.exprs[*idx] = std::move(expr), ops.columns[*idx] = column;
  }
}

std::vector<Candidate> candidates(const std::string& mnemonic, int64_t& aqrl) {
  std::vector<Candidate> out;
  const isa::InsnRow* row = isa::find_row_by_mnemonic(mnemonic);
  for (auto [suffix, bits] : {std::pair{".aqrl", 3}, {".aq", 2}, {".rl", 1}}) {
    const std::string_view sv(suffix);
    if (row == nullptr && mnemonic.size() > sv.size() && mnemonic.ends_with(sv)) {
      row = isa::find_row_by_mnemonic(mnemonic.substr(0, mnemonic.size() - sv.size()));
      if (row != nullptr && !row->has(isa::flag::kAqRl)) row = nullptr;
      if (row != nullptr) aqrl = bits;
    }
  }
  if (row != nullptr) {
    out.push_back({row, row->syntax, nullptr});
    if (row->ref_syntax != row->syntax) out.push_back({row, row->ref_syntax, nullptr});
  }
  for (const isa::AliasRow& a : isa::alias_table()) {
    if (a.mnemonic == mnemonic) out.push_back({&isa::insn_row(a.base), a.syntax, &a});
  }
  for (const AsmAlias& a : kAsmAliases) {
    if (a.mnemonic == mnemonic) out.push_back({&isa::insn_row(a.base), a.syntax, nullptr});
  }
  return out;
}

void apply_alias_constraints(const isa::AliasRow& alias, const isa::InsnRow& row, OperandSet& ops) {
  for (const isa::AliasConstraint& c : alias.constraint_list()) {
    auto idx = row.operand_index(c.kind);
    if (!idx) continue;
    if (!c.equals_other) {
      ops.values[*idx] = c.value, ops.exprs[*idx] = nullptr;
    } else if (auto other = row.operand_index(c.other)) {
      ops.values[*idx] = ops.values[*other], ops.exprs[*idx] = ops.exprs[*other];
    }
  }
}

// Drops the candidates whose row is not in `profile` (ISA.md §5.12); when none is left, the
// error names the profiles the instruction belongs to.
std::optional<std::string> keep_profile_rows(std::vector<Candidate>& cands, isa::Profile profile) {
  const isa::InsnRow& first = *cands.front().row;
  std::erase_if(cands, [&](const Candidate& c) { return !c.row->in(profile); });
  if (!cands.empty()) return std::nullopt;
  return fmt::format("'{}' is not in ISA profile {}: it is in {} (select one with --isa)",
                     first.mnemonic, isa::profile_name(profile), isa::row_profiles_text(first));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

void FileAssembler::instruction(const Statement& st) {
  const std::string mnemonic = lower(st.tokens[0].text);
  if (multi_pseudo(mnemonic, st)) return;
  int64_t aqrl = 0;
  auto cands = candidates(mnemonic, aqrl);
  if (cands.empty()) return unknown_mnemonic(st.tokens[0]);
  if (auto e = keep_profile_rows(cands, p_.profile)) return error(st.tokens[0].column, *e);
  WalkFailure best;
  bool have_best = false;
  for (const Candidate& c : cands) {
    OperandSet ops;
    WalkFailure failure;
    if (walk_syntax(c.syntax, *c.row, st.tokens, 1, seq_, ops, failure)) {
      if (c.alias != nullptr) apply_alias_constraints(*c.alias, *c.row, ops);
      set_op(*c.row, ops, OperandKind::AqRl, aqrl);
      emit_insn(*c.row, std::move(ops), st.tokens[0].column);
      return;
    }
    if (!have_best || failure.progress > best.progress) best = failure, have_best = true;
  }
  error(best.column, "invalid operands for '" + mnemonic + "': " + best.message);
}

void FileAssembler::unknown_mnemonic(const Token& tok) {
  std::vector<std::string_view> names;
  for (const isa::InsnRow& r : isa::insn_table()) names.push_back(r.mnemonic);
  for (const isa::AliasRow& a : isa::alias_table()) names.push_back(a.mnemonic);
  for (const AsmAlias& a : kAsmAliases) names.push_back(a.mnemonic);
  names.insert(names.end(), kMultiPseudos.begin(), kMultiPseudos.end());
  const std::string guess = nearest_name(lower(tok.text), names);
  error(tok.column, "unknown instruction '" + tok.text + "'" +
                        (guess.empty() ? std::string() : "; did you mean '" + guess + "'?"));
}

// True when the last word placed in this section is a prefix (regext, regpair, pre_m_*,
// prefix...): the instruction about to be placed is the one that prefix modifies.
bool FileAssembler::follows_prefix() const {
  if (p_.insns.empty() || offset() < 4) return false;
  const InsnItem& last = p_.insns.back();
  return last.section == section_ && last.offset + 4 == offset() &&
         last.row->has(isa::flag::kPrefix);
}

void FileAssembler::emit_insn(const isa::InsnRow& row, OperandSet ops, uint32_t column) {
  if (sec().type == 8) return error(column, "instructions cannot be placed in .bss");
  if (offset() % 4 != 0) {
    return error(column, "instruction at a misaligned offset (" + std::to_string(offset()) +
                             "); insert '.p2align 2' before it");
  }
  int64_t prefix = 0;
  for (size_t i = 0; i < row.operand_count; ++i) {
    const OperandKind kind = row.operands[i];
    if (isa::operand_info(kind).reg_class == isa::RegClass::None || ops.values[i] < 32) continue;
    const int64_t ext = (ops.values[i] >> 5) & 7;
    const unsigned positions = regext_positions(kind);
    for (unsigned pos = 0; pos < 4; ++pos) {
      if ((positions >> pos & 1u) != 0) prefix |= ext << (3 * pos);
    }
    ops.values[i] &= 31;
  }
  if (prefix != 0 && follows_prefix()) {
    return error(column,
                 "a register above x31/v31 needs an automatic 'regext', which would separate "
                 "this instruction from the prefix in front of it; write the extension in the "
                 "prefix's immediate and use registers below 32 here (ISA.md §5.5)");
  }
  if (prefix != 0 && !reserve(8, column)) return;
  if (prefix != 0) {
    const isa::InsnRow& regext = isa::insn_row(InsnId::REGEXT);
    OperandSet pre;
    set_op(regext, pre, OperandKind::Regext, prefix);
    p_.insns.push_back(InsnItem{&regext, pre, section_, offset(), loc(column)});
    sec().bytes.resize(sec().bytes.size() + 4);
  }
  if (!reserve(4, column)) return;
  p_.insns.push_back(InsnItem{&row, std::move(ops), section_, offset(), loc(column)});
  sec().bytes.resize(sec().bytes.size() + 4);
}

bool FileAssembler::multi_pseudo(const std::string& mnemonic, const Statement& st) {
  if (mnemonic == "li")
    pseudo_li(st);
  else if (mnemonic == "la" || mnemonic == "lla")
    pseudo_pcrel(st, false, false);
  else if (mnemonic == "call")
    pseudo_pcrel(st, true, false);
  else if (mnemonic == "tail")
    pseudo_pcrel(st, true, true);
  else
    return false;
  return true;
}

// li rd, value: one addi when the value fits 12 bits, else lui (+ addi when the low part is
// non-zero), as GNU as and LLVM do. A value not known yet (a later .equ) takes lui + addi.
void FileAssembler::pseudo_li(const Statement& st) {
  const isa::InsnRow& addi = isa::insn_row(InsnId::ADDI);
  const isa::InsnRow& lui = isa::insn_row(InsnId::LUI);
  OperandSet parsed;
  WalkFailure failure;
  if (!walk_syntax("$rd, $imm12", addi, st.tokens, 1, seq_, parsed, failure)) {
    return error(failure.column, "invalid operands for 'li': " + failure.message);
  }
  const int64_t rd = parsed.values[*addi.operand_index(OperandKind::Rd)];
  const size_t imm = *addi.operand_index(OperandKind::Imm12);
  const ExprPtr expr = parsed.exprs[imm];
  const uint32_t col = parsed.columns[imm];
  const uint32_t mcol = st.tokens[0].column;
  OperandSet a, b;
  if (expr == nullptr) return;
  auto value = eval_now(expr, col, false);
  if (!value) {
    if (p_.diagnostics.size() >= kMaxDiagnostics) return;
    set_op(lui, a, OperandKind::Rd, rd);
    set_op(lui, a, OperandKind::Uimm20, 0, make_unary(ExprOp::Hi, expr), col);
    set_op(addi, b, OperandKind::Rd, rd), set_op(addi, b, OperandKind::Rs1, rd);
    set_op(addi, b, OperandKind::Imm12, 0, make_unary(ExprOp::Lo, expr), col);
    emit_insn(lui, a, mcol);
    return emit_insn(addi, b, mcol);
  }
  if (*value < INT32_MIN || *value > int64_t{UINT32_MAX}) {
    return error(
        col, "immediate " + std::to_string(*value) +
                 " is out of range for 'li': expected a 32-bit value in [-2147483648, 4294967295]");
  }
  const int64_t v = static_cast<int32_t>(static_cast<uint32_t>(*value));
  const int64_t lo = lo12(v);
  if (v != lo) {
    set_op(lui, a, OperandKind::Rd, rd), set_op(lui, a, OperandKind::Uimm20, hi20(v));
    emit_insn(lui, a, mcol);
    if (lo == 0) return;
  }
  set_op(addi, b, OperandKind::Rd, rd), set_op(addi, b, OperandKind::Rs1, v != lo ? rd : 0);
  set_op(addi, b, OperandKind::Imm12, lo);
  emit_insn(addi, b, mcol);
}

// la/lla rd, sym -> auipc rd, %pcrel_hi(sym); addi rd, rd, %pcrel_lo
// call sym -> auipc ra, ...; jalr ra, lo(ra)   tail sym -> auipc t1, ...; jalr zero, lo(t1)
void FileAssembler::pseudo_pcrel(const Statement& st, bool is_call_or_tail, bool tail) {
  const isa::InsnRow& auipc = isa::insn_row(InsnId::AUIPC);
  const isa::InsnRow& second = isa::insn_row(is_call_or_tail ? InsnId::JALR : InsnId::ADDI);
  const std::string mnemonic = lower(st.tokens[0].text);
  OperandSet parsed;
  WalkFailure failure;
  const char* syntax = is_call_or_tail ? "$uimm20" : "$rd, $uimm20";
  if (!walk_syntax(syntax, auipc, st.tokens, 1, seq_, parsed, failure)) {
    return error(failure.column, "invalid operands for '" + mnemonic + "': " + failure.message);
  }
  const size_t imm = *auipc.operand_index(OperandKind::Uimm20);
  if (parsed.exprs[imm] == nullptr) return;
  const ExprPtr target = parsed.exprs[imm];
  const uint32_t col = parsed.columns[imm];
  int64_t rd =
      is_call_or_tail ? (tail ? 6 : 1) : parsed.values[*auipc.operand_index(OperandKind::Rd)];
  OperandSet a, b;
  set_op(auipc, a, OperandKind::Rd, rd);
  set_op(auipc, a, OperandKind::Uimm20, 0, make_unary(ExprOp::PcrelHi, target), col);
  set_op(second, b, OperandKind::Rd, tail ? 0 : rd);
  set_op(second, b, OperandKind::Rs1, rd);
  set_op(second, b, OperandKind::Imm12, 0, make_unary(ExprOp::PcrelLoAt, target, -4), col);
  emit_insn(auipc, a, st.tokens[0].column);
  emit_insn(second, b, st.tokens[0].column);
}

}  // namespace ventus::as
