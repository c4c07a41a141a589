// The speed kernels (DESIGN.md §2.4 targets): built with ProgramBuilder, run without logging.
#include "runner/speed_bench.hpp"

#include <fmt/format.h>

#include "isa/names.hpp"
#include "runner/program_runner.hpp"

namespace ventus::runner {
namespace {

constexpr uint32_t kBufferBase = 0x90000000u;

// start.S's vector setup: vl = numt, e32/m1 (ISA.md §7.3).
void prologue(ProgramBuilder& p, uint32_t iterations) {
  p.op("addi", {5, 0, 32}).op("vsetvli", {5, 5, 0xd0});
  p.li(9, iterations);
}

void loop_tail(ProgramBuilder& p, uint32_t loop) {
  p.op("addi", {9, 9, -1}).op("bne", {9, 0, p.to(loop)});
  p.op("endprg", {});
}

// Vector integer ALU work with a scalar loop counter: 6 of 8 instructions are vector.
ProgramBuilder alu_kernel(uint32_t iterations) {
  ProgramBuilder p;
  prologue(p, iterations);
  p.op("vid.v", {1, 1}).op("vmv.v.x", {2, 9});
  const uint32_t loop = p.pc();
  p.op("vadd.vv", {3, 1, 2, 1}).op("vmul.vv", {4, 3, 1, 1}).op("vxor.vv", {5, 4, 3, 1});
  p.op("vsub.vv", {2, 5, 1, 1}).op("vadd.vi", {1, 1, 1, 1}).op("add", {6, 6, 9});
  loop_tail(p, loop);
  return p;
}

// Per-thread loads and stores to one word per thread, plus a scalar read-modify-write.
ProgramBuilder memory_kernel(uint32_t iterations, uint32_t group_bytes) {
  ProgramBuilder p;
  prologue(p, iterations);
  p.op("csrrs", {7, isa::csr::kTid, 0}).op("csrrs", {8, isa::csr::kWgid, 0});
  p.li(10, group_bytes).op("mul", {8, 8, 10}).li(11, kBufferBase).op("add", {8, 8, 11});
  p.op("vid.v", {1, 1}).op("vadd.vx", {1, 1, 7, 1}).op("vsll.vi", {1, 1, 2, 1});
  p.op("vadd.vx", {1, 1, 8, 1});
  const uint32_t loop = p.pc();
  p.op("vlw12.v", {2, 0, 1}).op("vadd.vx", {2, 2, 9, 1}).op("vsw12.v", {2, 0, 1});
  p.op("lw", {12, 0, 8}).op("add", {12, 12, 9}).op("sw", {12, 0, 8});
  loop_tail(p, loop);
  return p;
}

// Odd and even threads take different paths every trip (vbne + setrpc + join, ISA.md §2.4).
ProgramBuilder divergent_kernel(uint32_t iterations) {
  ProgramBuilder p;
  prologue(p, iterations);
  p.op("vid.v", {1, 1}).op("vand.vi", {2, 1, 1, 1}).op("vmv.v.x", {8, 0});
  const uint32_t loop = p.pc();
  const uint32_t auipc = p.pc();
  p.op("auipc", {6, 0}).op("setrpc", {0, 6, 0});  // patched below
  const uint32_t branch = p.pc();
  p.op("vbne", {2, 8, 0});  // patched below
  p.op("vadd.vv", {3, 3, 1, 1});
  const uint32_t jump = p.pc();
  p.op("jal", {0, 0});  // patched below
  const uint32_t taken = p.pc();
  p.op("vsub.vv", {3, 3, 1, 1}).op("vadd.vi", {4, 4, 3, 1});
  const uint32_t join = p.pc();
  p.op("join", {0, 0, 0});
  p.patch(auipc + 4, "setrpc", {0, 6, int64_t{join} - auipc});
  p.patch(branch, "vbne", {2, 8, int64_t{taken} - branch});
  p.patch(jump, "jal", {0, int64_t{join} - jump});
  loop_tail(p, loop);
  return p;
}

Result<SpeedBenchResult> run_one(const std::string& name, const ProgramBuilder& program,
                                 const SpeedBenchOptions& options) {
  if (!program.error().empty()) return Error{fmt::format("{}: {}", name, program.error())};
  functional::LaunchConfig config;
  config.kernel_name = name;
  config.numt = options.threads;
  config.numw = options.warps;
  config.num_groups = {options.work_groups, 1, 1};
  const uint32_t bytes = options.work_groups * options.warps * options.threads * 4;
  functional::EngineOptions engine;
  const ProgramOutcome out = run_program(program, config, engine, {{kBufferBase, bytes, "data"}});
  if (out.result.fault) return Error{out.result.fault->message()};
  return SpeedBenchResult{name, out.result.stats, out.seconds};
}

}  // namespace

double SpeedBenchResult::warp_instructions_per_second() const {
  return seconds > 0 ? static_cast<double>(stats.warp_instructions) / seconds : 0;
}
double SpeedBenchResult::thread_instructions_per_second() const {
  return seconds > 0 ? static_cast<double>(stats.thread_instructions) / seconds : 0;
}

Result<std::vector<SpeedBenchResult>> run_speed_benchmarks(const SpeedBenchOptions& options) {
  const uint32_t group_bytes = options.warps * options.threads * 4;
  const std::pair<std::string, ProgramBuilder> kernels[] = {
      {"alu", alu_kernel(options.iterations)},
      {"memory", memory_kernel(options.iterations, group_bytes)},
      {"divergent", divergent_kernel(options.iterations)},
  };
  std::vector<SpeedBenchResult> results;
  for (const auto& [name, program] : kernels) {
    auto result = run_one(name, program, options);
    if (!result) return result.error();
    results.push_back(std::move(result.value()));
  }
  return results;
}

}  // namespace ventus::runner
