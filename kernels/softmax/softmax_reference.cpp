// CPU references of the softmax kernel: order-exact float emulation and a double version.
#include <algorithm>
#include <cmath>
#include <limits>

#include "softmax/softmax.hpp"

namespace ventus::kernels {
namespace {

// Tree reduction as the kernel's .Lsm_reduce: s[lid] = op(s[lid], s[lid + h]).
template <typename Op>
float tree(std::vector<float> part, Op op) {
  for (size_t h = part.size() / 2; h > 0; h /= 2) {
    for (size_t lid = 0; lid < h; ++lid) part[lid] = op(part[lid], part[lid + h]);
  }
  return part[0];
}

}  // namespace

std::vector<float> softmax_reference(std::span<const float> in, uint32_t n, uint32_t rows,
                                     uint32_t local_size) {
  std::vector<float> out(in.size());
  for (uint32_t r = 0; r < rows; ++r) {
    const std::span<const float> x = in.subspan(size_t{r} * n, n);
    std::vector<float> part(local_size, -std::numeric_limits<float>::infinity());
    for (uint32_t lid = 0; lid < local_size; ++lid) {
      for (uint32_t j = lid; j < n; j += local_size) part[lid] = std::fmax(part[lid], x[j]);
    }
    const float max = tree(part, [](float a, float b) { return std::fmax(a, b); });
    std::vector<float> e(n);
    for (uint32_t j = 0; j < n; ++j) e[j] = static_cast<float>(std::exp(double{x[j] - max}));
    std::fill(part.begin(), part.end(), 0.0f);
    for (uint32_t lid = 0; lid < local_size; ++lid) {
      for (uint32_t j = lid; j < n; j += local_size) part[lid] += e[j];
    }
    const float sum = tree(part, [](float a, float b) { return a + b; });
    for (uint32_t j = 0; j < n; ++j) out[size_t{r} * n + j] = e[j] / sum;
  }
  return out;
}

std::vector<double> softmax_exact(std::span<const float> in, uint32_t n, uint32_t rows) {
  std::vector<double> out(in.size());
  for (uint32_t r = 0; r < rows; ++r) {
    const std::span<const float> x = in.subspan(size_t{r} * n, n);
    const double max = *std::max_element(x.begin(), x.end());
    double sum = 0;
    for (const float v : x) sum += std::exp(double{v} - max);
    for (uint32_t j = 0; j < n; ++j) out[size_t{r} * n + j] = std::exp(double{x[j]} - max) / sum;
  }
  return out;
}

}  // namespace ventus::kernels
