// What run_case settles before its first launch: the case, the launches, output dirs, timeline.
#include "runner/case_setup.hpp"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>

#include "common/excerpt.hpp"
#include "runner/case_limits.hpp"

namespace ventus::runner {

Result<loader::TestCase> load_case(const std::filesystem::path& dir, const CaseOptions& options) {
  auto test_case = loader::load_test_case(dir);
  if (!test_case || options.threads_per_warp == 0) return test_case;
  for (loader::Launch& launch : test_case->launches) {
    launch.metadata.wf_size = options.threads_per_warp;
  }
  return test_case;
}

Result<std::vector<const loader::Launch*>> select_launches(const loader::TestCase& test_case,
                                                           const std::vector<std::string>& names) {
  std::vector<const loader::Launch*> out;
  if (names.empty()) {
    for (const loader::Launch& launch : test_case.launches) out.push_back(&launch);
    return out;
  }
  for (const std::string& name : names) {
    auto it = std::find_if(test_case.launches.begin(), test_case.launches.end(),
                           [&](const loader::Launch& l) { return l.name == name; });
    if (it == test_case.launches.end()) {
      std::string known;
      for (const loader::Launch& l : test_case.launches)
        known += (known.empty() ? "" : ", ") + l.name;
      // The name cut: a 10 MB one was echoed whole (issue 54).
      return Error{fmt::format("--launches: case '{}' has no launch '{}' (it has: {})",
                               test_case.name, excerpt(name), known)};
    }
    out.push_back(&*it);
  }
  return out;
}

Result<std::vector<const loader::Launch*>> launches_to_run(const loader::TestCase& test_case,
                                                           const CaseOptions& options) {
  auto selected = select_launches(test_case, options.launches);
  if (!selected) return selected.error();
  for (const loader::Launch* launch : selected.value()) {
    if (auto fits = check_launch_limits(*launch, options.machine, options.widen_machine); !fits) return fits.error();
  }
  return selected;
}

Status create_output_dirs(const CaseOptions& options) {
  for (const auto& out_dir : {options.log_dir, options.dump_dir}) {
    std::error_code ec;
    if (out_dir) std::filesystem::create_directories(*out_dir, ec);
    if (ec) return Error{fmt::format("cannot create '{}': {}", out_dir->string(), ec.message())};
  }
  return ok_status();
}

Result<std::unique_ptr<timing::Timeline>> open_timeline(const CaseOptions& options) {
  if (!options.timeline) return std::unique_ptr<timing::Timeline>();
  if (!options.timing) return Error{"--timeline needs --timing: the timeline is the cycle model's"};
  return timing::Timeline::create(*options.timeline);
}

Result<std::unique_ptr<timing::EventLog>> open_event_log(const CaseOptions& options) {
  if (options.events.empty()) return std::unique_ptr<timing::EventLog>();
  if (!options.timing) return Error{"--events needs --timing: the events are the cycle model's"};
  return timing::EventLog::create(options.events);
}

}  // namespace ventus::runner
