// Pass 1 over one source file: labels, directives and instructions into sections and items.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "asm/lexer.hpp"
#include "asm/operands.hpp"
#include "asm/program.hpp"

namespace ventus::as {

class FileAssembler {
 public:
  FileAssembler(Program& program, size_t file) : p_(program), file_(file) {}
  void run(const std::vector<Statement>& statements);

 private:
  // assembler.cpp: statements and labels
  void statement(const Statement& st);
  void define_label(const std::string& name, uint32_t column);
  void define_numeric_label(int64_t number);
  Symbol& symbol(const std::string& name);
  Location loc(uint32_t column) const {
    return Location{static_cast<uint32_t>(file_), line_, column};
  }
  void error(uint32_t column, std::string message) { p_.error(loc(column), std::move(message)); }
  SectionData& sec() { return p_.sections[section_]; }
  uint32_t offset() const { return p_.sections[section_].size(); }
  bool reserve(uint64_t bytes, uint32_t column);
  std::optional<int64_t> eval_now(const ExprPtr& e, uint32_t column, bool required);

  // instructions.cpp: mnemonics, single-row forms, aliases and multi-instruction pseudos
  void instruction(const Statement& st);
  bool multi_pseudo(const std::string& mnemonic, const Statement& st);
  void pseudo_li(const Statement& st);
  void pseudo_pcrel(const Statement& st, bool is_call_or_tail, bool tail);
  void emit_insn(const isa::InsnRow& row, OperandSet ops, uint32_t column);
  bool follows_prefix() const;
  void unknown_mnemonic(const Token& tok);

  // directives.cpp
  void directive(const Statement& st);
  bool section_directive(const std::string& name, const Statement& st);
  bool symbol_directive(const std::string& name, const Statement& st);
  bool data_directive(const std::string& name, const Statement& st);
  bool layout_directive(const std::string& name, const Statement& st);
  void data_values(const Statement& st, uint8_t size);
  void float_values(const Statement& st);
  void string_values(const Statement& st, bool terminate);
  void align_to(uint64_t alignment, uint32_t column);
  void assignment(const Token& name, const Statement& st, size_t expr_pos);
  std::vector<std::vector<Token>> split_args(const Statement& st, size_t from) const;

  Program& p_;
  size_t file_;
  size_t section_ = 0;
  uint32_t seq_ = 0;
  uint32_t line_ = 0;
};

}  // namespace ventus::as
