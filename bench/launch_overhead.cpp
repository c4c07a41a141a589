// launch_overhead: the C++ side of the Python launch-overhead figure (bench/launch_overhead.py,
// docs/python.md): one work-group of add_scaled (tests/runtime_kernels) launched repeatedly on
// one device, as ventus.Device.launch does it. Prints the median microseconds per launch.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "ventus/runtime.hpp"

namespace {

using namespace ventus;

constexpr uint32_t kItems = 8;  // one work-group of one warp on the default machine

// Microseconds per launch, the median of `rounds` rounds of `launches` launches.
double median_launch_us(Device& device, const Kernel& kernel, int rounds, int launches) {
  NDRange range;
  range.global = {kItems, 1, 1};
  range.local = {kItems, 1, 1};
  std::vector<double> per_launch;
  for (int r = 0; r < rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < launches; ++i) {
      if (!device.launch(kernel, range)) std::exit(1);
    }
    const std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
    per_launch.push_back(took.count() / launches);
  }
  std::sort(per_launch.begin(), per_launch.end());
  return per_launch[per_launch.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: launch_overhead KERNEL.s [ROUNDS] [LAUNCHES]\n");
    return 2;
  }
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const int launches = argc > 3 ? std::atoi(argv[3]) : 200;
  auto program = Program::from_file(argv[1]);
  auto device = Device::create(Config{});
  if (!program || !device) return 2;
  auto kernel = program->kernel("add_scaled");
  if (!kernel) return 2;
  std::vector<Buffer> buffers;
  for (int i = 0; i < 3; ++i) buffers.push_back((*device)->allocate(4 * kItems).value());
  kernel->arg(buffers[0]).arg(buffers[1]).arg(buffers[2]).arg(int32_t{3});
  (void)median_launch_us(**device, *kernel, 1, launches);  // warm up: one round
  fmt::print("cpp_us_per_launch {:.2f}\n", median_launch_us(**device, *kernel, rounds, launches));
  return 0;
}
