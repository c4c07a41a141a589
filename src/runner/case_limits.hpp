// check_launch_limits: a reference launch's sizes against the machine, before anything of the
// launch is allocated (issue 13: a metadata wg_size of 2^28 used to abort with bad_alloc).
#pragma once

#include "common/result.hpp"
#include "functional/machine_shape.hpp"
#include "loader/test_case.hpp"

namespace ventus::runner {

// wf_size a power of two in 1..32, 1 <= wg_size <= sm.warp_slots, every kernel_size >= 1,
// ldsSize <= sm.local_memory_bytes, a work-group's private memory (pdsSize per thread)
// within the 32-bit address space. The error names the .metadata file, the item and the
// parameter to change.
Status check_launch_limits(const loader::Launch& launch, const functional::MachineShape& machine);

}  // namespace ventus::runner
