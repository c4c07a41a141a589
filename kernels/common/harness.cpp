// Host-side helpers of the kernel suite: device creation, launches, input data, comparisons.
#include "kernels/common/harness.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ventus::kernels {

// The folder of the kernels compiled from OpenCL C, from VENTUS_TEST_OPENCL_DIR, or from
// VENTUS_TEST_OPENCL_TIMING_DIR, which also runs them on the cycle model (one variable each:
// gtest_discover_tests cannot pass a list of two in its PROPERTIES). `timing_only`: only the
// latter.
namespace {
const char* opencl_dir(bool timing_only) {
  for (const char* name : {"VENTUS_TEST_OPENCL_TIMING_DIR", "VENTUS_TEST_OPENCL_DIR"}) {
    const char* dir = std::getenv(name);
    if (dir != nullptr && dir[0] != 0) return dir;
    if (timing_only) break;
  }
  return nullptr;
}
}  // namespace

RunReport make_report(std::string kernel, std::string configuration) {
  RunReport report;
  report.kernel = std::move(kernel);
  report.configuration = std::move(configuration);
  return report;
}

Result<std::unique_ptr<Device>> make_device(unsigned threads_per_warp) {
  Config config;
  config.machine.threads_per_warp = threads_per_warp;
  config.simulation.max_warp_instructions = 50'000'000;  // a broken kernel fails, not hangs
  config.simulation.memcheck = "strict";  // our own kernels never access outside a buffer
  // CTest runs the suite a second time with the random schedule (kernels/CMakeLists.txt).
  if (const char* schedule = std::getenv("VENTUS_TEST_SCHEDULE")) {
    if (auto set = config.set(std::string("run.schedule=") + schedule); !set) return set.error();
  }
  // Work-groups on this many host threads (kernels/CMakeLists.txt runs 1 and 2).
  if (const char* threads = std::getenv("VENTUS_TEST_HOST_THREADS")) {
    if (auto set = config.set(std::string("run.host_threads=") + threads); !set) {
      return set.error();
    }
  }
  // And a third time on the cycle model (run.timing): co-simulation gives the same memory.
  if (std::getenv("VENTUS_TEST_TIMING") != nullptr || opencl_dir(true) != nullptr) {
    if (auto set = config.set("run.timing=true"); !set) return set.error();
  }
  // Any machine (scripts/timing_fuzz.py --kernel-tests): "key=value;key=value".
  if (const char* sets = std::getenv("VENTUS_TEST_SET")) {
    std::string_view rest = sets;
    while (!rest.empty()) {
      const size_t end = std::min(rest.find(';'), rest.size());
      if (end != 0) {
        if (auto set = config.set(rest.substr(0, end)); !set) return set.error();
      }
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
  }
  return Device::create(config);
}

// kernels/CMakeLists.txt runs the tests of a kernel a second time with the kernel compiled
// from its OpenCL C source by `ventus cc` at build time: VENTUS_TEST_OPENCL_DIR holds
// <file>.elf for the kernel file <file>.s, with the same kernels and arguments.
Result<Program> assemble_program(std::string_view source, std::string name) {
  if (const char* dir = opencl_dir(false); dir != nullptr) {
    const std::string stem = name.substr(0, name.rfind('.'));
    return Program::from_file(std::string(dir) + "/" + stem + ".elf");
  }
  return Program::from_assembly(source, std::move(name));
}

Result<Kernel> load_kernel(std::string_view source, std::string file, std::string_view name) {
  auto program = assemble_program(source, std::move(file));
  if (!program) return program.error();
  return program->kernel(name);
}

void add_stats(LaunchStats& total, const LaunchStats& s) {
  total.work_groups += s.work_groups;
  total.warps += s.warps;
  total.warp_instructions += s.warp_instructions;
  total.thread_instructions += s.thread_instructions;
  total.wall_seconds += s.wall_seconds;
  total.cycles += s.cycles;
  total.document = s.document;  // the last launch's statistics
}

Status launch(Device& device, const Kernel& kernel, const NDRange& range, LaunchStats& total) {
  auto event = device.launch(kernel, range);
  if (!event) return event.error();
  auto stats = event->wait();
  if (!stats) return stats.error();
  // VENTUS_TEST_SET=run.sanitize=all: a sanitizer error fails the kernel (docs/sanitizers.md).
  if (stats->sanitize_errors != 0) {
    return Error{fmt::format("{}", fmt::join(stats->sanitize, "\n"))};
  }
  add_stats(total, *stats);
  return ok_status();
}

Status launch(Device& device, const Kernel& kernel, const NDRange& range, RunReport& report) {
  if (auto s = launch(device, kernel, range, report.stats); !s) return s;
  ++report.launches;
  return ok_status();
}

NDRange range_1d(uint32_t global, uint32_t local) {
  NDRange range;
  range.work_dim = 1;
  range.global = {global, 1, 1};
  range.local = {local, 1, 1};
  return range;
}

NDRange range_2d(uint32_t global_x, uint32_t global_y, uint32_t local_x, uint32_t local_y) {
  NDRange range;
  range.work_dim = 2;
  range.global = {global_x, global_y, 1};
  range.local = {local_x, local_y, 1};
  return range;
}

uint32_t round_up(uint32_t n, uint32_t multiple) {
  return (n + multiple - 1) / multiple * multiple;
}

namespace {
uint32_t xorshift(uint32_t& state) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}
}  // namespace

