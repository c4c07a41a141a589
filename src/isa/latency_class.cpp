// fp_latency_class: classified by the mnemonic's stem; int_division_form: by the row.
#include "isa/latency_class.hpp"

#include <array>
#include <string_view>

namespace ventus::isa {

FpLatencyClass fp_latency_class(const InsnRow& row) {
  static constexpr std::array<std::string_view, 12> kFma = {
      "fmadd.",  "fmsub.",   "fnmadd.", "fnmsub.",  "vfmacc.", "vfnmacc.",
      "vfmsac.", "vfnmsac.", "vfmadd.", "vfnmadd.", "vfmsub.", "vfnmsub."};
  static constexpr std::array<std::string_view, 7> kAddMul = {
      "fadd.", "fsub.", "fmul.", "vfadd.", "vfsub.", "vfrsub.", "vfmul."};
  const std::string_view m = row.mnemonic;
  if (m.find("sqrt") != std::string_view::npos) return FpLatencyClass::Sqrt;
  for (std::string_view stem : kFma) {
    if (m.starts_with(stem)) return FpLatencyClass::Fma;
  }
  for (std::string_view stem : kAddMul) {
    if (m.starts_with(stem)) return FpLatencyClass::AddMul;
  }
  return FpLatencyClass::Other;
}

std::optional<IntDivisionForm> int_division_form(const InsnRow& row) {
  switch (row.id) {
    case InsnId::DIV:
    case InsnId::REM:
      return IntDivisionForm{true, false, true};
    case InsnId::DIVU:
    case InsnId::REMU:
      return IntDivisionForm{false, false, true};
    case InsnId::VDIV_VV:
    case InsnId::VREM_VV:
      return IntDivisionForm{true, true, false};
    case InsnId::VDIVU_VV:
    case InsnId::VREMU_VV:
      return IntDivisionForm{false, true, false};
    case InsnId::VDIV_VX:
    case InsnId::VREM_VX:
      return IntDivisionForm{true, true, true};
    case InsnId::VDIVU_VX:
    case InsnId::VREMU_VX:
      return IntDivisionForm{false, true, true};
    default:
      return std::nullopt;
  }
}

}  // namespace ventus::isa
