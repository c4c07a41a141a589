// check_output_file: POSIX open, so the check neither truncates an existing file nor races
// with another creator of a new one (O_EXCL), and never blocks on a pipe (O_NONBLOCK).
#include "common/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace ventus {

Status check_output_file(const std::string& path, std::string_view what) {
  if (path == "-") return ok_status();
  const auto failed = [&] {
    return Error{fmt::format("cannot write {} '{}' ({})", what, path, std::strerror(errno))};
  };
  if (path.empty()) {
    errno = ENOENT;
    return failed();
  }
  int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    ::close(fd);
    return ok_status();
  }
  if (errno != ENOENT) return failed();
  fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return failed();
  ::close(fd);
  ::unlink(path.c_str());
  return ok_status();
}

Status check_file_beside_report(const std::string& path, std::string_view option,
                                std::string_view what) {
  if (path.empty()) return Error{fmt::format("{}: empty file name", option)};
  if (path != "-") return ok_status();
  return Error{fmt::format(
      "{} -: the {} cannot go to standard output, where the run reports as it goes; give a file "
      "name",
      option, what)};
}

}  // namespace ventus
