// Host driver of the nn kernel: an element-wise (records, distances, n, lat, lng) launch.
#include "nn/nn.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<NnRun> nn_run(Device& device, std::span<const LatLong> records, float lat, float lng,
                     uint32_t local_size) {
  auto run = run_map<float>(device, nn_assembly(), "nn", records, local_size, lat, lng);
  if (!run) return run.error();
  return NnRun{std::move(run->out), run->stats};
}

}  // namespace ventus::kernels
