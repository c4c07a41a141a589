// bfs: breadth-first search over a CSR graph (Rodinia BFS_1 / BFS_2), one pair per level.
typedef struct { int starting; int no_of_edges; } Node;

__kernel void BFS_1(__global const Node* nodes, __global const int* edges, __global uchar* mask,
                    __global uchar* updating, __global const uchar* visited, __global int* cost,
                    int n) {
  int tid = get_global_id(0);
  if (tid < n && mask[tid]) {
    mask[tid] = 0;
    for (int i = nodes[tid].starting; i < nodes[tid].starting + nodes[tid].no_of_edges; i++) {
      int id = edges[i];
      if (!visited[id]) {
        cost[id] = cost[tid] + 1;
        updating[id] = 1;
      }
    }
  }
}

__kernel void BFS_2(__global uchar* mask, __global uchar* updating, __global uchar* visited,
                    __global uchar* over, int n) {
  int tid = get_global_id(0);
  if (tid < n && updating[tid]) {
    mask[tid] = 1;
    visited[tid] = 1;
    *over = 1;
    updating[tid] = 0;
  }
}
