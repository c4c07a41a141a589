// emit_function: machine IR after register allocation to Ventus assembly text.
#include "cc/emit.hpp"

#include <fmt/format.h>

#include "isa/insn_table.hpp"

namespace ventus::cc {
namespace {

constexpr uint32_t kVectorBit = 0x100;  // regalloc.cpp: vector registers are tagged

std::string reg_name(uint32_t r) {
  if (r == kNoReg) return "zero";
  return (r & kVectorBit) != 0 ? fmt::format("v{}", r & 0xFF) : fmt::format("x{}", r);
}

std::string operand_text(const MOperand& op) {
  switch (op.kind) {
    case MOperand::Kind::Reg: return reg_name(op.reg);
    case MOperand::Kind::Imm: return std::to_string(op.imm);
    default: return op.text;
  }
}

// The row's syntax string with its operands in order; $vm and $rm are left out (unmasked,
// the rounding mode of the CSR).
std::string format_row(const MInstr& m) {
  const isa::InsnRow& row = isa::insn_row(m.row);
  std::string text(row.mnemonic);
  text += ' ';
  size_t next = 0;
  const std::string_view syntax = row.syntax;
  for (size_t i = 0; i < syntax.size();) {
    if (syntax[i] != '$') {
      text += syntax[i++];
      continue;
    }
    size_t j = i + 1;
    while (j < syntax.size() && (std::isalnum(static_cast<unsigned char>(syntax[j])) || syntax[j] == '_')) ++j;
    const std::string_view name = syntax.substr(i + 1, j - i - 1);
    if (name != "vm" && name != "rm" && next < m.ops.size()) text += operand_text(m.ops[next++]);
    i = j;
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == ',')) text.pop_back();
  return text;
}

std::string format_asm(const MInstr& m) {
  std::string out;
  for (size_t i = 0; i < m.text.size(); ++i) {
    if (m.text[i] == '%' && i + 1 < m.text.size() && std::isdigit(static_cast<unsigned char>(m.text[i + 1]))) {
      out += operand_text(m.ops[static_cast<size_t>(m.text[i + 1] - '0')]);
      ++i;
    } else {
      out += m.text[i];
    }
  }
  return out;
}

// The branch row taken exactly when `id` is not (beq/bne, blt/bge, bltu/bgeu).
isa::InsnId inverse_branch(isa::InsnId id) {
  using isa::InsnId;
  switch (id) {
    case InsnId::BEQ: return InsnId::BNE;
    case InsnId::BNE: return InsnId::BEQ;
    case InsnId::BLT: return InsnId::BGE;
    case InsnId::BGE: return InsnId::BLT;
    case InsnId::BLTU: return InsnId::BGEU;
    default: return InsnId::BLTU;
  }
}

std::string format_copy(const MInstr& m) {
  const uint32_t d = m.ops[0].reg, s = m.ops[1].reg;
  const bool dv = (d & kVectorBit) != 0;
  const bool sv = s != kNoReg && (s & kVectorBit) != 0;
  if (!dv && !sv) return fmt::format("mv {}, {}", reg_name(d), reg_name(s));
  if (dv && !sv) return fmt::format("vmv.v.x {}, {}", reg_name(d), reg_name(s));
  if (dv && sv) return fmt::format("vadd.vx {}, {}, zero", reg_name(d), reg_name(s));
  return fmt::format("vmv.x.s {}, {}", reg_name(d), reg_name(s));
}

class Emitter {
 public:
  Emitter(const MFunction& f, const RegisterUse& use, const EmitOptions& options)
      : f_(f), use_(use), options_(options) {}
  std::string run();

 private:
  void line(const std::string& text) { out_ += '\t' + text + '\n'; }
  void source_comment(uint32_t source_line);
  void branch(const MInstr& m, size_t block);
  void prologue();
  void epilogue();
  // A kernel returns to crt0's endprg (ISA.md §7.3): only ra matters to its caller.
  const std::vector<int32_t>& scalars_to_save() const {
    static const std::vector<int32_t> kNone;
    return f_.is_kernel ? kNone : use_.callee_saved_scalars;
  }
  uint32_t saved_scalar_bytes() const {
    return 4 * static_cast<uint32_t>(scalars_to_save().size() + (f_.has_calls ? 1 : 0));
  }

