// Functional statistics (issue 9): lanes that really execute, per-SM placement, memory by
// address space, and the random schedule, checked on small assembled programs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "runner/program_runner.hpp"

namespace ventus::runner {
namespace {

constexpr uint32_t kOut = 0x90000000u;

ProgramOutcome run(const std::string& body, uint32_t numw, uint32_t groups,
                   const functional::MachineShape* machine = nullptr,
                   functional::EngineOptions options = {}) {
  auto image = assemble_program("stats.s", ".text\n" + body + "\n        endprg x0, x0, x0\n");
  EXPECT_TRUE(image) << (image ? "" : image.error().message);
  functional::LaunchConfig config;
  config.kernel_name = "stats";
  config.numt = 8;
  config.numw = numw;
  config.num_groups = {groups, 1, 1};
  config.pds_base = 0x90100000u;
  config.pds_size = 16;
  ProgramOutcome out =
      run_program(image.value(), config, options,
                  {{kOut, 0x1000, "out"}, {0x90100000u, 0x1000, "pds"}}, 0x1000, nullptr, machine);
  EXPECT_FALSE(out.result.fault) << out.result.fault->message();
  return out;
}

double stat(const ProgramOutcome& o, const char* name) {
  return o.registry->value(std::string("functional.") + name);
}

// vl = 4 of 8 threads: a vector add executes 4 lanes, masked by v0 = 0b0011 it executes 2;
// a scalar instruction counts the SIMT mask (8).
TEST(FunctionalStats, ThreadInstructionsCountLanesThatExecute) {
  const std::string base = R"(
        li      t0, 4
        vsetvli t0, t0, e32, m1, ta, ma
        li      t3, 3
        vmv.v.x v0, t3
)";
  const ProgramOutcome plain = run(base, 1, 1);
  const ProgramOutcome vadd = run(base + "        vadd.vv v1, v2, v3\n", 1, 1);
  const ProgramOutcome masked = run(base + "        vadd.vv v1, v2, v3, v0.t\n", 1, 1);
  const ProgramOutcome scalar = run(base + "        addi a0, a0, 1\n", 1, 1);
  EXPECT_EQ(stat(vadd, "warp_instructions") - stat(plain, "warp_instructions"), 1);
  EXPECT_EQ(stat(vadd, "thread_instructions") - stat(plain, "thread_instructions"), 4);
  EXPECT_EQ(stat(masked, "thread_instructions") - stat(plain, "thread_instructions"), 2);
  EXPECT_EQ(stat(scalar, "thread_instructions") - stat(plain, "thread_instructions"), 8);
}

TEST(FunctionalStats, WorkGroupsAreSpreadOverEverySm) {
  functional::MachineShape machine;
  for (uint32_t sms : {1u, 2u, 3u}) {
    machine.sm_count = sms;
    const ProgramOutcome o = run("        addi a0, a0, 1\n", 2, 4, &machine);
    const nlohmann::json per_sm = o.registry->values_json()["functional.sm_work_groups"];
    EXPECT_EQ(per_sm.size(), sms + 1);  // one per SM and "total"
    for (uint32_t sm = 0; sm < sms; ++sm) {
      const uint32_t expected = 4 / sms + (sm < 4 % sms ? 1 : 0);  // round robin
      EXPECT_EQ(per_sm[std::to_string(sm)], expected) << sms << " SMs, SM " << sm;
    }
    EXPECT_EQ(stat(o, "sm_work_groups"), 4);  // the vector's total
    EXPECT_EQ(stat(o, "sm_warp_instructions"), stat(o, "warp_instructions"));
  }
}

TEST(FunctionalStats, MemoryAccessesByAddressSpace) {
  const ProgramOutcome o = run(R"(
        li      t0, 8
        vsetvli t0, t0, e32, m1, ta, ma
        li      a0, 0x90000000
        sw      a0, 0(a0)               # global: 1 access, 4 bytes
        li      a1, 0x70000800
        sh      a0, 0(a1)               # local: 1 access, 2 bytes
        vmv.v.x v1, zero
        vsw.v   v1, 0(v1)               # private: 8 lanes, 32 bytes
)",
                               1, 1);
  const nlohmann::json values = o.registry->values_json();
  const nlohmann::json& accesses = values["functional.memory_accesses"];
  const nlohmann::json& bytes = values["functional.memory_bytes"];
  EXPECT_EQ(accesses["global"], 1);
  EXPECT_EQ(accesses["local"], 1);
  EXPECT_EQ(accesses["private"], 8);
  EXPECT_EQ(bytes["global"], 4);
  EXPECT_EQ(bytes["local"], 2);
  EXPECT_EQ(bytes["private"], 32);
}

// Every warp of 4 groups takes a ticket with amoadd and stores it at its own slot: the
// tickets are a permutation whatever the order; burst hands them out in launch order,
// random orders differ by seed and repeat for the same seed.
std::vector<uint32_t> tickets(functional::Schedule schedule, uint64_t seed) {
  functional::EngineOptions options;
  options.schedule = schedule;
  options.random_seed = seed;
  const ProgramOutcome o = run(R"(
        li      a0, 0x90000800
        li      a1, 1
        amoadd.w a2, a1, (a0)
        csrr    t0, wgid
        csrr    t1, wid
        slli    t0, t0, 2
        add     t0, t0, t1
        slli    t0, t0, 2
        li      a3, 0x90000000
        add     a3, a3, t0
        sw      a2, 0(a3)
)",
                               4, 4, nullptr, options);
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < 16; ++i) out.push_back(o.memory.store().read32(kOut + 4 * i));
  return out;
}

TEST(FunctionalStats, RandomScheduleInterleavesWorkGroupsReproducibly) {
  std::vector<uint32_t> in_order(16);
  for (uint32_t i = 0; i < 16; ++i) in_order[i] = i;
  EXPECT_EQ(tickets(functional::Schedule::Burst, 1), in_order);
  bool any_differs = false;
  for (uint64_t seed : {1, 2, 3}) {
    auto got = tickets(functional::Schedule::Random, seed);
    EXPECT_EQ(got, tickets(functional::Schedule::Random, seed)) << "seed " << seed;
    any_differs = any_differs || got != in_order;
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, in_order) << "seed " << seed;
  }
  EXPECT_TRUE(any_differs);
}

}  // namespace
}  // namespace ventus::runner
