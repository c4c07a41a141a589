// Internal state of one assembly run: sections, symbols, pending items (shared by the passes).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "asm/assembler.hpp"
#include "asm/expr.hpp"
#include "asm/lexer.hpp"
#include "isa/insn_table.hpp"

namespace ventus::as {

// Upper bound of all section contents: keeps hostile `.zero`/`.align` inputs bounded.
inline constexpr uint32_t kMaxSectionBytes = 64u << 20;
inline constexpr size_t kMaxDiagnostics = 500;

struct Location {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t column = 0;
};

struct SectionData {
  std::string name;
  uint32_t type = 1;   // elf::kShtProgbits / kShtNobits
  uint32_t flags = 2;  // elf::kShf* bits
  uint32_t align = 1;
  std::vector<uint8_t> bytes;
  uint32_t nobits_size = 0;
  uint32_t addr = 0;
  uint32_t size() const { return type == 8 ? nobits_size : static_cast<uint32_t>(bytes.size()); }
};

// Operand values of one instruction, in the row's operand order; an operand with an
// expression is evaluated after layout (the assembler's internal "relocation").
struct OperandSet {
  std::array<int64_t, isa::kMaxOperands> values{};
  std::array<ExprPtr, isa::kMaxOperands> exprs{};
  std::array<uint32_t, isa::kMaxOperands> columns{};
  std::array<bool, isa::kMaxOperands> relative{};  // value = expression - pc (branch targets)
};

struct InsnItem {
  const isa::InsnRow* row = nullptr;
  OperandSet ops;
  size_t section = 0;
  uint32_t offset = 0;
  Location loc;
};

struct DataItem {
  ExprPtr expr;
  uint8_t size = 4;
  size_t section = 0;
  uint32_t offset = 0;
  Location loc;
};

struct Symbol {
  std::string name;
  bool defined = false;
  bool global = false;
  bool kernel = false;
  uint8_t type = 0;               // elf::kStt*
  std::optional<size_t> section;  // nullopt: absolute (.equ / .set)
  uint32_t offset = 0;
  ExprPtr equ;
  ExprPtr size_expr;
  size_t size_section = 0;  // where ".size" stood (the value of '.' in its expression)
  uint32_t size_offset = 0;
  Location loc;
};

struct NumericLabel {
  uint32_t seq;
  size_t section;
  uint32_t offset;
};

struct FileState {
  std::string name;
  std::vector<std::string> lines;  // for diagnostics
  std::unordered_map<std::string, Symbol> symbols;
  std::vector<std::string> symbol_order;
  std::map<int64_t, std::vector<NumericLabel>> numeric_labels;
};

struct Program {
  std::vector<SectionData> sections;
  std::vector<FileState> files;
  std::vector<InsnItem> insns;
  std::vector<DataItem> data;
  Diagnostics diagnostics;
  uint32_t text_base = 0x80000000;
  isa::Profile profile = isa::kDefaultProfile;

  void error(const Location& loc, std::string message);
  size_t section_index(const std::string& name);  // creates the well-known sections
};

// -g: appends .debug_line, .debug_info and .debug_abbrev for the executable sections.
void add_line_info(const Program& p, elf::ElfImage& image);

}  // namespace ventus::as
