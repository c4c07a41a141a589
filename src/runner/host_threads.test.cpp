// Work-groups on several host threads (docs/host-threads.md): kernels whose work-groups race
// on the same global words, use global atomics, fault, hit the instruction limit or access
// outside every buffer give the same memory, statistics and faults for every thread count,
// run after run.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "functional/parallel_bursts.hpp"
#include "runner/engine_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;

constexpr uint32_t kGroups = 40;
constexpr uint32_t kOutBytes = 0x10000;

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

// Which work-groups of chain_body read the word of the group before them: those with
// ((g & mask) == value) == equal.
struct ChainReads {
  uint32_t mask = 0;
  uint32_t value = 0;
  bool equal = true;

  bool operator()(uint32_t g) const { return ((g & mask) == value) == equal; }
};

// Work-group g stores out[g] = v + g + 1, v being out[g - 1] when `reads` says g reads it,
// else 0 (both warps do it, so it is done twice with the same result). A group that reads
// depends on the group before it, which may be in its chunk or in an earlier one.
std::string chain_body(ChainReads reads) {
  return fmt::format(R"(
        csrr    t3, wgid
        slli    t5, t3, 2
        li      s1, 0x90000000
        add     s1, s1, t5              # &out[g]
        li      t4, 0
        li      t6, {}
        and     t6, t3, t6
        li      a1, {}
        {}      t6, a1, 1f              # skip the read unless `reads`
        lw      t4, -4(s1)              # out[g - 1]
1:
        add     t4, t4, t3
        addi    t4, t4, 1
        sw      t4, 0(s1)
)",
                     reads.mask, reads.value, reads.equal ? "bne" : "beq") +
         std::string(kFinish);
}

// chain_body's out[0 .. groups), derived in linear order.
std::vector<uint32_t> chain_words(ChainReads reads, uint32_t groups) {
  std::vector<uint32_t> words(groups);
  for (uint32_t g = 0; g < groups; ++g) {
    words[g] = (g > 0 && reads(g) ? words[g - 1] : 0) + g + 1;
  }
  return words;
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
};

Observed run_setup(const std::string& body, const Setup& setup,
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
  const ProgramOutcome o = run_program(assemble(body), config, options, {{kOut, kOutBytes, "out"}});
  if (warp_instructions != nullptr) *warp_instructions = o.result.stats.warp_instructions;
  Observed seen;
  seen.out.resize(kOutBytes);
  (void)o.memory.read_bytes(kOut, seen.out);
  seen.stats = o.registry->format_text();
  if (o.result.fault) seen.fault = o.result.fault->message();
  for (const auto& entry : o.result.memcheck) {
    seen.memcheck.push_back(functional::format_memcheck(entry, "threads", 0) +
                            fmt::format(" ({} accesses)", entry.count));
  }
  return seen;
}

Observed run_with(const std::string& body, uint32_t threads, uint64_t limit = 1'000'000,
                  functional::Memcheck memcheck = functional::Memcheck::Strict) {
  return run_setup(body, {.threads = threads, .limit = limit, .memcheck = memcheck});
}

uint32_t word_at(const Observed& seen, uint32_t offset) {
  uint32_t word = 0;
  std::memcpy(&word, seen.out.data() + offset, 4);
  return word;
}

