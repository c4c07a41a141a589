// Plain C++ model of Rodinia's Gaussian elimination kernels (Fan1, Fan2) for the reference
// gaussian cases: the same float operations in the same order as the compiled kernels.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ventus::testing {

// Row-major n×n matrices m (multipliers) and a, vector b, as the kernels keep them.
// Operation order mirrors object.dump of the gaussian cases:
// - Fan1: `vfdiv.vv` m[i][t] = a[i][t] / a[t][t] for every row i > t.
// - Fan2: the multiplier is negated (`vxor` of the sign bit, exact) and `vfmadd.vv vd, vs1,
//   vs2` computes vd = vs1·vd + vs2 with one rounding, i.e. a[i][j] = fma(a[t][j], -m[i][t],
//   a[i][j]) for i > t, j >= t; the j == t thread also does b[i] = fma(b[t], -m[i][t], b[i]).
// No Fan2 thread reads what another writes (row t and m are only read), so launch order and
// warp interleaving cannot change the result: the model must match bit for bit.
struct GaussianModel {
  uint32_t n = 0;
  std::vector<float> m, a, b;

  float& at(std::vector<float>& x, uint32_t row, uint32_t col) { return x[row * n + col]; }

  void fan1(uint32_t t) {
    for (uint32_t i = t + 1; i < n; ++i) at(m, i, t) = at(a, i, t) / at(a, t, t);
  }
  void fan2(uint32_t t) {
    for (uint32_t i = t + 1; i < n; ++i) {
      const float neg_mult = -at(m, i, t);
      for (uint32_t j = t; j < n; ++j) at(a, i, j) = std::fmaf(at(a, t, j), neg_mult, at(a, i, j));
      b[i] = std::fmaf(b[t], neg_mult, b[i]);
    }
  }

  // Back substitution on the eliminated system (upper triangle of a, b): x with A·x = b for
  // the original system, up to rounding. Used to show the model really eliminates.
  std::vector<double> solve() {
    std::vector<double> x(n);
    for (uint32_t k = n; k-- > 0;) {
      double sum = b[k];
      for (uint32_t j = k + 1; j < n; ++j) sum -= double{at(a, k, j)} * x[j];
      x[k] = sum / at(a, k, k);
    }
    return x;
  }
};

inline std::vector<float> floats_of(const std::vector<uint32_t>& words) {
  std::vector<float> out;
  for (uint32_t w : words) out.push_back(std::bit_cast<float>(w));
  return out;
}
inline std::vector<uint32_t> words_of(const std::vector<float>& values) {
  std::vector<uint32_t> out;
  for (float v : values) out.push_back(std::bit_cast<uint32_t>(v));
  return out;
}

}  // namespace ventus::testing
