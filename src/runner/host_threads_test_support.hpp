// Helpers of host_threads*.test.cpp: a kernel's results on 1..4 host threads, compared.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "functional/parallel_bursts.hpp"
#include "runner/engine_test_support.hpp"

namespace ventus::runner::host_threads_test {

inline constexpr uint32_t kGroups = 40;
inline constexpr uint32_t kOutBytes = 0x10000;

// Everything a run gives that must not depend on the thread count.
struct Observed {
  std::vector<uint8_t> out;
  std::string stats;
  std::string fault;
  std::vector<std::string> memcheck;

  bool operator==(const Observed&) const = default;
};

// A launch of `body`: kGroups work-groups laid out in three dimensions (their linear order
// is x fastest), or `groups` in a row.
struct Setup {
  uint32_t threads = 1;
  uint64_t limit = 1'000'000;
  functional::Memcheck memcheck = functional::Memcheck::Strict;
  uint32_t groups = 0;  // 0: kGroups as {kGroups / 4, 2, 2}
  functional::SpeculationCounts* counts = nullptr;
  functional::SpeculationStorage* storage = nullptr;  // kept across launches, like a device's
};

inline Observed run_setup(const std::string& body, const Setup& setup,
                          uint64_t* warp_instructions = nullptr) {
  functional::LaunchConfig config;
  config.kernel_name = "threads";
  config.numt = 8;
  config.numw = 2;
  config.num_groups = setup.groups == 0 ? std::array<uint32_t, 3>{kGroups / 4, 2, 2}
                                        : std::array<uint32_t, 3>{setup.groups, 1, 1};
  functional::EngineOptions options;
  options.max_warp_instructions = setup.limit;
  options.host_threads = setup.threads;
  options.memcheck = setup.memcheck;
  options.speculation = setup.counts;
  options.speculation_storage = setup.storage;
  const ProgramOutcome o = run_program(engine_test::assemble(body), config, options,
                                       {{engine_test::kOut, kOutBytes, "out"}});
  if (warp_instructions != nullptr) *warp_instructions = o.result.stats.warp_instructions;
  Observed seen;
  seen.out.resize(kOutBytes);
  (void)o.memory.read_bytes(engine_test::kOut, seen.out);
  seen.stats = o.registry->format_text();
  if (o.result.fault) seen.fault = o.result.fault->message();
  for (const auto& entry : o.result.memcheck) {
    seen.memcheck.push_back(functional::format_memcheck(entry, "threads", 0) +
                            fmt::format(" ({} accesses)", entry.count));
  }
  return seen;
}

inline Observed run_with(const std::string& body, uint32_t threads, uint64_t limit = 1'000'000,
                         functional::Memcheck memcheck = functional::Memcheck::Strict) {
  return run_setup(body, {.threads = threads, .limit = limit, .memcheck = memcheck});
}

inline uint32_t word_at(const Observed& seen, uint32_t offset) {
  uint32_t word = 0;
  std::memcpy(&word, seen.out.data() + offset, 4);
  return word;
}

// One thread is the serial burst scheduler; 2, 3 and 4 threads, three runs each, must give
// exactly what it gives.
inline void expect_same_for_every_thread_count(const std::string& body, Setup setup) {
  setup.threads = 1;
  const Observed serial = run_setup(body, setup);
  for (uint32_t threads : {2u, 3u, 4u}) {
    for (int run = 0; run < 3; ++run) {
      setup.threads = threads;
      const Observed parallel = run_setup(body, setup);
      EXPECT_EQ(parallel.fault, serial.fault) << threads << " threads, run " << run;
      EXPECT_EQ(parallel.stats, serial.stats) << threads << " threads, run " << run;
      EXPECT_EQ(parallel.memcheck, serial.memcheck) << threads << " threads, run " << run;
      EXPECT_TRUE(parallel.out == serial.out) << threads << " threads, run " << run;
    }
  }
}

inline void expect_same_for_every_thread_count(
    const std::string& body, uint64_t limit = 1'000'000,
    functional::Memcheck memcheck = functional::Memcheck::Strict) {
  expect_same_for_every_thread_count(body, {.limit = limit, .memcheck = memcheck});
}

}  // namespace ventus::runner::host_threads_test
