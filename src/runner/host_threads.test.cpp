// Work-groups on 2..4 host threads give the serial memory, statistics, faults and reports.
// Kernels whose work-groups race on the same global words, use global atomics, fault, hit the
// instruction limit or access outside every buffer give the same for every thread count, run
// after run (docs/host-threads.md).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "runner/host_threads_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;
using namespace host_threads_test;

// Every work-group reads and rewrites the same words (out[t] = 3 * out[t] + wgid + 1 for its
// thread t), so each group's result depends on every group before it; then each writes its
// own 64-byte slice of one shared page (out + 0x1000 + 64 * wgid), so commits must merge
// bytes, not pages.
std::string racing_body() {
  return R"(
        csrr    t2, tid
        vid.v   v1
        vadd.vx v1, v1, t2
        vsll.vi v1, v1, 2
        li      s0, 0x90000000
        vadd.vx v1, v1, s0
        vlw12.v v2, 0(v1)
        li      t4, 3
        vmul.vx v2, v2, t4
        csrr    t3, wgid
        vadd.vx v2, v2, t3
        vadd.vi v2, v2, 1
        vsw12.v v2, 0(v1)
        slli    t5, t3, 6
        li      s1, 0x90001000
        add     s1, s1, t5
        vid.v   v5
        vadd.vx v5, v5, t2
        vsll.vi v5, v5, 2
        vadd.vx v5, v5, s1
        vmv.v.x v6, t3
        vsw12.v v6, 0(v5)
)" + std::string(kFinish);
}

// Every warp adds 1 to one global counter with amoadd.w and stores the value it saw at
// out + 0x2000 + 4 * (wgid * numw + wid): the order of the adds is in memory.
std::string atomic_body() {
  return R"(
        li      s0, 0x90003000
        li      t1, 1
        amoadd.w a0, t1, (s0)
        csrr    t3, wgid
        csrr    t4, numw
        mul     t3, t3, t4
        csrr    t4, wid
        add     t3, t3, t4
        slli    t3, t3, 2
        li      s1, 0x90002000
        add     s1, s1, t3
        sw      a0, 0(s1)
)" + std::string(kFinish);
}

// Group `faulting` stores to a misaligned address after every group wrote its slice.
std::string faulting_body(uint32_t faulting = 23) {
  return fmt::format(R"(
        csrr    t3, wgid
        slli    t5, t3, 2
        li      s1, 0x90000000
        add     s1, s1, t5
        sw      t3, 0(s1)
        li      t6, {}
        bne     t3, t6, 1f
        sw      t3, 2(s1)
1:
)",
                     faulting) +
         std::string(kFinish);
}

// Every group writes one word outside every buffer (memcheck report) and one inside.
std::string outside_body() {
  return R"(
        csrr    t3, wgid
        slli    t5, t3, 2
        li      s1, 0xa0000000
        add     s1, s1, t5
        sw      t3, 0(s1)
        li      s1, 0x90000000
        add     s1, s1, t5
        lw      t4, 0(s1)
        add     t4, t4, t3
        sw      t4, 4(s1)
)" + std::string(kFinish);
}

// Every thread stores v3 (and, with `extended`, v35 through a regext prefix) before its
// group writes them, at out + 8 * global thread: a work-group reusing an earlier group's
// registers (docs/host-threads.md) must still read zeros.
std::string fresh_registers_body(bool extended) {
  const std::string read_v35 = extended ? R"(
        regext  zero, zero, 64          # vs2 + 32
        vadd.vx v4, v3, zero            # v4 = v35
        vsw12.v v4, 4(v1)
        regext  zero, zero, 1           # vd + 32
        vmv.v.x v3, t4                  # v35 = wgid + 1
)"
                                        : "";
  return R"(
        csrr    t2, tid
        csrr    t3, wgid
        slli    t5, t3, 4
        add     t2, t2, t5
        vid.v   v1
        vadd.vx v1, v1, t2
        vsll.vi v1, v1, 3
        li      s0, 0x90000000
        vadd.vx v1, v1, s0
        vsw12.v v3, 0(v1)
        addi    t4, t3, 1
        vmv.v.x v3, t4                  # v3 = wgid + 1
)" + read_v35 +
         std::string(kFinish);
}

