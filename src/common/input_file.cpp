// read_input_file: POSIX open + fstat so the file checked is the file read (no race between a
// path check and the open), O_NONBLOCK so opening a FIFO without a writer cannot block.
#include "common/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace ventus {
namespace {

// Closes the descriptor on every path out of read_input_file.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ > 2) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

std::string named(const InputFileOptions& o, const std::string& path) {
  return fmt::format("{} '{}'", o.what, input_display_name(path));
}

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

Error too_large(const InputFileOptions& o, const std::string& path) {
  return Error{fmt::format("{} is larger than the limit of {}", named(o, path),
                           format_byte_size(o.max_bytes))};
}

// Reads until end of file; more than max_bytes is an error (a stream may never end).
Result<std::string> read_all(int fd, const InputFileOptions& o, const std::string& path) {
  std::string text;
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n == 0) return text;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {  // a non-blocking stdin with no data yet: wait for it
        ::usleep(1000);
        continue;
      }
      return Error{fmt::format("{}: read error ({})", named(o, path), std::strerror(errno))};
    }
    if (text.size() + static_cast<uint64_t>(n) > o.max_bytes) return too_large(o, path);
    text.append(chunk, static_cast<size_t>(n));
  }
}

}  // namespace

std::string input_display_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

std::string format_byte_size(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 30) && bytes % (uint64_t{1} << 30) == 0)
    return fmt::format("{} GiB", bytes >> 30);
  if (bytes >= (uint64_t{1} << 20) && bytes % (uint64_t{1} << 20) == 0)
    return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} byte{}", bytes, bytes == 1 ? "" : "s");
}

Result<std::string> read_input_file(const std::string& path, const InputFileOptions& o) {
  if (path.empty()) return Error{fmt::format("{}: empty file name", o.what)};
  if (path == "-") {
    if (!o.allow_stdin) {
      return Error{fmt::format("{} '-': standard input cannot be used here", o.what)};
    }
    return read_all(STDIN_FILENO, o, path);
  }
  const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    return Error{fmt::format("cannot open {} ({})", named(o, path), std::strerror(errno))};
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    return Error{fmt::format("cannot open {} ({})", named(o, path), std::strerror(errno))};
  }
  if (!S_ISREG(info.st_mode)) {
    return Error{
        fmt::format("{} is {}, not a regular file", named(o, path), file_kind(info.st_mode))};
  }
  if (static_cast<uint64_t>(info.st_size) > o.max_bytes) return too_large(o, path);
  return read_all(fd.get(), o, path);
}

}  // namespace ventus
