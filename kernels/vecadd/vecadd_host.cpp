// Host driver of vecadd: inputs, buffers, one 1-D launch, bit-exact check against the CPU.
#include <fmt/format.h>

#include "kernels/vecadd/vecadd.hpp"

namespace ventus::kernels {

std::vector<float> vecadd_reference(std::span<const float> a, std::span<const float> b) {
  std::vector<float> c(a.size());
  for (size_t i = 0; i < a.size(); ++i) c[i] = a[i] + b[i];
  return c;
}

Result<RunReport> run_vecadd(Device& device, const VecaddParams& p) {
  RunReport report = make_report("vecadd", fmt::format("n={} local={}", p.n, p.local));
  auto program = assemble_program(vecadd_assembly(), "vecadd.s");
  if (!program) return program.error();
  auto kernel = program->kernel("vecadd");
  if (!kernel) return kernel.error();

  const uint32_t global = round_up(p.n, p.local);
  const auto a = random_floats(p.n, 1);
  const auto b = random_floats(p.n, 2);
  // c has a sentinel tail as long as the guarded part of the range (+1).
  const std::vector<float> sentinel(global - p.n + 1, -1234.5f);
  std::vector<float> c_init(p.n, 0.0f);
  c_init.insert(c_init.end(), sentinel.begin(), sentinel.end());
  auto da = upload(device, a);
  auto db = upload(device, b);
  auto dc = upload(device, c_init);
  if (!da || !db || !dc) return Error{"vecadd: cannot allocate buffers"};

  kernel->arg(*da).arg(*db).arg(*dc).arg(p.n);
  if (auto s = launch(device, *kernel, range_1d(global, p.local), report); !s) return s.error();
  auto got = dc->read_as<float>(c_init.size());
  if (!got) return got.error();

  auto want = vecadd_reference(a, b);
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  record_check(report, compare_exact(std::span<const float>(*got), std::span<const float>(want)));
  return report;
}

}  // namespace ventus::kernels
