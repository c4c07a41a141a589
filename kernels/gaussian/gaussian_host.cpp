// Host driver of the gaussian kernels on the runtime API: 2·(size-1) launches, memory kept
// on the device between them (Rodinia's ForwardSub), back substitution on the host.
#include "gaussian/gaussian.hpp"

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

Result<GaussianState> gaussian_run(Device& device, uint32_t size, std::span<const float> a,
                                   std::span<const float> b, uint32_t fan1_local,
                                   std::array<uint32_t, 2> fan2_local) {
  auto program = assemble_program(gaussian_assembly(), "gaussian.s");  // once, two kernels
  if (!program) return program.error();
  auto fan1 = program->kernel("Fan1");
  if (!fan1) return fan1.error();
  auto fan2 = program->kernel("Fan2");
  if (!fan2) return fan2.error();
  const size_t matrix_bytes = size_t{size} * size * sizeof(float);
  auto m_dev = device.allocate(matrix_bytes);
  auto a_dev = device.allocate(matrix_bytes);
  auto b_dev = device.allocate(size_t{size} * sizeof(float));
  if (!m_dev || !a_dev || !b_dev) return Error{"gaussian: device allocation failed"};
  if (auto s = m_dev->fill(0); !s) return s.error();
  if (auto s = a_dev->write(a); !s) return s.error();
  if (auto s = b_dev->write(b); !s) return s.error();

  const NDRange range1 = range_1d(round_up(size, fan1_local), fan1_local);
  const NDRange range2 = range_2d(round_up(size, fan2_local[0]), round_up(size, fan2_local[1]),
                                  fan2_local[0], fan2_local[1]);
  GaussianState state;
  state.size = size;
  for (uint32_t t = 0; t + 1 < size; ++t) {
    for (Kernel* k : {&*fan1, &*fan2}) {
      k->clear_args();
      k->arg(*m_dev)
          .arg(*a_dev)
          .arg(*b_dev)
          .arg(static_cast<int32_t>(size))
          .arg(static_cast<int32_t>(t));
    }
    if (auto s = launch(device, *fan1, range1, state.stats); !s) return s.error();
    if (auto s = launch(device, *fan2, range2, state.stats); !s) return s.error();
  }
  auto m = m_dev->read_as<float>(size_t{size} * size);
  auto a_out = a_dev->read_as<float>(size_t{size} * size);
  auto b_out = b_dev->read_as<float>(size);
  if (!m || !a_out || !b_out) return Error{"gaussian: reading the results failed"};
  state.m = std::move(*m);
  state.a = std::move(*a_out);
  state.b = std::move(*b_out);
  gaussian_back_substitute(state);
  return state;
}

}  // namespace ventus::kernels
