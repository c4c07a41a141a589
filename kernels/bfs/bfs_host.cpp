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

Result<BfsRun> bfs_run(Device& device, const Program& program, const CsrGraph& graph,
                       uint32_t source, uint32_t local_size) {
  const uint32_t n = graph.node_count();
  auto bfs1 = program.kernel("BFS_1");
  auto bfs2 = program.kernel("BFS_2");
  if (!bfs1 || !bfs2) return Error{"bfs: kernel BFS_1 or BFS_2 missing"};
  std::vector<uint8_t> mask(n, 0);
  std::vector<uint8_t> visited(n, 0);
  std::vector<int32_t> cost(n, -1);
  mask[source] = visited[source] = 1;
  cost[source] = 0;
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
  for (Status s : {nodes->write(std::span<const int32_t>(graph.nodes)),
                   edges->write(std::span<const int32_t>(graph.edges)),
                   mask_dev->write(std::span<const uint8_t>(mask)),
                   updating->write(std::span<const uint8_t>(std::vector<uint8_t>(n, 0))),
                   visited_dev->write(std::span<const uint8_t>(visited)),
                   cost_dev->write(std::span<const int32_t>(cost))}) {
    if (!s) return s.error();
  }
  bfs1->arg(*nodes).arg(*edges).arg(*mask_dev).arg(*updating).arg(*visited_dev).arg(*cost_dev);
  bfs1->arg(static_cast<int32_t>(n));
  bfs2->arg(*mask_dev).arg(*updating).arg(*visited_dev).arg(*over).arg(static_cast<int32_t>(n));
  const NDRange range = range_1d(round_up(n, local_size), local_size);

  BfsRun result;
  for (;;) {
    if (auto s = over->fill(0); !s) return s.error();
    if (auto s = launch(device, *bfs1, range, result.stats); !s) return s.error();
    if (auto s = launch(device, *bfs2, range, result.stats); !s) return s.error();
    ++result.levels;
    auto flag = over->read_as<uint8_t>(1);
    if (!flag) return flag.error();
    if ((*flag)[0] == 0) break;
    if (result.levels > n + 1) return Error{"bfs: the search did not converge"};
  }
  auto final_cost = cost_dev->read_as<int32_t>(n);
  if (!final_cost) return final_cost.error();
  result.cost = std::move(*final_cost);
  return result;
}

}  // namespace ventus::kernels
