// Shared pieces of the OpenCL C kernel tests: compiling tests/opencl/*.cl, shapes, launches.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kernels/common/harness.hpp"
#include "ventus/opencl.hpp"
#include "ventus/runtime.hpp"

namespace ventus::opencl_test {

// The program of tests/opencl/<file>, compiled by program_from_opencl once per test binary:
// every shape and warp width reuses it, which keeps the whole binary at a few seconds. A
// compile error is kept too, so each test that needs the file reports the build log.
inline Result<Program> compiled(const std::string& file) {
  static std::map<std::string, Result<Program>> cache;
  if (auto it = cache.find(file); it != cache.end()) return it->second;
  const std::string path = std::string(VENTUS_SOURCE_DIR) + "/tests/opencl/" + file;
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  Result<Program> program =
      in ? program_from_opencl(text.str(), file) : Result<Program>(Error{"cannot read " + path});
  cache.emplace(file, program);
  return program;
}

inline Result<Kernel> opencl_kernel(const std::string& file, std::string_view name) {
  auto program = compiled(file);
  if (!program) return program.error();
  return program->kernel(name);
}

// Launches, waits and returns the statistics (print_sink in `options` receives printf).
inline Result<LaunchStats> run(Device& device, const Kernel& kernel, const NDRange& range,
                               const LaunchOptions& options = {}) {
  auto event = device.launch(kernel, range, options);
  if (!event) return event.error();
  return event->wait();
}

// A 1-D problem of n items on work-groups of `local` work-items (global rounded up, so the
// kernels guard the tail).
struct Shape1d {
  const char* name;
  uint32_t n;
  uint32_t local;
  uint32_t global() const { return kernels::round_up(n, local); }
  uint32_t groups() const { return global() / local; }
};

// One work-group; several work-groups; a local size (44) that is a multiple of neither 8 nor
// 32, so a warp of each work-group is partly filled, with a guarded tail.
inline constexpr Shape1d kShapes1d[] = {
    {"one_group", 64, 64}, {"groups", 256, 32}, {"odd_local", 300, 44}};

// The warp widths every kernel runs on: narrower and wider than most local sizes above.
inline constexpr unsigned kThreadsPerWarp[] = {8, 32};

struct Case1d {
  unsigned threads_per_warp;
  Shape1d shape;
};

inline std::vector<Case1d> cases_1d() {
  std::vector<Case1d> out;
  for (unsigned tpw : kThreadsPerWarp) {
    for (const Shape1d& s : kShapes1d) out.push_back({tpw, s});
  }
  return out;
}

// Readable parameters in GoogleTest's failure messages.
inline void PrintTo(const Case1d& c, std::ostream* out) {
  *out << fmt::format("{} threads per warp, n={} local={}", c.threads_per_warp, c.shape.n,
                      c.shape.local);
}

inline std::string case_1d_name(const ::testing::TestParamInfo<Case1d>& info) {
  return fmt::format("t{}_{}", info.param.threads_per_warp, info.param.shape.name);
}

// The value of `result`, or an exception with its error message: GoogleTest reports it as
// the test's failure (a build log, a guest fault), and the test body stays a straight line.
template <typename T>
T must(Result<T> result) {
  if (!result) throw std::runtime_error(result.error().message);
  return std::move(*result);
}

// The element-wise comparison of two integer vectors as a message, empty when equal.
template <typename T>
std::string compare_words(const std::vector<T>& got, const std::vector<T>& want) {
  std::vector<uint32_t> g(got.begin(), got.end()), w(want.begin(), want.end());
  return kernels::compare_exact(std::span<const uint32_t>(g), std::span<const uint32_t>(w));
}

}  // namespace ventus::opencl_test
