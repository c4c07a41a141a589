// Google Benchmark (issue 14): real kernels of kernels/ at a few hundred work-groups on 1 and
// 2 host threads, the cost of one small launch, and a one-instruction kernel over a million
// work-items (time and peak resident memory). Prints figures; CI builds it, never times it.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <memory>
#include <vector>

#include "kernels/bfs/bfs.hpp"
#include "kernels/common/harness.hpp"
#include "kernels/nn/nn.hpp"

namespace {

using namespace ventus;

constexpr uint32_t kLocalSize = 64;
constexpr uint32_t kWorkGroups = 400;

// The default machine (private memory included) with `host_threads` host threads.
std::unique_ptr<Device> make_device(int64_t host_threads) {
  Config config;
  config.simulation.host_threads = static_cast<uint32_t>(host_threads);
  auto device = Device::create(config);
  return device ? std::move(device.value()) : nullptr;
}

// Warp-instructions per second over the whole loop, and `sim_ms`: the milliseconds per
// iteration spent inside the simulation of the launches (LaunchStats::wall_seconds, the
// runtime's timing of run_launch alone), without the launch setup, the statistics text and
// JSON of every launch and the buffer copies that the end-to-end time (the benchmark's Time
// column, what issue 14's targets are about) includes.
void report(benchmark::State& state, uint64_t instructions, double sim_seconds) {
  state.counters["warp_instr_per_s"] =
      benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["sim_ms"] =
      benchmark::Counter(1000 * sim_seconds, benchmark::Counter::kAvgIterations);
}

// Runs `run_kernel(device)` (a Result with `stats`) on a fresh device per iteration, created
// outside the timing, and reports the warp-instructions per second.
template <class RunKernel>
void run_on_fresh_devices(benchmark::State& state, RunKernel run_kernel) {
  uint64_t instructions = 0;
  double sim_seconds = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto device = make_device(state.range(0));
    state.ResumeTiming();
    auto run = run_kernel(*device);
    if (!run) {
      state.SkipWithError(run.error().message.c_str());
      return;
    }
    instructions += run->stats.warp_instructions;
    sim_seconds += run->stats.wall_seconds;
  }
  report(state, instructions, sim_seconds);
}

// The kernels are assembled once per benchmark, as an application loads its program once:
// each iteration is the kernel suite's host driver (uploads, launches, statistics, reads).
void NnWorkGroups(benchmark::State& state) {
  std::vector<kernels::LatLong> records(kWorkGroups * kLocalSize);
  const auto values = kernels::random_floats(2 * records.size(), 7, -90.0f, 90.0f);
  for (size_t i = 0; i < records.size(); ++i) records[i] = {values[2 * i], values[2 * i + 1]};
  auto kernel = kernels::nn_kernel();
  if (!kernel) {
    state.SkipWithError(kernel.error().message.c_str());
    return;
  }
  run_on_fresh_devices(state, [&](Device& device) {
    return kernels::nn_run(device, *kernel, records, 30.0f, -40.0f, kLocalSize);
  });
}
BENCHMARK(NnWorkGroups)
    ->ArgName("host_threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BfsWorkGroups(benchmark::State& state) {
  const auto graph =
      kernels::random_graph(kWorkGroups * kLocalSize, 2 * kWorkGroups * kLocalSize, 3);
  auto program = kernels::bfs_program();
  if (!program) {
    state.SkipWithError(program.error().message.c_str());
    return;
  }
  run_on_fresh_devices(state, [&](Device& device) {
    return kernels::bfs_run(device, *program, graph, 0, kLocalSize);
  });
}
BENCHMARK(BfsWorkGroups)
    ->ArgName("host_threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// One vector instruction of work per thread besides crt0's.
constexpr std::string_view kOneInstruction = R"(
    .text
    .globl one
    .type one, @function
one:
    vadd.vi v1, v1, 1
    ret
)";

// A launch of one 32-thread work-group: the setup and teardown of a launch.
void SmallLaunch(benchmark::State& state) {
  auto device = make_device(1);
  auto kernel = kernels::load_kernel(kOneInstruction, "one.s", "one");
  if (!kernel) {
    state.SkipWithError(kernel.error().message.c_str());
    return;
  }
  for (auto _ : state) {
    LaunchStats stats;
    if (auto s = kernels::launch(*device, *kernel, kernels::range_1d(32, 32), stats); !s) {
      state.SkipWithError(s.error().message.c_str());
      return;
    }
  }
}
BENCHMARK(SmallLaunch)->Unit(benchmark::kMicrosecond);

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// 1,000,000 work-items in 64-thread work-groups of the one-instruction kernel.
void MillionWorkItems(benchmark::State& state) {
  auto device = make_device(state.range(0));
  auto kernel = kernels::load_kernel(kOneInstruction, "one.s", "one");
  if (!kernel) {
    state.SkipWithError(kernel.error().message.c_str());
    return;
  }
  for (auto _ : state) {
    LaunchStats stats;
    if (auto s = kernels::launch(*device, *kernel, kernels::range_1d(1'000'000, 64), stats); !s) {
      state.SkipWithError(s.error().message.c_str());
      return;
    }
  }
  state.counters["peak_rss_MiB"] = static_cast<double>(peak_rss_kib()) / 1024.0;
}
BENCHMARK(MillionWorkItems)
    ->ArgName("host_threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
