// Lsu: the load/store unit of one SM (TIMING.md §8): per-warp and per-SM in-flight limits,
// one instruction at a time in the address stage, one L1 request per cycle for each
// distinct block of the active lanes (atomics one lane per request), shared memory for
// accesses wholly below its size, loads completing when every block has answered, through
// mshr_reg.v's state machine (lsu_fsm.cpp) unless `mshr_state_machine` is off.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "functional/timing_record.hpp"
#include "timing/event_log.hpp"
#include "timing/l1d_cache.hpp"
#include "timing/params.hpp"

namespace ventus::timing {

struct LsuCompletion {
  unsigned slot = 0;
  functional::RegRef destination{};  // None for stores
  Cycle ready_at = 0;                // result may be written back from here
};

// The SM's writeback arbiter as the LSU's output sees it (writeback.v, lsu2wb.v): `taken` when
// a unit ahead of the LSU in the fixed priority has a result for `file`'s port at `now`, so the
// LSU's result waits (mshr_reg.v's to_pipe_ready_i is low).
class WritebackPort {
 public:
  virtual bool taken(functional::RegFile file, Cycle now) const = 0;

 protected:
  ~WritebackPort() = default;
};

// A port no other unit writes to (the LSU's own tests).
class FreeWritebackPort final : public WritebackPort {
 public:
  bool taken(functional::RegFile, Cycle) const override { return false; }
};
inline const FreeWritebackPort kFreeWritebackPort{};

struct LsuStats {
  sim::Counter instructions, requests, shared_accesses, shared_bank_conflicts;
  sim::Distribution requests_per_instruction{0, 1, 33};
  // ISSUE -> result ready for writeback of each load (TIMING.md §7: 10 on an L1 hit).
  sim::Distribution load_latency{0, 8, 32};
};

class Lsu {
 public:
  Lsu(const LsuParams& params, unsigned warp_slots, LsuStats& stats, L1dStats& l1d_stats);

  // The address stage and its one-entry input FIFO (lsu_exe.v, input_fifo.v): instructions the
  // LSU holds besides its MSHR's entries.
  static constexpr size_t kAddressSlots = 2;
  // addrcalculate.v: S_SAVE takes the MSHR entry, S_DCACHE hands the first request to the
  // one-entry queue lsu2d_q (sm_wrapper.v), which gives it to the L1 the cycle after.
  static constexpr Cycle kSaveToRequestCycles = 2;

  // Can take a memory instruction of warp `slot` (inline: asked several times per cycle).
  bool ready(unsigned slot) const {
    if (params_.mshr_state_machine) {  // the MSHR's limit stalls the address stage instead
      return address_queue_.size() + (fifo_hold_ ? 1 : 0) < kAddressSlots &&
             per_warp_[slot] < params_.per_warp_in_flight;
    }
    return address_queue_.size() < kAddressSlots && live_ < params_.per_sm_in_flight &&
           per_warp_[slot] < params_.per_warp_in_flight;
  }
  void accept(unsigned slot, const functional::TimingRecord& record, Cycle now);
  // True when an instruction completed or left the address stage: what `ready` and the SM's
  // writeback see (the SM runs its issue stages in that cycle).
  // With no instruction in flight no response or request is pending either.
  // `port`: whether the writeback port takes the MSHR's output (mshr_state_machine).
  bool tick(Cycle now, std::vector<LsuCompletion>& done,
            const WritebackPort& port = kFreeWritebackPort) {
    return live_ != 0 && tick_live(now, done, port);
  }
  bool idle() const { return live_ == 0 && l1d_.idle(); }
  // The earliest cycle at which the LSU or its L1 may act (~0: nothing pending).
  Cycle next_event(Cycle now) const;
  void skip_cycles(Cycle cycles) { l1d_.skip_refused_cycles(cycles); }
  unsigned in_flight(unsigned slot) const { return per_warp_[slot]; }
  size_t l1d_misses_in_flight() const { return l1d_.misses_in_flight(); }
  L1DCache& l1d() { return l1d_; }
  const L1DCache& l1d() const { return l1d_; }
  // The L1 requests and their answers go to `log` (EventLog).
  void set_event_log(EventSink log) { event_log_ = log; }

 private:
  struct Op {
    bool live = false;
    unsigned slot = 0;
    bool store = false;
    bool shared = false;
    functional::RegRef destination{};
    // A lane's access spans up to 16 bytes (pre_m_*_128, ISA.md §5.15): at most 4 blocks.
    std::array<uint32_t, 4 * functional::kMaxThreads> blocks{};
    unsigned block_count = 0;
    unsigned sent = 0;
    unsigned outstanding = 0;
    Cycle start_at = 0;
    Cycle issued_at = 0;
    bool saved = false;  // it has its MSHR entry (mshr_state_machine)
  };
  void build_blocks(Op& op, const functional::TimingRecord& record);
  bool tick_live(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port);
  Cycle completion_event() const;
  bool send(Cycle now, std::vector<LsuCompletion>& done);
  bool send_block(Op& op, uint32_t token, Cycle now);
  void complete(Op& op, Cycle now, std::vector<LsuCompletion>& done);
  void log_answer(uint32_t token, Cycle at) const;
  // mshr_state_machine (lsu_fsm.cpp).
  bool tick_fsm(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port);
  void fsm_idle_cycle(Cycle now);
  bool take_answer(Cycle now, uint32_t& token);
  bool try_save(Cycle now);
  void start_output(Cycle out1);
  void output_cycle(Cycle now, std::vector<LsuCompletion>& done, const WritebackPort& port);
  void free_op(Op& op);
  Cycle fsm_event(Cycle now) const;

  const LsuParams& params_;
  L1DCache l1d_;
  std::vector<Op> pool_;
  std::deque<uint32_t> address_queue_;  // ops still sending requests, in order
  std::vector<unsigned> per_warp_;
  unsigned live_ = 0;
  Cycle next_start_ = 0;            // earliest first request of the next instruction
  Cycle last_attempt_ = ~Cycle{0};  // the cycle of the last request sent to the L1
  std::vector<std::pair<Cycle, uint32_t>> shared_responses_;
  // mshr_state_machine: the MSHR is idle from `fsm_idle_at_`; `used_` entries are taken
  // (saved, not freed yet); complete instructions wait for the output states; entries free
  // the cycle after their output; the input FIFO, read by the address stage the cycle after
  // an instruction's last request, takes a new one a cycle later.
  Cycle fsm_idle_at_ = 0;
  unsigned used_ = 0;
  std::vector<uint32_t> complete_;
  // The output states: S_OUT_1 (Read) or S_OUT_2 (Write) in cycle `out_at_`, each held while
  // the writeback port is taken; S_OUT_1 asks for the port of `tag_file_`, the destination
  // of the entry its tag SRAM read last (the SRAM's output holds between reads).
  enum class Out : uint8_t { None, Read, Write };
  Out out_ = Out::None;
  Cycle out_at_ = 0;
  functional::RegFile tag_file_ = functional::RegFile::None;
  std::vector<std::pair<Cycle, uint32_t>> frees_;
  bool fifo_hold_ = false;
  Cycle fifo_free_at_ = 0;
  // completion_event's per-op scratch: the L1's responses to it and the latest (all zero
  // between calls).
  mutable std::vector<unsigned> answers_;
  mutable std::vector<Cycle> latest_answer_;
  LsuStats& stats_;
  EventSink event_log_;
};

}  // namespace ventus::timing
