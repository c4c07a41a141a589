// Sm: one streaming multiprocessor of the cycle model (TIMING.md §3–§9, §13): greedy
// lowest-warp fetch through the I-cache into per-warp instruction buffers, round-robin
// selection into the operand collector (scoreboard, one instruction per warp in flight,
// register banks), lowest-unit issue into the execution units, execution of the
// instruction by the functional core at ISSUE (DESIGN.md §2.3), writeback arbitration,
// and the LSU with its L1 data cache.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

#include "functional/engine.hpp"
#include "functional/timing_record.hpp"
#include "functional/work_group.hpp"
#include "timing/event_log.hpp"
#include "timing/icache.hpp"
#include "timing/l1d_cache.hpp"
#include "timing/lsu.hpp"
#include "timing/memory_system.hpp"
#include "timing/operand_collector.hpp"
#include "timing/params.hpp"
#include "timing/sfu_divider.hpp"
#include "timing/slot_state.hpp"
#include "timing/sm_stats.hpp"
#include "timing/timeline.hpp"
#include "timing/unit_class.hpp"

namespace ventus::timing {

// A resident warp and what it waits for (a launch that stops making progress names them).
struct WarpWait {
  unsigned slot;
  functional::WorkGroup* group;
  unsigned warp;      // its index in the work-group
  SlotState state;    // its state in the cycle asked about (the stall breakdown's)
  uint32_t fetch_pc;  // the address its next fetch asks for
};

// What the SM reports to the GPU model after a cycle.
struct SmEvents {
  std::vector<functional::WorkGroup*> groups_done;  // every warp of the group ended
  std::optional<functional::Fault> fault;           // a guest fault stops the launch
};

class Sm final : private WritebackPort {
 public:
  Sm(unsigned index, const TimingParams& params, unsigned warp_slots, MemorySystem& memory,
     const functional::EngineOptions& options, SmCounters& counters);

  unsigned index() const { return index_; }
  // Free warp slots (the CTA scheduler's resource table).
  unsigned free_warp_slots() const;
  // Starts warp `warp` of `group` in the lowest free slot, which it returns; the warp may
  // fetch from `active_at`.
  unsigned start_warp(functional::WorkGroup& group, unsigned warp, Cycle active_at);
  void tick(Cycle now, SmEvents& events);
  // Offers this SM's next memory request to the L2 (I-cache first); true when it was taken.
  bool send_memory_request(Cycle now);
  bool busy() const;  // any warp, instruction or memory request in flight
  // An instruction issued in `cycle` (the last cycle ticked or later).
  bool issued_at(Cycle cycle) const { return issued_at_[last_issued_slot_] == cycle; }
  // The work-group and warp index of the slot that issued last (it may have ended since).
  std::pair<functional::WorkGroup*, unsigned> last_issued_warp() const {
    const Warp& w = warps_[last_issued_slot_];
    return {w.group, w.index};
  }
  // The earliest cycle after `now` at which this SM may change state, assuming the memory
  // system delivers nothing earlier than it has scheduled (~0: only an outside event can
  // wake it). Every cycle before it is idle and may be skipped. When that cycle is no later
  // than `enough`, the answer may be any cycle after `now` up to `enough` (the caller does
  // not tick before `enough`, so the search stops at the first such event).
  Cycle next_event(Cycle now, Cycle enough) const;
  // Accounts `cycles` skipped idle cycles (per-cycle counters).
  void skip_cycles(Cycle cycles);
  // Counts `cycles` cycles from `now` on in the state each warp slot is in at `now`
  // (skipped idle cycles keep the state of the first of them). Inline: called for every SM
  // tick, and mostly the held states stand.
  void account_states(Cycle now, Cycle cycles) {
    accounted_to_ = now + cycles;
    if (states_dirty_ || per_cycle_states()) recount_states(now, cycles);
  }
  // Counts `cycles` more cycles as idle for every slot (the kernel end after the last warp).
  void account_idle(Cycle cycles);
  // Adds the held states' cycles to the counters (account_states defers them while the
  // states cannot change); before the counters are read.
  void flush_states();
  // Slot states and issued instructions also go to `timeline` (null: none).
  void set_timeline(Timeline* timeline) { timeline_ = timeline; }
  // Fetch responses, collector entries, issues, writebacks, warp ends, the LSU's L1 requests
  // and answers and the requests to the L2 and their answers go to `log` (null: none).
  void set_event_log(EventLog* log) {
    event_log_ = EventSink{log, static_cast<int>(index_)};
    lsu_.set_event_log(event_log_);
  }
  // The resident warps and their states at `now`.
  std::vector<WarpWait> waiting_warps(Cycle now) const;
  size_t l1d_misses_in_flight() const { return lsu_.l1d_misses_in_flight(); }
  // regext/regexti prefixes the functional core stepped (never issued, decodeUnit.v): with
  // the issued instructions, the warp-instructions executed.
  uint64_t prefixes_stepped() const { return prefixes_stepped_; }
  bool lsu_idle() const { return lsu_.idle(); }
  L1DCache& l1d() { return lsu_.l1d(); }
  ICache& icache() { return icache_; }

