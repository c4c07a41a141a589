// LaunchLog: opening the launch's commit log and reading it back for --check.
#include "runner/launch_log.hpp"

#include <fmt/format.h>

#include "common/input_file.hpp"

namespace ventus::runner {

Status LaunchLog::open(const CaseOptions& options, const loader::Launch& launch, uint32_t numt,
                       SymbolNamer namer) {
  compare_ = options.check && options.mode == functional::Mode::RefCompat && launch.log_path;
  if (!options.log_dir && !compare_) return ok_status();
  if (options.log_dir) {
    path_ = *options.log_dir / (launch.name + ".log");
    file_.reset(std::fopen(path_.string().c_str(), "wb"));
    if (!file_) return Error{fmt::format("cannot create log file '{}'", path_.string())};
    writer_.emplace(file_sink_.emplace(file_.get()));
  } else {
    writer_.emplace(text_sink_.emplace(text_));
  }
  observer_.emplace(*writer_, numt, std::move(namer));
  return ok_status();
}

Result<std::string> LaunchLog::text_to_compare() {
  file_.reset();
  if (!compare_) return std::string();
  if (!path_.empty()) return read_input_file(path_.string());
  return std::move(text_);
}

}  // namespace ventus::runner
