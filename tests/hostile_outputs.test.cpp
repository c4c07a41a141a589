// Outputs never silently lost and results never misleading (issue 54 items 6-13): every write
// is checked, two outputs never share a file, and a check with nothing to check is no PASS.

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

constexpr std::string_view kTag54 = "ventus_hostile_outputs";

// Item 6: `run` ignored a failed write of its output buffers, timeline and event log (all to
// /dev/full: exit status 0 and no message); each is now an error naming the file.
TEST(HostileOutputs, RunReportsEveryFailedWrite) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this host";
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const std::string run = "run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
                          " --kernel add_scaled --global 8 --arg buf:in:" +
                          quoted(source_path("tests/runtime_kernels/a.txt")) +
                          " --arg buf:in:" + quoted(source_path("tests/runtime_kernels/b.txt"));
  const struct {
    std::string options;
    std::string message;
  } cases[] = {
      {" --arg buf:out:/dev/full:32 --arg i32:2", "cannot write output file '/dev/full'"},
      {" --arg buf:out:c.bin:32 --arg i32:2 --timing --timeline /dev/full",
       "cannot write timeline file '/dev/full'"},
      {" --arg buf:out:c.bin:32 --arg i32:2 --timing --events /dev/full", "event log '/dev/full'"},
  };
  for (const auto& c : cases) {
    const ToolRun r = box.run(run + c.options);
    EXPECT_EQ(r.exit_status, 2) << c.options << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.options << "\n" << r.err;
  }
}

// Item 7: two outputs with one path were accepted and one overwrote the other.
TEST(HostileOutputs, TwoOutputsWithOnePathAreRefusedBeforeTheRun) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const std::string run = "run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
                          " --kernel add_scaled --global 8 --arg buf:in:" +
                          quoted(source_path("tests/runtime_kernels/a.txt")) +
                          " --arg buf:in:" + quoted(source_path("tests/runtime_kernels/b.txt"));
  const struct {
    std::string options;
    std::string message;
  } cases[] = {
      {" --arg buf:out:c.txt:32 --arg i32:2 --timing --timeline x.json --events x.json",
       "--timeline x.json and --events x.json name the same file"},
      {" --arg buf:out:c.txt:32 --arg i32:2 --timing --timeline x.json --stats-json ./x.json",
       "--stats-json ./x.json and --timeline x.json name the same file"},
      {" --arg buf:out:c.txt:32 --arg i32:2 --log c.txt",
       "--log c.txt and --arg 3 c.txt name the same file"},
  };
  for (const auto& c : cases) {
    const ToolRun r = box.run(run + c.options);
    EXPECT_EQ(r.exit_status, 2) << c.options << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.options << "\n" << r.err;
    EXPECT_FALSE(fs::exists(box.dir() / "x.json")) << c.options;
  }
  // /dev/null may take several outputs.
  const ToolRun null = box.run(run +
                               " --arg buf:out:c.txt:32 --arg i32:2 --timing --timeline /dev/null "
                               "--events /dev/null --stats-json /dev/null");
  EXPECT_EQ(null.exit_status, 0) << null.out << null.err;
}

// Item 9: `demo --timeline /dev/null` wrote /dev/null-<kernel> files into /dev, and a name
// without an extension gave kernel files without the .json docs/timeline.md shows.
TEST(HostileOutputs, DemoTimelinesAreNamedBesideRegularFilesOnly) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const auto dev_before = std::distance(fs::directory_iterator("/dev"), fs::directory_iterator());
  const ToolRun null = box.run("demo --timing -t 4 --timeline /dev/null --timeline-cycles 0:1");
  EXPECT_EQ(null.exit_status, 0) << null.out << null.err;
  EXPECT_FALSE(fs::exists("/dev/null-vecadd"));
  EXPECT_FALSE(fs::exists("/dev/null-vecadd.json"));
  EXPECT_EQ(std::distance(fs::directory_iterator("/dev"), fs::directory_iterator()), dev_before);
  const ToolRun named = box.run("demo --timing -t 4 --timeline tl --timeline-cycles 0:1");
  EXPECT_EQ(named.exit_status, 0) << named.out << named.err;
  EXPECT_TRUE(fs::exists(box.dir() / "tl-vecadd.json"));
}