  const MFunction& f_;
  const RegisterUse& use_;
  const EmitOptions& options_;
  std::string out_;
  uint32_t last_line_ = 0;
  unsigned rpc_labels_ = 0;
};

void Emitter::source_comment(uint32_t source_line) {
  if (source_line == 0 || source_line == last_line_) return;
  last_line_ = source_line;
  std::string text;
  if (options_.source_lines != nullptr && source_line <= options_.source_lines->size()) {
    text = (*options_.source_lines)[source_line - 1];
    const size_t first = text.find_first_not_of(" \t");
    text = first == std::string::npos ? "" : text.substr(first);
  }
  out_ += fmt::format("\t# {}:{}: {}\n", options_.source_name, source_line, text);
}

void Emitter::branch(const MInstr& m, size_t block) {
  const auto label = [&](uint32_t b) { return f_.blocks[b].label; };
  const size_t next = block + 1;
  if (m.targets.size() == 1) {
    if (m.targets[0] != next) line("j " + label(m.targets[0]));
    return;
  }
  const uint32_t t = m.targets[0], f = m.targets[1];
  if (m.text == "fused") {  // a compare and branch row (isel_control.cpp)
    const std::string a = operand_text(m.ops[0]), b = operand_text(m.ops[1]);
    const auto mnemonic = [](isa::InsnId id) { return std::string(isa::insn_row(id).mnemonic); };
    if (f == next) {
      line(fmt::format("{} {}, {}, {}", mnemonic(m.row), a, b, label(t)));
    } else {
      line(fmt::format("{} {}, {}, {}", mnemonic(inverse_branch(m.row)), a, b, label(f)));
      if (t != next) line("j " + label(t));
    }
    return;
  }
  const std::string c = reg_name(m.ops[0].reg);
  if (m.divergent) {
    // CSR_RPC = the join at the immediate post-dominator (ISA.md §2.4, CODEGEN.md §4.1).
    const std::string rpc = fmt::format(".Lrpc_{}_{}", f_.name, rpc_labels_++);
    out_ += rpc + ":\n";
    line("auipc t1, %pcrel_hi(" + label(m.targets[2]) + ")");
    line("setrpc zero, t1, %pcrel_lo(" + rpc + ")");
    const std::string z = reg_name(m.ops[1].reg);
    if (f == next) {
      line(fmt::format("vbne {}, {}, {}", c, z, label(t)));
    } else {
      line(fmt::format("vbeq {}, {}, {}", c, z, label(f)));
      if (t != next) line("j " + label(t));
    }
    return;
  }
  if (f == next) {
    line(fmt::format("bnez {}, {}", c, label(t)));
  } else {
    line(fmt::format("beqz {}, {}", c, label(f)));
    if (t != next) line("j " + label(t));
  }
}

// Non-kernel functions keep ra and the callee-saved registers they use (ISA.md §7.4:
// scalars on the warp's stack through sp, vectors in private memory through tp; v31 is
// free at entry and at the return, where only v0 and the arguments are live).
void Emitter::prologue() {
  const uint32_t bytes = saved_scalar_bytes();
  if (bytes > 0) {
    line(fmt::format("addi sp, sp, {}", bytes));
    uint32_t at = 4;
    if (f_.has_calls) line(fmt::format("sw ra, -{}(sp)", at)), at += 4;
    for (int32_t r : scalars_to_save()) line(fmt::format("sw x{}, -{}(sp)", r, at)), at += 4;
  }
  if (f_.is_kernel || use_.callee_saved_vectors.empty()) return;
  line(fmt::format("addi tp, tp, {}", 4 * use_.callee_saved_vectors.size()));
  line("vmv.v.x v31, tp");
  uint32_t at = 4;
  for (int32_t r : use_.callee_saved_vectors) line(fmt::format("vsw.v v{}, -{}(v31)", r, at)), at += 4;
}

void Emitter::epilogue() {
  if (!f_.is_kernel && !use_.callee_saved_vectors.empty()) {
    line("vmv.v.x v31, tp");
    uint32_t at = 4;
    for (int32_t r : use_.callee_saved_vectors) line(fmt::format("vlw.v v{}, -{}(v31)", r, at)), at += 4;
    line(fmt::format("addi tp, tp, -{}", 4 * use_.callee_saved_vectors.size()));
  }
  const uint32_t bytes = saved_scalar_bytes();
  if (bytes == 0) return;
  uint32_t at = 4;
  if (f_.has_calls) line(fmt::format("lw ra, -{}(sp)", at)), at += 4;
  for (int32_t r : scalars_to_save()) line(fmt::format("lw x{}, -{}(sp)", r, at)), at += 4;
  line(fmt::format("addi sp, sp, -{}", bytes));
}

std::string Emitter::run() {
  out_ += "\t.text\n\t.p2align 2\n";
  if (f_.is_kernel) out_ += fmt::format("\t.globl {}\n", f_.name);
  out_ += fmt::format("\t.type {}, @function\n{}:\n", f_.name, f_.name);
  prologue();
  for (size_t b = 0; b < f_.blocks.size(); ++b) {
    const MBlock& block = f_.blocks[b];
    out_ += block.label + ":\n";
    if (block.needs_join) line("join zero, zero, 0");
    for (const MInstr& m : block.instrs) {
      source_comment(m.line);
      switch (m.kind) {
        case MKind::Row: line(format_row(m)); break;
        case MKind::Copy: line(format_copy(m)); break;
        case MKind::Call: line("call " + m.text); break;
        case MKind::Branch: branch(m, b); break;
        case MKind::Asm:
          if (m.text == "ret") epilogue();
          if (!m.text.empty()) line(format_asm(m));
          break;
      }
    }
  }
  out_ += fmt::format("\t.size {}, .-{}\n", f_.name, f_.name);
  return out_;
}

}  // namespace

std::string emit_function(const MFunction& f, const RegisterUse& use, const EmitOptions& options) {
  return Emitter(f, use, options).run();
}

}  // namespace ventus::cc
