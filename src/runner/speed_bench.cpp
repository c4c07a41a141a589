// The speed kernels (DESIGN.md §2.4 targets): assembly text built by src/asm, run without logging.
#include "runner/speed_bench.hpp"

#include <bit>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>

#include <string>
#include <string_view>
#include <utility>

#include "runner/program_runner.hpp"
#include "sim/stat_snapshot.hpp"

namespace ventus::runner {
namespace {

constexpr uint32_t kBufferBase = 0x90000000u;

// Each kernel is assembled after a header of .equ lines giving ITERATIONS (loop trips per
// warp), GROUP_BYTES (one work-group's share of the buffer) and BUFFER (its base). Constants
// are loaded with an explicit lui + addi (never `li`, whose length depends on the value) so
// the instruction mix, and so the totals `ventus bench` prints, do not depend on the options.

// Shared start: start.S's vector setup vl = numt, e32/m1 (ISA.md §7.3); s1 = loop counter.
constexpr std::string_view kPrologue = R"(
        .text
        li      t0, 32
        vsetvli t0, t0, e32, m1, ta, ma
        lui     s1, %hi(ITERATIONS)
        addi    s1, s1, %lo(ITERATIONS)
)";

// Vector integer ALU work with a scalar loop counter: 6 of 8 loop instructions are vector.
constexpr std::string_view kAluBody = R"(
        vid.v   v1                      # v1 = thread index in the warp
        vmv.v.x v2, s1
.Lloop:
        vadd.vv v3, v1, v2
        vmul.vv v4, v3, v1
        vxor.vv v5, v4, v3
        vsub.vv v2, v5, v1
        vadd.vi v1, v1, 1
        add     t1, t1, s1              # scalar work beside the vector work
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)";

// Per-thread load and store of one word per thread, plus a scalar read-modify-write of the
// first word of the work-group's slice.
constexpr std::string_view kMemoryBody = R"(
        csrr    t2, tid                 # first thread id of this warp (ISA.md §4)
        csrr    s0, wgid
        lui     a0, %hi(GROUP_BYTES)
        addi    a0, a0, %lo(GROUP_BYTES)
        mul     s0, s0, a0
        lui     a1, %hi(BUFFER)
        addi    a1, a1, %lo(BUFFER)
        add     s0, s0, a1              # s0 = this work-group's slice of the buffer
        vid.v   v1
        vadd.vx v1, v1, t2
        vsll.vi v1, v1, 2
        vadd.vx v1, v1, s0              # v1 = address of this thread's word
.Lloop:
        vlw12.v v2, 0(v1)
        vadd.vx v2, v2, s1
        vsw12.v v2, 0(v1)
        lw      a2, 0(s0)
        add     a2, a2, s1
        sw      a2, 0(s0)
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)";

// Odd and even threads take different paths every trip and reconverge at .Ljoin
// (setrpc + vbne + join, ISA.md §2.4).
constexpr std::string_view kDivergentBody = R"(
        vid.v   v1
        vand.vi v2, v1, 1               # v2 = thread parity
        vmv.v.x v8, zero
.Lloop:
        auipc   t1, 0
        setrpc  zero, t1, .Ljoin - .Lloop   # reconvergence pc = .Ljoin
        vbne    v2, v8, .Lodd
        vadd.vv v3, v3, v1              # even threads
        j       .Ljoin
.Lodd:
        vsub.vv v3, v3, v1              # odd threads
        vadd.vi v4, v4, 3
.Ljoin:
        join    zero, zero, 0
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)";

std::string kernel_source(std::string_view body, uint32_t iterations, uint32_t group_bytes) {
  return fmt::format(
      "        .equ ITERATIONS, {}\n        .equ GROUP_BYTES, {}\n"
      "        .equ BUFFER, {:#x}\n{}{}",
      iterations, group_bytes, kBufferBase, kPrologue, body);
}