std::vector<float> random_floats(size_t count, uint32_t seed, float lo, float hi) {
  std::vector<float> out(count);
  uint32_t state = seed * 2654435761u + 1u;
  for (float& v : out) {
    const float unit = static_cast<float>(xorshift(state) >> 8) / 16777216.0f;  // [0, 1)
    v = lo + (hi - lo) * unit;
  }
  return out;
}

std::vector<uint32_t> random_words(size_t count, uint32_t seed, uint32_t bound) {
  std::vector<uint32_t> out(count);
  uint32_t state = seed * 2654435761u + 1u;
  for (uint32_t& v : out) {
    v = xorshift(state);
    if (bound != 0) v %= bound;
  }
  return out;
}

uint32_t ulp_distance(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<uint32_t>::max();
  // Map the sign-magnitude bit patterns onto one monotonic integer line (-0 == +0).
  auto key = [](float f) -> int64_t {
    const auto bits = std::bit_cast<uint32_t>(f);
    const int64_t magnitude = bits & 0x7fffffffu;
    return (bits >> 31) != 0 ? -magnitude : magnitude;
  };
  const int64_t d = key(a) - key(b);
  return static_cast<uint32_t>(d < 0 ? -d : d);
}

namespace {
template <typename T, typename Same>
std::string compare(std::span<const T> got, std::span<const T> want, Same same,
                    std::string_view what) {
  if (got.size() != want.size()) {
    return fmt::format("size {} != expected {}", got.size(), want.size());
  }
  size_t mismatches = 0;
  std::string first;
  for (size_t i = 0; i < got.size(); ++i) {
    if (same(got[i], want[i])) continue;
    if (mismatches++ == 0) {
      first = fmt::format("element {}: got {} expected {}", i, got[i], want[i]);
    }
  }
  if (mismatches == 0) return {};
  return fmt::format("{} ({} of {} elements differ{})", first, mismatches, got.size(), what);
}
}  // namespace

std::string compare_exact(std::span<const float> got, std::span<const float> want) {
  return compare(
      got, want,
      [](float a, float b) { return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b); },
      ", bit-exact check");
}

std::string compare_exact(std::span<const uint32_t> got, std::span<const uint32_t> want) {
  return compare(
      got, want, [](uint32_t a, uint32_t b) { return a == b; }, "");
}

std::string compare_ulp(std::span<const float> got, std::span<const float> want, uint32_t max_ulp) {
  return compare(
      got, want, [max_ulp](float a, float b) { return ulp_distance(a, b) <= max_ulp; },
      fmt::format(" by more than {} ulp", max_ulp));
}

void record_check(RunReport& report, std::string mismatch) {
  report.pass = mismatch.empty();
  report.detail = std::move(mismatch);
}

}  // namespace ventus::kernels
