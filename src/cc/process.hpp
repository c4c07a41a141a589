// Runs a program (clang-16) as a subprocess with standard input, output and error as strings.
#pragma once

#include <string>
#include <vector>

#include "common/result.hpp"

namespace ventus::cc {

struct ProcessResult {
  int exit_code = -1;  // the program's exit status; -1 when a signal or the time limit ended it
  std::string out;
  std::string err;
  bool timed_out = false;
};

// Starts `argv[0]` (an absolute path: no PATH search) with `argv`, writes `input` to its
// standard input and collects its output until it exits or `timeout_seconds` pass (then it is
// killed). An Error only when the program could not be started.
Result<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  unsigned timeout_seconds);

}  // namespace ventus::cc
