// Test-only generator of binary32 operands biased toward the interesting corners:
// subnormals, zeros, near-overflow exponents, equal/close exponents, short significands
// (which make exact results and ties likely) and NaN/inf specials.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace ventus::fp::test {

class OperandGenerator {
 public:
  explicit OperandGenerator(uint64_t seed) : rng_(seed) {}

  uint32_t bits() { return static_cast<uint32_t>(rng_()); }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }

  // A significand fraction: random, sparse (few low or high bits), all ones, or zero.
  uint32_t fraction() {
    switch (below(6)) {
      case 0:
        return 0;
      case 1:
        return 0x7FFFFFu - below(4);  // all ones (max significand)
      case 2:
        return bits() & bits() & bits() & 0x7FFFFFu;  // few bits set
      case 3:
        return (bits() & 0x7FFFFFu) & ~((1u << below(23)) - 1);  // short significand
      default:
        return bits() & 0x7FFFFFu;
    }
  }

  // A biased exponent field: near 0 (subnormal range), around 1.0, near overflow, or any.
  uint32_t exponent() {
    switch (below(8)) {
      case 0:
        return below(3);  // 0 (zero/subnormal), 1, 2
      case 1:
        return 254 - below(3);  // near overflow
      case 2:
        return 120 + below(16);  // around 1.0
      case 3:
        return below(40);  // deep small numbers
      default:
        return below(255);  // any finite
    }
  }

  uint32_t special() {
    static constexpr std::array<uint32_t, 12> kSpecials = {
        0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC12345u,
        0x7F800001u, 0xFFA00000u, 0x00000001u, 0x00800000u, 0x7F7FFFFFu, 0x3F800000u};
    return kSpecials[below(static_cast<uint32_t>(kSpecials.size()))];
  }

  uint32_t any() {
    const uint32_t pick = below(16);
    if (pick == 0) return special();
    if (pick <= 3) return bits();
    return (bits() & 0x80000000u) | (exponent() << 23) | fraction();
  }

  // An operand whose exponent is within a few binades of `near` (alignment shifts of
  // 0..3, or up to ~40, so cancellation, carries and sticky bits are all exercised).
  uint32_t close_to(uint32_t near) {
    const int32_t e = static_cast<int32_t>((near >> 23) & 0xFF);
    const int32_t spread = below(2) == 0 ? 4 : 40;
    int32_t ne = e + static_cast<int32_t>(below(2 * spread + 1)) - spread;
    ne = ne < 0 ? 0 : (ne > 254 ? 254 : ne);
    return (bits() & 0x80000000u) | (static_cast<uint32_t>(ne) << 23) | fraction();
  }

  uint32_t partner(uint32_t a) { return below(3) == 0 ? any() : close_to(a); }

 private:
  std::mt19937_64 rng_;
};

}  // namespace ventus::fp::test