// Item 10: `case --check` of a case with neither expected/ nor ref-logs/ printed PASS.
TEST(HostileOutputs, ACheckWithNothingToCheckIsNoPass) {
  const fs::path from = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(from)) GTEST_SKIP() << "reference case vecadd-4w8t not found under " << from;
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const fs::path dir = box.dir() / "vecadd-4w8t";
  fs::copy(from, dir, fs::copy_options::recursive);
  fs::remove_all(dir / "expected");
  fs::remove_all(dir / "ref-logs");
  const ToolRun r = box.run("case " + quoted(dir) + " --check");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("nothing to check"), std::string::npos) << r.err;
}

// Item 14: a 10 MB launch name was echoed whole in the error.
TEST(HostileOutputs, AnUnknownLaunchNameIsEchoedCut) {
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case vecadd-4w8t not found under " << dir;
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const ToolRun r = box.run("case " + quoted(dir) + " --launches " + std::string(100000, 'x'));
  EXPECT_EQ(r.exit_status, 2) << r.err.substr(0, 300);
  EXPECT_NE(r.err.find("has no launch 'xxx"), std::string::npos) << r.err.substr(0, 300);
  EXPECT_NE(r.err.find("... (99880 more bytes)"), std::string::npos) << r.err.substr(0, 300);
  EXPECT_LT(r.err.size(), 400u);
}

// Item 11: `ventus help bench` listed --timeline and --events, which bench always refuses.
TEST(HostileOutputs, BenchHelpListsOnlyWhatBenchTakes) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const ToolRun help = box.run("bench --help");
  EXPECT_EQ(help.exit_status, 0) << help.err;
  EXPECT_EQ(help.out.find("--timeline"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("--events"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--stats-json"), std::string::npos) << help.out;
}

// Item 12: the default limit of 10^9 warp-instructions let a runaway launch (kernel_size
// 0xffffffff, a loop that never ends) run for minutes; the default, 10^8, stops it.
TEST(HostileOutputs, ARunawayLaunchStopsAtTheDefaultLimit) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  box.write_text("forever.s", R"(
    .text
    .globl forever
    .type forever, @function
forever:
    j       forever
)");
  const ToolRun r = box.run("run forever.s --kernel forever --global 1");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("instruction limit reached: 100000000 warp-instructions"), std::string::npos)
      << r.err;
}

// Item 13: a timeline sampled every cycle wrote 1.5 GB for a 5.4 M-cycle run.
TEST(HostileOutputs, ATimelineSampledMoreOftenThanEvery16CyclesIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const ToolRun r = box.run("config --set run.timeline_sample_cycles=1");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("run.timeline_sample_cycles"), std::string::npos) << r.err;
  EXPECT_EQ(box.run("config --set run.timeline_sample_cycles=16").exit_status, 0);
}

// Item 14: an empty value was taken as not given by some options and refused by others, and a
// bad --host-threads was reported as a --set the user never typed.
TEST(HostileOutputs, OptionValuesAreReportedAsTyped) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  for (const char* option : {"--timeline", "--events", "--stats-json", "--host-threads", "--config",
                             "--timeline-slots"}) {
    const ToolRun r = box.run(std::string("demo --timing ") + option + " ''");
    EXPECT_EQ(r.exit_status, 2) << option << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("empty value"), std::string::npos) << option << "\n" << r.err;
  }
  const ToolRun threads = box.run("demo --host-threads -1");
  EXPECT_EQ(threads.exit_status, 2) << threads.out << threads.err;
  EXPECT_NE(threads.err.find("--host-threads -1: "), std::string::npos) << threads.err;
  EXPECT_EQ(threads.err.find("--set"), std::string::npos) << threads.err;
  // More host threads than TBB runs printed a raw "TBB Warning".
  const ToolRun many = box.run("demo --host-threads 64");
  EXPECT_EQ(many.exit_status, 0) << many.out << many.err;
  EXPECT_EQ(many.err.find("TBB"), std::string::npos) << many.err;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
