// Helpers of the directed engine tests (engine_directed.test.cpp, engine_stops.test.cpp):
// small assembly programs framed like start.S, run on the functional engine.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "runner/program_runner.hpp"

namespace ventus::runner::engine_test {

using functional::Mode;
using functional::TrapKind;
inline constexpr uint32_t kOut = 0x90000000u;
inline constexpr uint32_t kLocal = 0x70000800u;

// vl = numt, as start.S does (ISA.md §7.3); every program starts with it.
inline constexpr std::string_view kStart = R"(
        .text
        li      t0, 32
        vsetvli t0, t0, e32, m1, ta, ma
)";

// endprg, then what start.S does after it: tohost = 1 (ends --ref-compat runs, ISA.md §7.3).
inline constexpr std::string_view kFinish = R"(
        endprg  x0, x0, x0
        li      s0, 1
        li      s1, 0x80001000          # tohost
        sw      s0, 0(s1)
)";

// Stores `reg` of every thread to kOut + 4 * (tid + i) + offset.
inline std::string store_vector(std::string_view reg, uint32_t offset = 0) {
  return fmt::format(R"(
        csrr    t2, tid                 # first thread id of this warp
        vid.v   v20
        vadd.vx v20, v20, t2
        vsll.vi v20, v20, 2
        li      s0, {:#x}
        vadd.vx v20, v20, s0
        vsw12.v {}, 0(v20)
)",
                     kOut + offset, reg);
}

// kStart, then `body`: the assembled image, or an empty one (failing the test) on errors.
inline elf::ElfImage assemble(std::string_view body) {
  auto image = assemble_program("directed.s", std::string(kStart) + std::string(body));
  EXPECT_TRUE(image) << (image ? "" : image.error().message);
  return image ? std::move(image.value()) : elf::ElfImage{};
}

inline ProgramOutcome run(const elf::ElfImage& image, uint32_t numt, uint32_t numw,
                          std::array<uint32_t, 3> groups = {1, 1, 1}, Mode mode = Mode::Default,
                          uint64_t limit = 1'000'000) {
  functional::LaunchConfig config;
  config.kernel_name = "directed";
  config.numt = numt;
  config.numw = numw;
  config.num_groups = groups;
  config.pds_base = 0x90100000u;
  config.pds_size = 0x100;
  functional::EngineOptions options;
  options.mode = mode;
  options.max_warp_instructions = limit;
  return run_program(image, config, options, {{kOut, 0x10000, "out"}});
}

inline uint32_t word(const ProgramOutcome& o, uint32_t addr) {
  return o.memory.store().read32(addr);
}

}  // namespace ventus::runner::engine_test
