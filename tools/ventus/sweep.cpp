// `ventus sweep plan|run|run-point|status|collect`: design-space sweeps (docs/sweeps.md);
// parses options and calls src/sweep/.
#include <unistd.h>

#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "sweep/collect.hpp"
#include "sweep/executors.hpp"
#include "sweep/run_point.hpp"

namespace ventus::tools {
namespace {

namespace fs = std::filesystem;
using namespace ventus::sweep;

constexpr int kInputError = 2;
constexpr int kInterrupted = 130;  // the shell's status for a process stopped by SIGINT

struct SweepCliOptions {
  std::string file, out, executor = "local";
  bool json = false, resume = true, rerun_failed = false, force = false;
  size_t index = 0;
  ExecutorOptions exec;
};

// What identifies this build in every point's hash: version and the commit it was
// configured from (tools/ventus/CMakeLists.txt).
std::string build_id() {
  return fmt::format("{} (commit {})", VENTUS_VERSION, VENTUS_GIT_COMMIT);
}

std::string this_binary() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? "ventus" : self.string();
}

int fail(std::string_view what, const Error& error) {
  fmt::print(stderr, "ventus sweep {}: {}\n", what, error.message);
  return kInputError;
}

Result<Plan> plan_of(const std::string& file) {
  auto spec = load_sweep_file(file, demo_kernel_names());
  if (!spec) return spec.error();
  return make_plan(*spec, build_id());
}

int run_plan(const SweepCliOptions& o) {
  auto plan = plan_of(o.file);
  if (!plan) return fail("plan", plan.error());
  if (o.json) {
    fmt::print("{}\n", plan_json(*plan).dump(1));
    return 0;
  }
  for (const Point& p : plan->points)
    fmt::print("{:>5}  {}  {}\n", p.index, p.hash, point_label(p));
  fmt::print("{} points; build {}\n", plan->points.size(), plan->build);
  return 0;
}

void print_progress(const std::string& out, const Plan& plan) {
  const SweepProgress p = sweep_progress(out, plan);
  std::string statuses;
  for (const auto& [status, count] : p.by_status)
    statuses += fmt::format("{}{} {}", statuses.empty() ? "" : ", ", status, count);
  fmt::print("{}: {} points: {} done, {} failed, {} incomplete, {} missing{}\n", out,
             plan.points.size(), p.done, p.failed, p.incomplete, p.missing,
             statuses.empty() ? "" : " (" + statuses + ")");
}

int collect_and_report(const std::string& out, const Plan& plan) {
  if (auto s = collect(out, plan); !s) return fail("collect", s.error());
  print_progress(out, plan);
  fmt::print("results: {0}/results.csv, {0}/results.sqlite\n", out);
  const SweepProgress p = sweep_progress(out, plan);
  return p.failed + p.incomplete + p.missing == 0 ? 0 : 1;
}

RerunPolicy policy_of(const SweepCliOptions& o) {
  return o.force          ? RerunPolicy::Force
         : o.rerun_failed ? RerunPolicy::RerunFailed
                          : RerunPolicy::Resume;
}

int run_sweep(SweepCliOptions o) {
  auto plan = plan_of(o.file);
  if (!plan) return fail("run", plan.error());
  o.exec.out = fs::absolute(o.out).lexically_normal().string();
  o.exec.ventus = this_binary();
  o.exec.policy = policy_of(o);
  o.exec.progress_bar = isatty(2) != 0;
  if (auto prepared = prepare_output(o.exec.out, *plan); !prepared)
    return fail("run", prepared.error());
  auto end = o.executor == "parallel" ? run_parallel(*plan, o.exec)
             : o.executor == "slurm"  ? run_slurm(*plan, o.exec)
                                      : run_local(*plan, o.exec);
  if (!end) return fail("run", end.error());
  if (*end == ExecutorEnd::Submitted) return 0;
  if (*end == ExecutorEnd::Interrupted) {
    // The finished points stay usable: they are in the results already.
    if (auto s = collect(o.exec.out, *plan); !s) return fail("collect", s.error());
    print_progress(o.out, *plan);
    fmt::print(stderr, "ventus sweep run: interrupted; the same command resumes\n");
    return kInterrupted;
  }
  return collect_and_report(o.out, *plan);
}

int run_one_point(const SweepCliOptions& o) {
  auto outcome = run_point({fs::absolute(o.out).string(), o.index, policy_of(o), this_binary()});
  if (!outcome) return fail("run-point", outcome.error());
  return *outcome == RunPointOutcome::Interrupted ? kInterrupted : 0;
}

int show_status(const SweepCliOptions& o) {
  auto plan = load_plan(o.out);
  if (!plan) return fail("status", plan.error());
  print_progress(o.out, *plan);
  const SweepProgress p = sweep_progress(o.out, *plan);
  return p.incomplete + p.missing == 0 ? 0 : 1;
}

int run_collect(const SweepCliOptions& o) {
  auto plan = load_plan(o.out);
  if (!plan) return fail("collect", plan.error());
  return collect_and_report(o.out, *plan);
}

void add_policy_flags(CLI::App& cmd, SweepCliOptions& o) {
  cmd.add_flag("--resume", o.resume, "run only the points without a final manifest (the default)");
  auto* rerun =
      cmd.add_flag("--rerun-failed", o.rerun_failed, "run again the points whose status is not ok");
  cmd.add_flag("--force", o.force, "run every point again")->excludes(rerun);
}

void add_run_options(CLI::App& cmd, SweepCliOptions& o) {
  cmd.add_option("FILE", o.file, "sweep file (TOML)")->required();
  cmd.add_option("-o,--out", o.out, "output folder (created; resumed when it holds this sweep)")
      ->required();
  cmd.add_option("--executor", o.executor, "local (default), parallel (GNU parallel) or slurm")
      ->check(CLI::IsMember({"local", "parallel", "slurm"}));
  o.exec.jobs = std::max(1u, std::thread::hardware_concurrency());
  cmd.add_option("-j,--jobs", o.exec.jobs, "local, parallel: points at once (default: the cores)")
      ->check(CLI::Range(1u, 4096u));
  add_policy_flags(cmd, o);
  cmd.add_option("--sshlogin", o.exec.ssh_logins,
                 "parallel: hosts sharing the output folder (GNU parallel --sshlogin)");
  cmd.add_option("--max-running", o.exec.max_running,
                 "slurm: array tasks running at once (--array=...%K)");
  cmd.add_option("--partition", o.exec.partition, "slurm: sbatch --partition");
  cmd.add_option("--time", o.exec.time, "slurm: sbatch --time of each task");
  cmd.add_option("--mem", o.exec.memory, "slurm: sbatch --mem of each task");
  cmd.add_option("--account", o.exec.account, "slurm: sbatch --account");
  cmd.add_flag("--dry-run", o.exec.dry_run, "slurm: write the job scripts, do not submit them");
}

}  // namespace

