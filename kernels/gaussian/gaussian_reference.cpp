// CPU reference of the gaussian kernels: Fan1/Fan2 per pivot with the same float operations.
#include <cmath>

#include "gaussian/gaussian.hpp"

namespace ventus::kernels {

GaussianState gaussian_reference(uint32_t size, std::span<const float> a,
                                 std::span<const float> b) {
  GaussianState s{size,
                  std::vector<float>(size_t{size} * size, 0.0f),
                  std::vector<float>(a.begin(), a.end()),
                  std::vector<float>(b.begin(), b.end()),
                  {},
                  {}};
  for (uint32_t t = 0; t + 1 < size; ++t) {
    for (uint32_t row = t + 1; row < size; ++row) {  // Fan1
      s.m[size * row + t] = s.a[size * row + t] / s.a[size * t + t];
    }
    for (uint32_t row = t + 1; row < size; ++row) {  // Fan2
      const float neg_m = -s.m[size * row + t];
      for (uint32_t col = t; col < size; ++col) {
        s.a[size * row + col] = std::fma(neg_m, s.a[size * t + col], s.a[size * row + col]);
      }
      s.b[row] = std::fma(neg_m, s.b[t], s.b[row]);
    }
  }
  gaussian_back_substitute(s);
  return s;
}

void gaussian_back_substitute(GaussianState& s) {
  const uint32_t n = s.size;
  s.x.assign(n, 0.0f);
  for (uint32_t i = n; i-- > 0;) {
    float sum = s.b[i];
    for (uint32_t j = i + 1; j < n; ++j) sum -= s.a[n * i + j] * s.x[j];
    s.x[i] = sum / s.a[n * i + i];
  }
}

}  // namespace ventus::kernels
