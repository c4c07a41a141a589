// Host drivers of the v2.03 demonstration kernels: assemble the version of a profile (the
// ELF records it, the runtime decodes in it), launch, compare exactly with the CPU reference.
#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "asm/assembler.hpp"
#include "elf/elf_writer.hpp"
#include "kernels/isa_v203/isa_v203.hpp"

namespace ventus::kernels {
namespace {

// kernels/isa_v203/<stem>_v202.s or <stem>_v203.s, assembled for its profile.
Result<Kernel> load(std::string_view stem, isa::Profile profile) {
  const std::string file =
      fmt::format("{}_{}.s", stem, profile == isa::Profile::V203 ? "v203" : "v202");
  std::ifstream in(std::string(VENTUS_ISA_V203_DIR) + "/" + file);
  if (!in) return Error{fmt::format("cannot read kernels/isa_v203/{}", file)};
  std::stringstream text;
  text << in.rdbuf();
  as::AssembleOptions options;
  options.profile = profile;
  const as::AssembleOutput out = as::assemble_text(file, text.str(), options);
  if (!out.ok()) return Error{as::format_diagnostics(out.diagnostics, as::kErrorLimit)};
  auto program = Program::from_elf_bytes(elf::write_elf(out.image), file);
  if (!program) return program.error();
  return program->kernel(stem);
}

std::string label(isa::Profile profile, std::string shape) {
  return fmt::format("{} {}", isa::profile_name(profile), shape);
}

}  // namespace

std::vector<uint32_t> reverse_blocks_reference(std::span<const uint32_t> in, uint32_t local) {
  std::vector<uint32_t> out(in.size());
  const size_t blocks = in.size() / 4;
  for (size_t g = 0; g < blocks; ++g) {
    const size_t first = g - g % local;
    const size_t mirror = first + (local - 1 - g % local);
    for (size_t w = 0; w < 4; ++w) out[4 * g + w] = in[4 * mirror + w];
  }
  return out;
}

Result<RunReport> run_reverse_blocks(Device& device, isa::Profile profile, uint32_t groups,
                                     uint32_t local) {
  RunReport report = make_report("reverse_blocks",
                                 label(profile, fmt::format("groups={} local={}", groups, local)));
  auto kernel = load("reverse_blocks", profile);
  if (!kernel) return kernel.error();
  const uint32_t n = groups * local;
  const auto in = random_words(size_t{4} * n, 71);
  auto din = upload(device, in);
  auto dout = upload(device, std::vector<uint32_t>(in.size(), 0));
  if (!din || !dout) return Error{"reverse_blocks: cannot allocate buffers"};
  kernel->arg(*din).arg(*dout).arg_local(16 * local);
  if (auto s = launch(device, *kernel, range_1d(n, local), report); !s) return s.error();
  auto got = dout->read_as<uint32_t>(in.size());
  if (!got) return got.error();
  record_check(report,
               compare_exact(std::span<const uint32_t>(*got),
                             std::span<const uint32_t>(reverse_blocks_reference(in, local))));
  return report;
}

std::vector<float> l1_score_reference(std::span<const float> a, std::span<const float> b,
                                      std::span<const float> c, float s) {
  std::vector<float> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = std::fma(s, -std::fabs(a[i] - b[i]), c[i]);
  return out;
}

Result<RunReport> run_l1_score(Device& device, isa::Profile profile, uint32_t n, uint32_t local) {
  RunReport report =
      make_report("l1_score", label(profile, fmt::format("n={} local={}", n, local)));
  auto kernel = load("l1_score", profile);
  if (!kernel) return kernel.error();
  const auto a = random_floats(n, 5), b = random_floats(n, 6), c = random_floats(n, 7);
  const float s = 0.75f;
  auto da = upload(device, a), db = upload(device, b), dc = upload(device, c);
  auto dout = upload(device, std::vector<float>(n, 0.0f));
  if (!da || !db || !dc || !dout) return Error{"l1_score: cannot allocate buffers"};
  kernel->arg(*da).arg(*db).arg(*dc).arg(*dout).arg(n).arg(s);
  if (auto st = launch(device, *kernel, range_1d(round_up(n, local), local), report); !st) {
    return st.error();
  }
  auto got = dout->read_as<float>(n);
  if (!got) return got.error();
  record_check(report, compare_exact(std::span<const float>(*got),
                                     std::span<const float>(l1_score_reference(a, b, c, s))));
  return report;
}

std::vector<uint64_t> sumsq64_reference(std::span<const uint32_t> x, uint32_t n, uint32_t rows) {
  std::vector<uint64_t> out(n, 0);
  for (uint32_t k = 0; k < rows; ++k) {
    for (uint32_t i = 0; i < n; ++i) {
      const uint64_t v = x[size_t{k} * n + i];
      out[i] += v * v;  // modulo 2^64, as the kernel
    }
  }
  return out;
}

Result<RunReport> run_sumsq64(Device& device, isa::Profile profile, uint32_t n, uint32_t rows,
                              uint32_t local) {
  RunReport report =
      make_report("sumsq64", label(profile, fmt::format("n={} K={} local={}", n, rows, local)));
  auto kernel = load("sumsq64", profile);
  if (!kernel) return kernel.error();
  const auto x = random_words(size_t{n} * rows, 29);
  auto dx = upload(device, x);
  auto dout = upload(device, std::vector<uint32_t>(size_t{2} * n, 0));
  if (!dx || !dout) return Error{"sumsq64: cannot allocate buffers"};
  kernel->arg(*dx).arg(*dout).arg(n).arg(rows);
  if (auto s = launch(device, *kernel, range_1d(round_up(n, local), local), report); !s) {
    return s.error();
  }
  auto got = dout->read_as<uint32_t>(size_t{2} * n);
  if (!got) return got.error();
  std::vector<uint32_t> want;
  for (uint64_t v : sumsq64_reference(x, n, rows)) {
    want.push_back(static_cast<uint32_t>(v));
    want.push_back(static_cast<uint32_t>(v >> 32));
  }
  record_check(report,
               compare_exact(std::span<const uint32_t>(*got), std::span<const uint32_t>(want)));
  return report;
}

}  // namespace ventus::kernels
