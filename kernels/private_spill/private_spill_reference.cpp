// CPU reference of the private_spill kernel: private array, per-thread indices, mix().
#include <array>

#include "private_spill/private_spill.hpp"

namespace ventus::kernels {
namespace {

uint32_t mix(uint32_t v) {
  v ^= v << 5;
  return v + (v >> 3);
}

}  // namespace

std::vector<uint32_t> private_spill_reference(std::span<const uint32_t> in) {
  std::vector<uint32_t> out;
  out.reserve(in.size());
  for (const uint32_t x : in) {
    std::array<uint32_t, 16> p{};
    for (uint32_t k = 0; k < 16; ++k) p[k] = x * (k + 1) + k;
    uint32_t s = 0;
    for (uint32_t k = 0; k < 16; ++k) s += mix(p[(x + 5 * k) & 15u]) * (k + 1);
    out.push_back(s);
  }
  return out;
}

}  // namespace ventus::kernels
