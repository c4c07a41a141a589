// fork/exec with limits: the child's rlimit and redirections, the parent's timed wait.
#include "sweep/subprocess.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;

namespace ventus::sweep {
namespace {

// The one place a signal handler can report to: a flag of this translation unit, read by
// the waiting loop (async-signal-safe; no other state is shared).
volatile sig_atomic_t g_stop_requested = 0;
void request_stop(int) {
  g_stop_requested = 1;
}

// In the child between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(const ChildSpec& spec, char* const* argv) {
  if (chdir(spec.directory.c_str()) != 0) _exit(127);
  const int out = open("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = open("stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
  const int in = open("/dev/null", O_RDONLY);
  if (in >= 0) dup2(in, 0);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  if (spec.memory_bytes != 0) {
    const rlimit limit{spec.memory_bytes, spec.memory_bytes};
    setrlimit(RLIMIT_AS, &limit);
  }
  execv(spec.program.c_str(), argv);
  const int code = errno == ENOMEM ? 126 : 127;
  const char message[] = "ventus sweep: exec failed\n";
  [[maybe_unused]] auto n = write(2, message, sizeof message - 1);
  _exit(code);
}

struct SignalGuard {
  struct sigaction old_int {
  }, old_term{};
  SignalGuard() {
    g_stop_requested = 0;
    struct sigaction action {};
    action.sa_handler = request_stop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int);
    sigaction(SIGTERM, &action, &old_term);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
  }
};

}  // namespace

Result<ChildEnd> run_child(const ChildSpec& spec) {
  std::vector<std::string> words{spec.program};
  words.insert(words.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  SignalGuard guard;
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return Error{fmt::format("fork: {}", std::strerror(errno))};
  if (pid == 0) exec_child(spec, argv.data());
  ChildEnd end;
  int status = 0;
  rusage usage{};
  auto pause = std::chrono::microseconds(500);
  for (;;) {
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) return Error{fmt::format("wait: {}", std::strerror(errno))};
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (g_stop_requested != 0 && !end.interrupted) end.interrupted = true, kill(pid, SIGKILL);
    if (spec.time_seconds > 0 && elapsed > spec.time_seconds && !end.timed_out)
      end.timed_out = true, kill(pid, SIGKILL);
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  end.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  end.max_rss_kib = static_cast<uint64_t>(usage.ru_maxrss);
  end.interrupted = end.interrupted || g_stop_requested != 0;
  if (WIFEXITED(status)) end.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
  end.exec_failed_no_memory = end.exit_code == 126 && spec.memory_bytes != 0;
  return end;
}

}  // namespace ventus::sweep

namespace ventus::sweep {
namespace {

struct Pipe {
  int fds[2] = {-1, -1};
  ~Pipe() {
    for (const int fd : fds)
      if (fd >= 0) close(fd);
  }
};

std::string drain(int fd) {
  std::string out;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      out.append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return out;
  }
}

}  // namespace

Result<CommandEnd> run_command(const std::vector<std::string>& argv_words, bool capture_output) {
  std::vector<std::string> words = argv_words;
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  Pipe pipe_fds;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (capture_output) {
    if (pipe(pipe_fds.fds) != 0) return Error{fmt::format("pipe: {}", std::strerror(errno))};
    posix_spawn_file_actions_adddup2(&actions, pipe_fds.fds[1], 1);
    posix_spawn_file_actions_addclose(&actions, pipe_fds.fds[0]);
  }
  SignalGuard guard;
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0)
    return Error{fmt::format("cannot run '{}': {}", argv_words[0], std::strerror(error))};
  CommandEnd end;
  if (capture_output) {
    close(pipe_fds.fds[1]);
    pipe_fds.fds[1] = -1;
    end.output = drain(pipe_fds.fds[0]);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Error{fmt::format("wait: {}", std::strerror(errno))};
    if (g_stop_requested != 0 && !end.interrupted) end.interrupted = true, kill(pid, SIGTERM);
  }
  end.interrupted = end.interrupted || g_stop_requested != 0;
  end.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return end;
}

}  // namespace ventus::sweep
