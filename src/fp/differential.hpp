// Test-only driver of the randomised differential tests: runs a batch of operands
// through the host FPU in RNE/RTZ/RDN/RUP (and the derived RMM reference) and through
// ventus::fp, and reports every mismatch of value or flags.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <vector>

#include "fp/fp.hpp"
#include "fp/host_reference.hpp"

namespace ventus::fp::test {

struct Operands {
  uint32_t a;
  uint32_t b;
  uint32_t c;
};

inline bool is_inf_times_zero(uint32_t a, uint32_t b) {
  return (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b));
}

// Host reference for every rounding mode: index = RoundingMode value.
inline std::array<HostResult, 5> host_all_modes(Op op, const Operands& k, HostResult rne,
                                                HostResult rtz, HostResult rdn, HostResult rup) {
  std::array<HostResult, 5> r = {rne, rtz, rdn, rup, {}};
  r[4] = rmm_reference(op, k.a, k.b, k.c, rne, rdn, rup);
  if (op == Op::kFmadd && is_inf_times_zero(k.a, k.b)) {
    // RISC-V requires NV for inf*0 even with a quiet-NaN addend; x86 may not raise it.
    for (HostResult& h : r) h.flags |= kFlagNV;
  }
  return r;
}

// What the reference results covered, so a test can insist that the corners it claims
// to exercise were really reached (counted over all five modes).
struct DiffReport {
  size_t failures = 0;
  std::array<size_t, 5> flag_counts{};  // NX, UF, OF, DZ, NV (bit order of fflags)
  size_t rmm_ties = 0;                  // RMM result differs from RNE
  size_t min_normal_inexact = 0;        // +-2^-126 from rounding without UF (RISC-V rule)
  size_t min_normal_underflow = 0;      // +-2^-126 from rounding a tiny value (UF)

  void count(const HostResult& want, unsigned mode, const HostResult& rne) {
    for (unsigned bit = 0; bit < 5; ++bit) flag_counts[bit] += (want.flags >> bit) & 1u;
    rmm_ties += mode == 4 && want.value != rne.value;
    if ((want.value & ~kSignBit) == 0x00800000u && (want.flags & kFlagNX) != 0) {
      ((want.flags & kFlagUF) != 0 ? min_normal_underflow : min_normal_inexact) += 1;
    }
  }
};

// Runs every operand set in every mode; counts the mismatches (the first few are
// reported with full detail) and the coverage.
template <typename Mine>
DiffReport run_differential(Op op, const std::vector<Operands>& cases, Mine&& mine) {
  std::array<std::vector<HostResult>, 4> host;
  for (unsigned m = 0; m < 4; ++m) {
    host[m].reserve(cases.size());
    std::fesetround(host_mode(static_cast<RoundingMode>(m)));
    for (const Operands& k : cases) host[m].push_back(host_compute(op, k.a, k.b, k.c));
    std::fesetround(FE_TONEAREST);
  }
  DiffReport report;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Operands& k = cases[i];
    const auto want = host_all_modes(op, k, host[0][i], host[1][i], host[2][i], host[3][i]);
    for (unsigned m = 0; m < 5; ++m) {
      report.count(want[m], m, want[0]);
      const FpResult got = mine(k, static_cast<RoundingMode>(m));
      const bool want_nan =
          std::isnan(as_float(want[m].value)) && op != Op::kCvtSW && op != Op::kCvtSWu;
      const bool value_ok = want_nan ? got.value == kCanonicalNan : got.value == want[m].value;
      if (value_ok && got.flags == want[m].flags) continue;
      if (++report.failures <= 8) {
        ADD_FAILURE() << std::hex << "op " << static_cast<int>(op) << " mode " << std::dec << m
                      << std::hex << " a=0x" << k.a << " b=0x" << k.b << " c=0x" << k.c
                      << ": got 0x" << got.value << " flags 0x" << +got.flags << ", want 0x"
                      << want[m].value << " flags 0x" << +want[m].flags;
      }
    }
  }
  return report;
}

}  // namespace ventus::fp::test
