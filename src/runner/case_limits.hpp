// check_launch_limits: a reference launch's sizes against the machine, before anything of the
// launch is allocated (issue 13: a metadata wg_size of 2^28 used to abort with bad_alloc).
#pragma once

#include <string>
#include <vector>

#include "common/result.hpp"
#include "functional/machine_fit.hpp"
#include "functional/machine_shape.hpp"
#include "loader/test_case.hpp"

namespace ventus::runner {

// wf_size a power of two in 1..32, 1 <= wg_size <= 32 (kMaxWarpsPerGroup), every
// kernel_size >= 1, ldsSize within the local window, a work-group's private memory (pdsSize
// per thread) within the 32-bit address space, and launch_machine. The error names the
// .metadata file, the item and the parameter to change.
Status check_launch_limits(const loader::Launch& launch, const functional::MachineShape& machine,
                           bool widen);

// The machine the launch runs on: `machine` widened to its work-group when `widen` (the
// default functional mode), else `machine` itself or an Error naming the --set that makes
// the launch fit (functional::machine_for_launch).
Result<functional::MachineFit> launch_machine(const loader::Launch& launch,
                                              const functional::MachineShape& machine, bool widen);

// The configuration's values (a JSON object text) with the widened parameters' effective
// values, for the launch's statistics ("config", docs/stats.md).
std::string widened_config_json(const std::string& config_json,
                                const std::vector<functional::Widening>& widened);

}  // namespace ventus::runner
