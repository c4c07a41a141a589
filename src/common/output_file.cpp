// check_output_file: POSIX open, so the check neither truncates an existing file nor races
// with another creator of a new one (O_EXCL), and never blocks on a pipe (O_NONBLOCK).
#include "common/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

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

namespace {

// The file `path` names, or "" when it may be written by several outputs.
std::string output_identity(const std::string& path) {
  if (path.empty() || path == "-") return "";
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    return "";
  }
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, error);
  return error ? absolute.lexically_normal().string() : canonical.string();
}

}  // namespace

Status check_distinct_outputs(const std::vector<NamedOutput>& outputs) {
  std::vector<std::string> ids;
  for (const NamedOutput& out : outputs) ids.push_back(output_identity(out.path));
  for (size_t i = 0; i < outputs.size(); ++i) {
    for (size_t j = i + 1; j < outputs.size(); ++j) {
      if (ids[i].empty() || ids[i] != ids[j]) continue;
      return Error{fmt::format("{} {} and {} {} name the same file: one would overwrite the other",
                               outputs[i].option, outputs[i].path, outputs[j].option,
                               outputs[j].path)};
    }
  }
  return ok_status();
}

}  // namespace ventus
