// The back end's machine IR: Ventus instructions (rows of the instruction table) over virtual
// registers of two classes, scalar (x) and vector (v), grouped in the IR's basic blocks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isa/insn_id.hpp"

namespace ventus::cc {

enum class RegClass : uint8_t { Scalar, Vector };

inline constexpr uint32_t kNoReg = UINT32_MAX;

struct VirtualReg {
  RegClass cls = RegClass::Scalar;
  int32_t fixed = -1;       // a physical register it must have (ABI: a0 at entry, v0 ...)
  bool low = false;         // must be below 32 (operands of vbranches: no regext before them)
  uint32_t hint = kNoReg;   // a virtual register whose physical register it would like
};

struct MOperand {
  enum class Kind : uint8_t { Reg, Imm, Label, Text } kind = Kind::Imm;
  uint32_t reg = kNoReg;  // virtual register (before allocation) or physical (after)
  bool def = false;       // written by the instruction
  bool use = false;       // read by the instruction
  int64_t imm = 0;
  std::string text;       // label name, symbol expression or CSR name

  static MOperand def_reg(uint32_t r) { return {Kind::Reg, r, true, false, 0, {}}; }
  static MOperand use_reg(uint32_t r) { return {Kind::Reg, r, false, true, 0, {}}; }
  static MOperand tied_reg(uint32_t r) { return {Kind::Reg, r, true, true, 0, {}}; }
  static MOperand immediate(int64_t v) { return {Kind::Imm, kNoReg, false, false, v, {}}; }
  static MOperand label(std::string l) { return {Kind::Label, kNoReg, false, false, 0, std::move(l)}; }
  static MOperand literal(std::string t) { return {Kind::Text, kNoReg, false, false, 0, std::move(t)}; }
};

// What an instruction is: a row of the table, or one of the few things that are not one row.
enum class MKind : uint8_t {
  Row,     // `row` with operands in the order of the row's syntax string
  Copy,    // ops[0] = ops[1] (any classes: mv, broadcast, vector copy); dropped when equal
  Asm,     // `text` is assembly with %0, %1, ... for the operands (multi-instruction idioms)
  Branch,  // uniform or divergent branch; `targets` (the IR successors), see isel_control.cpp
  Call,    // a call: clobbers what the calling convention says (isel_calls.cpp)
};

struct MInstr {
  MKind kind = MKind::Row;
  isa::InsnId row{};
  std::vector<MOperand> ops;
  std::string text;               // Asm template, Call callee
  std::vector<uint32_t> targets;  // Branch: taken, not taken[, reconvergence block]
  bool divergent = false;         // Branch: a vbranch (needs setrpc and a join)
  uint32_t line = 0;              // source line, for `-S` comments
};

struct MBlock {
  std::string label;
  std::vector<MInstr> instrs;      // the terminator (Branch or return) last
  std::vector<uint32_t> succs;
  bool needs_join = false;         // immediate post-dominator of a vbranch (CODEGEN.md §4.1)
  uint32_t join_of = 0;            // how many vbranches reconverge here (for the comment)
};

struct MFunction {
  std::string name;
  bool is_kernel = false;
  std::vector<MBlock> blocks;      // in layout order; block 0 is the entry
  std::vector<VirtualReg> regs;
  uint32_t private_frame_bytes = 0;   // __private arrays (tp-relative, ISA.md §5.11)
  uint32_t scalar_frame_bytes = 0;    // sp-relative (ra, saved registers)
  bool has_calls = false;
  // (block ending in a vbranch, its immediate post-dominator): regalloc keeps the scalar values
  // one side of the branch needs alive across the other side, which may run first (ISA.md §2.4).
  std::vector<std::pair<uint32_t, uint32_t>> divergent_regions;
  std::vector<std::pair<uint32_t, std::string>> source_lines;  // line -> text for comments

  uint32_t new_reg(RegClass cls) {
    regs.push_back(VirtualReg{cls});
    return static_cast<uint32_t>(regs.size() - 1);
  }
};

}  // namespace ventus::cc
