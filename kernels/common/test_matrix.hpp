// Configuration matrix of the kernel tests: every shape on 4, 8, 16 and 32 threads per warp.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace ventus::kernels {

inline constexpr unsigned kThreadsPerWarp[] = {4, 8, 16, 32};

template <typename Params>
struct MatrixCase {
  unsigned threads_per_warp = 8;
  Params params;
};

template <typename Params, size_t N>
std::vector<MatrixCase<Params>> matrix(const Params (&shapes)[N]) {
  std::vector<MatrixCase<Params>> out;
  for (unsigned tpw : kThreadsPerWarp) {
    for (const Params& p : shapes) out.push_back({tpw, p});
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
