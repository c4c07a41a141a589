// Host-side helpers shared by the kernel suite: devices, uploads, launches, exact/ULP checks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "ventus/runtime.hpp"

namespace ventus::kernels {

// Outcome of one kernel configuration: the check and the summed launch statistics.
struct RunReport {
  std::string kernel;         // e.g. "vecadd"
  std::string configuration;  // e.g. "n=1000 local=64"
  bool pass = false;
  std::string detail;  // first mismatch when !pass
  LaunchStats stats;   // summed over every launch (document: the last launch's)
  unsigned launches = 0;
};

RunReport make_report(std::string kernel, std::string configuration);

// A device of the default machine with `threads_per_warp` threads per warp.
Result<std::unique_ptr<Device>> make_device(unsigned threads_per_warp);

// Assembles embedded kernel text (`ventus as` rules, crt0 linked) into a program.
Result<Program> assemble_program(std::string_view source, std::string name);

// Assembles `source` (file name `file` in diagnostics) and looks up the kernel `name`; the
// Kernel keeps its own copy of the program, so the Program need not outlive it.
Result<Kernel> load_kernel(std::string_view source, std::string file, std::string_view name);

// Adds `s` to `total` (drivers with several launches report the sum).
void add_stats(LaunchStats& total, const LaunchStats& s);

// Launches and waits; adds the statistics to `total` / `report`.
Status launch(Device& device, const Kernel& kernel, const NDRange& range, LaunchStats& total);
Status launch(Device& device, const Kernel& kernel, const NDRange& range, RunReport& report);

NDRange range_1d(uint32_t global, uint32_t local);
NDRange range_2d(uint32_t global_x, uint32_t global_y, uint32_t local_x, uint32_t local_y);
// Smallest multiple of `multiple` that is >= n (global sizes cover guarded threads).
uint32_t round_up(uint32_t n, uint32_t multiple);

// Allocates a buffer holding `values` (at least 4 bytes, so empty inputs still work).
template <typename T>
Result<Buffer> upload(Device& device, std::span<const T> values) {
  auto buffer = device.allocate(std::max<size_t>(values.size_bytes(), 4));
  if (!buffer) return buffer.error();
  if (auto s = buffer->write(values); !s) return s.error();
  return buffer;
}
template <typename T>
Result<Buffer> upload(Device& device, const std::vector<T>& values) {
  return upload(device, std::span<const T>(values));
}

// Output and statistics of one launch of an element-wise kernel (see run_map).
template <typename T>
struct MapRun {
  std::vector<T> out;
  LaunchStats stats;
};

// Runs the 1-D element-wise `kernel` (`out[i] = f(in[i], extra...)`, no arguments set: this
// copy gets them) with the arguments (in, out, n, extra...) on round_up(n, local_size)
// work-items (guarded tail).
template <typename Out, typename In, typename... Extra>
Result<MapRun<Out>> run_map(Device& device, Kernel kernel, std::span<const In> in,
                            uint32_t local_size, const Extra&... extra) {
  const auto n = static_cast<uint32_t>(in.size());
  auto input = upload(device, in);
  if (!input) return input.error();
  auto output = device.allocate(std::max<size_t>(in.size() * sizeof(Out), 4));
  if (!output) return output.error();
  kernel.arg(*input).arg(*output).arg(static_cast<int32_t>(n));
  (kernel.arg(extra), ...);
  MapRun<Out> run;
  if (auto s = launch(device, kernel, range_1d(round_up(n, local_size), local_size), run.stats);
      !s) {
    return s.error();
  }
  auto out = output->template read_as<Out>(n);
  if (!out) return out.error();
  run.out = std::move(*out);
  return run;
}

// run_map of the kernel `name` of `source`, assembled for this run.
template <typename Out, typename In, typename... Extra>
Result<MapRun<Out>> run_map(Device& device, std::string_view source, std::string_view name,
                            std::span<const In> in, uint32_t local_size, const Extra&... extra) {
  auto kernel = load_kernel(source, std::string(name) + ".s", name);
  if (!kernel) return kernel.error();
  return run_map<Out>(device, std::move(*kernel), in, local_size, extra...);
}

// Deterministic inputs (xorshift), so every run and the CPU reference see the same data.
std::vector<float> random_floats(size_t count, uint32_t seed, float lo = -4.0f, float hi = 4.0f);
std::vector<uint32_t> random_words(size_t count, uint32_t seed, uint32_t bound = 0);

// Distance in units in the last place between two finite floats of any sign (0 = same
// bits; +0 and -0 are 0 apart). NaN against anything is UINT32_MAX.
uint32_t ulp_distance(float a, float b);

// Empty when got == want bit for bit, else a message naming the first mismatch and the
// number of mismatches (used where the order of operations is defined).
std::string compare_exact(std::span<const float> got, std::span<const float> want);
std::string compare_exact(std::span<const uint32_t> got, std::span<const uint32_t> want);
// Empty when every element is within `max_ulp` (used where hardware and host may differ).
std::string compare_ulp(std::span<const float> got, std::span<const float> want, uint32_t max_ulp);

// Sets report.pass/detail from a comparison message.
void record_check(RunReport& report, std::string mismatch);

}  // namespace ventus::kernels