void register_sweep(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<SweepCliOptions>();
  CLI::App* sweep = app.add_subcommand(
      "sweep", "Design-space sweeps: plan, run (local, GNU parallel, Slurm), status, collect");
  sweep->require_subcommand(1);
  CLI::App* plan =
      sweep->add_subcommand("plan", "Print the points of a sweep file and their count");
  plan->add_option("FILE", o->file, "sweep file (TOML)")->required();
  plan->add_flag("--json", o->json, "print the plan as JSON");
  plan->callback([o, &exit_status] { exit_status = run_plan(*o); });
  CLI::App* run =
      sweep->add_subcommand("run", "Run the points still to run, then collect the results");
  add_run_options(*run, *o);
  run->callback([o, &exit_status] { exit_status = run_sweep(*o); });
  CLI::App* point =
      sweep->add_subcommand("run-point", "Run one point of a planned sweep (what executors start)");
  point->add_option("OUT", o->out, "output folder of the sweep")->required();
  point->add_option("INDEX", o->index, "point index (ventus sweep plan)")->required();
  add_policy_flags(*point, *o);
  point->callback([o, &exit_status] { exit_status = run_one_point(*o); });
  CLI::App* status = sweep->add_subcommand(
      "status", "Count done, failed, incomplete and missing points from the manifests");
  status->add_option("OUT", o->out, "output folder of the sweep")->required();
  status->callback([o, &exit_status] { exit_status = show_status(*o); });
  CLI::App* collect_cmd =
      sweep->add_subcommand("collect", "Write OUT/results.csv and OUT/results.sqlite");
  collect_cmd->add_option("OUT", o->out, "output folder of the sweep")->required();
  collect_cmd->callback([o, &exit_status] { exit_status = run_collect(*o); });
}

}  // namespace ventus::tools
