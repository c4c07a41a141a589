// CPU reference of the bfs kernels: a plain queue-based breadth-first search, and the
// random test graphs.
#include <deque>
#include <random>

#include "bfs/bfs.hpp"

namespace ventus::kernels {

CsrGraph random_graph(uint32_t nodes, uint32_t edge_pairs, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<int32_t>> adjacency(nodes);
  for (uint32_t e = 0; e < edge_pairs; ++e) {
    const auto a = static_cast<int32_t>(rng() % nodes);
    const auto b = static_cast<int32_t>(rng() % nodes);
    adjacency[static_cast<size_t>(a)].push_back(b);
    adjacency[static_cast<size_t>(b)].push_back(a);
  }
  CsrGraph g;
  for (const auto& list : adjacency) {
    g.nodes.push_back(static_cast<int32_t>(g.edges.size()));
    g.nodes.push_back(static_cast<int32_t>(list.size()));
    g.edges.insert(g.edges.end(), list.begin(), list.end());
  }
  return g;
}

std::vector<int32_t> bfs_reference(const CsrGraph& graph, uint32_t source) {
  std::vector<int32_t> cost(graph.node_count(), -1);
  std::deque<uint32_t> queue{source};
  cost[source] = 0;
  while (!queue.empty()) {
    const uint32_t u = queue.front();
    queue.pop_front();
    const auto first = static_cast<size_t>(graph.nodes[2 * u]);
    const auto count = static_cast<size_t>(graph.nodes[2 * u + 1]);
    for (size_t i = first; i < first + count; ++i) {
      const auto v = static_cast<uint32_t>(graph.edges[i]);
      if (cost[v] >= 0) continue;
      cost[v] = cost[u] + 1;
      queue.push_back(v);
    }
  }
  return cost;
}

}  // namespace ventus::kernels
