// Launch tests: ND-range checks, argument checks, results, faults, logs and kernel printf.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "ventus/runtime.hpp"

namespace ventus {
namespace {

struct AddScaled {
  std::unique_ptr<Device> device;
  std::optional<Kernel> kernel;
  std::optional<Buffer> a, b, c;
  std::vector<int32_t> host_a, host_b;

  explicit AddScaled(Config config, uint32_t n, int32_t k) {
    device = std::move(Device::create(config).value());
    auto program = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/add_scaled.s");
    kernel = program.value().kernel("add_scaled").value();
    for (uint32_t i = 0; i < n; ++i) {
      host_a.push_back(static_cast<int32_t>(i * 3) - 7);
      host_b.push_back(static_cast<int32_t>(1000 - i));
    }
    a = device->allocate(4 * n).value();
    b = device->allocate(4 * n).value();
    c = device->allocate(4 * n).value();
    EXPECT_TRUE(a->write(std::span<const int32_t>(host_a)));
    EXPECT_TRUE(b->write(std::span<const int32_t>(host_b)));
    EXPECT_TRUE(c->fill(0));
    kernel->arg(*a).arg(*b).arg(*c).arg(k);
  }
  // CPU reference: c[i] = a[i] * k + b[i].
  std::vector<int32_t> expected(int32_t k) const {
    std::vector<int32_t> out;
    for (size_t i = 0; i < host_a.size(); ++i) out.push_back(host_a[i] * k + host_b[i]);
    return out;
  }
};

NDRange range1(uint32_t global, uint32_t local) {
  NDRange r;
  r.global = {global, 1, 1};
  r.local = {local, 1, 1};
  return r;
}

TEST(Launch, ComputesWithPartlyFilledWarps) {
  Config config;
  config.machine.threads_per_warp = 4;
  AddScaled t(config, 24, 5);
  auto event = t.device->launch(*t.kernel, range1(24, 6));  // 2 warps, the second half full
  ASSERT_TRUE(event) << event.error().message;
  auto stats = event->wait();
  ASSERT_TRUE(stats) << stats.error().message;
  EXPECT_EQ(stats->work_groups, 4u);
  EXPECT_EQ(stats->warps, 8u);
  EXPECT_GT(stats->warp_instructions, 0u);
  EXPECT_GT(stats->thread_instructions, stats->warp_instructions);
  EXPECT_EQ(t.c->read_as<int32_t>(24).value(), t.expected(5));
}

// A device that launches without end stays in bounded memory: it keeps the statistics of
// the last run.launch_history launches only. Which launch is the run's first (the cycle
// model's host poll, TIMING.md §2) does not depend on what the history kept.
TEST(Launch, TheHistoryKeepsTheLastLaunchesOnly) {
  for (bool timing : {false, true}) {
    Config config;
    config.machine.threads_per_warp = 4;
    config.simulation.timing = timing;
    config.simulation.launch_history = 2;
    AddScaled t(config, 24, 5);
    Config none = config;
    none.simulation.launch_history = 0;
    AddScaled u(none, 24, 5);
    std::vector<uint64_t> cycles;
    for (uint32_t groups : {1u, 2u, 4u}) {
      ASSERT_TRUE(t.device->launch(*t.kernel, range1(6 * groups, 6)).value().wait());
      auto kept_none = u.device->launch(*u.kernel, range1(6 * groups, 6)).value().wait();
      ASSERT_TRUE(kept_none);
      cycles.push_back(kept_none->cycles);
    }
    const auto& history = t.device->launch_history();
    ASSERT_EQ(history.size(), 2u) << timing;
    EXPECT_EQ(history[0].work_groups, 2u);
    EXPECT_EQ(history[1].work_groups, 4u);
    EXPECT_TRUE(u.device->launch_history().empty());
    // The same cycles whether the device kept the launches or not.
    EXPECT_EQ(history[0].cycles, cycles[1]) << timing;
    EXPECT_EQ(history[1].cycles, cycles[2]) << timing;
  }
}

// Each launch's statistics are its own, rendered whenever asked: the document of an earlier
// launch keeps its counts after later launches reset and count again (docs/stats.md).
TEST(Launch, EveryLaunchKeepsItsOwnStatistics) {
  Config config;
  config.machine.threads_per_warp = 4;
  AddScaled t(config, 24, 5);
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(24, 6)).value().wait());  // 4 groups
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(8, 4)).value().wait());   // 2 groups
  const auto& history = t.device->launch_history();
  ASSERT_EQ(history.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const auto doc = nlohmann::json::parse(history[i].stats_json());
    EXPECT_EQ(doc.at("kernel"), "add_scaled");
    EXPECT_EQ(doc.at("stats").at("functional.work_groups"), history[i].work_groups);
    EXPECT_EQ(doc.at("stats").at("functional.warp_instructions"), history[i].warp_instructions);
    EXPECT_EQ(doc.at("config").at("sm.threads_per_warp"), 4);
    EXPECT_EQ(doc.at("stat_info").at("functional.work_groups").at("kind"), "counter");
    EXPECT_NE(history[i].stats_text().find("functional.work_groups"), std::string::npos);
  }
  EXPECT_EQ(history[0].work_groups, 4u);
  EXPECT_EQ(history[1].work_groups, 2u);
  EXPECT_EQ(LaunchStats{}.stats_json(), "");  // no document: nothing to render
}

