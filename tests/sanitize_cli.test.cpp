// `ventus run --sanitize all` on directed kernels (tests/sanitize/): each buggy kernel reports
// exactly its planted hazard, field by field; each fixed twin reports nothing; the report is
// the same under every schedule and host-thread count (docs/sanitizers.md).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_harness.hpp"

namespace ventus::testing {
namespace {

using nlohmann::json;

struct Sanitized {
  int exit_status = 0;
  json findings;  // the launch's findings array
  std::string err;
};

class SanitizeCli : public ::testing::Test {
 protected:
  ToolSandbox box{VENTUS_TOOL, "sanitize_cli"};

  // 8-lane warps, so a 16-work-item work-group has two warps; `args` are run's --arg list.
  Sanitized run(const std::string& file, const std::string& kernel, unsigned global, unsigned local,
                const std::string& args, const std::string& extra = "") {
    const std::string command = fmt::format(
        "run '{}' --kernel {} --global {} --local {} {} --set sm.threads_per_warp=8 "
        "--sanitize all --sanitize-report report.json {}",
        file, kernel, global, local, args, extra);
    const ToolRun r = box.run(command);
    Sanitized s{r.exit_status, json::array(), r.err};
    const json doc = json::parse(ToolSandbox::slurp(box.dir() / "report.json"), nullptr, false);
    if (!doc.is_discarded() && doc.contains("launches") && !doc["launches"].empty()) {
      s.findings = doc["launches"][0]["findings"];
    }
    return s;
  }
  static std::string asm_file(const std::string& name) {
    return std::string(VENTUS_SANITIZE_SOURCE_DIR) + "/" + name;
  }
  static std::string elf(const std::string& stem) {
    return std::string(VENTUS_SANITIZE_ELF_DIR) + "/" + stem + ".elf";
  }
  // An input buffer of the integers 0 .. n-1.
  std::string iota_arg(unsigned n) {
    std::string text;
    for (unsigned i = 0; i < n; ++i) text += fmt::format("{}\n", i);
    box.write_text("iota.txt", text);
    return "--arg buf:in:iota.txt:u32";
  }
  void expect_clean(const Sanitized& s) {
    EXPECT_EQ(s.exit_status, 0) << s.err;
    EXPECT_TRUE(s.findings.empty()) << s.findings.dump(1);
    EXPECT_NE(s.err.find("0 errors, 0 warnings (all)"), std::string::npos) << s.err;
  }
};

// The one finding entry a buggy kernel may report, with `kind`.
const json& only(const Sanitized& s, const std::string& kind, size_t entries = 1) {
  EXPECT_EQ(s.exit_status, 1) << s.err;
  EXPECT_EQ(s.findings.size(), entries) << s.findings.dump(1);
  for (const json& f : s.findings) {
    if (f["kind"] == kind) return f;
  }
  ADD_FAILURE() << "no " << kind << " in " << s.findings.dump(1);
  static const json none =
      json::object({{"count", 0}, {"examples", json::array({json::object()})}});
  return none;
}

void expect_site(const json& site, const std::string& instruction, int work_item, int warp,
                 int lane, const std::string& access) {
  EXPECT_EQ(site.value("instruction", "").rfind(instruction, 0), 0u) << site.dump();
  EXPECT_EQ(site.value("work_item", -2), work_item) << site.dump();
  EXPECT_EQ(site.value("warp", -2), warp) << site.dump();
  EXPECT_EQ(site.value("lane", -2), lane) << site.dump();
  EXPECT_EQ(site.value("access", ""), access) << site.dump();
}

// s[L] = L; s[15 - L] read back without a barrier: every word is written by one work-item and
// read by its mirror in the other warp, in barrier interval 0 (by hand: 8 words where the
// writer is the lower work-item, 8 where the reader is).
TEST_F(SanitizeCli, AssemblyLocalRaceWithoutBarrier) {
  const Sanitized s = run(asm_file("local_swap.s"), "swap_no_barrier", 16, 16,
                          "--arg buf:out:out.bin:64 --arg local:64");
  const json& wr = only(s, "write-read", 2);
  const json& rw = only(s, "read-write", 2);
  EXPECT_EQ(wr["count"], 8);
  EXPECT_EQ(rw["count"], 8);
  const json& e = wr["examples"][0];
  EXPECT_EQ(e["space"], "local");
  EXPECT_EQ(e["interval"], 0);
  EXPECT_NE(e["buffer"].get<std::string>().find("+ 0x0"), std::string::npos) << e.dump();
  expect_site(e["first"], "vsw12.v", 0, 0, 0, "write");
  expect_site(e["second"], "vlw12.v", 15, 1, 7, "read");
  // The same two instructions, the other way round.
  EXPECT_EQ(rw["examples"][0]["first"]["pc"], e["second"]["pc"]);
  EXPECT_EQ(rw["examples"][0]["second"]["pc"], e["first"]["pc"]);
  // s[8]: written by work-item 8, read by work-item 7.
  expect_site(rw["examples"][0]["first"], "vlw12.v", 7, 0, 7, "read");
  expect_site(rw["examples"][0]["second"], "vsw12.v", 8, 1, 0, "write");
}

TEST_F(SanitizeCli, AssemblyLocalSwapWithBarrierIsClean) {
  expect_clean(run(asm_file("local_swap.s"), "swap_barrier", 16, 16,
                   "--arg buf:out:out.bin:64 --arg local:64"));
}

// Four work-groups of two warps: the findings do not depend on the warp order nor on the
// host threads (they follow barrier intervals, not the simulator's order).
TEST_F(SanitizeCli, SameReportUnderEverySchedule) {
  const std::string args = "--arg buf:out:out.bin:256 --arg local:64";
  const Sanitized burst = run(asm_file("local_swap.s"), "swap_no_barrier", 64, 16, args);
  ASSERT_EQ(burst.exit_status, 1) << burst.err;
  for (const std::string extra :
       {"--set run.schedule=random --set run.random_seed=7", "--host-threads 2"}) {
    const Sanitized other = run(asm_file("local_swap.s"), "swap_no_barrier", 64, 16, args, extra);
    EXPECT_EQ(other.findings, burst.findings) << extra;
  }
}

TEST_F(SanitizeCli, UsageErrors) {
  const ToolRun bad =
      box.run(fmt::format("run '{}' --kernel swap_barrier --global 8 --sanitize "
                          "races --arg buf:out:o.bin:32 --arg local:32",
                          asm_file("local_swap.s")));
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_NE(bad.err.find("--sanitize races: unknown sanitizer 'races'"), std::string::npos)
      << bad.err;
  const ToolRun timed =
      box.run(fmt::format("run '{}' --kernel swap_barrier --global 8 --sanitize "
                          "all --timing --arg buf:out:o.bin:32 --arg local:32",
                          asm_file("local_swap.s")));
  EXPECT_EQ(timed.exit_status, 2);
  EXPECT_NE(timed.err.find("run.sanitize needs the functional engine"), std::string::npos)
      << timed.err;
}

// 16 work-items in two 8-lane warps: each warp adds v3, which none of its instructions wrote,
// once (reported once per warp and register): lanes 0..7, mask 0xff.
TEST_F(SanitizeCli, AssemblyUnwrittenVectorRegister) {
  const Sanitized s =
      run(asm_file("vreg.s"), "read_unwritten_vreg", 16, 16, "--arg buf:out:out.bin:64");
  const json& f = only(s, "uninitialised register");
  EXPECT_EQ(f["check"], "init");
  EXPECT_EQ(f["count"], 2);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["register"], "v3");
  EXPECT_EQ(e["mask"], 0xff);
  expect_site(e["first"], "vadd.vv", -1, 0, -1, "read");
  EXPECT_NE(s.err.find("uninitialised register v3 read at pc"), std::string::npos) << s.err;
}

TEST_F(SanitizeCli, AssemblyWrittenVectorRegisterIsClean) {
  expect_clean(run(asm_file("vreg.s"), "read_written_vreg", 16, 16, "--arg buf:out:out.bin:64"));
}

#if VENTUS_SANITIZE_HAVE_CC

// Tree reduction whose steps are not separated by barriers: in step `stride`, work-item L
// reads s[L + stride], which work-item L + stride wrote in the step before (one interval):
// the seven words s[1..7], each read by a lower work-item than its writer. ventus cc unrolls
// the loop, so the pairs come from one pc pair per step (s[4..7], s[2..3], s[1]).
TEST_F(SanitizeCli, OpenclReductionWithoutBarrier) {
  const Sanitized s = run(elf("race_local"), "reduce_no_barrier", 16, 16,
                          iota_arg(16) + " --arg buf:out:out.bin:4 --arg local:64");
  EXPECT_EQ(s.exit_status, 1) << s.err;
  unsigned total = 0;
  for (const json& entry : s.findings) {
    EXPECT_EQ(entry["kind"], "read-write") << entry.dump();
    total += entry["count"].get<unsigned>();
  }
  EXPECT_EQ(total, 7u) << s.findings.dump(1);
  ASSERT_FALSE(s.findings.empty());
  const json& e = s.findings[0]["examples"][0];
  EXPECT_EQ(e["space"], "local");
  EXPECT_EQ(e["interval"], 1);  // after the barrier that publishes x
  EXPECT_NE(e["buffer"].get<std::string>().find("+ 0x4"), std::string::npos) << e.dump();
  EXPECT_EQ(e["first"]["work_item"], 0);
  EXPECT_EQ(e["first"]["access"], "read");
  EXPECT_EQ(e["second"]["work_item"], 1);
  EXPECT_EQ(e["second"]["access"], "write");
}

TEST_F(SanitizeCli, OpenclReductionWithBarrierIsClean) {
  expect_clean(run(elf("race_local"), "reduce_barrier", 32, 16,
                   iota_arg(32) + " --arg buf:out:out.bin:8 --arg local:64"));
}

// Work-item 0 of each of 4 work-groups writes its group id to out[0]: one word written by
// work-groups 0 and 1 (the two smallest) with different values, a race between work-groups.
TEST_F(SanitizeCli, OpenclTwoWorkGroupsWriteOneElement) {
  const Sanitized s = run(elf("race_global"), "one_element", 32, 8, "--arg buf:out:out.bin:16");
  const json& f = only(s, "write-write");
  EXPECT_EQ(f["count"], 1);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["space"], "global");
  EXPECT_FALSE(e.contains("interval"));  // between work-groups
  EXPECT_NE(e["buffer"].get<std::string>().find("+ 0x0"), std::string::npos) << e.dump();
  EXPECT_EQ(e["first"]["work_group"], 0);
  EXPECT_EQ(e["second"]["work_group"], 1);
  // ventus cc stores the uniform value with a scalar sw under work-item 0's mask: the access
  // of warp 0 as a whole.
  expect_site(e["first"], "sw", -1, 0, -1, "write");
  expect_site(e["second"], "sw", -1, 0, -1, "write");
  EXPECT_EQ(e["first"]["pc"], e["second"]["pc"]);
}

