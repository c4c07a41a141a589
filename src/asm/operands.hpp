// Operand parsing by walking the same syntax strings the disassembler prints (ISA table), so
// that assemble(disassemble(w)) == w holds by construction.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "asm/lexer.hpp"
#include "asm/program.hpp"
#include "isa/insn_table.hpp"

namespace ventus::as {

struct WalkFailure {
  std::string message;
  uint32_t column = 0;
  size_t progress = 0;  // tokens consumed before the failure (picks the most plausible form)
};

// Parses tokens[start...] against `syntax` ("$rd, $imm12($rs1)") for `row`'s operand kinds.
// Register operands get their full index (0..255; regext is added later), others a
// constant or an expression. All tokens must be consumed.
bool walk_syntax(std::string_view syntax, const isa::InsnRow& row, const std::vector<Token>& tokens,
                 size_t start, uint32_t seq, OperandSet& out, WalkFailure& failure);

// Describes a token for messages: "'a0'" or "end of line".
std::string describe_token(const std::vector<Token>& tokens, size_t pos);

}  // namespace ventus::as