// On several host threads a device keeps the speculation's overlays from launch to launch
// (docs/host-threads.md): each launch still reads what the one before it wrote, never a
// page an overlay kept from it.
TEST(Launch, ConsecutiveLaunchesOnTwoHostThreadsReadEachOthersResults) {
  Config config;
  config.machine.threads_per_warp = 4;
  config.simulation.host_threads = 2;
  constexpr uint32_t kItems = 4 * 64;  // 64 work-groups of 4
  AddScaled t(config, kItems, 3);
  std::vector<int32_t> a = t.host_a, b = t.host_b, c(kItems);
  for (int round = 0; round < 3; ++round) {
    // c = a * 3 + b; then a = c * 3 + b, through the same kernel with a and c swapped.
    ASSERT_TRUE(t.device->launch(*t.kernel, range1(kItems, 4)).value().wait());
    for (uint32_t i = 0; i < kItems; ++i) c[i] = a[i] * 3 + b[i];
    ASSERT_EQ(t.c->read_as<int32_t>(kItems).value(), c) << "round " << round;
    auto swapped = *t.kernel;
    swapped.clear_args();
    swapped.arg(*t.c).arg(*t.b).arg(*t.a).arg(3);
    ASSERT_TRUE(t.device->launch(swapped, range1(kItems, 4)).value().wait());
    for (uint32_t i = 0; i < kItems; ++i) a[i] = c[i] * 3 + b[i];
    ASSERT_EQ(t.a->read_as<int32_t>(kItems).value(), a) << "round " << round;
  }
}