Result<SpeedBenchResult> run_one(const std::string& name, std::string_view body,
                                 const SpeedBenchOptions& options) {
  const uint32_t group_bytes = options.warps * options.threads * 4;
  const auto image =
      assemble_program(name + ".s", kernel_source(body, options.iterations, group_bytes));
  if (!image) return Error{fmt::format("{}: {}", name, image.error().message)};
  functional::LaunchConfig config;
  config.kernel_name = name;
  config.numt = options.threads;
  config.numw = options.warps;
  config.num_groups = {options.work_groups, 1, 1};
  const uint32_t bytes = options.work_groups * group_bytes;
  functional::EngineOptions engine;
  engine.max_warp_instructions = options.max_warp_instructions;
  engine.host_threads = options.host_threads;
  functional::MachineShape machine = options.machine;
  machine.warp_slots_per_sm = std::max(machine.warp_slots_per_sm, options.warps);
  const std::vector<BufferSpec> buffers = {{kBufferBase, bytes, "data"}};
  const ProgramOutcome out =
      options.timing
          ? run_program_timed(image.value(), config, engine, buffers, *options.timing, 0x1000,
                              &machine)
          : run_program(image.value(), config, engine, buffers, 0x1000, nullptr, &machine);
  std::optional<uint64_t> cycles;
  if (out.timing && !out.result.fault) cycles = out.timing->cycles;
  const sim::StatSnapshot stats = out.registry->snapshot();
  const nlohmann::json json =
      sim::launch_object(name, nlohmann::json::parse(options.config_json), cycles, stats);
  std::optional<std::string> fault;
  if (out.result.fault) fault = out.result.fault->message();
  return SpeedBenchResult{
      name, out.result.stats, stats.format_text(), json.dump(), out.seconds, cycles, fault};
}

}  // namespace

double SpeedBenchResult::warp_instructions_per_second() const {
  return seconds > 0 ? static_cast<double>(stats.warp_instructions) / seconds : 0;
}
double SpeedBenchResult::thread_instructions_per_second() const {
  return seconds > 0 ? static_cast<double>(stats.thread_instructions) / seconds : 0;
}
double SpeedBenchResult::cycles_per_second() const {
  return seconds > 0 ? static_cast<double>(cycles.value_or(0)) / seconds : 0;
}

namespace {
const std::pair<std::string_view, std::string_view> kKernels[] = {
    {"alu", kAluBody},
    {"memory", kMemoryBody},
    {"divergent", kDivergentBody},
};

bool selected(const SpeedBenchOptions& options, std::string_view name) {
  return options.kernels.empty() ||
         std::find(options.kernels.begin(), options.kernels.end(), name) != options.kernels.end();
}
}  // namespace

std::vector<std::string> speed_bench_kernel_names() {
  std::vector<std::string> names;
  for (const auto& kernel : kKernels) names.emplace_back(kernel.first);
  return names;
}

Status check_speed_bench_options(const SpeedBenchOptions& o) {
  if (o.iterations == 0 || o.iterations > 1'000'000'000) {
    return Error{fmt::format("--iterations {} is not in 1..1000000000", o.iterations)};
  }
  if (o.work_groups == 0 || o.work_groups > 65536) {
    return Error{fmt::format("--work-groups {} is not in 1..65536", o.work_groups)};
  }
  if (o.warps == 0 || o.warps > 32) {
    return Error{fmt::format("--warps {} is not in 1..32 (warps per work-group)", o.warps)};
  }
  if (o.threads == 0 || o.threads > 32 || !std::has_single_bit(o.threads)) {
    return Error{fmt::format("--threads {} is not 1, 2, 4, 8, 16 or 32", o.threads)};
  }
  const auto names = speed_bench_kernel_names();
  for (const std::string& kernel : o.kernels) {
    if (std::find(names.begin(), names.end(), kernel) == names.end()) {
      return Error{fmt::format("--kernels: no kernel '{}' (the kernels are {})", kernel,
                               fmt::join(names, ", "))};
    }
  }
  return ok_status();
}

Result<std::vector<SpeedBenchResult>> run_speed_benchmarks(const SpeedBenchOptions& options) {
  if (auto valid = check_speed_bench_options(options); !valid) return valid.error();
  std::vector<SpeedBenchResult> results;
  for (const auto& [name, body] : kKernels) {
    if (!selected(options, name)) continue;
    auto result = run_one(std::string(name), body, options);
    if (!result) return result.error();
    results.push_back(std::move(result.value()));
    if (results.back().fault) break;  // a fault stops the run, as in case and run
  }
  return results;
}

}  // namespace ventus::runner
