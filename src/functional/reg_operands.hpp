// RegOperands: the registers an instruction reads and writes after the regext prefix
// (ISA.md §5.5), as the cycle model's scoreboard and operand collector see them.
#pragma once

#include <array>
#include <cstdint>

namespace ventus::functional {

enum class RegFile : uint8_t { None, Scalar, Vector };

// One register after the regext prefix is applied (ISA.md §5.5): index 0..255. The scalar
// file holds x and (Zfinx) f registers.
struct RegRef {
  RegFile file = RegFile::None;
  uint8_t index = 0;
  friend bool operator==(const RegRef&, const RegRef&) = default;
};

enum class MemOp : uint8_t { None, Load, Store, Atomic };

inline constexpr unsigned kMaxRecordSources = 4;  // rs1, rs2, rs3 and the v0 mask

// Sources in operand order without repeats (x0 included: the collector reads its bank), and
// the destination (none for x0).
struct RegOperands {
  std::array<RegRef, kMaxRecordSources> sources{};
  uint8_t source_count = 0;
  RegRef destination{};
};

}  // namespace ventus::functional
