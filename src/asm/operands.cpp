// Syntax-string walker: literal characters must match, $tokens are parsed by operand kind.
#include "asm/operands.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "asm/diagnostics.hpp"
#include "isa/names.hpp"

namespace ventus::as {
namespace {

using isa::OperandKind;

struct Walker {
  const isa::InsnRow& row;
  const std::vector<Token>& t;
  size_t pos;
  size_t start;
  uint32_t seq;
  OperandSet& out;
  WalkFailure& fail;

  bool at(std::string_view text) const { return pos < t.size() && t[pos].text == text; }
  uint32_t column() const {
    if (pos < t.size()) return t[pos].column;
    return t.empty() ? 1 : t.back().column + static_cast<uint32_t>(t.back().text.size());
  }
  bool failure(std::string message) {
    fail = WalkFailure{std::move(message), column(), pos - start};
    return false;
  }
  // Index of the row operand a syntax token fills. REF syntax strings may name the same
  // field with another kind (join: $vs2 for $rs2, $btarget for $bimm; vlb.v: $rs1).
  std::optional<size_t> index_of(OperandKind kind) const {
    if (auto idx = row.operand_index(kind)) return idx;
    static constexpr std::array<std::array<OperandKind, 4>, 5> kSameField = {{
        {OperandKind::Rd, OperandKind::Frd, OperandKind::Vd, OperandKind::Vs3},
        {OperandKind::Rs1, OperandKind::Frs1, OperandKind::Vs1, OperandKind::Vs1},
        {OperandKind::Rs2, OperandKind::Frs2, OperandKind::Vs2, OperandKind::Vs2},
        {OperandKind::Rs3, OperandKind::Frs3, OperandKind::Rs3, OperandKind::Rs3},
        {OperandKind::BTarget, OperandKind::BImm, OperandKind::BImm, OperandKind::BImm},
    }};
    for (const auto& group : kSameField) {
      if (std::find(group.begin(), group.end(), kind) == group.end()) continue;
      for (OperandKind other : group) {
        if (auto idx = row.operand_index(other)) return idx;
      }
    }
    return std::nullopt;
  }
  void set(OperandKind kind, int64_t value, ExprPtr expr = nullptr) {
    if (auto idx = index_of(kind)) {
      out.values[*idx] = value;
      out.exprs[*idx] = std::move(expr);
      out.columns[*idx] = column();
    }
  }

  bool literal(std::string_view lit) {
    if (lit == "x0" || lit == "v0") {  // fixed register operand (endprg, vmerge)
      const bool ok = pos < t.size() && t[pos].kind == TokenKind::Ident &&
                      (lit == "v0" ? isa::v_register_from_name(t[pos].text) == 0u
                                   : isa::x_register_from_name(t[pos].text) == 0u);
      if (!ok)
        return failure("expected '" + std::string(lit) + "' but found " + describe_token(t, pos));
      ++pos;
      return true;
    }
    if (!at(lit))
      return failure("expected '" + std::string(lit) + "' but found " + describe_token(t, pos));
    ++pos;
    return true;
  }

  bool reg(OperandKind kind, isa::RegClass cls) {
    const std::string_view token = isa::operand_info(kind).token;
    std::optional<unsigned> index;
    if (pos < t.size() && t[pos].kind == TokenKind::Ident) {
      index = cls == isa::RegClass::V ? isa::v_register_from_name(t[pos].text)
                                      : isa::x_register_from_name(t[pos].text);
    }
    if (!index) {
      const char* what = cls == isa::RegClass::V ? "a vector register" : "an x register";
      return failure("expected " + std::string(what) + " (" + std::string(token) + ") but found " +
                     describe_token(t, pos));
    }
    set(kind, *index);
    ++pos;
    return true;
  }

  bool vm() {  // optional ", v0.t"
    if (at(",") && pos + 1 < t.size() && t[pos + 1].text == "v0.t") {
      set(OperandKind::Vm, 0);
      pos += 2;
    } else {
      set(OperandKind::Vm, 1);
    }
    return true;
  }

  bool rm() {  // optional ", rne" (absent = dyn)
    static constexpr std::array<std::string_view, 8> kNames = {"rne", "rtz", "rdn", "rup",
                                                               "rmm", "5",   "6",   "dyn"};
    set(OperandKind::Rm, 7);
    if (!at(",") || pos + 1 >= t.size()) return true;
    for (size_t i = 0; i < kNames.size(); ++i) {
      if (t[pos + 1].text == kNames[i]) {
        set(OperandKind::Rm, static_cast<int64_t>(i));
        pos += 2;
        return true;
      }
    }
    ++pos;
    return failure("expected a rounding mode (rne, rtz, rdn, rup, rmm, dyn) but found " +
                   describe_token(t, pos));
  }

  bool vtype(OperandKind kind) {
    if (pos < t.size() && t[pos].kind == TokenKind::Ident && t[pos].text.size() > 1 &&
        t[pos].text[0] == 'e') {
      return vtype_names(kind);
    }
    return expression(kind, false);
  }

