// reduction: per-work-group fp32 sums by a tree in local memory — embedded kernel, CPU
// reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view reduction_assembly();  // kernels/reduction/reduction.s

struct ReductionParams {
  uint32_t n = 1000;
  uint32_t local = 64;  // a power of two
};

// One partial sum per work-group, added in the kernel's tree order (s[L] += s[L + stride],
// stride = local/2 ... 1, elements past n are +0.0f): the order is defined, so bit-exact.
std::vector<float> reduction_reference(std::span<const float> x, uint32_t local);

// Checks the per-work-group partial sums bit-exactly.
Result<RunReport> run_reduction(Device& device, const ReductionParams& params);

}  // namespace ventus::kernels