// One thread is the serial burst scheduler; 2, 3 and 4 threads, three runs each, must give
// exactly what it gives.
void expect_same_for_every_thread_count(const std::string& body, Setup setup) {
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

void expect_same_for_every_thread_count(
    const std::string& body, uint64_t limit = 1'000'000,
    functional::Memcheck memcheck = functional::Memcheck::Strict) {
  expect_same_for_every_thread_count(body, {.limit = limit, .memcheck = memcheck});
}

// chain_body on `groups` groups: the hand-derived words, and the same bytes for every
// thread count.
void expect_chain(ChainReads reads, uint32_t groups) {
  const Observed serial = run_setup(chain_body(reads), {.groups = groups});
  ASSERT_TRUE(serial.fault.empty()) << serial.fault;
  const std::vector<uint32_t> words = chain_words(reads, groups);
  for (uint32_t g = 0; g < groups; ++g) ASSERT_EQ(word_at(serial, 4 * g), words[g]) << g;
  expect_same_for_every_thread_count(chain_body(reads), {.groups = groups});
}

// What the parallel scheduler did with chain_body on kGroups groups in a row.
functional::SpeculationCounts chain_counts(ChainReads reads, uint32_t threads) {
  functional::SpeculationCounts counts;
  const Observed seen =
      run_setup(chain_body(reads), {.threads = threads, .groups = kGroups, .counts = &counts});
  EXPECT_TRUE(seen.fault.empty()) << seen.fault;
  const std::vector<uint32_t> words = chain_words(reads, kGroups);
  for (uint32_t g = 0; g < kGroups; ++g) EXPECT_EQ(word_at(seen, 4 * g), words[g]) << g;
  return counts;
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

// Chunks: at 2, 3 and 4 threads the first batch of 40 groups in a row is 10 chunks (or 8,
// then one of 8) of kFirstChunk groups, 4k .. 4k + 3.
static_assert(functional::kFirstChunk == 4, "the chain tests place dependencies by chunks of 4");

TEST(HostThreads, AGroupSeesTheWritesOfTheGroupsBeforeItInItsChunk) {
  const ChainReads inside{.mask = 3, .value = 0, .equal = false};  // g reads g - 1 if g % 4 != 0
  for (uint32_t threads : {2u, 3u, 4u}) {
    const functional::SpeculationCounts counts = chain_counts(inside, threads);
    EXPECT_EQ(counts.reruns, 0u) << threads << " threads: no chunk read what another wrote";
    EXPECT_EQ(counts.alone, 0u) << threads;
    EXPECT_EQ(counts.chunk_groups, kGroups) << threads;
    EXPECT_LE(counts.chunks, kGroups / functional::kFirstChunk) << threads;
  }
  expect_chain(inside, kGroups);
}

TEST(HostThreads, AChunkThatReadsWhatAnEarlierChunkWroteRunsAgain) {
  const ChainReads across{.mask = 31, .value = 12, .equal = true};  // only group 12 reads 11
  for (uint32_t threads : {2u, 3u, 4u}) {
    const functional::SpeculationCounts counts = chain_counts(across, threads);
    EXPECT_EQ(counts.reruns, 1u) << threads << " threads: chunk 12..15 after 8..11 committed";
    EXPECT_EQ(counts.alone, 0u) << threads;
  }
  expect_chain(across, kGroups);
}

TEST(HostThreads, ChunksThatEachReadTheChunkBeforeThemGoSerial) {
  const ChainReads every{.mask = 0xffff, .value = 0, .equal = false};  // every group but 0
  const functional::SpeculationCounts counts = chain_counts(every, 2);
  EXPECT_EQ(counts.batches, 1u);
  EXPECT_EQ(counts.chunks, 8u);
  EXPECT_EQ(counts.reruns, 7u);  // each chunk read the last word of the one before
  EXPECT_EQ(counts.alone, kGroups - 32);
  expect_chain(every, kGroups);
}

TEST(HostThreads, ChunksOfWhatIsLeftAtTheEndOfTheLaunch) {
  // The last batch shares what is left between its chunks: short and odd-sized chunks.
  for (uint32_t groups : {2u, 5u, 33u, 37u, 41u, 97u}) {
    expect_chain({.mask = 3, .value = 0, .equal = false}, groups);
    expect_chain({.mask = 7, .value = 5, .equal = true}, groups);
  }
}

TEST(HostThreads, TheInstructionLimitInsideAChunkStopsAtTheSameInstruction) {
  const ChainReads inside{.mask = 3, .value = 0, .equal = false};
  uint64_t before_35 = 0;  // groups 0..34, which the second batch's chunk 32..39 follows
  (void)run_setup(chain_body(inside), {.groups = 35}, &before_35);
  const uint64_t limit = before_35 + 3;  // the fourth instruction of group 35
  const Observed serial = run_setup(chain_body(inside), {.limit = limit, .groups = kGroups});
  EXPECT_NE(serial.fault.find("work-group 35"), std::string::npos) << serial.fault;
  EXPECT_EQ(word_at(serial, 4 * 34), chain_words(inside, 35)[34]);
  EXPECT_EQ(word_at(serial, 4 * 35), 0u);
  expect_same_for_every_thread_count(chain_body(inside), {.limit = limit, .groups = kGroups});
}

}  // namespace
}  // namespace ventus::runner