TEST_F(SanitizeCli, OpenclOwnElementPerWorkGroupIsClean) {
  expect_clean(run(elf("race_global"), "own_element", 32, 8, "--arg buf:out:out.bin:16"));
}

TEST_F(SanitizeCli, OpenclHistogramWithAtomicsIsClean) {
  expect_clean(run(elf("histogram"), "histogram_atomic", 32, 16,
                   iota_arg(32) + " --arg buf:out:bins.bin:16"));
}

// x = 0..7 in one work-group: bin b is read and written by work-items b and b + 4 (both store
// the same value, but each read races with the other's write): four words, lower item writes.
TEST_F(SanitizeCli, OpenclHistogramPlainReadModifyWrite) {
  const Sanitized s =
      run(elf("histogram"), "histogram_plain", 8, 8, iota_arg(8) + " --arg buf:out:bins.bin:16");
  const json& f = only(s, "write-read");
  EXPECT_EQ(f["count"], 4);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["space"], "global");
  EXPECT_EQ(e["interval"], 0);
  EXPECT_EQ(e["first"]["work_item"], 0);
  EXPECT_EQ(e["first"]["access"], "write");
  EXPECT_EQ(e["second"]["work_item"], 4);
  EXPECT_EQ(e["second"]["access"], "read");
}

