// Which alias rows the REF-style (Spike) disassembler prints, each with the line of the
// reference simulator's disasm/disasm.cc (THU-DSP-LAB/ventus-gpgpu-isa-simulator) behind it.
#include <gtest/gtest.h>

#include <string_view>

#include "isa/alias.hpp"
#include "isa/disassembler.hpp"

namespace ventus::isa {
namespace {

struct RefExpectation {
  std::string_view mnemonic;
  bool printed_by_ref;
  std::string_view ref_source;  // the disasm.cc line the decision follows
};

// REF's disassembler_t::add_instructions registers aliases before their base instruction
// and its lookup takes the first match; an alias it does not register prints as the base
// instruction (e.g. `slt x5, x0, x7` for sgtz, `bge x0, x7, pc + 224` for blez).
constexpr RefExpectation kRef[] = {
    {"nop", true,
     R"(add_noarg_insn(this, "nop", match_addi, mask_addi | mask_rd | mask_rs1 | mask_imm);)"},
    {"li", true, R"(DEFINE_I0TYPE("li", addi);)"},
    {"mv", true, R"(DEFINE_I1TYPE("mv", addi);)"},
    {"not", true, R"(add_insn(new disasm_insn_t("not", match_xori | mask_imm, ...));)"},
    {"neg", false, "DEFINE_RTYPE(sub); (no neg)"},
    {"seqz", true, R"(add_insn(new disasm_insn_t("seqz", match_sltiu | (1 << imm_shift), ...));)"},
    {"snez", true,
     R"(add_insn(new disasm_insn_t("snez", match_sltu, mask_sltu | mask_rs1, ...));)"},
    {"sltz", false, "DEFINE_RTYPE(slt); (no sltz)"},
    {"sgtz", false, "DEFINE_RTYPE(slt); (no sgtz)"},
    // DEFINE_B1TYPE masks rs2 = x0 only (add_b1type_insn): the rs1 = x0 forms are base rows.
    {"beqz", true, R"(DEFINE_B1TYPE("beqz", beq);)"},
    {"bnez", true, R"(DEFINE_B1TYPE("bnez", bne);)"},
    {"blez", false, "DEFINE_BTYPE(bge) (B1TYPE fixes rs2, blez has rs1 = x0)"},
    {"bgez", true, R"(DEFINE_B1TYPE("bgez", bge);)"},
    {"bltz", true, R"(DEFINE_B1TYPE("bltz", blt);)"},
    {"bgtz", false, "DEFINE_BTYPE(blt) (B1TYPE fixes rs2, bgtz has rs1 = x0)"},
    {"j", true, R"(add_insn(new disasm_insn_t("j", match_jal, mask_jal | mask_rd, ...));)"},
    {"jal", true, R"(add_insn(new disasm_insn_t("jal", match_jal | match_rd_ra, ...));)"},
    {"ret", true, R"(add_insn(new disasm_insn_t("ret", match_jalr | match_rs1_ra, ...));)"},
    {"jr", true, R"(DEFINE_I2TYPE("jr", jalr);)"},
    {"jalr", true, R"(add_insn(new disasm_insn_t("jalr", match_jalr | match_rd_ra, ...));)"},
    {"fence", false, R"(add_insn(new disasm_insn_t("fence", match_fence, mask_fence, {&iorw}));)"},
    // CSR aliases: only the generic csrr/csrw/csrs/csrc/csr?i are registered, so the
    // fflags/frm/fcsr forms print as `csrr x5, fflags` and cycle/time/instret as csrr too.
    {"frflags", false,
     R"(add_insn(new disasm_insn_t("csrr", match_csrrs, mask_csrrs | mask_rs1, ...));)"},
    {"frrm", false, R"(add_insn(new disasm_insn_t("csrr", ...)); (no frrm))"},
    {"frcsr", false, R"(add_insn(new disasm_insn_t("csrr", ...)); (no frcsr))"},
    {"rdcycle", false, R"(add_insn(new disasm_insn_t("csrr", ...)); (no rdcycle))"},
    {"rdtime", false, R"(add_insn(new disasm_insn_t("csrr", ...)); (no rdtime))"},
    {"rdinstret", false, R"(add_insn(new disasm_insn_t("csrr", ...)); (no rdinstret))"},
    {"csrr", true,
     R"(add_insn(new disasm_insn_t("csrr", match_csrrs, mask_csrrs | mask_rs1, ...));)"},
    {"csrs", true,
     R"(add_insn(new disasm_insn_t("csrs", match_csrrs, mask_csrrs | mask_rd, ...));)"},
    {"fsflags", false,
     R"(add_insn(new disasm_insn_t("csrw", match_csrrw, mask_csrrw | mask_rd, ...));)"},
    {"fsrm", false, R"(add_insn(new disasm_insn_t("csrw", ...)); (no fsrm))"},
    {"fscsr", false, R"(add_insn(new disasm_insn_t("csrw", ...)); (no fscsr))"},
    {"csrw", true,
     R"(add_insn(new disasm_insn_t("csrw", match_csrrw, mask_csrrw | mask_rd, ...));)"},
    {"csrc", true,
     R"(add_insn(new disasm_insn_t("csrc", match_csrrc, mask_csrrc | mask_rd, ...));)"},
    {"fsflagsi", false, R"(add_insn(new disasm_insn_t("csrwi", ...)); (no fsflagsi))"},
    {"fsrmi", false, R"(add_insn(new disasm_insn_t("csrwi", ...)); (no fsrmi))"},
    {"csrwi", true,
     R"(add_insn(new disasm_insn_t("csrwi", match_csrrwi, mask_csrrwi | mask_rd, ...));)"},
    {"csrsi", true,
     R"(add_insn(new disasm_insn_t("csrsi", match_csrrsi, mask_csrrsi | mask_rd, ...));)"},
    {"csrci", true,
     R"(add_insn(new disasm_insn_t("csrci", match_csrrci, mask_csrrci | mask_rd, ...));)"},
    // The F section registers the sign-injection rows as DEFINE_FRTYPE only.
    {"fmv.s", false, "DEFINE_FRTYPE(fsgnj_s);"},
    {"fabs.s", false, "DEFINE_FRTYPE(fsgnjx_s);"},
    {"fneg.s", false, "DEFINE_FRTYPE(fsgnjn_s);"},
    // The V section has no aliases: DISASM_OPIV_VXI_INSN / DISASM_OPIV_M___INSN rows only.
    {"vnot.v", false, "DISASM_OPIV_VXI_INSN(vxor, 1, v);"},
    {"vneg.v", false, "DISASM_OPIV__XI_INSN(vrsub, 1);"},
    {"vmmv.m", false, "DISASM_OPIV_M___INSN(vmand, 1);"},
    {"vmnot.m", false, "DISASM_OPIV_M___INSN(vmnand, 1);"},
    {"vmclr.m", false, "DISASM_OPIV_M___INSN(vmxor, 1);"},
    {"vmset.m", false, "DISASM_OPIV_M___INSN(vmxnor, 1);"},
    {"vfneg.v", false, "DISASM_OPIV_VF_INSN(vfsgnjn);"},
    {"vfabs.v", false, "DISASM_OPIV_VF_INSN(vfsgnjx);"},
};

const RefExpectation* ref_expectation_for(const AliasRow& alias) {
  for (const RefExpectation& e : kRef) {
    if (e.mnemonic == alias.mnemonic && e.printed_by_ref == alias.for_ref) return &e;
  }
  return nullptr;
}

// Every alias row has a REF decision above and the table agrees with it (a new row needs one).
TEST(RefAliasPrinting, EveryRowFollowsRefsDisassembler) {
  for (const AliasRow& alias : alias_table()) {
    EXPECT_NE(ref_expectation_for(alias), nullptr)
        << alias.mnemonic << ": printed by the REF style = " << alias.for_ref;
  }
}

TEST(RefAliasPrinting, EveryExpectationHasARow) {
  for (const RefExpectation& e : kRef) {
    bool found = false;
    for (const AliasRow& alias : alias_table()) found = found || alias.mnemonic == e.mnemonic;
    EXPECT_TRUE(found) << e.mnemonic;
  }
}

// The lines of issue 47's kmeans log: REF prints the base instruction, LLVM the alias.
TEST(RefAliasPrinting, AliasesRefDoesNotKnowPrintTheBaseInstruction) {
  const uint32_t sgtz = 0x007022b3u;  // slt x5, x0, x7
  EXPECT_EQ(disassemble(sgtz, 0, DisasmStyle::Ref), "slt     x5, x0, x7");
  EXPECT_EQ(disassemble(sgtz, 0, DisasmStyle::Llvm), "sgtz\tt0, t2");
  const uint32_t blez = 0x0e705063u;  // bge x0, x7, pc + 224
  EXPECT_EQ(disassemble(blez, 0, DisasmStyle::Ref), "bge     x0, x7, pc + 224");
  const uint32_t bgez = 0x0e03d063u;  // bge x7, x0, pc + 224: REF's B1TYPE alias
  EXPECT_EQ(disassemble(bgez, 0, DisasmStyle::Ref), "bgez    x7, pc + 224");
  const uint32_t frflags = 0x001022f3u;  // csrrs x5, fflags, x0
  EXPECT_EQ(disassemble(frflags, 0, DisasmStyle::Ref), "csrr    x5, fflags");
}

}  // namespace
}  // namespace ventus::isa