 private:
  struct Packet {
    uint32_t pc = 0;     // address of the packet's first slot
    uint32_t valid = 0;  // bit per instruction slot still to hand out
    Cycle pushed = 0;    // written into the buffer at this edge
  };
  // The instruction buffer: a FIFO in one block that grows to the buffer's size once (looked
  // at several times per warp and cycle; a deque's checks chase pointers).
  class PacketFifo {
   public:
    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const Packet& front() const { return slots_[head_]; }
    void clear() { head_ = count_ = 0; }
    void pop_front() {
      head_ = head_ + 1 == slots_.size() ? 0 : head_ + 1;
      --count_;
    }
    void push_back(const Packet& packet) {
      if (count_ == slots_.size()) grow();
      const size_t tail = head_ + count_;
      slots_[tail >= slots_.size() ? tail - slots_.size() : tail] = packet;
      ++count_;
    }

   private:
    void grow() {
      std::vector<Packet> slots(std::max<size_t>(2, 2 * slots_.size()));
      for (size_t i = 0; i < count_; ++i) slots[i] = slots_[(head_ + i) % slots_.size()];
      slots_ = std::move(slots);
      head_ = 0;
    }
    std::vector<Packet> slots_;
    size_t head_ = 0, count_ = 0;
  };
  struct Warp {
    bool active = false;
    functional::WorkGroup* group = nullptr;
    unsigned index = 0;  // warp index in its work-group
    Cycle fetch_from = 0;
    Cycle flushed_at = ~Cycle{0};  // last rewind or redirect: the fetch slot of that cycle is lost
    uint32_t fetch_pc = 0;
    uint32_t epoch = 0;              // bumped on redirect and replay: older fetches are dropped
    uint32_t fetches_in_flight = 0;  // this epoch's requests not answered yet (may_fetch)
    PacketFifo ibuffer;
    Packet slow{};  // the slowdown register
    Cycle slow_ready = 0;
    bool in_collector = false;
    unsigned collector_unit = 0;   // the collector unit holding its instruction (in_collector)
    bool control_pending = false;  // beqReg: branch, vbranch, join or barrier unresolved
    bool hazard_blocked = false;   // the head instruction waits for a writeback of this warp
    // Slot 0 of the packet last loaded into the slowdown register (its registers, regext
    // applied as when loaded): what the scoreboard checks while that register is empty.
    struct LastSlot0 {
      bool valid = false;
      functional::RegOperands regs;
    } last_slot0;
    bool slot0_blocked = false;  // the next packet waits for a writeback (stale slot 0)
    Cycle next_select = 0;       // previous ISSUE + 1
    SlotState refill = SlotState::FetchMiss;  // why the buffer is empty (last rewind kind)
    std::bitset<256> pending_scalar, pending_vector;
  };
  struct Fetch {
    Cycle respond_at;
    unsigned slot;
    uint32_t pc;
    uint32_t epoch;
    bool hit = false;  // the stage-1 lookup's outcome
  };
  using Collector = OperandCollector::Unit;
  struct PendingWrite {
    Cycle ready_at;
    unsigned slot;
    functional::RegRef reg;
    unsigned priority;
  };
  struct Resolution {
    Cycle at;
    unsigned slot;
    uint32_t next_pc;
    bool redirect;
    bool branch = true;  // reaches the warp scheduler through branch_back (not a barrier)
  };
  // One entry of simt_stack.v's control or fetch-control buffer (stream_fifo, depth 1: it takes
  // a new entry only the cycle after it emptied).
  struct SimtEntry {
    bool valid = false;
    bool join = false;
    unsigned slot = 0;
    uint32_t next_pc = 0;
    bool redirect = false;
    Cycle ready_at = 0;  // the stack (control) or the warp scheduler (fetch control) may take it
    Cycle freed_at = 0;  // the edge it last emptied at
    bool free(Cycle now) const { return !valid && freed_at < now; }
  };

