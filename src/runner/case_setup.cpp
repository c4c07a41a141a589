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

namespace {

// "a, b, c": the launches the case runs, for error messages.
std::string launch_names(const std::vector<const loader::Launch*>& selected) {
  std::string names;
  for (const loader::Launch* l : selected) names += (names.empty() ? "" : ", ") + l->name;
  return names;
}

// The position in `selected` that `spec` names: a launch name, else a decimal index.
Result<size_t> timed_position(const std::vector<const loader::Launch*>& selected,
                              const std::string& spec) {
  for (size_t i = 0; i < selected.size(); ++i) {
    if (selected[i]->name == spec) return i;
  }
  if (spec.empty()) return Error{"--timing-launches: an empty entry"};
  const bool digits = !spec.empty() && spec.size() <= 9 &&
                      std::all_of(spec.begin(), spec.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits && std::stoul(spec) < selected.size()) return std::stoul(spec);
  if (digits) {
    return Error{fmt::format("--timing-launches: index {} is out of range: the run has {} "
                             "launch{} (indices 0 to {}: {})",
                             spec, selected.size(), selected.size() == 1 ? "" : "es",
                             selected.size() - 1, launch_names(selected))};
  }
  return Error{fmt::format("--timing-launches: '{}' is neither a launch of the run nor an index "
                           "(the run's launches: {})",
                           excerpt(spec), launch_names(selected))};
}

}  // namespace

Result<std::vector<bool>> timed_launches(const std::vector<const loader::Launch*>& selected,
                                         const std::vector<std::string>& specs) {
  std::vector<bool> timed(selected.size(), specs.empty());
  for (const std::string& spec : specs) {
    auto position = timed_position(selected, spec);
    if (!position) return position.error();
    timed[*position] = true;
  }
  return timed;
}

Status check_warm_caches(const CaseOptions& options) {
  if (!options.warm_caches) return ok_status();
  if (!options.timing) {
    return Error{"--warm-caches needs --timing and --timing-launches: it warms the caches of "
                 "the launches the cycle model times"};
  }
  if (options.timing_launches.empty()) {
    return Error{"--warm-caches needs --timing-launches: with every launch timed, no launch "
                 "runs functionally to warm the caches from"};
  }
  return ok_status();
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
