// Host-side helpers shared by the kernel suite: devices, uploads, launches, exact/ULP checks.
#pragma once

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
  LaunchStats stats;   // summed over every launch of the configuration
  unsigned launches = 0;
};

RunReport make_report(std::string kernel, std::string configuration);

// A device of the default machine with `threads_per_warp` threads per warp.
Result<std::unique_ptr<Device>> make_device(unsigned threads_per_warp);

// Assembles embedded kernel text (`ventus as` rules, crt0 linked) into a program.
Result<Program> assemble_program(std::string_view source, std::string name);

// Launches and waits; adds the statistics to `report`.
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
