// Host driver of the private_spill kernel: an element-wise (in, out, n) launch via the harness.
#include "private_spill/private_spill.hpp"

namespace ventus::kernels {

Result<PrivateSpillRun> private_spill_run(Device& device, std::span<const uint32_t> in,
                                          uint32_t local_size) {
  return run_map<uint32_t>(device, private_spill_assembly(), "private_spill", in, local_size);
}

}  // namespace ventus::kernels
