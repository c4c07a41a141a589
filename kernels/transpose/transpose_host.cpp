// Host driver of transpose: one 2-D launch with a __local tile argument, exact check.
#include <fmt/format.h>

#include "kernels/transpose/transpose.hpp"

namespace ventus::kernels {

std::vector<uint32_t> transpose_reference(std::span<const uint32_t> in, uint32_t rows,
                                          uint32_t cols) {
  std::vector<uint32_t> out(in.size());
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) out[size_t{c} * rows + r] = in[size_t{r} * cols + c];
  }
  return out;
}

Result<RunReport> run_transpose(Device& device, const TransposeParams& p) {
  RunReport report =
      make_report("transpose", fmt::format("{}x{} tile={}x{}", p.rows, p.cols, p.tile, p.tile));
  auto program = assemble_program(transpose_assembly(), "transpose.s");
  if (!program) return program.error();
  auto kernel = program->kernel("transpose");
  if (!kernel) return kernel.error();

  const auto in = random_words(size_t{p.rows} * p.cols, 13);
  const std::vector<uint32_t> sentinel(8, 0x5a5a5a5au);
  std::vector<uint32_t> out_init(in.size(), 0);
  out_init.insert(out_init.end(), sentinel.begin(), sentinel.end());
  auto din = upload(device, in);
  auto dout = upload(device, out_init);
  if (!din || !dout) return Error{"transpose: cannot allocate buffers"};

  kernel->arg(*din).arg(*dout).arg(p.rows).arg(p.cols).arg_local(4 * p.tile * p.tile);
  const NDRange range =
      range_2d(round_up(p.cols, p.tile), round_up(p.rows, p.tile), p.tile, p.tile);
  if (auto s = launch(device, *kernel, range, report); !s) return s.error();
  auto got = dout->read_as<uint32_t>(out_init.size());
  if (!got) return got.error();
  auto want = transpose_reference(in, p.rows, p.cols);
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  record_check(report,
               compare_exact(std::span<const uint32_t>(*got), std::span<const uint32_t>(want)));
  return report;
}

}  // namespace ventus::kernels
