// Semantics of the Zicsr rows: read-modify-write of one CSR (ISA.md §3), REF write rules.
#include <cstdint>

#include <fmt/format.h>

#include "functional/csr.hpp"
#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

enum class Op : uint8_t { Write, Set, Clear };

uint16_t csr_number(const Insn& i) {
  return static_cast<uint16_t>(i.word >> 20);
}

// csrrs/csrrc with rs1 = x0 (or a zero immediate) only read: no write, no write side effects.
void csr_op(ExecContext& ctx, const Insn& i, Op op, uint32_t operand, bool writes) {
  const uint16_t number = csr_number(i);
  const auto old = read_csr(ctx, number);
  if (!old) {
    ctx.raise(TrapKind::IllegalInstruction, 0, fmt::format("CSR 0x{:03x} does not exist", number));
    return;
  }
  if (writes) {
    uint32_t value = operand;
    if (op == Op::Set) value = *old | operand;
    if (op == Op::Clear) value = *old & ~operand;
    if (!write_csr(ctx, number, value)) return;
  }
  ctx.set_x(ctx.rd(i), *old);
}

uint32_t reg_operand(const ExecContext& ctx, const Insn& i) {
  return ctx.x(ctx.rs1(i));
}

}  // namespace

void exec_CSRRW(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Write, reg_operand(ctx, i), true);
}
void exec_CSRRS(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Set, reg_operand(ctx, i), ctx.rs1(i) != 0);
}
void exec_CSRRC(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Clear, reg_operand(ctx, i), ctx.rs1(i) != 0);
}
void exec_CSRRWI(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Write, i.rs1, true);
}
void exec_CSRRSI(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Set, i.rs1, i.rs1 != 0);
}
void exec_CSRRCI(ExecContext& ctx, const Insn& i) {
  csr_op(ctx, i, Op::Clear, i.rs1, i.rs1 != 0);
}

}  // namespace ventus::functional::semantics
