// Host driver of the tiled matmul: two __local tile arguments, one 2-D launch, exact check.
#include <cmath>

#include <fmt/format.h>

#include "kernels/matmul_tiled/matmul_tiled.hpp"

namespace ventus::kernels {

std::vector<float> matmul_tiled_reference(std::span<const float> a, std::span<const float> b,
                                          uint32_t m, uint32_t n, uint32_t k, uint32_t tile) {
  const uint32_t k_padded = round_up(k, tile);
  std::vector<float> c(size_t{m} * n);
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (uint32_t kk = 0; kk < k_padded; ++kk) {
        const float x = kk < k ? a[i * k + kk] : 0.0f;
        const float y = kk < k ? b[kk * n + j] : 0.0f;
        acc = std::fma(x, y, acc);
      }
      c[i * n + j] = acc;
    }
  }
  return c;
}

Result<RunReport> run_matmul_tiled(Device& device, const MatmulTiledParams& p) {
  RunReport report = make_report("matmul_tiled",
                                 fmt::format("{}x{}x{} tile={}x{}", p.m, p.n, p.k, p.tile, p.tile));
  auto program = assemble_program(matmul_tiled_assembly(), "matmul_tiled.s");
  if (!program) return program.error();
  auto kernel = program->kernel("matmul_tiled");
  if (!kernel) return kernel.error();

  const auto a = random_floats(size_t{p.m} * p.k, 7);
  const auto b = random_floats(size_t{p.k} * p.n, 8);
  const std::vector<float> sentinel(8, -99.0f);
  std::vector<float> c_init(size_t{p.m} * p.n, 0.0f);
  c_init.insert(c_init.end(), sentinel.begin(), sentinel.end());
  auto da = upload(device, a);
  auto db = upload(device, b);
  auto dc = upload(device, c_init);
  if (!da || !db || !dc) return Error{"matmul_tiled: cannot allocate buffers"};

  const uint32_t tile_bytes = 4 * p.tile * p.tile;
  kernel->arg(*da).arg(*db).arg(*dc).arg(p.m).arg(p.n).arg(p.k);
  kernel->arg_local(tile_bytes).arg_local(tile_bytes);
  const NDRange range = range_2d(round_up(p.n, p.tile), round_up(p.m, p.tile), p.tile, p.tile);
  if (auto s = launch(device, *kernel, range, report); !s) return s.error();
  auto got = dc->read_as<float>(c_init.size());
  if (!got) return got.error();
  auto want = matmul_tiled_reference(a, b, p.m, p.n, p.k, p.tile);
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  record_check(report, compare_exact(std::span<const float>(*got), std::span<const float>(want)));
  return report;
}

}  // namespace ventus::kernels
