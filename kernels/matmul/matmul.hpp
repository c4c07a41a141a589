// matmul (naive): C = A x B, fp32 row-major — embedded kernel, CPU reference, host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view matmul_assembly();  // kernels/matmul/matmul.s

struct MatmulParams {
  uint32_t m = 16, n = 16, k = 16;    // A is m x k, B is k x n
  uint32_t local_x = 4, local_y = 4;  // 2-D work-group; dimension 0 = column
};

// acc = fma(A[i][k], B[k][j], acc) for k ascending from +0.0f: the kernel's order, so the
// check is bit-exact.
std::vector<float> matmul_reference(std::span<const float> a, std::span<const float> b, uint32_t m,
                                    uint32_t n, uint32_t k);

// Also checks that threads outside C (guarded) wrote nothing (a sentinel tail after C).
Result<RunReport> run_matmul(Device& device, const MatmulParams& params);

}  // namespace ventus::kernels
