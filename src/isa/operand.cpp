// Bit layouts of the operand kinds: a segment table drives extraction, insertion and ranges.
#include "isa/operand.hpp"

#include "common/bits.hpp"
#include "isa/operand_layout.hpp"

namespace ventus::isa {
namespace {

using detail::kLayouts;
using detail::Layout;
using detail::Segment;

const Layout& layout(OperandKind kind) {
  return kLayouts[static_cast<size_t>(kind)];
}

}  // namespace

const OperandInfo& operand_info(OperandKind kind) {
  return layout(kind).info;
}

std::optional<OperandKind> operand_kind_from_token(std::string_view token) {
  for (size_t i = 0; i < kLayouts.size(); ++i) {
    if (kLayouts[i].info.token == token) return static_cast<OperandKind>(i);
  }
  return std::nullopt;
}

int32_t extract_operand(OperandKind kind, uint32_t word) {
  const Layout& l = layout(kind);
  uint32_t value = 0;
  for (uint8_t i = 0; i < l.segment_count; ++i) {
    const Segment& s = l.segments[i];
    value |= bits(word, s.word_hi, s.word_lo) << s.value_lo;
  }
  if (l.info.is_signed) return sign_extend(value, l.info.width_bits);
  return static_cast<int32_t>(value);
}

uint32_t insert_operand(OperandKind kind, uint32_t word, int32_t value) {
  const Layout& l = layout(kind);
  const auto raw = static_cast<uint32_t>(value);
  for (uint8_t i = 0; i < l.segment_count; ++i) {
    const Segment& s = l.segments[i];
    const unsigned width = s.word_hi - s.word_lo + 1u;
    const uint32_t mask = ((1u << width) - 1u) << s.word_lo;
    word = (word & ~mask) | (((raw >> s.value_lo) << s.word_lo) & mask);
  }
  return word;
}

OperandRange operand_range(OperandKind kind) {
  const OperandInfo& info = operand_info(kind);
  if (kind == OperandKind::Uimm12) return {-2048, 4095};
  if (info.is_signed) {
    return {-(int64_t{1} << (info.width_bits - 1)), (int64_t{1} << (info.width_bits - 1)) - 1};
  }
  return {0, (int64_t{1} << info.width_bits) - 1};
}

bool operand_value_fits(OperandKind kind, int64_t value) {
  const OperandRange r = operand_range(kind);
  if (value < r.min || value > r.max) return false;
  return !operand_info(kind).even || (value % 2) == 0;
}

}  // namespace ventus::isa