// A device holds one program image at a time; launching another program replaces it
// (regression: the second program's segments used to collide with the first one's).
TEST(Launch, OneDeviceRunsTwoDifferentProgramsInTurn) {
  Config config;
  config.machine.threads_per_warp = 4;
  AddScaled t(config, 8, 2);
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(8, 4)).value().wait());
  // store_tid: c[tid] = tid + 100, with a longer .text than add_scaled's.
  auto other = Program::from_assembly(R"(
    .globl store_tid
    .type store_tid, @function
store_tid:
    lw t0, 0(a0)
    csrr t1, tid
    vid.v v1
    vadd.vx v1, v1, t1
    vadd.vi v2, v1, 15
    vadd.vi v2, v2, 15
    vadd.vi v2, v2, 15
    vadd.vi v2, v2, 15
    vadd.vi v2, v2, 15
    vadd.vi v2, v2, 15
    vadd.vi v2, v2, 10
    vsll.vi v1, v1, 2
    vadd.vx v1, v1, t0
    vsw12.v v2, 0(v1)
    ret
)",
                                      "store_tid.s");
  ASSERT_TRUE(other) << other.error().message;
  auto kernel = other->kernel("store_tid").value();
  kernel.arg(*t.b);
  auto event = t.device->launch(kernel, range1(8, 8));  // one work-group: tid is global
  ASSERT_TRUE(event) << event.error().message;
  ASSERT_TRUE(event->wait()) << event->wait().error().message;
  EXPECT_EQ(t.c->read_as<int32_t>(8).value(), t.expected(2));  // first program's result kept
  const auto b = t.b->read_as<int32_t>(8).value();
  for (int32_t i = 0; i < 8; ++i) EXPECT_EQ(b[static_cast<size_t>(i)], i + 100);
  // And back to the first program on the same device.
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(8, 4)).value().wait());
}

TEST(Launch, TemporaryBuffersAreFreedAfterEveryLaunch) {
  AddScaled t(Config{}, 16, 2);
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(16, 8)).value().wait());
  // Only the three user buffers remain live (arguments, private, metadata, print freed).
  EXPECT_EQ(t.device->live_buffers(), 3u);
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(16, 16)).value().wait());
  EXPECT_EQ(t.device->live_buffers(), 3u);
  EXPECT_EQ(t.c->read_as<int32_t>(16).value(), t.expected(2));
}

TEST(Launch, RangeErrors) {
  AddScaled t(Config{}, 16, 1);
  auto not_multiple = t.device->launch(*t.kernel, range1(16, 6));
  ASSERT_FALSE(not_multiple);
  EXPECT_NE(not_multiple.error().message.find("not a multiple"), std::string::npos);
  // A widened machine holds 32 warps of 8 threads (runtime_widen.test.cpp), not 64.
  auto too_large = t.device->launch(*t.kernel, range1(512, 512));
  ASSERT_FALSE(too_large);
  EXPECT_NE(too_large.error().message.find("exceeds the device maximum of 256"), std::string::npos);
  EXPECT_FALSE(t.device->launch(*t.kernel, range1(0, 1)));
  NDRange bad_dim = range1(16, 8);
  bad_dim.work_dim = 4;
  EXPECT_FALSE(t.device->launch(*t.kernel, bad_dim));
  EXPECT_EQ(t.device->live_buffers(), 3u);  // nothing leaked
}

// A launch declares POCL's 64 + 64 registers a warp (its .metadata files, ISA.md §2), so the
// CTA scheduler's register pools limit API launches as they limit cases: an SM of 64 vector
// registers holds a one-warp group and, not widened, refuses a two-warp one.
TEST(Launch, DeclaresPoclsRegistersPerWarp) {
  Config small;
  small.machine.vgpr_slots_per_sm = 64;
  small.simulation.widen_machine = false;
  AddScaled t(small, 16, 2);
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(16, 8)).value().wait());  // 1 warp a group
  EXPECT_EQ(t.c->read_as<int32_t>(16).value(), t.expected(2));
  auto two_warps = t.device->launch(*t.kernel, range1(16, 16));
  ASSERT_FALSE(two_warps);
  EXPECT_NE(two_warps.error().message.find("needs sm.vgpr_slots = 128, the machine has 64 (--set "
                                           "sm.vgpr_slots=128 makes it fit)"),
            std::string::npos)
      << two_warps.error().message;
}

