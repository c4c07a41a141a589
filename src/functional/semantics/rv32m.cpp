// Semantics of the RV32M rows (ISA.md §4.1): RISC-V results for division by zero and overflow.
#include <cstdint>

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

struct Operands {
  uint32_t a, b;
};
Operands operands(const ExecContext& ctx, const Insn& i) {
  return {ctx.x(ctx.rs1(i)), ctx.x(ctx.rs2(i))};
}
int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}
uint32_t u(int64_t v) {
  return static_cast<uint32_t>(static_cast<uint64_t>(v));
}
constexpr uint32_t kIntMin = 0x80000000u;

}  // namespace

void exec_MUL(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), a * b);
}
void exec_MULH(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), u((int64_t{s(a)} * int64_t{s(b)}) >> 32));
}
void exec_MULHSU(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), u((int64_t{s(a)} * static_cast<int64_t>(uint64_t{b})) >> 32));
}
void exec_MULHU(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), static_cast<uint32_t>((uint64_t{a} * uint64_t{b}) >> 32));
}
// Division by zero gives all ones (quotient) / the dividend (remainder); INT_MIN / -1
// overflows to INT_MIN with remainder 0 (RISC-V unprivileged spec, M extension).
void exec_DIV(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  uint32_t q;
  if (b == 0)
    q = ~0u;
  else if (a == kIntMin && b == ~0u)
    q = kIntMin;
  else
    q = static_cast<uint32_t>(s(a) / s(b));
  ctx.set_x(ctx.rd(i), q);
}
void exec_DIVU(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), b == 0 ? ~0u : a / b);
}
void exec_REM(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  uint32_t r;
  if (b == 0)
    r = a;
  else if (a == kIntMin && b == ~0u)
    r = 0;
  else
    r = static_cast<uint32_t>(s(a) % s(b));
  ctx.set_x(ctx.rd(i), r);
}
void exec_REMU(ExecContext& ctx, const Insn& i) {
  const auto [a, b] = operands(ctx, i);
  ctx.set_x(ctx.rd(i), b == 0 ? a : a % b);
}

}  // namespace ventus::functional::semantics
