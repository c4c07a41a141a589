// Helpers of the LSU tests (core.test.cpp, lsu_fsm.test.cpp): a memory instruction's record,
// and a memory that answers the L1's requests a fixed number of cycles after they leave.
#pragma once

#include <initializer_list>
#include <utility>
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

// Ticks the LSU from cycle `from` to `to` and answers every memory request of its L1 `delay`
// cycles after it leaves. As the SM does with no I-cache request (Sm::send_memory_request),
// one request leaves the output register per cycle and the next moves in.
inline void run_with_memory(Lsu& lsu, Cycle from, Cycle to, std::vector<LsuCompletion>& done,
                            Cycle delay = 0) {
  L1DCache& l1d = lsu.l1d();
  std::vector<std::pair<Cycle, MemRequest>> in_flight;
  for (Cycle c = from; c < to; ++c) {
    for (size_t i = 0; i < in_flight.size();) {
      if (in_flight[i].first != c) {
        ++i;
        continue;
      }
      l1d.on_response(MemResponse{c, in_flight[i].second}, c);
      in_flight.erase(in_flight.begin() + static_cast<std::ptrdiff_t>(i));
    }
    lsu.tick(c, done);
    if (const MemRequest* r = l1d.front_request(c)) {
      const MemRequest sent = *r;
      l1d.pop_request(c);
      if (delay == 0) {
        l1d.on_response(MemResponse{c, sent}, c);
      } else {
        in_flight.emplace_back(c + delay, sent);
      }
    }
    l1d.stage(c);
  }
}

inline void run_with_instant_memory(Lsu& lsu, Cycle from, Cycle to,
                                    std::vector<LsuCompletion>& done) {
  run_with_memory(lsu, from, to, done, 0);
}

}  // namespace ventus::timing