  // Front end (sm_front.cpp).
  void fetch_lookups(Cycle now);
  void fetch_responses(Cycle now);
  void fetch_select(Cycle now);
  [[gnu::always_inline]] bool try_fetch(unsigned slot, Cycle now);
  void note_fetch(unsigned slot, Cycle now);
  void load_slowdown(Cycle now);
  void sample_front_end(Cycle now);
  bool buffer_full(const Warp& w) const {
    return w.ibuffer.size() >= params_.front.ibuffer_packets;
  }
  // Fetch never runs ahead of the buffer: a warp has at most one request in flight more than
  // its buffer holds. The RTL's two-cycle I-cache never has more than two of a warp in flight,
  // so this binds only on a slower I-cache, whose speculative fetch would otherwise run
  // hit_latency_cycles packets past its buffer, rewind on every full buffer and prefetch
  // (evicting) lines far beyond the code (issue 54).
  bool fetch_room(const Warp& w) const {
    return w.fetches_in_flight <= params_.front.ibuffer_packets;
  }
  uint64_t changed_now(Cycle now) const { return changed_at_ == now ? changed_ : 0; }
  bool full_before(unsigned slot, Cycle now) const {
    const uint64_t bit = slot_bit(slot);
    return (changed_now(now) & bit) != 0 ? (unfull_before_ & bit) == 0 : buffer_full(warps_[slot]);
  }
  void note_buffer_change(const Warp& w, Cycle now) {
    const uint64_t bit = slot_bit(static_cast<unsigned>(&w - warps_.data()));
    if (changed_at_ != now) {
      changed_ = 0;
      changed_at_ = now;
    }
    if ((changed_ & bit) != 0) return;
    changed_ |= bit;
    unfull_before_ = buffer_full(w) ? unfull_before_ & ~bit : unfull_before_ | bit;
  }
  // After a change to a slot's buffer or activity: its bits of the fetch masks below.
  void sync_fetch_masks(unsigned slot) {
    const uint64_t bit = slot_bit(slot);
    const Warp& w = warps_[slot];
    active_slots_ = w.active ? active_slots_ | bit : active_slots_ & ~bit;
    unfull_ = buffer_full(w) ? unfull_ & ~bit : unfull_ | bit;
  }
  // The slots fetch selection may take: active, with a buffer not full as the cycle began.
  uint64_t fetch_candidates(Cycle now) const {
    const uint64_t changed = changed_now(now);
    return active_slots_ & ((unfull_ & ~changed) | (unfull_before_ & changed));
  }
  static bool pending(const std::bitset<256>& scalar, const std::bitset<256>& vector,
                      functional::RegRef reg);
  bool any_pending(const Warp& w, const functional::RegOperands& regs) const;
  bool slot0_hazard(const Warp& w) const;
  void remember_slot0(Warp& w);
  uint32_t decoded_slots(Warp& w, uint32_t base, uint32_t valid);
  void apply_prefix(Warp& w, uint32_t pc);
  void redirect(Warp& w, uint32_t pc, Cycle now);
  void flush_fetch(Warp& w, uint32_t pc, Cycle now);
  void resolve_control(Cycle now);
  bool fire_branch(Cycle now);
  void step_simt_stack(Cycle now);
  void release_control(unsigned slot, uint32_t next_pc, bool redirect, Cycle now, bool registered);
  static bool is_simt_op(const Collector& c);
  // Issue (sm_issue.cpp).
  void select_into_collector(Cycle now);
  bool can_select(const Warp& w, Cycle now) const;
  void issue(Cycle now, SmEvents& events);
  bool unit_ready(const Collector& c, Cycle now) const;
  void execute(Collector& c, Cycle now, SmEvents& events);
  // `division`: the integer divider's lane times, read before the step (nullptr otherwise).
  void start_unit(const Collector& c, const Warp& w, Cycle now, const DivisionTiming* division);
  std::optional<DivisionTiming> division_before_step(const Collector& c, const Warp& w) const;
  void start_control(const isa::InsnRow& row, unsigned slot, const functional::StepResult& step,
                     Cycle now);
  void after_step(Collector& c, const functional::StepResult& step, Cycle now, SmEvents& events);
  void writeback(Cycle now);
  bool taken(functional::RegFile file, Cycle now) const override;  // the LSU's port (WritebackPort)
  void schedule_result(unsigned slot, const functional::RegRef& reg, UnitClass unit, Cycle at);
  void end_warp(unsigned slot, Cycle now, SmEvents& events);

