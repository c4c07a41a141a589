// What a debugger attached to a launch excludes (docs/debugging.md "Limits"), checked where
// runs are configured (`ventus run`, `ventus case`).
#pragma once

#include "common/result.hpp"

namespace ventus::debug {

struct DebuggedRun {
  bool timing = false;      // the cycle model: stops would be at issue, not retirement
  bool ref_compat = false;  // REF's round robin and trap entry
  bool commit_log = false;  // the commit log has its own observer
  bool sanitize = false;    // the sanitizers drive the launch themselves
};

inline Status check_debuggable(const DebuggedRun& run) {
  if (run.timing) {
    return Error{
        "--gdb runs the kernel on the functional engine, one warp-instruction at a "
        "time; drop --timing (a cycle-level debugger is not supported)"};
  }
  if (run.ref_compat) return Error{"--gdb is not available with --ref-compat"};
  if (run.commit_log) return Error{"--gdb and a commit log (--log, --log-dir) exclude each other"};
  if (run.sanitize) return Error{"--gdb and run.sanitize exclude each other"};
  return ok_status();
}

}  // namespace ventus::debug
