// Host driver of the naive matmul: one 2-D launch, bit-exact check against the CPU.
#include <cmath>

#include <fmt/format.h>

#include "kernels/matmul/matmul.hpp"

namespace ventus::kernels {

std::vector<float> matmul_reference(std::span<const float> a, std::span<const float> b, uint32_t m,
                                    uint32_t n, uint32_t k) {
  std::vector<float> c(size_t{m} * n);
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (uint32_t kk = 0; kk < k; ++kk) acc = std::fma(a[i * k + kk], b[kk * n + j], acc);
      c[i * n + j] = acc;
    }
  }
  return c;
}

Result<RunReport> run_matmul(Device& device, const MatmulParams& p) {
  RunReport report = make_report(
      "matmul", fmt::format("{}x{}x{} local={}x{}", p.m, p.n, p.k, p.local_x, p.local_y));
  auto program = assemble_program(matmul_assembly(), "matmul.s");
  if (!program) return program.error();
  auto kernel = program->kernel("matmul");
  if (!kernel) return kernel.error();

  const auto a = random_floats(size_t{p.m} * p.k, 5);
  const auto b = random_floats(size_t{p.k} * p.n, 6);
  const std::vector<float> sentinel(8, 4242.0f);
  std::vector<float> c_init(size_t{p.m} * p.n, 0.0f);
  c_init.insert(c_init.end(), sentinel.begin(), sentinel.end());
  auto da = upload(device, a);
  auto db = upload(device, b);
  auto dc = upload(device, c_init);
  if (!da || !db || !dc) return Error{"matmul: cannot allocate buffers"};

  kernel->arg(*da).arg(*db).arg(*dc).arg(p.m).arg(p.n).arg(p.k);
  const NDRange range =
      range_2d(round_up(p.n, p.local_x), round_up(p.m, p.local_y), p.local_x, p.local_y);
  if (auto s = launch(device, *kernel, range, report); !s) return s.error();
  auto got = dc->read_as<float>(c_init.size());
  if (!got) return got.error();
  auto want = matmul_reference(a, b, p.m, p.n, p.k);
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  record_check(report, compare_exact(std::span<const float>(*got), std::span<const float>(want)));
  return report;
}

}  // namespace ventus::kernels