  unsigned index_;
  const TimingParams& params_;
  MemorySystem& memory_;
  const functional::EngineOptions& options_;
  std::vector<Warp> warps_;
  ICache icache_;
  Lsu lsu_;
  std::deque<Fetch> fetches_;
  OperandCollector collector_;
  std::vector<Resolution> resolutions_;
  SimtEntry simt_control_, simt_fetch_;  // simt_stack.v's two one-entry buffers
  // The RTL's `full` is a buffer's state before the edge. A slot's state is saved by the
  // first change to its buffer in a cycle (note_buffer_change); until then the buffer itself
  // is that state (full_before), so no cycle pays for sampling every slot. Bit masks, a bit
  // per slot: the active slots, those whose buffer is not full now, the slots whose buffer
  // changed in changed_at_ and, for those, whether it was not full as that cycle began.
  uint64_t active_slots_ = 0, unfull_ = ~uint64_t{0}, changed_ = 0, unfull_before_ = 0;
  Cycle changed_at_ = ~Cycle{0};
  bool rewind_now_ = false;            // a fetch response rewinds a warp this cycle
  bool branch_fired_now_ = false;      // a branch resolution reached the fetch this cycle
  std::vector<PendingWrite> results_;  // waiting for a writeback port
  std::vector<LsuCompletion> lsu_done_;
  unsigned rr_next_ = 0;  // round-robin pointer of the selection
  Cycle sfu_busy_until_ = 0;
  [[gnu::always_inline]] SlotState state_of(unsigned slot, Cycle now) const;
  // A request to the L2, or its answer, in the event log.
  void log_memory(Cycle cycle, std::string_view event, const MemRequest& request) const;
  // next_event's parts (sm.cpp).
  Cycle front_end_event(Cycle now) const;
  Cycle collector_event(Cycle now) const;
  Cycle core_event(Cycle now) const;
  void tick_core(Cycle now, SmEvents& events);

