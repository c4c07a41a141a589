// Lsu with mshr_reg.v's state machine (LsuParams::mshr_state_machine): one L1 answer per
// cycle, taken only while the MSHR is idle; an instruction's entry taken (S_SAVE of the address
// stage) only while it is idle and not all entries are used; each completed instruction
// written back in two output states, and its entry and shiftboard slot freed after them.
//
// mshr_reg.v: in S_IDLE an answer updates its entry's mask; with an allocation in the same
// cycle the allocation waits a cycle (S_ADD); an answer that completes its instruction, or
// a complete entry with no answer, leads to S_OUT_1 (the SRAM read) and S_OUT_2 (the result to
// the pipe, the entry freed at that edge), and on through the next complete entry, lowest
// index first, before S_IDLE again. Both output states wait while to_pipe_ready_i is low: the
// writeback port (lsu2wb.v, writeback.v) taken by a unit of higher priority.
#include <algorithm>

#include "timing/lsu.hpp"

namespace ventus::timing {

// True only for what the SM's stages see: a completion to write back, or a change of `ready`
// (an entry freed, the FIFO released, an instruction out of the address stage). An answer
// that completes nothing, or an entry saved for the head, changes neither.
bool Lsu::tick_fsm(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port) {
  const size_t queued = address_queue_.size();
  const size_t completions = done.size();
  bool changed = false;
  if (fifo_hold_ && now >= fifo_free_at_) {
    fifo_hold_ = false;
    changed = true;
  }
  for (size_t i = 0; i < frees_.size();) {
    if (frees_[i].first > now) {
      ++i;
      continue;
    }
    free_op(pool_[frees_[i].second]);
    frees_[i] = frees_.back();
    frees_.pop_back();
    changed = true;
  }
  if (out_ != Out::None) {
    if (now >= out_at_) output_cycle(now, done, port);
  } else if (now >= fsm_idle_at_) {
    fsm_idle_cycle(now);
  }
  send(now, done);
  return changed || address_queue_.size() != queued || done.size() != completions;
}

// The earliest due answer, the L1's or shared memory's (rsp_arb.v), shared memory's on a tie.
bool Lsu::take_answer(Cycle now, uint32_t& token) {
  if (!shared_responses_.empty()) {
    auto shared = std::min_element(shared_responses_.begin(), shared_responses_.end());
    Cycle l1_first = ~Cycle{0};
    for (const L1DCache::Timed& a : l1d_.core_responses()) l1_first = std::min(l1_first, a.at);
    if (shared->first <= std::min(now, l1_first)) {
      token = shared->second;
      shared_responses_.erase(shared);
      return true;
    }
  }
  Cycle at = 0;
  if (!l1d_.pop_core_response(now, token, at)) return false;
  if (event_log_) [[unlikely]]
    log_answer(token, at);
  return true;
}

// The address stage's S_SAVE for the head instruction: it takes an entry in this cycle if it
// is due and one is free; its first request follows the next cycle.
bool Lsu::try_save(Cycle now) {
  if (address_queue_.empty()) return false;
  const uint32_t head = address_queue_.front();
  Op& op = pool_[head];
  if (op.saved || now + kSaveToRequestCycles < std::max(op.start_at, next_start_)) return false;
  if (used_ >= params_.per_sm_in_flight) return false;
  op.saved = true;
  ++used_;
  op.start_at = std::max(op.start_at, now + kSaveToRequestCycles);
  if (op.block_count == 0) {  // no active lane: complete at once
    address_queue_.pop_front();
    complete_.push_back(head);
    next_start_ = now + kSaveToRequestCycles + params_.instruction_gap_cycles;
  }
  return true;
}

void Lsu::fsm_idle_cycle(Cycle now) {
  const bool complete_before = !complete_.empty();
  uint32_t token = 0;
  const bool answered = take_answer(now, token);
  bool completes = false;
  if (answered) {
    Op& op = pool_[token];
    --op.outstanding;
    completes = op.sent == op.block_count && op.outstanding == 0;
    if (completes) complete_.push_back(token);
  }
  const bool saved = try_save(now);
  if (answered && saved) {  // S_ADD next, then the outputs if any entry is complete
    if (complete_.empty()) {
      fsm_idle_at_ = now + 2;
    } else {
      start_output(now + 2);
    }
  } else if (answered ? completes : complete_before) {
    start_output(now + 1);
  } else {
    fsm_idle_at_ = now + 1;
  }
}

// S_OUT_1 from `out1`; the machine is not idle until the last output.
void Lsu::start_output(Cycle out1) {
  out_ = Out::Read;
  out_at_ = out1;
  fsm_idle_at_ = ~Cycle{0};
}

// One cycle of S_OUT_1 or S_OUT_2 for the lowest complete entry. S_OUT_1 reads its tag (the
// port it asks for is the previous read's until then) and moves on if that port is free;
// S_OUT_2 hands the result to the pipe when its port is free (a store's always is: lsu2wb.v),
// frees the entry (seen the cycle after) and goes on to the next complete entry or S_IDLE.
void Lsu::output_cycle(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port) {
  using functional::RegFile;
  const auto lowest = std::min_element(complete_.begin(), complete_.end());
  const uint32_t index = *lowest;
  const Op& op = pool_[index];
  const RegFile file = op.destination.file;
  out_at_ = now + 1;
  if (out_ == Out::Read) {
    const RegFile asked = tag_file_;
    tag_file_ = file;
    if (asked == RegFile::None || !port.taken(asked, now)) out_ = Out::Write;
    return;
  }
  if (file != RegFile::None) {
    if (port.taken(file, now)) return;
    done.push_back({op.slot, op.destination, now});
    stats_.load_latency.sample(now - op.issued_at);
  }
  frees_.emplace_back(now + 1, index);
  complete_.erase(lowest);
  if (complete_.empty()) {
    out_ = Out::None;
    fsm_idle_at_ = now + 1;
  } else {
    out_ = Out::Read;
  }
}

void Lsu::free_op(Op& op) {
  --used_;
  --per_warp_[op.slot];
  --live_;
  op.live = false;
}

// Answers wait for the idle MSHR, and so does the head instruction's entry; frees and the
// FIFO are events of their own; the address stage sends its blocks on its own clock.
Cycle Lsu::fsm_event(Cycle now) const {
  Cycle next = l1d_.next_event(now);
  for (const auto& [at, index] : frees_) next = std::min(next, at);
  if (fifo_hold_) next = std::min(next, fifo_free_at_);
  Cycle waiting = ~Cycle{0};
  for (const L1DCache::Timed& a : l1d_.core_responses()) waiting = std::min(waiting, a.at);
  for (const auto& [at, token] : shared_responses_) waiting = std::min(waiting, at);
  if (out_ != Out::None) next = std::min(next, out_at_);
  if (!complete_.empty()) waiting = std::min(waiting, now + 1);
  if (!address_queue_.empty()) {
    const Op& op = pool_[address_queue_.front()];
    const Cycle start = std::max(op.start_at, next_start_);
    if (!op.saved) {
      if (used_ < params_.per_sm_in_flight) {
        waiting = std::min(waiting, start - kSaveToRequestCycles);
      }
    } else if (!(l1d_.refused() && last_attempt_ == now)) {
      next = std::min(next, start);
    }
  }
  if (waiting != ~Cycle{0}) next = std::min(next, std::max(waiting, fsm_idle_at_));
  return next;
}

}  // namespace ventus::timing
