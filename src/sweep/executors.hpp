// Executors (docs/sweeps.md "Executors"): thin adapters that run `ventus sweep run-point OUT
// INDEX` for the points still to run, on a local pool, GNU parallel or a Slurm job array.
#pragma once

#include <string>
#include <vector>

#include "common/result.hpp"
#include "sweep/manifest.hpp"

namespace ventus::sweep {

struct ExecutorOptions {
  std::string out;     // absolute
  std::string ventus;  // absolute path of the binary points run with
  RerunPolicy policy = RerunPolicy::Resume;
  unsigned jobs = 1;  // local, parallel: points at once
  bool progress_bar = false;
  std::vector<std::string> ssh_logins;  // parallel: --sshlogin
  // slurm
  unsigned max_running = 0;  // %K of --array, 0 = no bound
  std::string partition, time, memory, account;
  bool dry_run = false;
};

enum class ExecutorEnd { Finished, Interrupted, Submitted };

// Indices of the points the policy runs, in plan order.
std::vector<size_t> points_to_run(const Plan& plan, const ExecutorOptions& options);
// run-point's arguments after OUT INDEX that carry the policy ("--force", "--rerun-failed").
std::vector<std::string> policy_args(RerunPolicy policy);

Result<ExecutorEnd> run_local(const Plan& plan, const ExecutorOptions& options);
Result<ExecutorEnd> run_parallel(const Plan& plan, const ExecutorOptions& options);
Result<ExecutorEnd> run_slurm(const Plan& plan, const ExecutorOptions& options);

}  // namespace ventus::sweep