  // The earliest cycle at which the stages from issue to fetch may act, as front_end_event
  // and collector_event said after the last cycle that ran them (lowered when a collector
  // unit gets ready); 0 forces them to run. Before it only the operand reads, the LSU, the
  // caches and memory move: a cycle in which the LSU changed nothing the issue stages see
  // (Lsu::tick) and no unit got ready runs them not at all.
  Cycle core_next_ = 0;
  unsigned last_issued_slot_ = 0;
  uint64_t prefixes_stepped_ = 0;
  unsigned active_warps_ = 0;
  // Each slot's state since `from`, not counted yet (account_states): while the issue stages
  // do not run, no input of state_of changes.
  struct Held {
    SlotState state = SlotState::Idle;
    Cycle from = 0;
  };
  std::vector<Held> held_;
  Cycle accounted_to_ = 0;  // every cycle before it has its state (held or counted)
  // Slots whose state inputs changed since the last account_states, and slots with a memory
  // instruction in the collector (LsuFull or UnitBusy as the LSU moves); bit per slot
  // (sm.warp_slots is at most MachineShape::kMaxWarpSlotsPerSm).
  uint64_t touched_ = 0, lsu_collecting_ = 0;
  static uint64_t slot_bit(unsigned slot) { return uint64_t{1} << slot; }
  void touch(unsigned slot) {
    touched_ |= slot_bit(slot);
    stale_ |= slot_bit(slot);
  }
  // A slot in the collector leaves the Collector state when its unit gets ready: touched
  // then (account_states). That cycle is an event (collector_event), never skipped.
  struct ReadyTouch {
    Cycle at;
    unsigned slot;
  };
  std::vector<ReadyTouch> ready_touches_;
  void touch_at(Cycle at, unsigned slot) { ready_touches_.push_back({at, slot}); }
  // Candidate slots (a superset: each stage still checks its whole condition, the times
  // included) of the slowdown load and the selection, so that those stages look at few warps
  // (fetch selection has masks of its own: it sees the buffers as the cycle began); the touched
  // slots' bits are recomputed when a stage next needs them.
  uint64_t slow_candidates_ = 0, select_candidates_ = 0;
  uint64_t stale_ = ~uint64_t{0};
  uint64_t all_slots_ = 0;  // a bit per slot
  void refresh_candidates() {
    if (stale_ != 0) refresh_stale();
  }
  void refresh_stale();
  // Calls `f(slot)` for the slots of `mask` from `start` on, wrapping, until it returns true.
  template <typename F>
  void for_candidates(uint64_t mask, unsigned start, F f) {
    const uint64_t from = ~uint64_t{0} << start;  // start < warp slots <= 64
    for (uint64_t bits = mask & from; bits != 0; bits &= bits - 1) {
      if (f(static_cast<unsigned>(std::countr_zero(bits)))) return;
    }
    for (uint64_t bits = mask & ~from; bits != 0; bits &= bits - 1) {
      if (f(static_cast<unsigned>(std::countr_zero(bits)))) return;
    }
  }
  [[gnu::always_inline]] void count_state(unsigned slot, SlotState state, Cycle cycles);
  void add_state(unsigned slot, SlotState state, Cycle cycles);
  // account_states when a held state may have changed, or every slot is counted each cycle.
  void recount_states(Cycle now, Cycle cycles);
  [[gnu::always_inline]] void account_slot(unsigned slot, Cycle now, Cycle cycles);
  // Every slot's state is computed every cycle (the timeline wants them, or the reference
  // without skipping); else states are held.
  bool per_cycle_states() const { return timeline_ != nullptr || !params_.skip_idle_cycles; }
  bool states_dirty_ = true;  // recompute the held states at the next account_states

  std::vector<Cycle> issued_at_;  // per slot: the cycle of its last ISSUE
  // FetchBlocked (note_fetch): the slot that took the fetch at fetch_at_; with held states, the
  // slots held in FetchMiss or FetchRedirect and, per slot, the cycles of that held state that
  // were blocked, split off when it is counted (count_state).
  static constexpr unsigned kNoSlot = ~0u;
  unsigned fetch_slot_ = kNoSlot;
  Cycle fetch_at_ = ~Cycle{0};
  uint64_t refill_held_ = 0;
  uint64_t blocked_check_ = 0;  // touched slots above the fetching one at blocked_check_at_
  Cycle blocked_check_at_ = ~Cycle{0};
  std::vector<Cycle> blocked_pending_;
  std::vector<IssuedInsn> last_issue_;  // per slot: its last issued instruction (timeline)
  Timeline* timeline_ = nullptr;
  SmCounters& counters_;
  SmStats& stats_;
  EventSink event_log_;  // last: the members the model uses every cycle keep their places
};

}  // namespace ventus::timing
