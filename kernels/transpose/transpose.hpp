// transpose: out = in^T for a 32-bit matrix through a local-memory tile — embedded kernel,
// CPU reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view transpose_assembly();  // kernels/transpose/transpose.s

struct TransposeParams {
  uint32_t rows = 16, cols = 16;  // of the input
  uint32_t tile = 4;              // work-group = tile x tile threads
};

std::vector<uint32_t> transpose_reference(std::span<const uint32_t> in, uint32_t rows,
                                          uint32_t cols);

// Pure data movement: checked exactly, including an untouched sentinel tail after `out`.
Result<RunReport> run_transpose(Device& device, const TransposeParams& params);

}  // namespace ventus::kernels
