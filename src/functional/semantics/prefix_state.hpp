// Arming the prefix state of the next instruction (RegExt): the register-index extension of
// regext/regexti (§5.5), which regpair, pre_m_* and prefix/prefixi share (§5.13-§5.16).
#pragma once

#include <cstdint>

#include "functional/warp_state.hpp"

namespace ventus::functional::semantics {

// imm12 = w[31:20] = r3 r2 r1 rd (3 bits each).
inline void arm_regext(RegExt& ext, uint32_t word) {
  const uint32_t imm = word >> 20;
  ext = RegExt{};
  ext.rd = static_cast<uint8_t>(imm & 7u);
  ext.rs1 = static_cast<uint8_t>((imm >> 3) & 7u);
  ext.rs2 = static_cast<uint8_t>((imm >> 6) & 7u);
  ext.rs3 = static_cast<uint8_t>((imm >> 9) & 7u);
  ext.armed = ext.active = true;
}

// imm12 = imm6 r2 rd: the next immediate's high bits and two register prefixes.
inline void arm_regexti(RegExt& ext, uint32_t word) {
  const uint32_t imm = word >> 20;
  ext = RegExt{};
  ext.rd = static_cast<uint8_t>(imm & 7u);
  ext.rs2 = static_cast<uint8_t>((imm >> 3) & 7u);
  ext.imm6 = static_cast<uint8_t>((imm >> 6) & 63u);
  ext.immediate = true;
  ext.armed = ext.active = true;
}

}  // namespace ventus::functional::semantics
