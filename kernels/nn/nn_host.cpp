// Host driver of the nn kernel: an element-wise (records, distances, n, lat, lng) launch.
#include "nn/nn.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<Kernel> nn_kernel() {
  return load_kernel(nn_assembly(), "nn.s", "nn");
}

Result<NnRun> nn_run(Device& device, const Kernel& kernel, std::span<const LatLong> records,
                     float lat, float lng, uint32_t local_size) {
  auto run = run_map<float>(device, kernel, records, local_size, lat, lng);
  if (!run) return run.error();
  return NnRun{std::move(run->out), run->stats};
}

Result<NnRun> nn_run(Device& device, std::span<const LatLong> records, float lat, float lng,
                     uint32_t local_size) {
  auto kernel = nn_kernel();
  if (!kernel) return kernel.error();
  return nn_run(device, *kernel, records, lat, lng, local_size);
}

}  // namespace ventus::kernels