  bool vtype_names(OperandKind kind) {
    static constexpr std::array<std::string_view, 4> kSew = {"e8", "e16", "e32", "e64"};
    static constexpr std::array<std::string_view, 8> kLmul = {"m1", "m2",  "m4",  "m8",
                                                              "",   "mf8", "mf4", "mf2"};
    int64_t value = -1;
    for (size_t i = 0; i < kSew.size(); ++i) {
      if (t[pos].text == kSew[i]) value = static_cast<int64_t>(i) << 3;
    }
    if (value < 0)
      return failure("expected a SEW (e8, e16, e32, e64) but found " + describe_token(t, pos));
    ++pos;
    if (!literal(",")) return false;
    int64_t lmul = -1;
    for (size_t i = 0; i < kLmul.size(); ++i) {
      if (pos < t.size() && !kLmul[i].empty() && t[pos].text == kLmul[i])
        lmul = static_cast<int64_t>(i);
    }
    if (lmul < 0)
      return failure("expected an LMUL (m1, m2, m4, m8, mf2, mf4, mf8) but found " +
                     describe_token(t, pos));
    ++pos;
    value |= lmul;
    if (at(",") && pos + 1 < t.size() && (t[pos + 1].text == "ta" || t[pos + 1].text == "tu")) {
      if (t[pos + 1].text == "ta") value |= 0x40;
      pos += 2;
    }
    if (at(",") && pos + 1 < t.size() && (t[pos + 1].text == "ma" || t[pos + 1].text == "mu")) {
      if (t[pos + 1].text == "ma") value |= 0x80;
      pos += 2;
    }
    set(kind, value);
    return true;
  }

  bool fence_set(OperandKind kind) {
    if (pos < t.size() && t[pos].kind == TokenKind::Ident) {
      int64_t set_bits = 0;
      for (char c : t[pos].text) {
        const size_t i = std::string_view("wroi").find(c);
        if (i == std::string_view::npos)
          return failure("expected a fence set of the letters i, o, r, w but found " +
                         describe_token(t, pos));
        set_bits |= int64_t{1} << i;
      }
      set(kind, set_bits);
      ++pos;
      return true;
    }
    return expression(kind, false);
  }

  bool csr() {
    if (pos < t.size() && t[pos].kind == TokenKind::Ident) {
      if (const isa::CsrInfo* info = isa::find_csr_by_name(t[pos].text)) {
        set(OperandKind::Csr, info->number);
        ++pos;
        return true;
      }
      std::vector<std::string_view> names;
      for (const isa::CsrInfo& c : isa::csr_table()) names.push_back(c.name);
      const std::string guess = nearest_name(t[pos].text, names);
      return failure("unknown CSR '" + t[pos].text + "'" +
                     (guess.empty() ? std::string() : "; did you mean '" + guess + "'?"));
    }
    return expression(OperandKind::Csr, false);
  }

  bool expression(OperandKind kind, bool before_paren) {
    // "(reg)" with the offset left out means offset 0, as in GNU as.
    if (before_paren && at("(") && pos + 1 < t.size() && is_register_name(t[pos + 1].text)) {
      set(kind, 0);
      return true;
    }
    const uint32_t col = column();
    ParseFailure pf;
    ExprPtr e = parse_expr(t, pos, seq, before_paren, pf);
    if (!e) {
      fail = WalkFailure{pf.message, pf.column, pos - start};
      return false;
    }
    if (auto idx = index_of(kind)) {
      out.exprs[*idx] = e;
      out.columns[*idx] = col;
      out.relative[*idx] = kind == OperandKind::BTarget || kind == OperandKind::JTarget;
    }
    return true;
  }

  bool operand(OperandKind kind, bool before_paren) {
    const isa::OperandInfo& info = isa::operand_info(kind);
    if (info.reg_class != isa::RegClass::None) return reg(kind, info.reg_class);
    switch (kind) {
      case OperandKind::Vm:
        return vm();
      case OperandKind::Rm:
        return rm();
      case OperandKind::Vtypei11:
      case OperandKind::Vtypei10:
        return vtype(kind);
      case OperandKind::Pred:
      case OperandKind::Succ:
        return fence_set(kind);
      case OperandKind::Csr:
        return csr();
      default:
        return expression(kind, before_paren);
    }
  }
};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

}  // namespace

std::string describe_token(const std::vector<Token>& tokens, size_t pos) {
  if (pos >= tokens.size()) return "end of line";
  if (tokens[pos].kind == TokenKind::String) return "a string";
  if (tokens[pos].kind == TokenKind::Modifier) return "'%" + tokens[pos].text + "'";
  return "'" + tokens[pos].text + "'";
}

bool walk_syntax(std::string_view syntax, const isa::InsnRow& row, const std::vector<Token>& tokens,
                 size_t start, uint32_t seq, OperandSet& out, WalkFailure& failure) {
  Walker w{row, tokens, start, start, seq, out, failure};
  size_t i = 0;
  while (i < syntax.size()) {
    const char c = syntax[i];
    if (c == ' ') {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < syntax.size() && is_word_char(syntax[end])) ++end;
    const std::string_view word = syntax.substr(i, end - i);
    if (c == '$') {
      auto kind = isa::operand_kind_from_token(word.substr(1));
      const bool before_paren = end < syntax.size() && syntax[end] == '(';
      if (kind && !w.operand(*kind, before_paren)) return false;
    } else if (is_word_char(c)) {
      if (!w.literal(word)) return false;
    } else {
      end = i + 1;
      if (!w.literal(syntax.substr(i, 1))) return false;
    }
    i = end;
  }
  if (w.pos < tokens.size())
    return w.failure("unexpected " + describe_token(tokens, w.pos) + " after the operands");
  return true;
}

}  // namespace ventus::as
