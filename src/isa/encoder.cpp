// Encoder implementation: starts from the row's match bits and inserts each operand field.
#include "isa/encoder.hpp"

#include <fmt/format.h>

namespace ventus::isa {

Result<uint32_t> encode(const InsnRow& row, std::span<const int64_t> values) {
  if (values.size() != row.operand_count) {
    return Error{fmt::format("{} takes {} operands, got {}", row.mnemonic, row.operand_count,
                             values.size())};
  }
  uint32_t word = row.match;
  for (size_t i = 0; i < values.size(); ++i) {
    const OperandKind kind = row.operands[i];
    if (!operand_value_fits(kind, values[i])) {
      const OperandRange r = operand_range(kind);
      const char* even = operand_info(kind).even ? ", even" : "";
      return Error{fmt::format("operand {} (${}) of {}: {} is out of range [{}, {}]{}", i + 1,
                               operand_info(kind).token, row.mnemonic, values[i], r.min, r.max,
                               even)};
    }
    word = insert_operand(kind, word, static_cast<int32_t>(values[i]));
  }
  return word;
}

uint32_t encode(const Decoded& decoded) {
  uint32_t word = decoded.row->match;
  for (size_t i = 0; i < decoded.row->operand_count; ++i) {
    word = insert_operand(decoded.row->operands[i], word, decoded.values[i]);
  }
  return word;
}

}  // namespace ventus::isa
