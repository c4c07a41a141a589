// fp_latency_class: classified by the mnemonic's stem, once per row.
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

}  // namespace ventus::isa
