// Speculative chunks of work-groups on host threads: every group sees earlier groups' writes.
// Whether the group it reads ran in its own chunk or an earlier one, at the end of the launch
// or at the instruction limit, the scheduler reruns or serialises chunks so the result is the
// serial one (docs/host-threads.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "functional/parallel_bursts.hpp"
#include "runner/host_threads_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;
using namespace host_threads_test;

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
