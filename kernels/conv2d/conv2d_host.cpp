// Host driver of the conv2d kernel on the runtime API (include/ventus/runtime.hpp).
#include "conv2d/conv2d.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<Conv2dRun> conv2d_run(Device& device, const Image& in, std::span<const float> mask,
                             uint32_t k, std::array<uint32_t, 2> local) {
  auto kernel = load_kernel(conv2d_assembly(), "conv2d.s", "conv2d");
  if (!kernel) return kernel.error();
  const size_t pixels = size_t{in.width} * in.height;
  auto in_dev = upload(device, in.pixels);
  auto mask_dev = upload(device, mask);
  auto out_dev = device.allocate(pixels * sizeof(float));
  if (!in_dev || !mask_dev || !out_dev) return Error{"conv2d: device allocation failed"};
  kernel->arg(*in_dev).arg(*mask_dev).arg(*out_dev);
  kernel->arg(static_cast<int32_t>(in.width)).arg(static_cast<int32_t>(in.height));
  kernel->arg(static_cast<int32_t>(k));

  LaunchStats stats;
  const NDRange range =
      range_2d(round_up(in.width, local[0]), round_up(in.height, local[1]), local[0], local[1]);
  if (auto s = launch(device, *kernel, range, stats); !s) return s.error();
  auto out = out_dev->read_as<float>(pixels);
  if (!out) return out.error();
  return Conv2dRun{std::move(*out), stats};
}

}  // namespace ventus::kernels
