// Input files of every tool (issue 13 items 3, 4, 9, 13): directories, devices and pipes are
// refused without reading, '-' is standard input, and hostile text ends with a short error.
#include <sys/stat.h>

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

constexpr std::string_view kHostileTag = "ventus_hostile_inputs";

void expect_refused(const ToolRun& r, const std::string& what, const std::string& command) {
  EXPECT_EQ(r.exit_status, 2) << command << "\n" << r.out << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << command << "\n" << r.err;
  EXPECT_LT(r.err.size(), 600u) << command;
}

std::string kernel_run(const std::string& file) {
  return "run " + file + " --kernel add_scaled --global 8";
}

// A directory was read as an empty file, /dev/zero grew memory without bound, a directory
// given to `run` threw std::ios_failure; a FIFO without a writer would block forever.
TEST(HostileInputs, DirectoriesDevicesAndPipesAreRefusedByEveryTool) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  fs::create_directories(box.dir() / "dir");
  ASSERT_EQ(::mkfifo((box.dir() / "fifo").c_str(), 0600), 0);
  const std::string add_scaled = quoted(source_path("tests/runtime_kernels/add_scaled.s"));
  const std::string a = quoted(source_path("tests/runtime_kernels/a.txt"));
  box.write_text("a.log", "core   0: 0x80000000 (0x00000013) nop\n");
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"dir", "is a directory, not a regular file"},
      {"/dev/zero", "is a device, not a regular file"},
      {"fifo", "is a pipe, not a regular file"},
  };
  for (const auto& [path, why] : inputs) {
    for (const std::string& command :
         {"as " + path + " -o x.elf", kernel_run(path), "objdump -d " + path,
          kernel_run(add_scaled) + " --arg buf:in:" + path, "config --config " + path,
          kernel_run(add_scaled) + " --config " + path, "logdiff a.log " + path,
          "logdiff " + path + " a.log"}) {
      expect_refused(box.run(command), "'" + path + "' " + why, command);
    }
  }
}

TEST(HostileInputs, AMissingInputIsNamedWithTheReason) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  expect_refused(box.run("as missing.s -o x.elf"),
                 "cannot open source file 'missing.s' (No such file or directory)", "as");
  expect_refused(box.run(kernel_run("missing.s")),
                 "cannot open kernel file 'missing.s' (No such file or directory)", "run");
}

TEST(HostileInputs, DashIsStandardInputForSourcesKernelsBuffersAndLogs) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string source = ToolSandbox::slurp(source_path("tests/runtime_kernels/add_scaled.s"));
  const ToolRun as = box.run("as - -o k.elf", source);
  EXPECT_EQ(as.exit_status, 0) << as.err;
  EXPECT_TRUE(fs::exists(box.dir() / "k.elf"));
  const ToolRun run =
      box.run("run - --kernel add_scaled --global 8 --arg buf:in:" +
                  quoted(source_path("tests/runtime_kernels/a.txt")) +
                  " --arg buf:in:" + quoted(source_path("tests/runtime_kernels/b.txt")) +
                  " --arg buf:out:c.txt:32 --arg "
                  "i32:2",
              source);
  EXPECT_EQ(run.exit_status, 0) << run.err;
  // An input buffer from standard input, typed as text: the same result as the file.
  const ToolRun typed =
      box.run("run k.elf --kernel add_scaled --global 8 --arg buf:in:-:i32 --arg buf:in:" +
                  quoted(source_path("tests/runtime_kernels/b.txt")) +
                  " --arg buf:out:d.txt:32 --arg "
                  "i32:2",
              ToolSandbox::slurp(source_path("tests/runtime_kernels/a.txt")));
  EXPECT_EQ(typed.exit_status, 0) << typed.err;
  EXPECT_EQ(ToolSandbox::slurp(box.dir() / "d.txt"), ToolSandbox::slurp(box.dir() / "c.txt"));
  box.write_text("a.log", "core   0: 0x80000000 (0x00000013) nop\n");
  const ToolRun diff = box.run("logdiff a.log -", "core   0: 0x80000000 (0x00000013) nop\n");
  EXPECT_EQ(diff.exit_status, 0) << diff.out << diff.err;
  expect_refused(box.run("logdiff - -"), "only one of A and B", "logdiff - -");
}