TEST(Launch, ArgumentErrors) {
  AddScaled t(Config{}, 16, 1);
  auto other = Device::create().value();
  auto foreign = other->allocate(4).value();
  Kernel k = *t.kernel;
  k.clear_args();
  k.arg(foreign).arg(*t.b).arg(*t.c).arg(1);
  // The foreign address 0x90000000 is t.a's on this device, so free t.a to make it unknown.
  ASSERT_TRUE(t.device->free(*t.a));
  auto e = t.device->launch(k, range1(16, 8));
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("argument 0"), std::string::npos);
  Kernel local = *t.kernel;
  local.clear_args();
  // Larger than the 256 MiB local window a widened machine may have (1 MiB widens it).
  local.arg_local(1u << 29);
  auto big = t.device->launch(local, range1(8, 8));
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("local memory"), std::string::npos);
}

// run.memcheck = strict: an access outside every buffer is a guest fault. The launch ran, so
// launch() succeeds; its event holds the fault and the statistics up to it (DESIGN.md §2
// errors by kind), and the history keeps only launches that ran to their end.
TEST(Launch, GuestFaultIsReportedByWait) {
  for (const bool timing : {false, true}) {
    Config strict;
    strict.simulation.memcheck = "strict";
    strict.simulation.timing = timing;
    AddScaled t(strict, 16, 1);
    auto event = t.device->launch(*t.kernel, range1(32, 8));  // buffers hold only 16 elements
    ASSERT_TRUE(event);
    EXPECT_TRUE(event->faulted());
    auto stats = event->wait();
    ASSERT_FALSE(stats);
    EXPECT_NE(stats.error().message.find("kernel 'add_scaled'"), std::string::npos);
    EXPECT_NE(stats.error().message.find("work-group 2"), std::string::npos);
    EXPECT_NE(stats.error().message.find("access fault"), std::string::npos);
    // Work-groups 0 and 1 ran before the fault in work-group 2.
    EXPECT_GE(event->stats().work_groups, 2u);
    EXPECT_GT(event->stats().warp_instructions, 0u);
    ASSERT_NE(event->stats().document, nullptr);
    // No cycle count: the test bench counts a kernel at its end (TIMING.md §2).
    EXPECT_EQ(event->stats().cycles, 0u);
    const auto doc = nlohmann::json::parse(event->stats().stats_json());
    EXPECT_FALSE(doc.contains("cycles"));
    EXPECT_EQ(timing, doc.at("stats").contains("timing.cycles")) << doc.at("stats").dump();
    EXPECT_TRUE(t.device->launch_history().empty());
    EXPECT_EQ(t.device->live_buffers(), 3u);
  }
}

// run.memcheck = report (the default): the 16 work-items past the 16-element buffers of
// work-groups 2 and 3 read a and b and write c outside every buffer, on flat memory like
// the hardware; one line per pc names the first access (work-group 2, warp 0, lane 0, at
// element 16 = byte 64). Off runs the same silently.
TEST(Launch, MemcheckReportsAccessesOutsideEveryBuffer) {
  AddScaled t(Config{}, 16, 1);
  auto stats = t.device->launch(*t.kernel, range1(32, 8)).value().wait();
  ASSERT_TRUE(stats) << stats.error().message;
  ASSERT_EQ(stats->memcheck.size(), 3u);
  const std::string expected_first[3] = {
      fmt::format("16 reads of 4 bytes outside every buffer, first at 0x{:08x}",
                  t.a->address() + 64),
      fmt::format("16 reads of 4 bytes outside every buffer, first at 0x{:08x}",
                  t.b->address() + 64),
      fmt::format("16 writes of 4 bytes outside every buffer, first at 0x{:08x}",
                  t.c->address() + 64)};
  for (size_t i = 0; i < 3; ++i) {
    const std::string& line = stats->memcheck[i];
    EXPECT_EQ(line.rfind("memcheck: kernel 'add_scaled': pc 0x", 0), 0u) << line;
    EXPECT_NE(line.find(expected_first[i]), std::string::npos) << line;
    EXPECT_NE(line.find("(lane 0, work-group 2 (2, 0, 0), warp 0)"), std::string::npos) << line;
    EXPECT_NE(line.find(i < 2 ? "[vlw12.v" : "[vsw12.v"), std::string::npos) << line;
  }
  EXPECT_EQ(t.c->read_as<int32_t>(16).value(), t.expected(1));  // in-bounds results stand

  Config off;
  off.simulation.memcheck = "off";
  AddScaled quiet(off, 16, 1);
  auto silent = quiet.device->launch(*quiet.kernel, range1(32, 8)).value().wait();
  ASSERT_TRUE(silent) << silent.error().message;
  EXPECT_TRUE(silent->memcheck.empty());
}

