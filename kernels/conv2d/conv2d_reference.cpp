// CPU reference of the conv2d kernel: the same taps, order and fused accumulation.
#include <cmath>

#include "conv2d/conv2d.hpp"

namespace ventus::kernels {

std::vector<float> conv2d_reference(const Image& in, std::span<const float> mask, uint32_t k) {
  std::vector<float> out(size_t{in.width} * in.height);
  const auto r = static_cast<int64_t>(k / 2);
  for (int64_t y = 0; y < in.height; ++y) {
    for (int64_t x = 0; x < in.width; ++x) {
      float acc = 0.0f;
      for (int64_t i = 0; i < k; ++i) {
        for (int64_t j = 0; j < k; ++j) {
          const int64_t yy = y + i - r;
          const int64_t xx = x + j - r;
          if (yy < 0 || yy >= in.height || xx < 0 || xx >= in.width) continue;
          acc = std::fma(mask[static_cast<size_t>(i * k + j)],
                         in.pixels[static_cast<size_t>(yy * in.width + xx)], acc);
        }
      }
      out[static_cast<size_t>(y * in.width + x)] = acc;
    }
  }
  return out;
}

}  // namespace ventus::kernels
