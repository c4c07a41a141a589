// run_process: posix_spawn with three pipes, served by poll so no pipe can fill and deadlock.
#include "cc/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <fmt/format.h>

extern char** environ;

namespace ventus::cc {
namespace {

struct Pipes {
  std::array<int, 2> in{-1, -1}, out{-1, -1}, err{-1, -1};
  ~Pipes() {
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) {
      if (fd >= 0) close(fd);
    }
  }
  bool open_all() {
    return pipe2(in.data(), O_CLOEXEC) == 0 && pipe2(out.data(), O_CLOEXEC) == 0 &&
           pipe2(err.data(), O_CLOEXEC) == 0;
  }
};

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Moves bytes between the child and the strings until both outputs reach end of file.
bool pump(Pipes& p, const std::string& input, ProcessResult& r, pid_t pid, unsigned timeout) {
  size_t written = 0;
  if (input.empty()) close_fd(p.in[1]);
  fcntl(p.in[1], F_SETFL, O_NONBLOCK);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  std::array<char, 65536> buffer{};
  while (p.out[0] >= 0 || p.err[0] >= 0) {
    std::array<pollfd, 3> fds{{{p.out[0], POLLIN, 0}, {p.err[0], POLLIN, 0}, {p.in[1], POLLOUT, 0}}};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill(pid, SIGKILL);
      r.timed_out = true;
      return false;
    }
    if (poll(fds.data(), fds.size(), static_cast<int>(left.count())) < 0 && errno != EINTR) {
      return false;
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || fds[k].revents == 0) continue;
      const ssize_t n = read(fds[k].fd, buffer.data(), buffer.size());
      if (n > 0) {
        (k == 0 ? r.out : r.err).append(buffer.data(), static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close_fd(k == 0 ? p.out[0] : p.err[0]);
      }
    }
    if (fds[2].fd >= 0 && fds[2].revents != 0) {
      const ssize_t n = write(p.in[1], input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<size_t>(n);
      if (n < 0 && errno != EAGAIN && errno != EINTR) written = input.size();
      if (written == input.size()) close_fd(p.in[1]);
    }
  }
  return true;
}

}  // namespace

Result<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  unsigned timeout_seconds) {
  Pipes p;
  if (argv.empty() || !p.open_all()) return Error{"cannot create pipes for a subprocess"};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, p.in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, p.out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, p.err[1], 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return Error{fmt::format("cannot start '{}': {}", argv[0], std::strerror(rc))};
  close_fd(p.in[0]);
  close_fd(p.out[1]);
  close_fd(p.err[1]);
  // A child that exits without reading its input must not kill us with SIGPIPE.
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  ProcessResult result;
  pump(p, input, result, pid, timeout_seconds);
  sigaction(SIGPIPE, &previous, nullptr);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

}  // namespace ventus::cc
