// Host driver of the softmax kernel on the runtime API (include/ventus/runtime.hpp).
#include "softmax/softmax.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<SoftmaxRun> softmax_run(Device& device, std::span<const float> in, uint32_t n, uint32_t rows,
                               uint32_t local_size) {
  auto kernel = load_kernel(softmax_assembly(), "softmax.s", "softmax");
  if (!kernel) return kernel.error();
  auto in_dev = upload(device, in);
  auto out_dev = device.allocate(in.size_bytes());
  if (!in_dev || !out_dev) return Error{"softmax: device allocation failed"};
  kernel->arg(*in_dev).arg(*out_dev).arg(static_cast<int32_t>(n));
  kernel->arg_local(local_size * static_cast<uint32_t>(sizeof(float)));  // reduction scratch s[]

  LaunchStats stats;  // one work-group per row
  if (auto s = launch(device, *kernel, range_1d(rows * local_size, local_size), stats); !s) {
    return s.error();
  }
  auto out = out_dev->read_as<float>(in.size());
  if (!out) return out.error();
  return SoftmaxRun{std::move(*out), stats};
}

}  // namespace ventus::kernels
