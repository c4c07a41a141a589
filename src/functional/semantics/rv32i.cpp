// Semantics of the RV32I rows (ISA.md §4.1): scalar, executed once per warp, mask ignored.
#include <type_traits>

#include "common/bits.hpp"
#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

uint32_t rs1v(const ExecContext& ctx, const Insn& i) {
  return ctx.x(ctx.rs1(i));
}
uint32_t rs2v(const ExecContext& ctx, const Insn& i) {
  return ctx.x(ctx.rs2(i));
}
uint32_t uimm(const Insn& i) {
  return static_cast<uint32_t>(i.imm);
}
void put(ExecContext& ctx, const Insn& i, uint32_t value) {
  ctx.set_x(ctx.rd(i), value);
}

void branch_if(ExecContext& ctx, const Insn& i, bool taken) {
  if (taken) ctx.set_next_pc(ctx.warp().pc + uimm(i));
}

template <typename T>
void load(ExecContext& ctx, const Insn& i) {
  using U = std::make_unsigned_t<T>;
  U value{};
  if (ctx.load<U>(rs1v(ctx, i) + uimm(i), value)) {
    if constexpr (std::is_signed_v<T>) {
      put(ctx, i, static_cast<uint32_t>(static_cast<int32_t>(static_cast<T>(value))));
    } else {
      put(ctx, i, value);
    }
  }
}

template <typename T>
void store(ExecContext& ctx, const Insn& i) {
  ctx.store<T>(rs1v(ctx, i) + uimm(i), static_cast<T>(rs2v(ctx, i)));
}

void trap_system(ExecContext& ctx, const char* what) {
  ctx.raise(TrapKind::Unsupported, 0, what);
}

}  // namespace

void exec_LUI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, i.word & 0xfffff000u);
}
void exec_AUIPC(ExecContext& ctx, const Insn& i) {
  put(ctx, i, ctx.warp().pc + (i.word & 0xfffff000u));
}
void exec_JAL(ExecContext& ctx, const Insn& i) {
  const uint32_t link = ctx.warp().pc + 4;
  ctx.set_next_pc(ctx.warp().pc + uimm(i));
  put(ctx, i, link);
}
void exec_JALR(ExecContext& ctx, const Insn& i) {
  const uint32_t target = (rs1v(ctx, i) + uimm(i)) & ~1u;  // read rs1 before writing rd
  put(ctx, i, ctx.warp().pc + 4);
  ctx.set_next_pc(target);
}
void exec_BEQ(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, rs1v(ctx, i) == rs2v(ctx, i));
}
void exec_BNE(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, rs1v(ctx, i) != rs2v(ctx, i));
}
void exec_BLT(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, static_cast<int32_t>(rs1v(ctx, i)) < static_cast<int32_t>(rs2v(ctx, i)));
}
void exec_BGE(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, static_cast<int32_t>(rs1v(ctx, i)) >= static_cast<int32_t>(rs2v(ctx, i)));
}
void exec_BLTU(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, rs1v(ctx, i) < rs2v(ctx, i));
}
void exec_BGEU(ExecContext& ctx, const Insn& i) {
  branch_if(ctx, i, rs1v(ctx, i) >= rs2v(ctx, i));
}
void exec_LB(ExecContext& ctx, const Insn& i) {
  load<int8_t>(ctx, i);
}
void exec_LH(ExecContext& ctx, const Insn& i) {
  load<int16_t>(ctx, i);
}
void exec_LW(ExecContext& ctx, const Insn& i) {
  load<uint32_t>(ctx, i);
}
void exec_LBU(ExecContext& ctx, const Insn& i) {
  load<uint8_t>(ctx, i);
}
void exec_LHU(ExecContext& ctx, const Insn& i) {
  load<uint16_t>(ctx, i);
}
void exec_SB(ExecContext& ctx, const Insn& i) {
  store<uint8_t>(ctx, i);
}
void exec_SH(ExecContext& ctx, const Insn& i) {
  store<uint16_t>(ctx, i);
}
void exec_SW(ExecContext& ctx, const Insn& i) {
  store<uint32_t>(ctx, i);
}
void exec_ADDI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) + uimm(i));
}
void exec_SLTI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, static_cast<int32_t>(rs1v(ctx, i)) < i.imm ? 1u : 0u);
}
void exec_SLTIU(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) < uimm(i) ? 1u : 0u);
}
void exec_XORI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) ^ uimm(i));
}
void exec_ORI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) | uimm(i));
}
void exec_ANDI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) & uimm(i));
}
void exec_SLLI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) << i.rs2);
}
void exec_SRLI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) >> i.rs2);
}
void exec_SRAI(ExecContext& ctx, const Insn& i) {
  put(ctx, i, static_cast<uint32_t>(static_cast<int32_t>(rs1v(ctx, i)) >> i.rs2));
}
void exec_ADD(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) + rs2v(ctx, i));
}
void exec_SUB(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) - rs2v(ctx, i));
}
void exec_SLL(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) << (rs2v(ctx, i) & 31u));
}
void exec_SLT(ExecContext& ctx, const Insn& i) {
  put(ctx, i, static_cast<int32_t>(rs1v(ctx, i)) < static_cast<int32_t>(rs2v(ctx, i)) ? 1u : 0u);
}
void exec_SLTU(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) < rs2v(ctx, i) ? 1u : 0u);
}
void exec_XOR(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) ^ rs2v(ctx, i));
}
void exec_SRL(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) >> (rs2v(ctx, i) & 31u));
}
void exec_SRA(ExecContext& ctx, const Insn& i) {
  put(ctx, i, static_cast<uint32_t>(static_cast<int32_t>(rs1v(ctx, i)) >> (rs2v(ctx, i) & 31u)));
}
void exec_OR(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) | rs2v(ctx, i));
}
void exec_AND(ExecContext& ctx, const Insn& i) {
  put(ctx, i, rs1v(ctx, i) & rs2v(ctx, i));
}
// A functional simulator is sequentially consistent: fences order nothing further (ISA.md §4.1).
void exec_FENCE(ExecContext&, const Insn&) {}
void exec_FENCE_I(ExecContext&, const Insn&) {}
// ISA.md §4.1: ecall/ebreak are not supported; in --ref-compat the engine turns the trap
// into REF's jump to mtvec.
void exec_ECALL(ExecContext& ctx, const Insn&) {
  trap_system(ctx, "ecall is not supported");
}
void exec_EBREAK(ExecContext& ctx, const Insn&) {
  trap_system(ctx, "ebreak is not supported");
}
void exec_MRET(ExecContext& ctx, const Insn&) {
  trap_system(ctx, "mret is not supported");
}
void exec_WFI(ExecContext& ctx, const Insn&) {
  trap_system(ctx, "wfi is not supported");
}

}  // namespace ventus::functional::semantics
