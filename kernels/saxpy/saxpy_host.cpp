// Host driver of saxpy: one 1-D launch with a by-value float argument, bit-exact check.
#include <cmath>

#include <fmt/format.h>

#include "kernels/saxpy/saxpy.hpp"

namespace ventus::kernels {

std::vector<float> saxpy_reference(float a, std::span<const float> x, std::span<const float> y) {
  std::vector<float> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) out[i] = std::fma(a, x[i], y[i]);
  return out;
}

Result<RunReport> run_saxpy(Device& device, const SaxpyParams& p) {
  RunReport report = make_report("saxpy", fmt::format("n={} local={} a={}", p.n, p.local, p.a));
  auto program = assemble_program(saxpy_assembly(), "saxpy.s");
  if (!program) return program.error();
  auto kernel = program->kernel("saxpy");
  if (!kernel) return kernel.error();

  const uint32_t global = round_up(p.n, p.local);
  const auto x = random_floats(p.n, 3);
  auto y = random_floats(p.n, 4);
  const std::vector<float> sentinel(global - p.n + 1, 777.0f);  // guarded threads: untouched
  auto want = saxpy_reference(p.a, x, y);
  y.insert(y.end(), sentinel.begin(), sentinel.end());
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  auto dx = upload(device, x);
  auto dy = upload(device, y);
  if (!dx || !dy) return Error{"saxpy: cannot allocate buffers"};

  kernel->arg(*dx).arg(*dy).arg(p.a).arg(p.n);
  if (auto s = launch(device, *kernel, range_1d(global, p.local), report); !s) return s.error();
  auto got = dy->read_as<float>(y.size());
  if (!got) return got.error();
  record_check(report, compare_exact(std::span<const float>(*got), std::span<const float>(want)));
  return report;
}

}  // namespace ventus::kernels
