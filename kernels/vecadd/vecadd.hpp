// vecadd: c = a + b on fp32 vectors — embedded kernel, CPU reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view vecadd_assembly();  // kernels/vecadd/vecadd.s

struct VecaddParams {
  uint32_t n = 1000;    // elements
  uint32_t local = 64;  // work-group size; the global size is n rounded up to it
};

std::vector<float> vecadd_reference(std::span<const float> a, std::span<const float> b);

// Runs one configuration on `device` and checks it bit-exactly (one IEEE addition per
// element: the order of operations is defined). Also checks that guarded threads (global id
// >= n) wrote nothing: the output buffer has a sentinel tail that must survive.
Result<RunReport> run_vecadd(Device& device, const VecaddParams& params);

}  // namespace ventus::kernels
