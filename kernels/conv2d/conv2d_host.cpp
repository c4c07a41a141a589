// Host driver of the conv2d kernel on the runtime API (include/ventus/runtime.hpp).
#include "conv2d/conv2d.hpp"

namespace ventus::kernels {

Result<Conv2dRun> conv2d_run(Device& device, const Image& in, std::span<const float> mask,
                             uint32_t k, std::array<uint32_t, 2> local) {
  auto program = Program::from_assembly(conv2d_assembly(), "conv2d.s");
  if (!program) return program.error();
  auto kernel = program->kernel("conv2d");
  if (!kernel) return kernel.error();
  const size_t pixels = size_t{in.width} * in.height;
  auto in_dev = device.allocate(pixels * sizeof(float));
  auto mask_dev = device.allocate(mask.size_bytes());
  auto out_dev = device.allocate(pixels * sizeof(float));
  if (!in_dev || !mask_dev || !out_dev) return Error{"conv2d: device allocation failed"};
  if (auto s = in_dev->write(std::span<const float>(in.pixels)); !s) return s.error();
  if (auto s = mask_dev->write(mask); !s) return s.error();
  kernel->arg(*in_dev).arg(*mask_dev).arg(*out_dev);
  kernel->arg(static_cast<int32_t>(in.width)).arg(static_cast<int32_t>(in.height));
  kernel->arg(static_cast<int32_t>(k));

  NDRange range;
  range.work_dim = 2;
  range.global = {(in.width + local[0] - 1) / local[0] * local[0],
                  (in.height + local[1] - 1) / local[1] * local[1], 1};
  range.local = {local[0], local[1], 1};
  auto event = device.launch(*kernel, range);
  if (!event) return event.error();
  auto stats = event->wait();
  if (!stats) return stats.error();
  auto out = out_dev->read_as<float>(pixels);
  if (!out) return out.error();
  return Conv2dRun{std::move(*out), *stats};
}

}  // namespace ventus::kernels
