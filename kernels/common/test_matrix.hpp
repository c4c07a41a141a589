// Configuration matrix of the kernel tests: every shape on 4, 8, 16 and 32 threads per warp.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

inline constexpr unsigned kThreadsPerWarp[] = {4, 8, 16, 32};

template <typename Params>
struct MatrixCase {
  unsigned threads_per_warp = 8;
  Params params;
};

// Every shape on every warp width, except shapes whose work-group needs more warps than
// the default machine has warp slots (8 per SM, RTL num_warp): `group_size(shape)` gives the
// shape's threads per work-group.
template <typename Params, size_t N, typename GroupSize>
std::vector<MatrixCase<Params>> matrix(const Params (&shapes)[N], GroupSize group_size) {
  const unsigned warp_slots = MachineConfig{}.warp_slots_per_sm;
  std::vector<MatrixCase<Params>> out;
  for (unsigned tpw : kThreadsPerWarp) {
    for (const Params& p : shapes) {
      if (group_size(p) <= warp_slots * tpw) out.push_back({tpw, p});
    }
  }
  return out;
}

// A GoogleTest-safe name such as "t8_100_32" from the threads per warp and shape numbers.
template <typename... Numbers>
std::string case_name(unsigned threads_per_warp, Numbers... numbers) {
  std::string name = fmt::format("t{}", threads_per_warp);
  ((name += fmt::format("_{}", numbers)), ...);
  return name;
}

}  // namespace ventus::kernels
