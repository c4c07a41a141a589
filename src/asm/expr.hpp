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

struct Expr {
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
// Nesting deeper than 64 levels is refused so hostile input cannot exhaust the stack.
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

EvalResult evaluate(const Expr& expr, const ExprEnv& env);

// The RISC-V hi/lo split: hi20 = (x + 0x800) >> 12, lo12 = sign-extended low 12 bits.
int64_t hi20(int64_t x);
int64_t lo12(int64_t x);

}  // namespace ventus::as
