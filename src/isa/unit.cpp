// Printable names of the functional-unit classes.
#include "isa/unit.hpp"

#include <array>

namespace ventus::isa {

std::string_view unit_name(Unit unit) {
  static constexpr std::array<std::string_view, kUnitCount> kNames = {
      "alu",     "mul",  "div",     "branch", "jump",    "csr",    "lsu",  "atomic",   "fence",
      "system",  "fpu",  "fpu-div", "valu",   "vmul",    "vdiv",   "vfpu", "vfpu-div", "vlsu",
      "vconfig", "simt", "barrier", "prefix", "control", "tensor", "sfu"};
  return kNames[static_cast<size_t>(unit)];
}

}  // namespace ventus::isa
