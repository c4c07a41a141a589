// Host driver of the divergence kernel on the runtime API (include/ventus/runtime.hpp).
#include <algorithm>

#include "divergence/divergence.hpp"

namespace ventus::kernels {

Result<DivergenceRun> divergence_run(Device& device, std::span<const uint32_t> in,
                                     uint32_t local_size) {
  const auto n = static_cast<uint32_t>(in.size());
  auto program = Program::from_assembly(divergence_assembly(), "divergence.s");
  if (!program) return program.error();
  auto kernel = program->kernel("divergence");
  if (!kernel) return kernel.error();
  auto input = device.allocate(std::max<size_t>(in.size_bytes(), 4));
  if (!input) return input.error();
  auto output = device.allocate(std::max<size_t>(in.size_bytes(), 4));
  if (!output) return output.error();
  if (auto s = input->write(in); !s) return s.error();
  kernel->arg(*input).arg(*output).arg(static_cast<int32_t>(n));

  NDRange range;
  range.global[0] = (n + local_size - 1) / local_size * local_size;  // guarded tail
  range.local[0] = local_size;
  auto event = device.launch(*kernel, range);
  if (!event) return event.error();
  auto stats = event->wait();
  if (!stats) return stats.error();
  auto out = output->read_as<uint32_t>(n);
  if (!out) return out.error();
  return DivergenceRun{std::move(*out), *stats};
}

}  // namespace ventus::kernels
