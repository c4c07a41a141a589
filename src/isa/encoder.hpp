// Encoder: table row + operand values -> instruction word, with range checks that name the operand.
#pragma once

#include <cstdint>
#include <span>

#include "common/result.hpp"
#include "isa/decoder.hpp"
#include "isa/insn_table.hpp"

namespace ventus::isa {

// `values` are in the row's operand order (InsnRow::operands). An out-of-range value is an
// Error such as "operand 3 ($imm12) of addi: 5000 is out of range [-2048, 2047]".
Result<uint32_t> encode(const InsnRow& row, std::span<const int64_t> values);

// Re-encodes a decoded word from its row and operand values (encode(decode(w)) == w for
// every word whose don't-care bits are zero).
uint32_t encode(const Decoded& decoded);

}  // namespace ventus::isa
