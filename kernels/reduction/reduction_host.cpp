// Host driver of the tree reduction: one 1-D launch with a __local scratch argument.
#include <cmath>

#include <fmt/format.h>

#include "kernels/reduction/reduction.hpp"

namespace ventus::kernels {

std::vector<float> reduction_reference(std::span<const float> x, uint32_t local) {
  const uint32_t groups = round_up(static_cast<uint32_t>(x.size()), local) / local;
  std::vector<float> partial(groups);
  std::vector<float> s(local);
  for (uint32_t g = 0; g < groups; ++g) {
    for (uint32_t l = 0; l < local; ++l) {
      const size_t i = size_t{g} * local + l;
      s[l] = i < x.size() ? x[i] : 0.0f;
    }
    for (uint32_t stride = local / 2; stride > 0; stride /= 2) {
      for (uint32_t l = 0; l < stride; ++l) s[l] = s[l] + s[l + stride];
    }
    partial[g] = s[0];
  }
  return partial;
}

Result<RunReport> run_reduction(Device& device, const ReductionParams& p) {
  RunReport report = make_report("reduction", fmt::format("n={} local={}", p.n, p.local));
  auto program = assemble_program(reduction_assembly(), "reduction.s");
  if (!program) return program.error();
  auto kernel = program->kernel("reduction");
  if (!kernel) return kernel.error();

  const uint32_t global = round_up(p.n, p.local);
  const uint32_t groups = global / p.local;
  const auto x = random_floats(p.n, 9, -1.0f, 1.0f);
  const std::vector<float> zeros(groups, 0.0f);
  auto dx = upload(device, x);
  auto dpartial = upload(device, zeros);
  if (!dx || !dpartial) return Error{"reduction: cannot allocate buffers"};

  kernel->arg(*dx).arg(*dpartial).arg(p.n).arg_local(4 * p.local);
  if (auto s = launch(device, *kernel, range_1d(global, p.local), report); !s) return s.error();
  auto got = dpartial->read_as<float>(groups);
  if (!got) return got.error();
  const auto want = reduction_reference(x, p.local);
  record_check(report, compare_exact(std::span<const float>(*got), std::span<const float>(want)));
  return report;
}

}  // namespace ventus::kernels
