// Operand kinds of the instruction table: where each lives in the word and how it is ranged.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ventus::isa {

// One kind per syntax token ("$rd" -> Rd). Register kinds hold the raw 5-bit field
// (regext extension is applied by the executor, §5.5). Immediates hold the value as the
// instruction means it: sign-extended where signed, the byte offset for branches.
enum class OperandKind : uint8_t {
  Rd,
  Rs1,
  Rs2,
  Rs3,  // x registers
  Frd,
  Frs1,
  Frs2,
  Frs3,  // f registers (Zfinx: the same file as x, §2.1)
  Vd,
  Vs1,
  Vs2,
  Vs3,       // vector registers (Vs3 = store data at bits 11:7)
  Imm12,     // I-type signed 12
  Simm12,    // S-type signed 12 (store offset)
  BTarget,   // B-type signed 13, even, printed as a pc-relative target
  BImm,      // B-type bits printed as a plain number (join)
  JTarget,   // J-type signed 21, even, printed as a target
  Uimm20,    // U-type 20-bit immediate (lui/auipc)
  Shamt,     // 5-bit shift amount
  Csr,       // 12-bit CSR number
  Zimm,      // 5-bit unsigned at 19:15 (csr*i, barrier, vsetivli AVL)
  Simm5,     // vector .vi signed 5
  Uimm5,     // vector .vi unsigned 5 (shifts)
  Vm,        // bit 25: 1 = unmasked, 0 = ", v0.t"
  Vtypei11,  // vsetvli vtype immediate
  Vtypei10,  // vsetivli vtype immediate
  Rm,        // rounding mode (bits 14:12), 7 = dynamic
  Pred,
  Succ,     // fence sets
  AqRl,     // bits 26:25, printed as a mnemonic suffix
  Pimm11,   // private load signed 11 (bits 30:20)
  Psimm11,  // private store signed 11 (bits 30:25 | 11:7)
  Uimm12,   // 12-bit immediate at 31:20 printed unsigned (vadd12/vsub12, §5.4 C5)
  Regext,   // regext immediate (r3 r2 r1 rd, 3 bits each, §5.5)
  Regexti,  // regexti immediate (imm6 r2 rd)
  Pair,     // prefix pair bit 19 (§5.15, §5.16)
  Hint,     // PRE_M cache hint, bits 18:15 (§5.15)
  Abs,      // PREFIX ABS bits 18:16, bit k for source k+1 (§5.16)
  Neg,      // PREFIX NEG bits 15:13 (§5.16)
  Shamt6,   // RV64 *W immediate shift, 6 bits at 25:20 (§5.17)
};

enum class RegClass : uint8_t { None, X, F, V };

struct OperandInfo {
  std::string_view token;  // name in syntax strings, without '$'
  RegClass reg_class;
  bool is_signed;
  uint8_t width_bits;  // width of the value (13 for BTarget: bit 0 is always 0)
  bool even;           // value must be even (branch/jump offsets)
};

const OperandInfo& operand_info(OperandKind kind);
std::optional<OperandKind> operand_kind_from_token(std::string_view token);

// Field extraction and insertion (the only place that knows the bit layout of a kind).
int32_t extract_operand(OperandKind kind, uint32_t word);
uint32_t insert_operand(OperandKind kind, uint32_t word, int32_t value);

// Range of values the encoder accepts for a kind, inclusive. Uimm12 also accepts
// -2048..-1 (stored as the low 12 bits) because the hardware sign-extends it (§5.4, C5).
struct OperandRange {
  int64_t min;
  int64_t max;
};
OperandRange operand_range(OperandKind kind);
bool operand_value_fits(OperandKind kind, int64_t value);

}  // namespace ventus::isa
