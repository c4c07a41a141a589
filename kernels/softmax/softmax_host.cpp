// Host driver of the softmax kernel on the runtime API (include/ventus/runtime.hpp).
#include "softmax/softmax.hpp"

namespace ventus::kernels {

Result<SoftmaxRun> softmax_run(Device& device, std::span<const float> in, uint32_t n, uint32_t rows,
                               uint32_t local_size) {
  auto program = Program::from_assembly(softmax_assembly(), "softmax.s");
  if (!program) return program.error();
  auto kernel = program->kernel("softmax");
  if (!kernel) return kernel.error();
  auto in_dev = device.allocate(in.size_bytes());
  auto out_dev = device.allocate(in.size_bytes());
  if (!in_dev || !out_dev) return Error{"softmax: device allocation failed"};
  if (auto s = in_dev->write(in); !s) return s.error();
  kernel->arg(*in_dev).arg(*out_dev).arg(static_cast<int32_t>(n));
  kernel->arg_local(local_size * sizeof(float));  // reduction scratch s[]

  NDRange range;
  range.global[0] = rows * local_size;  // one work-group per row
  range.local[0] = local_size;
  auto event = device.launch(*kernel, range);
  if (!event) return event.error();
  auto stats = event->wait();
  if (!stats) return stats.error();
  auto out = out_dev->read_as<float>(in.size());
  if (!out) return out.error();
  return SoftmaxRun{std::move(*out), *stats};
}

}  // namespace ventus::kernels
