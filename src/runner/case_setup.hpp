// What run_case settles before its first launch: the case, the launches, output dirs, timeline.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "loader/test_case.hpp"
#include "runner/case_runner.hpp"
#include "timing/timeline.hpp"

namespace ventus::runner {

// The case's files, its warps widened to `--threads-per-warp` lanes when that is set.
Result<loader::TestCase> load_case(const std::filesystem::path& dir, const CaseOptions& options);

// The launches to run: all of cases.ini in order, or the named ones in the given order.
Result<std::vector<const loader::Launch*>> select_launches(const loader::TestCase& test_case,
                                                           const std::vector<std::string>& names);

// select_launches, every one checked against the machine (check_launch_limits) before the
// first of them runs.
Result<std::vector<const loader::Launch*>> launches_to_run(const loader::TestCase& test_case,
                                                           const CaseOptions& options);

// --timing-launches: per launch of `selected` (the order the case runs them), whether it runs
// on the cycle model. Each spec is a launch name or a 0-based index into `selected`; empty
// specs time every launch. A name not run, an index out of range or an empty spec is an error.
Result<std::vector<bool>> timed_launches(const std::vector<const loader::Launch*>& selected,
                                         const std::vector<std::string>& specs);

// --warm-caches warms the timed launches from the functional ones: it needs --timing and
// --timing-launches (without them no launch runs functionally beside a timed one).
Status check_warm_caches(const CaseOptions& options);

// --log-dir and --dump-dir, created before the first launch writes into them.
Status create_output_dirs(const CaseOptions& options);

// The --timeline file when asked for (null when not); it records the cycle model's cycles,
// so it needs --timing.
Result<std::unique_ptr<timing::Timeline>> open_timeline(const CaseOptions& options);
// The --events file (null without one); it needs the cycle model.
Result<std::unique_ptr<timing::EventLog>> open_event_log(const CaseOptions& options);

}  // namespace ventus::runner
