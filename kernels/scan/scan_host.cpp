// Host driver of scan: scan_block then scan_add on the same buffers (two launches).
#include <fmt/format.h>

#include "kernels/scan/scan.hpp"

namespace ventus::kernels {

std::vector<uint32_t> scan_reference(std::span<const uint32_t> in) {
  std::vector<uint32_t> out(in.size());
  uint32_t sum = 0;
  for (size_t i = 0; i < in.size(); ++i) out[i] = sum += in[i];
  return out;
}

Result<RunReport> run_scan(Device& device, const ScanParams& p) {
  RunReport report = make_report("scan", fmt::format("n={} local={}", p.n, p.local));
  auto program = assemble_program(scan_assembly(), "scan.s");
  if (!program) return program.error();
  auto block = program->kernel("scan_block");
  auto add = program->kernel("scan_add");
  if (!block) return block.error();
  if (!add) return add.error();

  const uint32_t global = round_up(p.n, p.local);
  const uint32_t groups = global / p.local;
  // Large values so that the sums wrap around 2^32.
  const auto in = random_words(p.n, 10);
  const std::vector<uint32_t> sentinel(global - p.n + 1, 0xdeadbeefu);
  std::vector<uint32_t> out_init(p.n, 0);
  out_init.insert(out_init.end(), sentinel.begin(), sentinel.end());
  auto din = upload(device, in);
  auto dout = upload(device, out_init);
  auto dsums = upload(device, std::vector<uint32_t>(groups, 0));
  if (!din || !dout || !dsums) return Error{"scan: cannot allocate buffers"};

  const NDRange range = range_1d(global, p.local);
  block->arg(*din).arg(*dout).arg(*dsums).arg(p.n).arg_local(4 * p.local);
  if (auto s = launch(device, *block, range, report); !s) return s.error();
  add->arg(*dout).arg(*dsums).arg(p.n);
  if (auto s = launch(device, *add, range, report); !s) return s.error();

  auto got = dout->read_as<uint32_t>(out_init.size());
  if (!got) return got.error();
  auto want = scan_reference(in);
  want.insert(want.end(), sentinel.begin(), sentinel.end());
  record_check(report,
               compare_exact(std::span<const uint32_t>(*got), std::span<const uint32_t>(want)));
  return report;
}

}  // namespace ventus::kernels
