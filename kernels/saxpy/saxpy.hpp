// saxpy: y = a*x + y (fp32, fused) — embedded kernel, CPU reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view saxpy_assembly();  // kernels/saxpy/saxpy.s

struct SaxpyParams {
  uint32_t n = 1000;
  uint32_t local = 64;
  float a = 1.5f;
};

// y[i] = fma(a, x[i], y[i]): the kernel uses vfmacc.vf (one rounding), so the check is exact.
std::vector<float> saxpy_reference(float a, std::span<const float> x, std::span<const float> y);

Result<RunReport> run_saxpy(Device& device, const SaxpyParams& params);

}  // namespace ventus::kernels
