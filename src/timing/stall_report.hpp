// The fault a launch ends with when the cycle model issues no instruction for too long: a
// barrier deadlock, or a livelock named warp by warp (docs/timing.md, the I-cache).
#pragma once

#include <memory>
#include <vector>

#include "functional/work_group.hpp"
#include "timing/params.hpp"
#include "timing/sm.hpp"

namespace ventus::timing {

// `stalled` cycles without an issue at `now`: what every resident warp of `sms` waits for
// (`first_live`, the launch's first live work-group, stands for a stall without a culprit).
functional::Fault stall_fault(const std::vector<std::unique_ptr<Sm>>& sms,
                              const functional::WorkGroup& first_live, const TimingParams& params,
                              Cycle now, Cycle stalled);

}  // namespace ventus::timing
