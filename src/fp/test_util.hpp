// Test-only helpers for the fp layer tests: per-rounding-mode expectation tables.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "fp/fp.hpp"

namespace ventus::fp::test {

inline constexpr RoundingMode kRne = RoundingMode::kRne;
inline constexpr RoundingMode kRtz = RoundingMode::kRtz;
inline constexpr RoundingMode kRdn = RoundingMode::kRdn;
inline constexpr RoundingMode kRup = RoundingMode::kRup;
inline constexpr RoundingMode kRmm = RoundingMode::kRmm;
inline constexpr std::array<RoundingMode, 5> kAllModes = {kRne, kRtz, kRdn, kRup, kRmm};

// Frequently used bit patterns (derived by hand from the binary32 layout).
inline constexpr uint32_t kOne = 0x3F800000u;      // 1.0
inline constexpr uint32_t kTwo = 0x40000000u;      // 2.0
inline constexpr uint32_t kHalf = 0x3F000000u;     // 0.5
inline constexpr uint32_t kMinSub = 0x00000001u;   // 2^-149
inline constexpr uint32_t kMaxSub = 0x007FFFFFu;   // 2^-126 - 2^-149
inline constexpr uint32_t kMinNorm = 0x00800000u;  // 2^-126
inline constexpr uint32_t kMax = 0x7F7FFFFFu;      // (2 - 2^-23) * 2^127
inline constexpr uint32_t kInf = 0x7F800000u;
inline constexpr uint32_t kNegInf = 0xFF800000u;
inline constexpr uint32_t kNegZero = 0x80000000u;
inline constexpr uint32_t kQNan = 0x7FC01234u;  // quiet NaN with a payload
inline constexpr uint32_t kSNan = 0x7F800001u;  // signaling NaN
inline constexpr uint32_t kNegQNan = 0xFFC00000u;
inline constexpr uint8_t kOfNx = kFlagOF | kFlagNX;
inline constexpr uint8_t kUfNx = kFlagUF | kFlagNX;

// Expected {value, flags} for RNE, RTZ, RDN, RUP, RMM, in that order.
using PerMode = std::array<FpResult, 5>;

// The same expectation in every rounding mode.
constexpr PerMode all_modes(uint32_t value, uint8_t flags = 0) {
  return {{{value, flags}, {value, flags}, {value, flags}, {value, flags}, {value, flags}}};
}

inline const char* mode_name(RoundingMode rm) {
  static constexpr std::array<const char*, 5> kNames = {"RNE", "RTZ", "RDN", "RUP", "RMM"};
  return kNames[static_cast<unsigned>(rm)];
}

template <typename Fn>
void expect_modes(const char* what, Fn&& fn, const PerMode& expected) {
  for (RoundingMode rm : kAllModes) {
    const FpResult got = fn(rm);
    const FpResult& want = expected[static_cast<unsigned>(rm)];
    EXPECT_EQ(got.value, want.value) << what << " value in " << mode_name(rm) << std::hex
                                     << " got 0x" << got.value << " want 0x" << want.value;
    EXPECT_EQ(+got.flags, +want.flags) << what << " flags in " << mode_name(rm);
  }
}

}  // namespace ventus::fp::test

namespace ventus::fp::test {

constexpr PerMode modes(FpResult rne, FpResult rtz, FpResult rdn, FpResult rup, FpResult rmm) {
  return {{rne, rtz, rdn, rup, rmm}};
}

}  // namespace ventus::fp::test
