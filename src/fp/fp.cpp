// Out-of-line parts of the fp layer: vfexp via the host libm (ISA.md §5.8).
#include "fp/fp.hpp"

#include <bit>
#include <cmath>

namespace ventus::fp {

uint32_t fexp(uint32_t a) {
  const double x = static_cast<double>(std::bit_cast<float>(a));
  return std::bit_cast<uint32_t>(static_cast<float>(std::exp(x)));
}

}  // namespace ventus::fp
