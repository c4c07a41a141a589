// matmul_tiled: C = A x B through T x T tiles in local memory with barriers — embedded
// kernel, CPU reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view matmul_tiled_assembly();  // kernels/matmul_tiled/matmul_tiled.s

struct MatmulTiledParams {
  uint32_t m = 16, n = 16, k = 16;  // A is m x k, B is k x n
  uint32_t tile = 4;                // work-group = tile x tile threads
};

// The kernel's exact order: acc = fma(a, b, acc) over k ascending, continued over the
// zero-padded tail of the last tile (k up to K rounded up to the tile), so bit-exact.
std::vector<float> matmul_tiled_reference(std::span<const float> a, std::span<const float> b,
                                          uint32_t m, uint32_t n, uint32_t k, uint32_t tile);

Result<RunReport> run_matmul_tiled(Device& device, const MatmulTiledParams& params);

}  // namespace ventus::kernels