// Item 3: a 30 000-term chain overflowed the stack through recursion (also via `run`).
TEST(HostileInputs, LongOperatorChainsAssembleThroughAsAndRun) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  std::string chain = "0";
  for (int i = 0; i < 30000; ++i) chain += "+0";
  std::string source = ToolSandbox::slurp(source_path("tests/runtime_kernels/add_scaled.s"));
  source += "    .equ ZERO, " + chain + "\n    .word " + chain + "*1<<1|0\n";
  box.write_text("chain.s", source);
  const ToolRun as = box.run("as chain.s -o chain.elf");
  EXPECT_EQ(as.exit_status, 0) << as.err;
  const ToolRun run =
      box.run("run chain.s --kernel add_scaled --global 8 --arg buf:in:" +
              quoted(source_path("tests/runtime_kernels/a.txt")) +
              " --arg buf:in:" + quoted(source_path("tests/runtime_kernels/b.txt")) +
              " --arg buf:out:c.bin:32 --arg i32:2");
  EXPECT_EQ(run.exit_status, 0) << run.err;
}

// Item 9: '/*' without '*/' silently swallowed the rest of the file.
TEST(HostileInputs, AnUnterminatedCommentIsAnErrorAtItsStart) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  box.write_text("open.s", "    nop\n  /* never closed\n    .word 1\n");
  const ToolRun r = box.run("as open.s -o open.elf");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("open.s:2:3: error: unterminated comment: '/*' without '*/'"),
            std::string::npos)
      << r.err;
}

// Item 13: CRLF logs, a megabyte-long bad line, --max-diffs 0.
TEST(HostileInputs, LogdiffTakesCrlfLogsAndKeepsErrorsShort) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  box.write_text("lf.log",
                 "core   0: 0x80000000 (0x00000013) nop\n"
                 "core   0: 0x80000004 (0x00000013) nop\n");
  box.write_text("crlf.log",
                 "core   0: 0x80000000 (0x00000013) nop\r\n"
                 "core   0: 0x80000004 (0x00000013) nop\r\n");
  const ToolRun same = box.run("logdiff lf.log crlf.log");
  EXPECT_EQ(same.exit_status, 0) << same.out << same.err;
  box.write_text("long.log", "core   0: " + std::string(1 << 20, 'x') + "\n");
  const ToolRun long_line = box.run("logdiff lf.log long.log");
  EXPECT_EQ(long_line.exit_status, 2);
  EXPECT_NE(long_line.err.find("long.log:1:"), std::string::npos) << long_line.err.substr(0, 300);
  EXPECT_NE(long_line.err.find("more bytes)"), std::string::npos) << long_line.err.substr(0, 300);
  EXPECT_LT(long_line.err.size(), 400u);
  const ToolRun zero = box.run("logdiff lf.log crlf.log --max-diffs 0");
  EXPECT_EQ(zero.exit_status, 2);
  EXPECT_NE(zero.err.find("--max-diffs"), std::string::npos) << zero.err;
  EXPECT_LT(zero.err.size(), 200u) << zero.err;
}

// Item 13's class: a 1 MB bad line was echoed twice in full by the assembler (message and
// source line) and once by the cases.ini parser; errors now quote a bounded excerpt.
TEST(HostileInputs, AMegabyteLineIsNotEchoedInFull) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string huge(1 << 20, 'x');
  box.write_text("long.s", "    addi a0, a0, " + huge + "\n");
  const ToolRun as = box.run("as long.s -o long.elf");
  EXPECT_EQ(as.exit_status, 2);
  EXPECT_NE(as.err.find("long.s:1:18: error: "), std::string::npos) << as.err.substr(0, 400);
  EXPECT_NE(as.err.find("      addi a0, a0, xxxx"), std::string::npos) << as.err.substr(0, 400);
  EXPECT_NE(as.err.find("xxxx...\n"), std::string::npos) << as.err.substr(0, 400);
  EXPECT_LT(as.err.size(), 1000u);
  const ToolRun run = box.run("run long.s --kernel k --global 8");
  EXPECT_EQ(run.exit_status, 2);
  EXPECT_LT(run.err.size(), 1000u);
  fs::create_directories(box.dir() / "case");
  box.write_text("case/cases.ini", "[case]\n" + huge + "\n");
  const ToolRun ini = box.run("case case");
  EXPECT_EQ(ini.exit_status, 2);
  EXPECT_NE(ini.err.find("cases.ini:2: expected '[name]' or 'Files=...'"), std::string::npos)
      << ini.err.substr(0, 400);
  EXPECT_LT(ini.err.size(), 1000u);
}

// Item 13: `run --log -` wrote a file named '-'.
TEST(HostileInputs, LogDashIsStandardOutput) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(add_scaled_8() + " --log -");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_FALSE(fs::exists(box.dir() / "-"));
  EXPECT_NE(r.out.find("core   0: 0x"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("add_scaled: 1 work-group"), std::string::npos);
}

