// Helpers of the LSU tests (core.test.cpp, lsu_fsm.test.cpp): a memory instruction's record,
// and a memory that answers the L1's requests as they leave.
#pragma once

#include <initializer_list>
#include <vector>

#include "functional/timing_record.hpp"
#include "timing/lsu.hpp"

namespace ventus::timing {

inline functional::TimingRecord access(functional::MemOp op,
                                       std::initializer_list<uint32_t> addresses) {
  functional::TimingRecord r;
  r.mem_op = op;
  r.access_bytes = 4;
  for (uint32_t a : addresses) r.lane_address[r.address_count++] = a;
  return r;
}

// Ticks the LSU from cycle `from` to `to` and answers every memory request of its L1 as it
// leaves. As the SM does with no I-cache request (Sm::send_memory_request), one request leaves
// the output register per cycle and the next moves in. `port`: the writeback port.
inline void run_with_instant_memory(Lsu& lsu, Cycle from, Cycle to,
                                    std::vector<LsuCompletion>& done,
                                    const WritebackPort& port = kFreeWritebackPort) {
  L1DCache& l1d = lsu.l1d();
  for (Cycle c = from; c < to; ++c) {
    lsu.tick(c, done, port);
    if (const MemRequest* r = l1d.front_request(c)) {
      const MemRequest sent = *r;
      l1d.pop_request(c);
      l1d.on_response(MemResponse{c, sent}, c);
    }
    l1d.stage(c);
  }
}

}  // namespace ventus::timing
