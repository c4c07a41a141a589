// Constexpr bit layouts of the operand kinds (internal to the isa layer; see operand.hpp).
#pragma once

#include <array>
#include <string_view>

#include "isa/operand.hpp"

namespace ventus::isa::detail {

// A contiguous run of instruction bits [word_hi:word_lo] holding value bits from value_lo up.
struct Segment {
  uint8_t word_hi;
  uint8_t word_lo;
  uint8_t value_lo;
};

struct Layout {
  OperandInfo info;
  std::array<Segment, 4> segments;
  uint8_t segment_count;
};

constexpr Layout reg(std::string_view token, RegClass cls, uint8_t hi, uint8_t lo) {
  return {{token, cls, false, 5, false}, {{{hi, lo, 0}}}, 1};
}
constexpr Layout field(std::string_view token, bool is_signed, uint8_t hi, uint8_t lo) {
  return {{token, RegClass::None, is_signed, static_cast<uint8_t>(hi - lo + 1), false},
          {{{hi, lo, 0}}},
          1};
}

// Indexed by OperandKind; the order must match the enum (checked by a static_assert below).
inline constexpr std::array kLayouts = {
    reg("rd", RegClass::X, 11, 7),
    reg("rs1", RegClass::X, 19, 15),
    reg("rs2", RegClass::X, 24, 20),
    reg("rs3", RegClass::X, 31, 27),
    reg("frd", RegClass::F, 11, 7),
    reg("frs1", RegClass::F, 19, 15),
    reg("frs2", RegClass::F, 24, 20),
    reg("frs3", RegClass::F, 31, 27),
    reg("vd", RegClass::V, 11, 7),
    reg("vs1", RegClass::V, 19, 15),
    reg("vs2", RegClass::V, 24, 20),
    reg("vs3", RegClass::V, 11, 7),
    field("imm12", true, 31, 20),
    Layout{{"simm12", RegClass::None, true, 12, false}, {{{31, 25, 5}, {11, 7, 0}}}, 2},
    Layout{{"btarget", RegClass::None, true, 13, true},
           {{{31, 31, 12}, {7, 7, 11}, {30, 25, 5}, {11, 8, 1}}},
           4},
    Layout{{"bimm", RegClass::None, true, 13, true},
           {{{31, 31, 12}, {7, 7, 11}, {30, 25, 5}, {11, 8, 1}}},
           4},
    Layout{{"jtarget", RegClass::None, true, 21, true},
           {{{31, 31, 20}, {19, 12, 12}, {20, 20, 11}, {30, 21, 1}}},
           4},
    field("uimm20", false, 31, 12),
    field("shamt", false, 24, 20),
    field("csr", false, 31, 20),
    field("zimm", false, 19, 15),
    field("simm5", true, 19, 15),
    field("uimm5", false, 19, 15),
    field("vm", false, 25, 25),
    field("vtypei11", false, 30, 20),
    field("vtypei10", false, 29, 20),
    field("rm", false, 14, 12),
    field("pred", false, 27, 24),
    field("succ", false, 23, 20),
    field("aqrl", false, 26, 25),
    field("pimm11", true, 30, 20),
    Layout{{"psimm11", RegClass::None, true, 11, false}, {{{30, 25, 5}, {11, 7, 0}}}, 2},
    field("uimm12", false, 31, 20),
    field("regext", false, 31, 20),
    field("regexti", false, 31, 20),
    field("pair", false, 19, 19),
    field("hint", false, 18, 15),
    field("abs", false, 18, 16),
    field("neg", false, 15, 13),
    field("shamt6", false, 25, 20),
};
static_assert(kLayouts.size() == static_cast<size_t>(OperandKind::Shamt6) + 1,
              "kLayouts must list every OperandKind in enum order");

// Token -> kind at compile time, so table rows can derive their operand lists constexpr.
constexpr int kind_index_from_token(std::string_view token) {
  for (size_t i = 0; i < kLayouts.size(); ++i) {
    if (kLayouts[i].info.token == token) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace ventus::isa::detail