// An output path that cannot be written failed only after the whole simulation (buffers,
// --stats-json), and a --log path that could not be created was reported as a guest fault
// (exit status 1) and then crashed --stats-json on the missing statistics ("internal error").
TEST(HostileInputs, AnUnwritableOutputIsRefusedBeforeTheRun) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string missing = "no-such-dir/";
  const std::string out_arg = add_scaled_8();
  std::string bad_buffer = out_arg;
  bad_buffer.replace(bad_buffer.find("buf:out:c.bin"), 13, "buf:out:" + missing + "c.bin");
  const std::vector<std::pair<std::string, std::string>> commands = {
      {bad_buffer, "--arg 3 'buf:out:" + missing + "c.bin:32': cannot write output file '" +
                       missing + "c.bin' (No such file or directory)"},
      {out_arg + " --log " + missing + "x.log --stats-json s.json",
       "--log: cannot write log file '" + missing + "x.log' (No such file or directory)"},
      {out_arg + " --stats-json " + missing + "s.json",
       "--stats-json: cannot write statistics file '" + missing + "s.json'"},
      {"demo --stats-json " + missing + "s.json", "--stats-json: cannot write statistics file"},
      {"bench --iterations 1 --stats-json " + missing + "s.json",
       "--stats-json: cannot write statistics file"},
      {"as " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) + " -o .",
       "cannot write output file '.' (Is a directory)"},
  };
  for (const auto& [command, message] : commands) {
    const ToolRun r = box.run(command);
    expect_refused(r, message, command);
    EXPECT_EQ(r.out.find("warp-instr"), std::string::npos) << command << " ran:\n" << r.out;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << command << "\n" << r.err;
  }
  EXPECT_FALSE(fs::exists(box.dir() / "s.json"));
  EXPECT_FALSE(fs::exists(box.dir() / "c.bin"));
}

// A timeline of a warp slot the machine does not have was written silently empty.
TEST(HostileInputs, ATimelineOfAMissingWarpSlotIsAConfigurationError) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string command =
      add_scaled_8() + " --timing --timeline tl.json --set sm.warp_slots=4 --timeline-slots 1,4";
  expect_refused(box.run(command),
                 "run.timeline_slots: warp slot 4 does not exist: sm.warp_slots = 4 (slots 0-3)",
                 command);
  const ToolRun last_slot = box.run(add_scaled_8() +
                                    " --timing --timeline tl.json --set "
                                    "sm.warp_slots=4 --timeline-slots 3");
  EXPECT_EQ(last_slot.exit_status, 0) << last_slot.err;
}

// `--stats-json -` wrote a file named '-' (as `--log -` once did); a timeline cannot share
// standard output with the run's lines, so '-' is refused there rather than made a file.
TEST(HostileInputs, StatsJsonDashIsStandardOutputAndTimelineDashIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(add_scaled_8() + " --stats-json -");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_FALSE(fs::exists(box.dir() / "-"));
  const size_t start = r.out.find("{");
  ASSERT_NE(start, std::string::npos) << r.out;
  EXPECT_LT(r.out.find("add_scaled: 1 work-group"), start) << "the document comes last";
  const json doc = json::parse(r.out.substr(start));
  EXPECT_EQ(doc.at("format"), "ventus-stats");
  EXPECT_EQ(doc.at("launches").size(), 1u);
  expect_refused(box.run(add_scaled_8() + " --timing --timeline -"),
                 "--timeline -: the timeline cannot go to standard output", "--timeline -");
  EXPECT_FALSE(fs::exists(box.dir() / "-"));
}

// `as -o -` wrote a file named '-'; '-' is standard output, as for the other tools' outputs.
TEST(HostileInputs, AsDashOWritesTheElfToStandardOutput) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string source = quoted(source_path("tests/runtime_kernels/add_scaled.s"));
  ASSERT_EQ(box.run("as " + source + " -o k.elf").exit_status, 0);
  const ToolRun piped = box.run("as " + source + " -o -");
  EXPECT_EQ(piped.exit_status, 0) << piped.err;
  EXPECT_FALSE(fs::exists(box.dir() / "-"));
  EXPECT_EQ(piped.out.substr(0, 4),
            "\x7f"
            "ELF");
  EXPECT_TRUE(piped.out == ToolSandbox::slurp(box.dir() / "k.elf"));
}

}  // namespace
}  // namespace ventus::testing::sim_cli
