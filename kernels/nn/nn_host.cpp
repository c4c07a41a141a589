// Host driver of the nn kernel on the runtime API (include/ventus/runtime.hpp).
#include <algorithm>

#include "nn/nn.hpp"

namespace ventus::kernels {

Result<NnRun> nn_run(Device& device, std::span<const LatLong> records, float lat, float lng,
                     uint32_t local_size) {
  const auto n = static_cast<uint32_t>(records.size());
  auto program = Program::from_assembly(nn_assembly(), "nn.s");
  if (!program) return program.error();
  auto kernel = program->kernel("nn");
  if (!kernel) return kernel.error();
  auto in = device.allocate(std::max<size_t>(records.size_bytes(), 4));
  if (!in) return in.error();
  auto out = device.allocate(std::max<size_t>(4 * size_t{n}, 4));
  if (!out) return out.error();
  if (auto s = in->write(std::as_bytes(records)); !s) return s.error();
  kernel->arg(*in).arg(*out).arg(static_cast<int32_t>(n)).arg(lat).arg(lng);

  NDRange range;
  range.global[0] = (n + local_size - 1) / local_size * local_size;  // guarded tail
  range.local[0] = local_size;
  auto event = device.launch(*kernel, range);
  if (!event) return event.error();
  auto stats = event->wait();
  if (!stats) return stats.error();
  auto distances = out->read_as<float>(n);
  if (!distances) return distances.error();
  return NnRun{std::move(*distances), *stats};
}

}  // namespace ventus::kernels
