// CPU reference of the nn kernel: the same float operations in the same order.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "nn/nn.hpp"

namespace ventus::kernels {

std::vector<float> nn_reference(std::span<const LatLong> records, float lat, float lng) {
  std::vector<float> out;
  out.reserve(records.size());
  for (const LatLong& r : records) {
    const float dlat = lat - r.lat;
    const float dlng = lng - r.lng;
    out.push_back(std::sqrt(std::fma(dlng, dlng, dlat * dlat)));
  }
  return out;
}

std::vector<uint32_t> nn_k_nearest(std::span<const float> distances, uint32_t k) {
  std::vector<uint32_t> index(distances.size());
  std::iota(index.begin(), index.end(), 0u);
  std::stable_sort(index.begin(), index.end(),
                   [&](uint32_t a, uint32_t b) { return distances[a] < distances[b]; });
  index.resize(std::min<size_t>(k, index.size()));
  return index;
}

}  // namespace ventus::kernels