// Work-items 0..7 wrote s[0..7]; after the barrier work-item L reads s[15 - L]: work-items
// 0..7 read the never-written s[15..8]; findings in address order: s[8] (offset 0x20), which
// work-item 7 read, first.
TEST_F(SanitizeCli, OpenclUninitialisedLocalRead) {
  const Sanitized s =
      run(elf("init_local"), "read_unwritten", 16, 16, "--arg buf:out:out.bin:64 --arg local:64");
  const json& f = only(s, "uninitialised read");
  EXPECT_EQ(f["check"], "init");
  EXPECT_EQ(f["count"], 8);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["space"], "local");
  EXPECT_NE(e["buffer"].get<std::string>().find("+ 0x20"), std::string::npos) << e.dump();
  EXPECT_EQ(e["first"]["work_item"], 7);
  EXPECT_EQ(e["first"]["access"], "read");
}

TEST_F(SanitizeCli, OpenclWrittenLocalReadIsClean) {
  expect_clean(
      run(elf("init_local"), "read_written", 16, 16, "--arg buf:out:out.bin:64 --arg local:64"));
}

// One warp of 8 work-items; only 0..3 reach the barrier: active mask 0x0f.
TEST_F(SanitizeCli, OpenclBarrierInDivergentBranch) {
  const Sanitized s = run(elf("sync"), "barrier_divergent", 8, 8, "--arg buf:out:out.bin:32");
  const json& f = only(s, "divergent barrier");
  EXPECT_EQ(f["check"], "sync");
  EXPECT_EQ(f["count"], 1);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["mask"], 0x0f);
  expect_site(e["first"], "barrier", -1, 0, -1, "barrier");
}

