// Host driver of the divergence kernel: an element-wise (in, out, n) launch via the harness.
#include "divergence/divergence.hpp"

namespace ventus::kernels {

Result<DivergenceRun> divergence_run(Device& device, std::span<const uint32_t> in,
                                     uint32_t local_size) {
  return run_map<uint32_t>(device, divergence_assembly(), "divergence", in, local_size);
}

}  // namespace ventus::kernels
