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
// `quiescent`: nothing is in flight and no timer is pending, so no warp can move again;
// otherwise the machine went round for `stalled` cycles (stall_window) without an issue.
functional::Fault stall_fault(const std::vector<std::unique_ptr<Sm>>& sms,
                              const functional::WorkGroup& first_live, const TimingParams& params,
                              Cycle now, Cycle stalled, bool quiescent);

// How long a launch of `params` on `sm_count` SMs may go without an issue while requests or
// timers are pending before it is called a livelock: an issue waits for a chain of the
// machine's delays, each at most its *_cycles value, with at most every request the machine
// can hold queued ahead of it, so 4 x (sum of the *_cycles values and MSHR sub-entries + 1) x
// (requests + 1), and at least 10^6 cycles. A slow machine is never stopped by it (issue 54).
Cycle stall_window(const TimingParams& params, unsigned sm_count);

}  // namespace ventus::timing
