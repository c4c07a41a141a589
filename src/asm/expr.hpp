// Assembler expressions: constants, symbols, '.', numeric local labels, arithmetic and the
// relocation modifiers %hi/%lo/%pcrel_hi/%pcrel_lo, parsed from tokens and evaluated late.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asm/lexer.hpp"

namespace ventus::as {

enum class ExprOp : uint8_t {
  Num,
  Sym,
  LocalRef,
  Dot,
  Neg,
  BitNot,
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  Hi,
  Lo,
  PcrelHi,
  PcrelLo,
  PcrelLoAt,  // internal (la/call/tail): low part of (child - (pc + value))
};

// A node of the expression tree. A chain such as 1+1+...+1 is a left-deep tree as deep as
// it has operators, so neither evaluation nor destruction may recurse per node (issue 13).
struct Expr {
  Expr() = default;
  Expr(const Expr&) = default;
  Expr& operator=(const Expr&) = default;
  Expr(Expr&&) = default;
  Expr& operator=(Expr&&) = default;
  ~Expr();  // releases a deep tree iteratively

  ExprOp op = ExprOp::Num;
  int64_t value = 0;     // Num: the constant; LocalRef: label number; PcrelLoAt: pc delta
  std::string name;      // Sym
  bool forward = false;  // LocalRef: "Nf" (else "Nb")
  uint32_t seq = 0;      // LocalRef: statement index of the reference
  uint32_t column = 0;
  std::shared_ptr<const Expr> lhs, rhs;
};
using ExprPtr = std::shared_ptr<const Expr>;

ExprPtr make_num(int64_t value, uint32_t column = 0);
ExprPtr make_unary(ExprOp op, ExprPtr child, int64_t value = 0);

struct ParseFailure {
  std::string message;
  uint32_t column = 0;
};

// Parses an expression from tokens[pos...]; advances pos. When `stop_before_reg_paren` is
// set, a '(' followed by a register name and ')' ends the expression (the "imm(reg)" form).
// Parentheses and unary operators nested deeper than 64 levels are refused so hostile input
// cannot exhaust the stack; binary operators are parsed in a loop (precedence climbing
// recurses once per precedence level, not per operator).
ExprPtr parse_expr(const std::vector<Token>& tokens, size_t& pos, uint32_t seq,
                   bool stop_before_reg_paren, ParseFailure& failure);

// True when the identifier names an x, f or v register (they cannot be symbols).
bool is_register_name(const std::string& name);

// Resolves the symbols of an expression; implemented by the assembler.
class ExprEnv {
 public:
  virtual ~ExprEnv() = default;
  // Address/value of a symbol or local label; nullopt when not (yet) known. When `final`
  // an unknown symbol is an error whose message this fills in.
  virtual std::optional<int64_t> symbol(const Expr& node, std::string& message) const = 0;
  // Target of the %pcrel_hi instruction at `address` (for %pcrel_lo(label)).
  virtual std::optional<int64_t> pcrel_hi_target(int64_t address, std::string& message) const = 0;
  int64_t pc = 0;
  bool final = false;  // false in pass 1: unknown symbols are "not yet known", not errors
};

struct EvalResult {
  enum class Status : uint8_t { Ok, Unknown, Failed } status = Status::Ok;
  int64_t value = 0;
  std::string message;
  uint32_t column = 0;
  bool ok() const { return status == Status::Ok; }
};

// Evaluates with an explicit stack: the depth of the tree does not matter.
EvalResult evaluate(const Expr& expr, const ExprEnv& env);

// The RISC-V hi/lo split: hi20 = (x + 0x800) >> 12, lo12 = sign-extended low 12 bits.
int64_t hi20(int64_t x);
int64_t lo12(int64_t x);

}  // namespace ventus::as
