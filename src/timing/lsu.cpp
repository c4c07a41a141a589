// Lsu: coalescing into blocks, the address stage and completion.
#include "timing/lsu.hpp"

#include <algorithm>
#include <bit>

namespace ventus::timing {

using functional::MemOp;

Lsu::Lsu(const LsuParams& params, unsigned warp_slots, LsuStats& stats, L1dStats& l1d_stats)
    : params_(params),
      l1d_(params, l1d_stats),
      pool_(params.per_sm_in_flight + kAddressSlots),
      per_warp_(warp_slots, 0),
      answers_(params.per_sm_in_flight + kAddressSlots, 0),
      latest_answer_(params.per_sm_in_flight + kAddressSlots, 0),
      stats_(stats) {}

// One block per distinct `block_bytes` block, in the order of the lowest remaining lane
// (TIMING.md §8); atomics one lane each. A lane's access covers access_bytes from its
// address: a 64-128-bit pre_m access (ISA.md §5.15) touches every block and bank word in it.
void Lsu::build_blocks(Op& op, const functional::TimingRecord& r) {
  const uint32_t span = std::max<uint32_t>(r.access_bytes, 1);
  op.block_count = 0;
  op.shared = r.address_count != 0;
  for (unsigned k = 0; k < r.address_count; ++k) {
    if (r.lane_address[k] >= params_.shared_memory_bytes) op.shared = false;
  }
  if (op.shared) {
    // One request; a bank taken by several distinct words costs a cycle per extra word.
    std::array<unsigned, 64> per_bank{};
    const unsigned banks = std::min<unsigned>(params_.shared_memory_banks, 64);
    for (unsigned k = 0; k < r.address_count; ++k) {
      const uint32_t first = r.lane_address[k];
      for (uint32_t word = first / 4; word <= (first + span - 1) / 4; ++word) {
        ++per_bank[word % banks];
      }
    }
    const unsigned worst = *std::max_element(per_bank.begin(), per_bank.begin() + banks);
    stats_.shared_bank_conflicts += worst > 1 ? worst - 1 : 0;
    op.blocks[0] = worst > 0 ? worst - 1 : 0;  // extra cycles
    op.block_count = 1;
    return;
  }
  // A lane whose block an earlier lane already has shares that request.
  const bool atomic = r.mem_op == MemOp::Atomic;
  const uint32_t block_mask = ~(params_.block_bytes - 1);  // a power of two (params.cpp)
  for (unsigned k = 0; k < r.address_count; ++k) {
    const uint32_t last = (r.lane_address[k] + span - 1) & block_mask;
    for (uint32_t block = r.lane_address[k] & block_mask;; block += params_.block_bytes) {
      const auto end = op.blocks.begin() + op.block_count;
      if (atomic || std::find(op.blocks.begin(), end, block) == end) {
        op.blocks[op.block_count++] = block;
      }
      if (block == last) break;
    }
  }
}

void Lsu::accept(unsigned slot, const functional::TimingRecord& record, Cycle now) {
  auto free = std::find_if(pool_.begin(), pool_.end(), [](const Op& op) { return !op.live; });
  Op& op = *free;
  op = Op{};
  op.live = true;
  op.slot = slot;
  op.store = record.mem_op == MemOp::Store;
  op.destination = record.destination;
  build_blocks(op, record);
  op.issued_at = now;
  op.start_at = now + params_.issue_to_request_cycles;
  ++live_;
  ++per_warp_[slot];
  ++stats_.instructions;
  stats_.requests_per_instruction.sample(op.shared ? 1 : op.block_count);
  address_queue_.push_back(static_cast<uint32_t>(free - pool_.begin()));
}

bool Lsu::send_block(Op& op, uint32_t token, Cycle now) {
  if (op.shared) {
    ++stats_.shared_accesses;
    shared_responses_.emplace_back(now + params_.shared_memory_cycles + op.blocks[0], token);
    return true;
  }
  if (!l1d_.request(op.blocks[op.sent], op.store, token, now)) return false;
  if (event_log_) [[unlikely]] {
    event_log_.add(now, "L1D_REQ", "warp={} addr=0x{:08x} {}", op.slot, op.blocks[op.sent],
                   op.store ? "store" : "load");
  }
  ++stats_.requests;
  return true;
}

// An L1 answer in the event log (when there is one), at the cycle it reached the LSU (which
// may pop it later: an answer that completes nothing waits, completion_event).
void Lsu::log_answer(uint32_t token, Cycle at) const {
  event_log_.add(at, "L1D_RSP", "warp={}", pool_[token].slot);
}

void Lsu::complete(Op& op, Cycle now, std::vector<LsuCompletion>& done) {
  if (op.destination.file != functional::RegFile::None) {
    const Cycle ready_at = now + params_.response_to_writeback_cycles;
    done.push_back({op.slot, op.destination, ready_at});
    stats_.load_latency.sample(ready_at - op.issued_at);
  }
  --per_warp_[op.slot];
  --live_;
  op.live = false;
}

Cycle Lsu::next_event(Cycle now) const {
  if (params_.mshr_state_machine) return fsm_event(now);
  Cycle next = std::min(l1d_.next_event(now), completion_event());
  for (const auto& [at, token] : shared_responses_) next = std::min(next, at);
  // A request the L1 refused waits for a memory response (the SM adds that event).
  if (!address_queue_.empty() && !(l1d_.refused() && last_attempt_ == now)) {
    next = std::min(next, std::max(pool_[address_queue_.front()].start_at, next_start_));
  }
  return next;
}

// The L1's answer that completes an instruction (every block sent, its other answers in the
// L1's queue too): the latest of them. An answer that completes nothing changes nothing the
// SM sees, so it waits to be popped with a later one (tick_live pops in time order, and
// completes an instruction at the tick of its last answer, as when every answer had a tick).
// An instruction still sending, or with an answer still in memory, completes after another
// event (its last block, the memory response), which asks again.
Cycle Lsu::completion_event() const {
  const std::vector<L1DCache::Timed>& answers = l1d_.core_responses();
  for (const L1DCache::Timed& a : answers) {
    ++answers_[a.token];
    latest_answer_[a.token] = std::max(latest_answer_[a.token], a.at);
  }
  Cycle next = ~Cycle{0};
  for (const L1DCache::Timed& a : answers) {
    const Op& op = pool_[a.token];
    if (answers_[a.token] == op.outstanding && op.sent == op.block_count) {
      next = std::min(next, latest_answer_[a.token]);
    }
    answers_[a.token] = 0;
    latest_answer_[a.token] = 0;
  }
  return next;
}

bool Lsu::tick_live(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port) {
  if (params_.mshr_state_machine) return tick_fsm(now, done, port);
  const unsigned live_before = live_;
  uint32_t token = 0;
  auto answered = [&](uint32_t t) {
    Op& op = pool_[t];
    --op.outstanding;
    if (op.sent == op.block_count && op.outstanding == 0) complete(op, now, done);
  };
  Cycle at = 0;
  while (l1d_.pop_core_response(now, token, at)) {
    if (event_log_) [[unlikely]]
      log_answer(token, at);
    answered(token);
  }
  for (size_t i = 0; i < shared_responses_.size();) {
    if (shared_responses_[i].first <= now) {
      const uint32_t t = shared_responses_[i].second;
      shared_responses_.erase(shared_responses_.begin() + static_cast<std::ptrdiff_t>(i));
      answered(t);
    } else {
      ++i;
    }
  }
  return send(now, done) || live_ != live_before;
}

// The address stage: the head instruction's next block to the L1 (or shared memory); true
// when the instruction left the stage.
bool Lsu::send(Cycle now, std::vector<LsuCompletion>& done) {
  if (address_queue_.empty()) return false;
  const uint32_t head = address_queue_.front();
  Op& op = pool_[head];
  const Cycle start = std::max(op.start_at, next_start_);
  if (now < start) return false;
  if (params_.mshr_state_machine && !op.saved) return false;  // its entry first (try_save)
  if (op.block_count == 0) {                                  // no active lane: nothing to send
    address_queue_.pop_front();
    complete(op, now, done);
    return true;
  }
  last_attempt_ = now;
  if (!send_block(op, head, now)) return false;
  ++op.sent;
  ++op.outstanding;
  if (op.sent != op.block_count) return false;
  address_queue_.pop_front();
  next_start_ = now + params_.instruction_gap_cycles;
  if (params_.mshr_state_machine && !address_queue_.empty()) {
    fifo_hold_ = true;  // the next one leaves the FIFO the cycle after, which refills after
    fifo_free_at_ = now + 2;
  }
  return true;
}

}  // namespace ventus::timing