// Warp 1 (work-items 8..15) returns before the barrier warp 0 waits at.
TEST_F(SanitizeCli, OpenclWarpEndsBeforeBarrier) {
  const Sanitized s =
      run(elf("sync"), "return_early", 16, 16, "--arg buf:out:out.bin:64 --arg local:64");
  const json& f = only(s, "ended before barrier");
  EXPECT_EQ(f["count"], 1);
  const json& e = f["examples"][0];
  expect_site(e["first"], "barrier", -1, 0, -1, "barrier");
  expect_site(e["second"], "endprg", -1, 1, -1, "endprg");
}

TEST_F(SanitizeCli, OpenclUniformBarrierIsClean) {
  expect_clean(
      run(elf("sync"), "barrier_uniform", 16, 16, "--arg buf:out:out.bin:64 --arg local:64"));
}

// out[i] += x[i] on 16 work-items in two work-groups of 8, out a `buf:out` (no data from the
// host): every work-item reads its own never-written word, one finding per word, the first
// at out + 0 by work-item 0 of work-group 0.
TEST_F(SanitizeCli, OpenclUninitialisedGlobalRead) {
  const Sanitized s =
      run(elf("init_global"), "accumulate", 16, 8, iota_arg(16) + " --arg buf:out:out.bin:64");
  const json& f = only(s, "uninitialised read");
  EXPECT_EQ(f["check"], "init");
  EXPECT_EQ(f["count"], 16);
  const json& e = f["examples"][0];
  EXPECT_EQ(e["space"], "global");
  EXPECT_EQ(e["interval"], 0);
  EXPECT_NE(e["buffer"].get<std::string>().find("'buffer 1'"), std::string::npos) << e.dump();
  EXPECT_NE(e["buffer"].get<std::string>().find("+ 0x0"), std::string::npos) << e.dump();
  expect_site(e["first"], "vl", 0, 0, 0, "read");
  EXPECT_EQ(e["first"]["work_group"], 0);
}

// The same kernel when the host wrote out (`buf:inout`) is clean.
TEST_F(SanitizeCli, OpenclHostWrittenGlobalReadIsClean) {
  std::string zeros;
  for (int i = 0; i < 16; ++i) zeros += "0\n";
  box.write_text("out.txt", zeros);
  expect_clean(
      run(elf("init_global"), "accumulate", 16, 8, iota_arg(16) + " --arg buf:inout:out.txt:u32"));
}

#endif

}  // namespace
}  // namespace ventus::testing
