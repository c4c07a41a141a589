// nn kernel (Rodinia NearestNeighbor): host driver, CPU reference and embedded assembly.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

std::string_view nn_assembly();  // nn.s, embedded by kernels/CMakeLists.txt

struct LatLong {
  float lat = 0;
  float lng = 0;
};

// Distance of every record to (lat, lng), in the kernel's order of operations:
// sqrt(fma(dlng, dlng, dlat * dlat)) with dlat = lat - record.lat (exactly comparable).
std::vector<float> nn_reference(std::span<const LatLong> records, float lat, float lng);

// Indices of the k nearest records (ties by index), as Rodinia's host does after the kernel.
std::vector<uint32_t> nn_k_nearest(std::span<const float> distances, uint32_t k);

struct NnRun {
  std::vector<float> distances;
  LaunchStats stats;
};

// Runs nn on `device`: 1-D ND-range of round_up(records, local_size) work-items.
Result<NnRun> nn_run(Device& device, std::span<const LatLong> records, float lat, float lng,
                     uint32_t local_size);
// The same with the kernel assembled once (nn_kernel) for several runs.
Result<Kernel> nn_kernel();
Result<NnRun> nn_run(Device& device, const Kernel& kernel, std::span<const LatLong> records,
                     float lat, float lng, uint32_t local_size);

}  // namespace ventus::kernels
