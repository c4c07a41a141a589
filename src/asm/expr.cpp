// Expression parser (precedence climbing) and evaluator with wrap-around 64-bit arithmetic.
#include "asm/expr.hpp"

#include <array>
#include <limits>
#include <memory>
#include <string_view>
#include <vector>

#include "isa/names.hpp"

namespace ventus::as {
namespace {

constexpr int kMaxDepth = 64;

struct BinOp {
  std::string_view text;
  ExprOp op;
  int precedence;
};
constexpr std::array kBinOps = {
    BinOp{"|", ExprOp::Or, 1},   BinOp{"^", ExprOp::Xor, 2},  BinOp{"&", ExprOp::And, 3},
    BinOp{"<<", ExprOp::Shl, 4}, BinOp{">>", ExprOp::Shr, 4}, BinOp{"+", ExprOp::Add, 5},
    BinOp{"-", ExprOp::Sub, 5},  BinOp{"*", ExprOp::Mul, 6},  BinOp{"/", ExprOp::Div, 6},
    BinOp{"%", ExprOp::Rem, 6},
};

const BinOp* find_binop(const Token& t) {
  if (t.kind != TokenKind::Punct) return nullptr;
  for (const BinOp& b : kBinOps) {
    if (b.text == t.text) return &b;
  }
  return nullptr;
}

std::string describe(const std::vector<Token>& tokens, size_t pos) {
  if (pos >= tokens.size()) return "end of line";
  return "'" + tokens[pos].text + "'";
}

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, size_t& pos, uint32_t seq, bool stop, ParseFailure& f)
      : t_(tokens), pos_(pos), seq_(seq), stop_(stop), fail_(f) {}

  ExprPtr binary(int min_prec, int depth) {
    ExprPtr lhs = unary(depth);
    while (lhs) {
      if (pos_ >= t_.size()) break;
      const BinOp* b = find_binop(t_[pos_]);
      if (b == nullptr || b->precedence < min_prec) break;
      if (stop_ && b->text == "(") break;
      const uint32_t col = t_[pos_].column;
      ++pos_;
      ExprPtr rhs = binary(b->precedence + 1, depth + 1);
      if (!rhs) return nullptr;
      auto node = std::make_shared<Expr>();
      node->op = b->op, node->column = col, node->lhs = lhs, node->rhs = rhs;
      lhs = node;
    }
    return lhs;
  }

 private:
  bool reg_paren_ahead() const {
    return pos_ + 2 < t_.size() + 0 && t_[pos_ + 1].kind == TokenKind::Ident &&
           is_register_name(t_[pos_ + 1].text) && t_[pos_ + 2].text == ")";
  }

  ExprPtr fail(std::string message) {
    fail_.message = std::move(message);
    fail_.column = pos_ < t_.size() ? t_[pos_].column : (t_.empty() ? 1 : t_.back().column + 1);
    return nullptr;
  }

  ExprPtr modifier(int depth) {
    const Token& m = t_[pos_];
    static constexpr std::array<std::pair<std::string_view, ExprOp>, 4> kMods = {
        {{"hi", ExprOp::Hi},
         {"lo", ExprOp::Lo},
         {"pcrel_hi", ExprOp::PcrelHi},
         {"pcrel_lo", ExprOp::PcrelLo}}};
    for (auto [name, op] : kMods) {
      if (m.text != name) continue;
      ++pos_;
      if (pos_ >= t_.size() || t_[pos_].text != "(") return fail("expected '(' after %" + m.text);
      ++pos_;
      ExprPtr inner = binary(1, depth + 1);
      if (!inner) return nullptr;
      if (pos_ >= t_.size() || t_[pos_].text != ")") {
        return fail("expected ')' but found " + describe(t_, pos_));
      }
      ++pos_;
      auto node = make_unary(op, inner);
      std::const_pointer_cast<Expr>(node)->column = m.column;
      return node;
    }
    return fail("unknown relocation modifier '%" + m.text +
                "' (expected %hi, %lo, %pcrel_hi or %pcrel_lo)");
  }

