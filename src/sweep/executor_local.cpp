// The local executor: a pool of run-point processes, a progress line, a clean Ctrl-C.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <map>
#include <optional>

#include "sweep/executors.hpp"

extern char** environ;

namespace ventus::sweep {
namespace {

// The signal handler's only way to report (async-signal-safe flag of this file).
volatile sig_atomic_t g_interrupted = 0;
void on_interrupt(int) {
  g_interrupted = 1;
}

// Each run-point leads its own process group, so one kill reaches it and its simulation.
Result<pid_t> spawn_run_point(const ExecutorOptions& options, size_t index) {
  std::vector<std::string> words{options.ventus, "sweep", "run-point", options.out,
                                 std::to_string(index)};
  for (const std::string& a : policy_args(options.policy)) words.push_back(a);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int error =
      posix_spawn(&pid, options.ventus.c_str(), nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (error != 0)
    return Error{fmt::format("cannot start '{}': {}", options.ventus, std::strerror(error))};
  return pid;
}

struct Progress {
  size_t total = 0, done = 0, failed = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  void count(const PointRecord& record, bool stopping) {
    if (record.state == PointState::Done) {
      ++done;
      failed += record.status != "ok";
    } else if (!stopping) {
      ++failed;  // run-point could not record it: its message is on standard error
    }
  }

  // "  12/24 points, 1 failed, 2 running, 5.1 points/s, ETA 0:03"
  void draw(size_t running) const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
    const auto eta = rate > 0 ? static_cast<long>(static_cast<double>(total - done) / rate) : 0L;
    fmt::print(stderr,
               "\r\033[K  {}/{} points, {} failed, {} running, {:.1f} points/s, ETA {}:{:02}", done,
               total, failed, running, rate, eta / 60, eta % 60);
  }
};

struct SignalScope {
  struct sigaction old_int {
  }, old_term{};
  SignalScope() {
    g_interrupted = 0;
    struct sigaction action {};
    action.sa_handler = on_interrupt;  // no SA_RESTART: waitpid returns EINTR
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int);
    sigaction(SIGTERM, &action, &old_term);
  }
  ~SignalScope() {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
  }
};

void stop_all(const std::map<pid_t, size_t>& running) {
  for (const auto& [pid, index] : running) kill(-pid, SIGTERM);
}

}  // namespace

Result<ExecutorEnd> run_local(const Plan& plan, const ExecutorOptions& options) {
  std::deque<size_t> pending;
  for (const size_t i : points_to_run(plan, options)) pending.push_back(i);
  Progress progress;
  progress.total = pending.size();
  std::map<pid_t, size_t> running;
  SignalScope signals;
  bool stopping = false;
  std::optional<Error> spawn_error;
  while (!pending.empty() || !running.empty()) {
    while (!stopping && running.size() < options.jobs && !pending.empty()) {
      auto pid = spawn_run_point(options, pending.front());
      if (!pid) {
        spawn_error = pid.error();
        stopping = true;
        stop_all(running);
        break;
      }
      running[*pid] = pending.front();
      pending.pop_front();
    }
    if (options.progress_bar) progress.draw(running.size());
    if (g_interrupted != 0 && !stopping) stopping = true, stop_all(running), pending.clear();
    if (running.empty()) break;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      return Error{fmt::format("wait: {}", std::strerror(errno))};
    }
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    progress.count(read_point(options.out, plan.points[it->second]), stopping);
    running.erase(it);
  }
  if (options.progress_bar) progress.draw(0), fmt::print(stderr, "\n");
  if (spawn_error) return *spawn_error;
  return stopping ? ExecutorEnd::Interrupted : ExecutorEnd::Finished;
}

}  // namespace ventus::sweep
