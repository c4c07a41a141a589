// Configuration matrix of the kernel tests: every shape on 4, 8, 16 and 32 threads per warp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kernels/common/harness.hpp"
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

// Fixture of tests parameterised by threads per warp only (each test names its own shape):
// `class FooKernel : public ThreadsPerWarpTest {};` then
// INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, FooKernel, threads_per_warp_values(),
//                          threads_per_warp_name);  // CTest names end in /numt4 ... /numt32
class ThreadsPerWarpTest : public ::testing::TestWithParam<unsigned> {};

inline auto threads_per_warp_values() {
  return ::testing::ValuesIn(kThreadsPerWarp);
}

inline std::string threads_per_warp_name(const ::testing::TestParamInfo<unsigned>& info) {
  return "numt" + std::to_string(info.param);
}

// One configuration of a 1-D element-wise kernel on 32-bit words (driver `run_kernel(device,
// in, local_size)` returning a MapRun<uint32_t>): n random words, the output must equal
// `reference(in)` exactly and the launch must use one work-group per started local_size
// (guarded tail: lanes past n must not write).
template <typename RunKernel, typename Reference>
void check_word_map(unsigned numt, uint32_t n, uint32_t local_size, RunKernel run_kernel,
                    Reference reference) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  std::mt19937 rng(numt * 7919 + n);
  std::vector<uint32_t> in(n);
  for (uint32_t& v : in) v = static_cast<uint32_t>(rng());
  auto run = run_kernel(**device, std::span<const uint32_t>(in), local_size);
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run->out, reference(std::span<const uint32_t>(in)));
  EXPECT_EQ(run->stats.work_groups, (n + local_size - 1) / local_size);
}

}  // namespace ventus::kernels

// The standard shapes of a word-map kernel (one group exact and partial, several groups with
// a guarded tail, a local size that is not a multiple of the warp) on 4/8/16/32 threads per
// warp, as tests Fixture.<Shape>/ThreadsPerWarp.numt<N>. A macro because GoogleTest registers
// TEST_P per fixture name.
#define VENTUS_WORD_MAP_KERNEL_TESTS(Fixture, run_kernel, reference)                              \
  class Fixture : public ::ventus::kernels::ThreadsPerWarpTest {};                                \
  TEST_P(Fixture, OneWorkGroupExactSize) {                                                        \
    ::ventus::kernels::check_word_map(GetParam(), 32, 32, run_kernel, reference);                 \
  }                                                                                               \
  TEST_P(Fixture, OneWorkGroupPartial) {                                                          \
    ::ventus::kernels::check_word_map(GetParam(), 11, 16, run_kernel, reference);                 \
  }                                                                                               \
  TEST_P(Fixture, SeveralWorkGroupsGuardedTail) {                                                 \
    ::ventus::kernels::check_word_map(GetParam(), 77, 24, run_kernel, reference);                 \
  }                                                                                               \
  TEST_P(Fixture, LocalSizeNotMultipleOfWarp) {                                                   \
    ::ventus::kernels::check_word_map(GetParam(), 50, 12, run_kernel, reference);                 \
  }                                                                                               \
  INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, Fixture, ::ventus::kernels::threads_per_warp_values(), \
                           ::ventus::kernels::threads_per_warp_name)
