// nn: Rodinia NearestNeighbor — per record, the float distance to a query point.
typedef struct { float lat, lng; } LatLong;

__kernel void nn(__global const LatLong* locations, __global float* distances, int num_records,
                 float lat, float lng) {
  int gid = get_global_id(0);
  if (gid < num_records) {
    float dlat = lat - locations[gid].lat, dlng = lng - locations[gid].lng;
    distances[gid] = sqrt(fma(dlng, dlng, dlat * dlat));
  }
}
