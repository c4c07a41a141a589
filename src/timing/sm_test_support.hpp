// Helpers of the SM-level directed tests (sm.test.cpp, sm_counters.test.cpp): explicit
// timing parameters, one launch of an assembled kernel on one SM, and a loop kernel whose
// extra trips measure a warm steady state.
#pragma once

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "runner/program_runner.hpp"
#include "timing/params.hpp"

namespace ventus::timing::sm_test {

inline constexpr uint32_t kBuffer = 0x90000000u;

// The parameters every test relies on, set here rather than taken from the built-in
// defaults so that a recalibration of the defaults does not change what is tested.
inline TimingParams test_params() {
  TimingParams p;
  p.issue.register_banks = 4;
  p.issue.collector_units = 8;
  p.issue.operand_cycles = 3;
  p.issue.no_operand_cycles = 2;
  p.units.alu_cycles = 1;
  p.units.valu_cycles = 1;
  p.units.mul_cycles = 7;
  p.units.sfu_lane_groups = 4;
  p.units.sfu_overhead_cycles = 2;
  p.units.sfu_fdiv_cycles_per_group = 24;
  p.units.sfu_int_div_special_cycles = 24;  // the loops divide zero registers by zero
  p.units.sfu_int_div_small_cycles = 30;
  p.front.scalar_branch_resolve_cycles = 2;
  p.front.simt_join_cycles = 1;
  p.front.simt_mask_cycles = 2;
  p.front.simt_fetch_control_cycles = 1;
  p.memory.transactions_in_flight = 1;
  p.memory.write_gap_cycles = 5;
  p.memory.read_gap_cycles = 6;
  p.kernel.first_dispatch_cycles = 24;
  p.kernel.warps_dispatched_per_cycle = 1;
  p.kernel.last_warp_first = true;       // cu_handler.v: warp 0 takes the highest slot
  p.kernel.host_poll_period_cycles = 0;  // the count is the flag edge (TIMING.md §2)
  return p;
}

// A launch's cycles and its statistics (the registry reads the model's counters, so the
// whole outcome is kept).
struct Timed {
  uint64_t cycles = 0;
  runner::ProgramOutcome outcome;
  double stat(std::string_view name) const { return outcome.registry->value(name); }
};

// Runs `source` as one launch of `groups` work-groups of `warps` warps of `threads` threads
// on one SM, with a 64-byte buffer at kBuffer.
inline Timed run(const TimingParams& params, const std::string& source, uint32_t threads = 4,
                 uint32_t warps = 1, uint32_t groups = 1, uint32_t warp_slots = 8) {
  auto image = runner::assemble_program("sm_test.s", source);
  EXPECT_TRUE(static_cast<bool>(image)) << (image ? "" : image.error().message) << "\n" << source;
  if (!image) return {};
  functional::LaunchConfig config;
  config.kernel_name = "sm_test";
  config.numt = threads;
  config.numw = warps;
  config.num_groups = {groups, 1, 1};
  functional::MachineShape machine;
  machine.sm_count = 1;
  machine.threads_per_warp = 16;
  machine.warp_slots_per_sm = warp_slots;
  runner::ProgramOutcome out =
      runner::run_program_timed(*image, config, functional::EngineOptions{},
                                {{kBuffer, 64, "buffer"}}, params, 0x1000, &machine);
  EXPECT_FALSE(out.result.fault.has_value()) << out.result.fault->message();
  EXPECT_TRUE(out.timing.has_value());
  const uint64_t cycles = out.timing ? out.timing->cycles : 0;
  return {cycles, std::move(out)};
}

// A loop of `trips` trips over `body` (an even number of instructions, so the loop and its
// first two instructions share one aligned 8-byte fetch packet: TIMING.md §3).
inline std::string loop_kernel(std::string_view body, uint32_t trips) {
  return fmt::format(R"(
        .text
        addi    t0, zero, 16
        vsetvli t0, t0, e32, m1, ta, ma
        addi    s1, zero, {}
        addi    t2, zero, 0
.Lloop:
{}
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)",
                     trips, body);
}

inline constexpr uint32_t kExtraTrips = 8;

// The cycles of kExtraTrips more trips of the loop: the cold start (I-cache misses, dispatch,
// kernel end) cancels, leaving the steady state of a warm loop.
inline int64_t extra_trips(const TimingParams& params, std::string_view body,
                           uint32_t threads = 4) {
  const Timed few = run(params, loop_kernel(body, 4), threads);
  const Timed more = run(params, loop_kernel(body, 4 + kExtraTrips), threads);
  return static_cast<int64_t>(more.cycles) - static_cast<int64_t>(few.cycles);
}

}  // namespace ventus::timing::sm_test