  ExprPtr unary(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    if (pos_ >= t_.size()) return fail("expected an expression but found end of line");
    const Token& tok = t_[pos_];
    auto node = std::make_shared<Expr>();
    node->column = tok.column;
    switch (tok.kind) {
      case TokenKind::Number:
        ++pos_;
        node->op = ExprOp::Num, node->value = tok.value;
        return node;
      case TokenKind::LocalRef:
        ++pos_;
        node->op = ExprOp::LocalRef, node->value = tok.value, node->seq = seq_;
        node->forward = tok.text.back() == 'f';
        return node;
      case TokenKind::Ident:
        if (is_register_name(tok.text)) {
          return fail("expected an expression but found register '" + tok.text + "'");
        }
        ++pos_;
        node->op = tok.text == "." ? ExprOp::Dot : ExprOp::Sym, node->name = tok.text;
        return node;
      case TokenKind::Modifier:
        return modifier(depth);
      case TokenKind::Error:
        return fail(tok.value == 1 ? "number '" + tok.text + "' does not fit in 64 bits"
                                   : "malformed number '" + tok.text + "'");
      default:
        break;
    }
    if (tok.text == "(" && !(stop_ && reg_paren_ahead())) {
      ++pos_;
      ExprPtr inner = binary(1, depth + 1);
      if (!inner) return nullptr;
      if (pos_ >= t_.size() || t_[pos_].text != ")") {
        return fail("expected ')' but found " + describe(t_, pos_));
      }
      ++pos_;
      return inner;
    }
    if (tok.text == "-" || tok.text == "~" || tok.text == "+") {
      ++pos_;
      ExprPtr child = unary(depth + 1);
      if (!child || tok.text == "+") return child;
      return make_unary(tok.text == "-" ? ExprOp::Neg : ExprOp::BitNot, child);
    }
    return fail("expected an expression but found " + describe(t_, pos_));
  }

  const std::vector<Token>& t_;
  size_t& pos_;
  uint32_t seq_;
  bool stop_;
  ParseFailure& fail_;
};

uint64_t u(int64_t v) {
  return static_cast<uint64_t>(v);
}
int64_t s(uint64_t v) {
  return static_cast<int64_t>(v);
}

EvalResult failed(std::string message, uint32_t column) {
  EvalResult r;
  r.status = EvalResult::Status::Failed, r.message = std::move(message), r.column = column;
  return r;
}
EvalResult value_of(int64_t v) {
  EvalResult r;
  r.value = v;
  return r;
}

EvalResult binary_op(const Expr& e, int64_t a, int64_t b) {
  switch (e.op) {
    case ExprOp::Add:
      return value_of(s(u(a) + u(b)));
    case ExprOp::Sub:
      return value_of(s(u(a) - u(b)));
    case ExprOp::Mul:
      return value_of(s(u(a) * u(b)));
    case ExprOp::Div:
    case ExprOp::Rem:
      if (b == 0) return failed("division by zero", e.column);
      if (a == std::numeric_limits<int64_t>::min() && b == -1) {
        return value_of(e.op == ExprOp::Div ? a : 0);
      }
      return value_of(e.op == ExprOp::Div ? a / b : a % b);
    case ExprOp::Shl:
    case ExprOp::Shr:
      if (b < 0 || b > 63)
        return failed("shift amount " + std::to_string(b) + " is not in [0, 63]", e.column);
      return value_of(e.op == ExprOp::Shl ? s(u(a) << b) : (a >> b));
    case ExprOp::And:
      return value_of(a & b);
    case ExprOp::Or:
      return value_of(a | b);
    default:
      return value_of(a ^ b);
  }
}

EvalResult leaf(const Expr& e, const ExprEnv& env) {
  if (e.op == ExprOp::Num) return value_of(e.value);
  if (e.op == ExprOp::Dot) return value_of(env.pc);
  std::string message;
  if (auto v = env.symbol(e, message)) return value_of(*v);
  if (!env.final && message.empty()) {
    EvalResult r;
    r.status = EvalResult::Status::Unknown;
    return r;
  }
  return failed(message, e.column);
}

