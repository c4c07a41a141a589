// A child process with a wall-time limit, an address-space limit and redirected output,
// stoppable by SIGINT/SIGTERM of the parent (POSIX fork/exec; sweeps only).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace ventus::sweep {

struct ChildSpec {
  std::string program;
  std::vector<std::string> args;  // argv[1..]
  std::string directory;          // working directory; stdout.txt and stderr.txt go there
  double time_seconds = 0;        // 0 = none
  uint64_t memory_bytes = 0;      // RLIMIT_AS, 0 = none
};

struct ChildEnd {
  std::optional<int> exit_code;  // it exited
  std::optional<int> signal;     // a signal ended it
  bool timed_out = false;        // we killed it at the time limit
  bool interrupted = false;      // SIGINT or SIGTERM reached us while it ran; we killed it
  bool exec_failed_no_memory = false;
  double seconds = 0;
  uint64_t max_rss_kib = 0;
};

// Runs the child to its end. SIGINT and SIGTERM are caught while it runs (and restored
// after), so that this process outlives its child and can decide what to record.
Result<ChildEnd> run_child(const ChildSpec& spec);

}  // namespace ventus::sweep

namespace ventus::sweep {

struct CommandEnd {
  int status = 0;      // exit status, 128 + N for signal N
  std::string output;  // standard output when captured
  bool interrupted = false;
};

// Runs a program found on PATH in the foreground (its output goes to ours unless captured)
// and waits; SIGINT or SIGTERM to this process is passed on to it as SIGTERM.
Result<CommandEnd> run_command(const std::vector<std::string>& argv, bool capture_output = false);

}  // namespace ventus::sweep
