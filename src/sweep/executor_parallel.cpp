// The GNU parallel executor: the point list and a joblog in OUT/parallel/, then `parallel`
// runs `ventus sweep run-point OUT {}` on this host or the --sshlogin hosts.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "sweep/executors.hpp"
#include "sweep/subprocess.hpp"

namespace ventus::sweep {
namespace {
namespace fs = std::filesystem;

// Every index of the plan, one per line, so that a joblog's sequence numbers keep naming the
// same points from one call to the next (parallel --resume-failed matches them by number).
Status write_point_list(const fs::path& file, const Plan& plan) {
  std::ofstream list(file, std::ios::trunc);
  for (const Point& point : plan.points) list << point.index << '\n';
  list.flush();
  if (!list) return Error{fmt::format("cannot write '{}'", file.string())};
  return ok_status();
}

std::vector<std::string> parallel_command(const ExecutorOptions& options, const fs::path& dir,
                                          bool resume_joblog) {
  std::vector<std::string> argv{"parallel", "--will-cite",
                                "--halt",   "never",
                                "--jobs",   std::to_string(options.jobs),
                                "--joblog", (dir / "joblog").string()};
  if (resume_joblog) argv.push_back("--resume-failed");
  for (const std::string& login : options.ssh_logins)
    argv.insert(argv.end(), {"--sshlogin", login});
  argv.insert(argv.end(), {options.ventus, "sweep", "run-point", options.out, "{}"});
  for (const std::string& a : policy_args(options.policy)) argv.push_back(a);
  argv.insert(argv.end(), {"::::", (dir / "points.txt").string()});
  return argv;
}

}  // namespace

Result<ExecutorEnd> run_parallel(const Plan& plan, const ExecutorOptions& options) {
  const fs::path dir = fs::path(options.out) / "parallel";
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) return Error{fmt::format("cannot create '{}': {}", dir.string(), error.message())};
  if (auto s = write_point_list(dir / "points.txt", plan); !s) return s.error();
  // --force and --rerun-failed rerun points the joblog says succeeded: start a new joblog.
  const bool has_joblog = fs::exists(dir / "joblog", error);
  if (has_joblog && options.policy != RerunPolicy::Resume) {
    fs::rename(dir / "joblog", dir / "joblog.old", error);
  }
  const auto argv =
      parallel_command(options, dir, has_joblog && options.policy == RerunPolicy::Resume);
  {
    std::ofstream script(dir / "command");
    for (const std::string& word : argv) script << (word == "{}" ? word : "'" + word + "'") << ' ';
    script << '\n';
  }
  auto end = run_command(argv);
  if (!end)
    return Error{fmt::format("{} (GNU parallel: Debian package 'parallel')", end.error().message)};
  if (end->interrupted) return ExecutorEnd::Interrupted;
  // run-point exits 0 whenever it recorded its point, whatever the point's status: a
  // non-zero count of failed jobs means points that could not be recorded.
  if (end->status != 0) {
    return Error{
        fmt::format("parallel: {} job(s) could not record their point (see {} and the "
                    "messages above); run again to retry them",
                    end->status, (dir / "joblog").string())};
  }
  return ExecutorEnd::Finished;
}

}  // namespace ventus::sweep
