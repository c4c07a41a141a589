// InsnId: one enumerator per instruction-table row, generated from defs/*.def (one fact, one
// place).
#pragma once

#include <cstdint>

namespace ventus::isa {

enum class InsnId : uint16_t {
#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) id,
#include "isa/defs/all.def"
#undef VENTUS_INSN
  kCount,
  kInvalid = kCount,
};

inline constexpr unsigned kInsnCount = static_cast<unsigned>(InsnId::kCount);

}  // namespace ventus::isa
