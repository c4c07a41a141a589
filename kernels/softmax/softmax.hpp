// softmax kernel: host driver, CPU references and embedded assembly (see softmax.s).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

std::string_view softmax_assembly();  // softmax.s, embedded by kernels/CMakeLists.txt

// Row-wise softmax of `rows` rows of `n` floats in the kernel's order of operations with
// `local_size` threads per row (strided partial max/sum, tree reduction) and vfexp's
// definition exp(x) = (float)std::exp((double)x) (ISA.md §5.8).
std::vector<float> softmax_reference(std::span<const float> in, uint32_t n, uint32_t rows,
                                     uint32_t local_size);

// Plain softmax computed in double precision (for the ULP-bounded check).
std::vector<double> softmax_exact(std::span<const float> in, uint32_t n, uint32_t rows);

struct SoftmaxRun {
  std::vector<float> out;
  LaunchStats stats;
};

// One work-group of `local_size` (a power of two) per row; scratch via arg_local.
Result<SoftmaxRun> softmax_run(Device& device, std::span<const float> in, uint32_t n, uint32_t rows,
                               uint32_t local_size);

}  // namespace ventus::kernels
