// The exit-status table of the README (issue 13 item 12): 0 success, 1 guest fault or failed
// check, 2 usage or input error; --version, help and unknown sub-commands.
#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

constexpr std::string_view kHostileTag = "ventus_hostile_exit";

TEST(HostileExit, VersionPrintsTheProjectVersion) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run("--version");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("^ventus [0-9]+\\.[0-9]+\\.[0-9]+\n$"))) << r.out;
}

TEST(HostileExit, AnUnknownSubCommandIsNamedWithASuggestion) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run("rn x.s");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err,
            "ventus: unknown sub-command 'rn' (did you mean 'run'?); run 'ventus help' for the "
            "list\n");
  const ToolRun far = box.run("frobnicate");
  EXPECT_EQ(far.exit_status, 2);
  EXPECT_NE(far.err.find("unknown sub-command 'frobnicate'; run 'ventus help'"), std::string::npos)
      << far.err;
}

TEST(HostileExit, HelpListsTheSubCommandsAndDescribesOne) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun all = box.run("help");
  EXPECT_EQ(all.exit_status, 0) << all.err;
  for (const char* sub : {"objdump", "as", "logdiff", "case", "bench", "run", "demo", "config"}) {
    EXPECT_NE(all.out.find(std::string("  ") + sub), std::string::npos) << sub << "\n" << all.out;
  }
  const ToolRun run = box.run("help run");
  EXPECT_EQ(run.exit_status, 0) << run.err;
  EXPECT_NE(run.out.find("--max-instructions"), std::string::npos) << run.out;
  const ToolRun unknown = box.run("help nope");
  EXPECT_EQ(unknown.exit_status, 2);
  EXPECT_NE(unknown.err.find("unknown sub-command 'nope'"), std::string::npos) << unknown.err;
}

// CLI11's own codes (105, 106, 109, ...) were leaking out as exit statuses.
TEST(HostileExit, EveryUsageErrorExitsTwoAndHelpExitsZero) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  for (const char* args :
       {"", "run", "run k.s --kernel k", "case", "case d --no-such-option", "as", "as x.s",
        "logdiff a", "bench --iterations x", "demo -t 3", "config --set", "objdump -d"}) {
    const ToolRun r = box.run(args);
    EXPECT_EQ(r.exit_status, 2) << "ventus " << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
  for (const char* args : {"--help", "run --help", "case --help"}) {
    const ToolRun r = box.run(args);
    EXPECT_EQ(r.exit_status, 0) << "ventus " << args << "\n" << r.err;
  }
}

// An input error is 2 everywhere, not 1 ("guest fault or failed check").
TEST(HostileExit, InputErrorsExitTwoAndChecksThatFailExitOne) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  box.write_text("bad.s", "    addi a0, a0\n");
  EXPECT_EQ(box.run("as bad.s -o bad.elf").exit_status, 2);
  box.write_text("not.elf", "hello\n");
  EXPECT_EQ(box.run("objdump -d not.elf").exit_status, 2);
  box.write_text("a.log", "core   0: 0x80000000 (0x00000013) nop\n");
  box.write_text("b.log", "core   0: 0x80000004 (0x00000013) nop\n");
  EXPECT_EQ(box.run("logdiff a.log b.log").exit_status, 1);  // a failed check
  EXPECT_EQ(box.run("logdiff a.log a.log").exit_status, 0);
}

// Also (issue 13): whatever escapes a sub-command is reported with status 2, never an abort.
// Memory exhaustion is the exception any input can cause: under a 200 MB address-space limit,
// assembling 3 million lines throws std::bad_alloc, reported as such, not as an internal error
// (issue 54).
TEST(HostileExit, AnExceptionIsAnInternalErrorNotAnAbort) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#endif
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  std::string big;
  for (int i = 0; i < 3'000'000; ++i) big += "    nop\n";
  box.write_text("big.s", big);
  const fs::path err = box.dir() / "limited.err";
  const std::string command = "ulimit -v 200000; cd '" + box.dir().string() + "' && '" +
                              VENTUS_TOOL + "' as big.s -o big.elf 2> '" + err.string() + "'";
  const int status = std::system(("sh -c \"" + command + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "the tool did not exit normally (signal)";
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(ToolSandbox::slurp(err), "ventus: out of host memory (std::bad_alloc)\n");
}

}  // namespace
}  // namespace ventus::testing::sim_cli