TEST(HostThreads, RacingWorkGroupsGiveTheSerialResult) {
  const Observed serial = run_with(racing_body(), 1);
  ASSERT_TRUE(serial.fault.empty()) << serial.fault;
  // Thread 0's word after the 40 groups in linear order: w = 3w + g + 1 for g = 0..39.
  uint32_t expected = 0;
  for (uint32_t g = 0; g < kGroups; ++g) expected = 3 * expected + g + 1;
  uint32_t word0 = 0;
  std::memcpy(&word0, serial.out.data(), 4);
  EXPECT_EQ(word0, expected);
  uint32_t slice_of_group_39 = 0;
  std::memcpy(&slice_of_group_39, serial.out.data() + 0x1000 + 64 * 39, 4);
  EXPECT_EQ(slice_of_group_39, 39u);
  expect_same_for_every_thread_count(racing_body());
}

// A device keeps the overlays and the task arena from launch to launch
// (functional::SpeculationStorage); launches at changing thread counts on one storage still
// give the serial result.
TEST(HostThreads, StorageKeptAcrossLaunchesAtChangingThreadCounts) {
  const Observed serial = run_with(racing_body(), 1);
  functional::SpeculationStorage storage;
  for (uint32_t threads : {2u, 2u, 3u, 4u, 2u}) {
    const Observed parallel = run_setup(racing_body(), {.threads = threads, .storage = &storage});
    EXPECT_EQ(parallel.stats, serial.stats) << threads << " threads";
    EXPECT_TRUE(parallel.out == serial.out) << threads << " threads";
    // The launch ran in the storage's arena of that many threads: it is initialised (a new
    // one, made by this call, would not be).
    EXPECT_TRUE(storage.arena(threads).is_active()) << threads << " threads";
  }
}

TEST(HostThreads, GlobalAtomicsGiveTheSerialOrder) {
  const Observed serial = run_with(atomic_body(), 1);
  ASSERT_TRUE(serial.fault.empty()) << serial.fault;
  // The burst scheduler runs group after group, warp after warp: warp k saw k.
  for (uint32_t k = 0; k < 2 * kGroups; ++k) {
    uint32_t seen = 0;
    std::memcpy(&seen, serial.out.data() + 0x2000 + 4 * k, 4);
    EXPECT_EQ(seen, k) << k;
  }
  expect_same_for_every_thread_count(atomic_body());
}

TEST(HostThreads, AFaultStopsTheLaunchAtTheSameGroup) {
  const Observed serial = run_with(faulting_body(), 1);
  EXPECT_NE(serial.fault.find("work-group 23"), std::string::npos) << serial.fault;
  uint32_t after = 1;
  std::memcpy(&after, serial.out.data() + 4 * 30, 4);
  EXPECT_EQ(after, 0u) << "group 30 ran after the fault";
  expect_same_for_every_thread_count(faulting_body());
}

TEST(HostThreads, AFaultInsideAChunkStopsTheLaunchAtThatGroup) {
  const Observed serial = run_with(faulting_body(21), 1);  // chunk 20..23 at first
  EXPECT_NE(serial.fault.find("work-group 21"), std::string::npos) << serial.fault;
  EXPECT_EQ(word_at(serial, 4 * 21), 21u);
  EXPECT_EQ(word_at(serial, 4 * 22), 0u) << "group 22 ran after the fault";
  expect_same_for_every_thread_count(faulting_body(21));
}

TEST(HostThreads, TheInstructionLimitStopsAtTheSameInstruction) {
  const Observed serial = run_with(racing_body(), 1, 700);
  EXPECT_NE(serial.fault.find("700 warp-instructions"), std::string::npos) << serial.fault;
  expect_same_for_every_thread_count(racing_body(), 700);
}

TEST(HostThreads, AccessesOutsideEveryBufferAreReportedTheSame) {
  const Observed serial = run_with(outside_body(), 1, 1'000'000, functional::Memcheck::Report);
  ASSERT_TRUE(serial.fault.empty()) << serial.fault;
  ASSERT_EQ(serial.memcheck.size(), 1u);  // one line per pc and direction
  expect_same_for_every_thread_count(outside_body(), 1'000'000, functional::Memcheck::Report);
}

TEST(HostThreads, ReusedWorkGroupsStartWithZeroVectorRegisters) {
  for (bool extended : {false, true}) {
    const std::string body = fresh_registers_body(extended);
    for (uint32_t threads : {1u, 2u, 3u}) {
      const Observed seen = run_with(body, threads);
      ASSERT_TRUE(seen.fault.empty()) << seen.fault;
      for (size_t b = 0; b < 8 * 16 * kGroups; ++b) {
        ASSERT_EQ(seen.out[b], 0) << "byte " << b << ", " << threads << " threads, regext "
                                  << extended;
      }
    }
    expect_same_for_every_thread_count(body);
  }
}

}  // namespace
}  // namespace ventus::runner