EvalResult unary_op(const Expr& e, int64_t x, const ExprEnv& env) {
  switch (e.op) {
    case ExprOp::Neg:
      return value_of(s(0 - u(x)));
    case ExprOp::BitNot:
      return value_of(~x);
    case ExprOp::Hi:
      return value_of(hi20(x));
    case ExprOp::Lo:
      return value_of(lo12(x));
    case ExprOp::PcrelHi:
      return value_of(hi20(s(u(x) - u(env.pc))));
    case ExprOp::PcrelLoAt:
      return value_of(lo12(s(u(x) - u(env.pc + e.value))));
    default: {  // PcrelLo: x is the address of the label on the %pcrel_hi instruction
      std::string message;
      auto target = env.pcrel_hi_target(x, message);
      if (!target) {
        if (!env.final) return EvalResult{EvalResult::Status::Unknown, 0, "", 0};
        return failed(message, e.column);
      }
      return value_of(lo12(s(u(*target) - u(x))));
    }
  }
}

bool is_leaf(ExprOp op) {
  return op == ExprOp::Num || op == ExprOp::Sym || op == ExprOp::LocalRef || op == ExprOp::Dot;
}

bool is_unary(ExprOp op) {
  switch (op) {
    case ExprOp::Neg:
    case ExprOp::BitNot:
    case ExprOp::Hi:
    case ExprOp::Lo:
    case ExprOp::PcrelHi:
    case ExprOp::PcrelLo:
    case ExprOp::PcrelLoAt:
      return true;
    default:
      return false;
  }
}

}  // namespace

ExprPtr make_num(int64_t value, uint32_t column) {
  auto node = std::make_shared<Expr>();
  node->op = ExprOp::Num, node->value = value, node->column = column;
  return node;
}

ExprPtr make_unary(ExprOp op, ExprPtr child, int64_t value) {
  auto node = std::make_shared<Expr>();
  node->op = op, node->value = value, node->column = child->column, node->lhs = std::move(child);
  return node;
}

bool is_register_name(const std::string& name) {
  return isa::x_register_from_name(name).has_value() || isa::v_register_from_name(name).has_value();
}

ExprPtr parse_expr(const std::vector<Token>& tokens, size_t& pos, uint32_t seq,
                   bool stop_before_reg_paren, ParseFailure& failure) {
  Parser parser(tokens, pos, seq, stop_before_reg_paren, failure);
  return parser.binary(1, 0);
}

int64_t hi20(int64_t x) {
  return s(((u(x) + 0x800u) >> 12) & 0xFFFFFu);
}
int64_t lo12(int64_t x) {
  const int64_t low = x & 0xFFF;
  return low >= 0x800 ? low - 0x1000 : low;
}

Expr::~Expr() {
  // Unlink children we hold the last reference to before they are destroyed, so destroying
  // a node never destroys a node with children (no recursion, whatever the depth).
  std::vector<std::shared_ptr<const Expr>> doomed;
  const auto take = [&doomed](std::shared_ptr<const Expr>& child) {
    if (child && child.use_count() == 1) doomed.push_back(std::move(child));
  };
  take(lhs);
  take(rhs);
  while (!doomed.empty()) {
    std::shared_ptr<const Expr> node = std::move(doomed.back());
    doomed.pop_back();
    // Every node is created non-const (make_shared<Expr>), so it may be modified here.
    auto& mutable_node = const_cast<Expr&>(*node);
    take(mutable_node.lhs);
    take(mutable_node.rhs);
  }
}

// Post-order walk with an explicit stack: operands are evaluated left to right (the first
// failure in source order is the one reported), then their operator is applied.
EvalResult evaluate(const Expr& root, const ExprEnv& env) {
  struct Pending {
    const Expr* node;
    bool operands_done;
  };
  std::vector<Pending> todo{{&root, false}};
  std::vector<int64_t> values;
  while (!todo.empty()) {
    const Pending p = todo.back();
    todo.pop_back();
    const Expr& e = *p.node;
    EvalResult r;
    if (is_leaf(e.op)) {
      r = leaf(e, env);
    } else if (!p.operands_done) {
      todo.push_back({&e, true});
      if (!is_unary(e.op)) todo.push_back({e.rhs.get(), false});
      todo.push_back({e.lhs.get(), false});
      continue;
    } else if (is_unary(e.op)) {
      const int64_t x = values.back();
      values.pop_back();
      r = unary_op(e, x, env);
    } else {
      const int64_t b = values.back();
      values.pop_back();
      const int64_t a = values.back();
      values.pop_back();
      r = binary_op(e, a, b);
    }
    if (!r.ok()) return r;
    values.push_back(r.value);
  }
  return value_of(values.back());
}

}  // namespace ventus::as
