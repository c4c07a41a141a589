// Host driver of the bfs kernels on the runtime API: Rodinia's loop of BFS_1 and BFS_2
// launches until the `over` flag stays 0; the graph state stays on the device.
#include <algorithm>

#include "bfs/bfs.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<Program> bfs_program() {
  return assemble_program(bfs_assembly(), "bfs.s");
}

Result<BfsRun> bfs_run(Device& device, const CsrGraph& graph, uint32_t source,
                       uint32_t local_size) {
  auto program = bfs_program();  // assembled once, two kernels
  if (!program) return program.error();
  return bfs_run(device, *program, graph, source, local_size);
}

namespace {

// The graph and the search state on the device, named as Rodinia's kernel arguments.
struct BfsBuffers {
  Buffer nodes, edges, mask, updating, visited, cost, over;
};

// The seven buffers in kernel-argument order; any allocation failing fails them all.
Result<BfsBuffers> allocate_buffers(Device& device, const CsrGraph& graph) {
  const uint32_t n = graph.node_count();
  auto nodes = device.allocate(std::max<size_t>(graph.nodes.size() * 4, 4));
  auto edges = device.allocate(std::max<size_t>(graph.edges.size() * 4, 4));
  auto mask_dev = device.allocate(n);
  auto updating = device.allocate(n);
  auto visited_dev = device.allocate(n);
  auto cost_dev = device.allocate(size_t{n} * 4);
  auto over = device.allocate(4);
  if (!nodes || !edges || !mask_dev || !updating || !visited_dev || !cost_dev || !over) {
    return Error{"bfs: device allocation failed"};
  }
  return BfsBuffers{*nodes, *edges, *mask_dev, *updating, *visited_dev, *cost_dev, *over};
}

// The graph and the first level: only `source` is in the mask and visited, at cost 0; every
// other node's cost is -1 (unreachable until a level reaches it).
Status write_initial_state(BfsBuffers& dev, const CsrGraph& graph, uint32_t source) {
  const uint32_t n = graph.node_count();
  std::vector<uint8_t> mask(n, 0);
  std::vector<uint8_t> visited(n, 0);
  std::vector<int32_t> cost(n, -1);
  mask[source] = visited[source] = 1;
  cost[source] = 0;
  for (Status s : {dev.nodes.write(std::span<const int32_t>(graph.nodes)),
                   dev.edges.write(std::span<const int32_t>(graph.edges)),
                   dev.mask.write(std::span<const uint8_t>(mask)),
                   dev.updating.write(std::span<const uint8_t>(std::vector<uint8_t>(n, 0))),
                   dev.visited.write(std::span<const uint8_t>(visited)),
                   dev.cost.write(std::span<const int32_t>(cost))}) {
    if (!s) return s.error();
  }
  return ok_status();
}

// One BFS_1 + BFS_2 pair per level until a level leaves `over` at 0 (no node changed).
Status run_levels(Device& device, const Kernel& bfs1, const Kernel& bfs2, Buffer& over,
                  const NDRange& range, uint32_t n, BfsRun& result) {
  for (;;) {
    if (auto s = over.fill(0); !s) return s.error();
    if (auto s = launch(device, bfs1, range, result.stats); !s) return s.error();
    if (auto s = launch(device, bfs2, range, result.stats); !s) return s.error();
    ++result.levels;
    auto flag = over.read_as<uint8_t>(1);
    if (!flag) return flag.error();
    if ((*flag)[0] == 0) return ok_status();
    if (result.levels > n + 1) return Error{"bfs: the search did not converge"};
  }
}

}  // namespace

Result<BfsRun> bfs_run(Device& device, const Program& program, const CsrGraph& graph,
                       uint32_t source, uint32_t local_size) {
  const uint32_t n = graph.node_count();
  auto bfs1 = program.kernel("BFS_1");
  auto bfs2 = program.kernel("BFS_2");
  if (!bfs1 || !bfs2) return Error{"bfs: kernel BFS_1 or BFS_2 missing"};
  auto dev = allocate_buffers(device, graph);
  if (!dev) return dev.error();
  if (auto s = write_initial_state(*dev, graph, source); !s) return s.error();
  bfs1->arg(dev->nodes).arg(dev->edges).arg(dev->mask).arg(dev->updating).arg(dev->visited);
  bfs1->arg(dev->cost).arg(static_cast<int32_t>(n));
  bfs2->arg(dev->mask).arg(dev->updating).arg(dev->visited).arg(dev->over);
  bfs2->arg(static_cast<int32_t>(n));
  const NDRange range = range_1d(round_up(n, local_size), local_size);
  BfsRun result;
  if (auto s = run_levels(device, *bfs1, *bfs2, dev->over, range, n, result); !s) {
    return s.error();
  }
  auto final_cost = dev->cost.read_as<int32_t>(n);
  if (!final_cost) return final_cost.error();
  result.cost = std::move(*final_cost);
  return result;
}

}  // namespace ventus::kernels
