// bfs kernels (Rodinia BFS_1/BFS_2): host driver, CPU reference and embedded assembly.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

std::string_view bfs_assembly();  // bfs.s, embedded by kernels/CMakeLists.txt

// Graph in compressed sparse row form, as Rodinia's Node {starting, no_of_edges} array.
struct CsrGraph {
  std::vector<int32_t> nodes;  // 2 words per node: first edge, edge count
  std::vector<int32_t> edges;  // destination node of every edge
  uint32_t node_count() const { return static_cast<uint32_t>(nodes.size() / 2); }
};

// Random undirected graph with `nodes` nodes and `edge_pairs` random edges (both directions).
CsrGraph random_graph(uint32_t nodes, uint32_t edge_pairs, uint32_t seed);

// Level of every node from `source` (-1 = unreachable): queue-based CPU breadth-first search.
std::vector<int32_t> bfs_reference(const CsrGraph& graph, uint32_t source);

struct BfsRun {
  std::vector<int32_t> cost;
  uint32_t levels = 0;  // BFS_1/BFS_2 iterations
  LaunchStats stats;
};

// Runs BFS_1 + BFS_2 per level until no node changes, 1-D ND-ranges of local_size.
Result<BfsRun> bfs_run(Device& device, const CsrGraph& graph, uint32_t source, uint32_t local_size);
// The same with the program of both kernels assembled once (bfs_program) for several runs.
Result<Program> bfs_program();
Result<BfsRun> bfs_run(Device& device, const Program& program, const CsrGraph& graph,
                       uint32_t source, uint32_t local_size);

}  // namespace ventus::kernels
