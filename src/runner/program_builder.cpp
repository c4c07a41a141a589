// ProgramBuilder: mnemonic + values -> words via isa::encode.
#include "runner/program_builder.hpp"

#include <fmt/format.h>

#include <vector>

#include "isa/encoder.hpp"
#include "isa/insn_table.hpp"

namespace ventus::runner {

uint32_t ProgramBuilder::encode(std::string_view mnemonic, std::initializer_list<int64_t> values) {
  const isa::InsnRow* row = isa::find_row_by_mnemonic(mnemonic);
  if (row == nullptr) {
    if (error_.empty()) error_ = fmt::format("unknown mnemonic '{}'", mnemonic);
    return 0;
  }
  const std::vector<int64_t> operands(values);
  auto word = isa::encode(*row, operands);
  if (!word) {
    if (error_.empty()) error_ = word.error().message;
    return 0;
  }
  return word.value();
}

ProgramBuilder& ProgramBuilder::op(std::string_view mnemonic,
                                   std::initializer_list<int64_t> values) {
  words_.push_back(encode(mnemonic, values));
  return *this;
}

ProgramBuilder& ProgramBuilder::li(unsigned rd, uint32_t value) {
  // addi sign-extends its 12 bits, so round the upper part to compensate.
  const uint32_t upper = (value + 0x800u) >> 12;
  const auto lower = static_cast<int32_t>(value << 20) >> 20;
  op("lui", {rd, upper & 0xfffffu});
  return op("addi", {rd, rd, lower});
}

void ProgramBuilder::patch(uint32_t at, std::string_view mnemonic,
                           std::initializer_list<int64_t> values) {
  words_.at((at - base_) / 4) = encode(mnemonic, values);
}

}  // namespace ventus::runner
