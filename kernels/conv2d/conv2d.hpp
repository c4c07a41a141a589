// conv2d kernel: host driver, CPU reference and embedded assembly (see conv2d.s).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

std::string_view conv2d_assembly();  // conv2d.s, embedded by kernels/CMakeLists.txt

struct Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<float> pixels;  // row-major
};

// K × K convolution (K odd, mask row-major), zero padding, taps accumulated row by row with
// std::fma in the kernel's order (exactly comparable).
std::vector<float> conv2d_reference(const Image& in, std::span<const float> mask, uint32_t k);

struct Conv2dRun {
  std::vector<float> out;
  LaunchStats stats;
};

// Runs conv2d on `device` over a 2-D ND-range of the image size rounded up to `local`.
Result<Conv2dRun> conv2d_run(Device& device, const Image& in, std::span<const float> mask,
                             uint32_t k, std::array<uint32_t, 2> local);

}  // namespace ventus::kernels
