// bfs kernels on the runtime: the level of every node equals a CPU breadth-first search,
// for 4/8/16/32 threads per warp, one and several work-groups and node counts that are
// not multiples of the work-group size.
#include <gtest/gtest.h>

#include <algorithm>

#include "bfs/bfs.hpp"
#include "kernels/common/test_matrix.hpp"

namespace ventus::kernels {
namespace {

class BfsKernel : public ThreadsPerWarpTest {};

void check(unsigned numt, uint32_t nodes, uint32_t edge_pairs, uint32_t local_size) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  const CsrGraph graph = random_graph(nodes, edge_pairs, numt + nodes);
  auto run = bfs_run(**device, graph, 0, local_size);
  ASSERT_TRUE(run) << run.error().message;
  const std::vector<int32_t> expected = bfs_reference(graph, 0);
  EXPECT_EQ(run->cost, expected);
  // One BFS_1/BFS_2 pair per level plus the final pass that finds nothing new.
  const int32_t depth = *std::max_element(expected.begin(), expected.end());
  EXPECT_EQ(run->levels, static_cast<uint32_t>(depth) + 1);
}

TEST_P(BfsKernel, OneWorkGroup) {
  check(GetParam(), 16, 20, 16);
}
TEST_P(BfsKernel, SeveralWorkGroupsGuardedTail) {
  check(GetParam(), 57, 120, 16);
}
TEST_P(BfsKernel, SparseLongPaths) {
  check(GetParam(), 45, 40, 12);
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, BfsKernel, threads_per_warp_values(),
                         threads_per_warp_name);

}  // namespace
}  // namespace ventus::kernels
