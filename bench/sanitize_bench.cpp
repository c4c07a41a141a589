// sanitize_bench KERNEL plain|all: one kernel of the suite at a size that takes a while,
// functional, one host thread, without or with run.sanitize = all; prints the simulation's
// seconds (LaunchStats::wall_seconds summed over the launches) and the sanitizers' errors.
// bench/sanitize_overhead.py runs it in interleaved rounds and adds peak memory.
#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernels/bfs/bfs.hpp"
#include "kernels/conv2d/conv2d.hpp"
#include "kernels/divergence/divergence.hpp"
#include "kernels/gaussian/gaussian.hpp"
#include "kernels/matmul/matmul.hpp"
#include "kernels/matmul_tiled/matmul_tiled.hpp"
#include "kernels/nn/nn.hpp"
#include "kernels/private_spill/private_spill.hpp"
#include "kernels/reduction/reduction.hpp"
#include "kernels/saxpy/saxpy.hpp"
#include "kernels/scan/scan.hpp"
#include "kernels/softmax/softmax.hpp"
#include "kernels/transpose/transpose.hpp"
#include "kernels/vecadd/vecadd.hpp"

namespace {

using namespace ventus;
using namespace ventus::kernels;

// What one run leaves: the simulation's seconds, and the sanitizers' errors of its launches.
struct Outcome {
  double seconds = 0;
  uint64_t errors = 0;
};
using Runner = std::function<Result<Outcome>(Device&)>;

std::vector<float> ramp(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 97) * 0.25f - 3.0f;
  return v;
}
std::vector<uint32_t> words(size_t n) {
  std::vector<uint32_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint32_t>(i * 2654435761u);
  return v;
}

// Every launch of the device, from its history (the runs keep at most run.launch_history).
Outcome device_outcome(Device& device) {
  Outcome o;
  for (const LaunchStats& s : device.launch_history()) {
    o.seconds += s.wall_seconds;
    o.errors += s.sanitize_errors;
  }
  return o;
}

template <class R>
Result<Outcome> outcome_of(Device& device, const R& run) {
  if (!run) return run.error();
  return device_outcome(device);
}

// The suite at 4096 to 262144 work-items (matrices 128 x 128, an image 256 x 256, a graph of
// 16384 nodes, gaussian elimination of 64 x 64).
std::map<std::string, Runner> runners() {
  std::map<std::string, Runner> r;
  r["vecadd"] = [](Device& d) { return outcome_of(d, run_vecadd(d, {.n = 262144, .local = 64})); };
  r["saxpy"] = [](Device& d) {
    return outcome_of(d, run_saxpy(d, {.n = 262144, .local = 64, .a = 2.5f}));
  };
  r["reduction"] = [](Device& d) {
    return outcome_of(d, run_reduction(d, {.n = 262144, .local = 64}));
  };
  r["scan"] = [](Device& d) { return outcome_of(d, run_scan(d, {.n = 65536, .local = 64})); };
  r["matmul"] = [](Device& d) {
    return outcome_of(d, run_matmul(d, {.m = 128, .n = 128, .k = 128, .local_x = 8, .local_y = 8}));
  };
  r["matmul_tiled"] = [](Device& d) {
    return outcome_of(d, run_matmul_tiled(d, {.m = 128, .n = 128, .k = 128, .tile = 8}));
  };
  r["transpose"] = [](Device& d) {
    return outcome_of(d, run_transpose(d, {.rows = 256, .cols = 256, .tile = 8}));
  };
  r["divergence"] = [](Device& d) { return outcome_of(d, divergence_run(d, words(262144), 64)); };
  r["private_spill"] = [](Device& d) {
    return outcome_of(d, private_spill_run(d, words(65536), 64));
  };
  r["softmax"] = [](Device& d) {
    return outcome_of(d, softmax_run(d, ramp(1024 * 256), 1024, 256, 64));
  };
  r["conv2d"] = [](Device& d) {
    const Image in{256, 256, ramp(256 * 256)};
    return outcome_of(d, conv2d_run(d, in, ramp(25), 5, {8, 8}));
  };
  r["nn"] = [](Device& d) {
    std::vector<LatLong> records(262144);
    for (size_t i = 0; i < records.size(); ++i) {
      records[i] = {static_cast<float>(i % 180) - 90.0f, static_cast<float>(i % 360) - 180.0f};
    }
    return outcome_of(d, nn_run(d, records, 30.0f, 90.0f, 64));
  };
  r["bfs"] = [](Device& d) {
    return outcome_of(d, bfs_run(d, random_graph(16384, 32768, 7), 0, 64));
  };
  r["gaussian"] = [](Device& d) {
    const uint32_t n = 64;
    std::vector<float> a = ramp(size_t{n} * n);
    for (uint32_t i = 0; i < n; ++i) a[size_t{i} * n + i] += 1000.0f;  // diagonally dominant
    return outcome_of(d, gaussian_run(d, n, a, ramp(n), 64, {8, 8}));
  };
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, Runner> all = runners();
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const auto& [name, run] : all) std::printf("%s\n", name.c_str());
    return 0;
  }
  const auto it = argc == 3 ? all.find(argv[1]) : all.end();
  const bool sanitize = argc == 3 && std::strcmp(argv[2], "all") == 0;
  if (it == all.end() || (!sanitize && std::strcmp(argv[2], "plain") != 0)) {
    std::fprintf(stderr, "usage: sanitize_bench --list | KERNEL plain|all\n");
    return 2;
  }
  Config config;
  config.simulation.host_threads = 1;
  config.simulation.launch_history = 1u << 20;
  if (sanitize) config.simulation.sanitize = "all";
  auto device = Device::create(config);
  if (!device) {
    std::fprintf(stderr, "%s\n", device.error().message.c_str());
    return 1;
  }
  const auto outcome = it->second(**device);
  if (!outcome) {
    std::fprintf(stderr, "%s: %s\n", it->first.c_str(), outcome.error().message.c_str());
    return 1;
  }
  std::printf("%s %.6f %llu\n", it->first.c_str(), outcome->seconds,
              static_cast<unsigned long long>(outcome->errors));
  return 0;
}
