// ProgramBuilder: builds small kernels from mnemonics and operand values through the ISA
// table's encoder (no assembler needed), for benchmarks and directed tests.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::runner {

class ProgramBuilder {
 public:
  explicit ProgramBuilder(uint32_t base = 0x80000000u) : base_(base) {}

  // Appends `mnemonic` with operand values in the row's operand order (registers as numbers,
  // vm = 1 for unmasked, branch targets as byte offsets). An unknown mnemonic or a value out
  // of range is remembered as the first error and emits a zero word.
  ProgramBuilder& op(std::string_view mnemonic, std::initializer_list<int64_t> values);
  // Loads a 32-bit constant into x`rd` (lui + addi).
  ProgramBuilder& li(unsigned rd, uint32_t value);

  uint32_t pc() const { return base_ + 4u * static_cast<uint32_t>(words_.size()); }
  // Offset from the next instruction's pc to `target` (for branch operands).
  int64_t to(uint32_t target) const { return int64_t{target} - int64_t{pc()}; }
  // Rewrites the word at `at` (for forward branches: emit a placeholder, patch later).
  void patch(uint32_t at, std::string_view mnemonic, std::initializer_list<int64_t> values);

  uint32_t base() const { return base_; }
  const std::vector<uint32_t>& words() const { return words_; }
  const std::string& error() const { return error_; }

 private:
  uint32_t encode(std::string_view mnemonic, std::initializer_list<int64_t> values);

  uint32_t base_;
  std::vector<uint32_t> words_;
  std::string error_;
};

}  // namespace ventus::runner