TEST(Launch, WritesTheCommitLog) {
  AddScaled t(Config{}, 8, 1);
  LaunchOptions options;
  options.log_path = (std::filesystem::temp_directory_path() / "ventus_rt_launch.log").string();
  ASSERT_TRUE(t.device->launch(*t.kernel, range1(8, 8), options).value().wait());
  std::ifstream in(options.log_path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("core   0: 0x80000000"), std::string::npos)
      << text.str().substr(0, 300);
  // A log that cannot be opened stops the launch before it runs: launch() fails, and no
  // statistics of it are kept (an input error, not a guest fault).
  options.log_path = "/nonexistent/dir/x.log";
  auto bad = t.device->launch(*t.kernel, range1(8, 8), options);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("/nonexistent/dir/x.log"), std::string::npos)
      << bad.error().message;
  EXPECT_EQ(t.device->launch_history().size(), 1u);
}

TEST(Launch, RefCompatModeRunsToo) {
  Config config;
  config.simulation.ref_compat = true;
  AddScaled t(config, 16, 3);
  auto stats = t.device->launch(*t.kernel, range1(16, 8)).value().wait();
  ASSERT_TRUE(stats) << stats.error().message;
  EXPECT_EQ(t.c->read_as<int32_t>(16).value(), t.expected(3));
}

TEST(Printf, SeveralWorkGroupsPrintThroughTheSink) {
  MachineConfig config;
  config.threads_per_warp = 4;
  auto device = Device::create(config).value();
  auto program = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/hello_printf.s");
  ASSERT_TRUE(program) << program.error().message;
  auto kernel = program->kernel("hello_printf").value();
  std::vector<int32_t> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int32_t>(i * i) - 50;
  auto buf = device->allocate(4 * x.size()).value();
  ASSERT_TRUE(buf.write(std::span<const int32_t>(x)));
  kernel.arg(buf);
  std::vector<std::string> lines;
  LaunchOptions options;
  options.print_sink = [&](std::string_view line) { lines.emplace_back(line); };
  auto stats = device->launch(kernel, range1(24, 8), options).value().wait();
  ASSERT_TRUE(stats) << stats.error().message;
  // One message per thread, in execution order: groups one after another, warps in order.
  ASSERT_EQ(lines.size(), 24u);
  for (uint32_t g = 0; g < 3; ++g) {
    for (uint32_t l = 0; l < 8; ++l) {
      const uint32_t i = g * 8 + l;
      EXPECT_EQ(lines[i], "[wg (" + std::to_string(g) + ",0,0) thread " + std::to_string(l) +
                              "] hello from group " + std::to_string(g) + ", local " +
                              std::to_string(l) + ": x = " + std::to_string(x[i]));
    }
  }
}

TEST(Printf, NoPrintBufferMeansNoOutput) {
  MachineConfig config;
  config.print_buffer_bytes = 0;
  auto device = Device::create(config).value();
  auto kernel = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/hello_printf.s")
                    .value()
                    .kernel("hello_printf")
                    .value();
  auto buf = device->allocate(64).value();
  ASSERT_TRUE(buf.fill(1));
  kernel.arg(buf);
  int calls = 0;
  LaunchOptions options;
  options.print_sink = [&](std::string_view) { ++calls; };
  ASSERT_TRUE(device->launch(kernel, range1(8, 8), options).value().wait());
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace ventus
