// Sm: construction, warp start, the order of one cycle and the SM's memory requests.
#include "timing/sm.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "functional/machine_shape.hpp"

namespace ventus::timing {

Sm::Sm(unsigned index, const TimingParams& params, unsigned warp_slots, MemorySystem& memory,
       const functional::EngineOptions& options, SmCounters& counters)
    : index_(index),
      params_(params),
      memory_(memory),
      options_(options),
      warps_(warp_slots),
      icache_(params.front.icache, params.front.icache_fill_cycles, counters.icache,
              params.front.icache_rearm_on_fill_miss),
      lsu_(params.lsu, warp_slots, counters.lsu, counters.l1d),
      collector_(params.issue, counters.core.dropped_operand_grants),
      held_(warp_slots),
      issued_at_(warp_slots, ~Cycle{0}),
      blocked_pending_(warp_slots, 0),
      last_issue_(warp_slots),
      counters_(counters),
      stats_(counters.core) {
  static_assert(functional::MachineShape::kMaxWarpSlotsPerSm <= 64, "a bit per slot");
  assert(warp_slots >= 1 && warp_slots <= functional::MachineShape::kMaxWarpSlotsPerSm);
  all_slots_ = (uint64_t{2} << (warp_slots - 1)) - 1;
}

void Sm::refresh_stale() {
  for (uint64_t bits = stale_; bits != 0; bits &= bits - 1) {
    const auto slot = static_cast<unsigned>(std::countr_zero(bits));
    if (slot >= warps_.size()) break;
    const Warp& w = warps_[slot];
    const uint64_t bit = uint64_t{1} << slot;
    const bool free = w.active && !w.in_collector && !w.control_pending;
    const bool slow = free && w.slow.valid == 0 && !w.ibuffer.empty();
    const bool select = free && w.slow.valid != 0 && !w.hazard_blocked;
    slow_candidates_ = slow ? slow_candidates_ | bit : slow_candidates_ & ~bit;
    select_candidates_ = select ? select_candidates_ | bit : select_candidates_ & ~bit;
  }
  stale_ = 0;
}

unsigned Sm::free_warp_slots() const {
  return static_cast<unsigned>(
      std::count_if(warps_.begin(), warps_.end(), [](const Warp& w) { return !w.active; }));
}

unsigned Sm::start_warp(functional::WorkGroup& group, unsigned warp, Cycle active_at) {
  auto free = std::find_if(warps_.begin(), warps_.end(), [](const Warp& w) { return !w.active; });
  *free = Warp{};
  free->active = true;
  free->group = &group;
  free->index = warp;
  free->fetch_from = active_at;
  free->fetch_pc = group.warps()[warp].pc;
  free->next_select = active_at;
  touch(static_cast<unsigned>(free - warps_.begin()));
  sync_fetch_masks(static_cast<unsigned>(free - warps_.begin()));
  ++stats_.warps_dispatched;
  ++active_warps_;
  core_next_ = 0;
  states_dirty_ = true;
  return static_cast<unsigned>(free - warps_.begin());
}

bool Sm::busy() const {
  return active_warps_ != 0 || !lsu_.idle() || !results_.empty();
}

namespace {
constexpr Cycle kNever = ~Cycle{0};

// Lowers `next` to `c`, but never below the next cycle (~0: no event). Inlined: the event
// searches call it a few times per SM tick.
[[gnu::always_inline]] inline void earliest(Cycle& next, Cycle c, Cycle now) {
  if (c != kNever) next = std::min(next, std::max(c, now + 1));
}
}  // namespace

// Issue: it serves the lowest-numbered ready unit only, as soon as its execution unit can
// take it (the SFU's end, or an LSU event); the others wait behind it. Reads in flight are
// the collector's own events (tick).
Cycle Sm::collector_event(Cycle now) const {
  Cycle next = kNever;
  bool blocker_seen = false;
  const std::vector<Cycle>& ready = collector_.ready_times();
  for (size_t i = 0; i < ready.size(); ++i) {
    if (ready[i] == kNever) continue;
    if (ready[i] > now) {
      earliest(next, ready[i], now);
    } else if (!blocker_seen) {
      blocker_seen = true;
      const Collector& c = collector_.units()[i];
      if (c.unit == UnitClass::Sfu) {
        earliest(next, sfu_busy_until_, now);
      } else if (is_simt_op(c)) {
        earliest(next, simt_control_.valid ? now + 1 : simt_control_.freed_at + 1, now);
      } else if (c.unit != UnitClass::Lsu || lsu_.ready(c.slot)) {
        earliest(next, now + 1, now);
      }
    }
  }
  return next;
}

// Fetch, selection into the collector, fetch responses and control resolutions. A warp
// blocked by the scoreboard waits for a writeback; one in the collector or behind a branch for
// its issue or resolution.
Cycle Sm::front_end_event(Cycle now) const {
  Cycle next = kNever;
  const auto& units = collector_.units();
  const bool unit_free =
      std::any_of(units.begin(), units.end(), [](const Collector& c) { return !c.busy; });
  for (const Warp& w : warps_) {
    if (!w.active) continue;
    if (!buffer_full(w) && fetch_room(w)) earliest(next, w.fetch_from, now);
    if (w.in_collector || w.control_pending) continue;
    if (w.slow.valid == 0) {
      if (!w.ibuffer.empty() && !w.slot0_blocked) {
        earliest(next, std::max(w.ibuffer.front().pushed + 1, w.next_select), now);
      }
    } else if (!w.hazard_blocked && unit_free) {
      earliest(next, std::max(w.slow_ready, w.next_select), now);
    }
  }
  const Cycle stage1 = params_.front.icache.hit_latency_cycles - 1;
  for (const Fetch& f : fetches_) {  // a lookup already made is no event (slow I-caches)
    if (f.respond_at - stage1 > now) earliest(next, f.respond_at - stage1, now);
    earliest(next, f.respond_at, now);
  }
  for (const Resolution& r : resolutions_) earliest(next, r.at, now);
  if (simt_control_.valid) earliest(next, simt_control_.ready_at, now);
  if (simt_fetch_.valid) earliest(next, simt_fetch_.ready_at, now);
  for (const PendingWrite& p : results_) earliest(next, p.ready_at, now);
  return next;
}

// The collector's answer is cheap and often the next cycle: then the front end need not be
// searched.
Cycle Sm::core_event(Cycle now) const {
  const Cycle collector = collector_event(now);
  return collector == now + 1 ? collector : std::min(collector, front_end_event(now));
}

// Conservative: any stage that may act on the next cycle answers now + 1; the rest answer
// the time of the event that unblocks them (a fetch response, a resolution, a writeback, a
// collector's operands, the LSU or memory). The sources are asked cheapest first, and an
// event no later than `enough` ends the search: the caller waits that long anyway.
Cycle Sm::next_event(Cycle now, Cycle enough) const {
  if (collector_.reading()) return now + 1;  // nothing is earlier
  Cycle next = kNever;
  earliest(next, core_next_, now);
  if (next <= enough) return next;
  earliest(next, lsu_.next_event(now), now);
  if (next <= enough) return next;
  earliest(next, icache_.next_event(now), now);
  if (next <= enough) return next;
  // A request send_memory_request offers next (the I-cache's, else the L1's) waits for the L2.
  const MemRequest* offered = icache_.front_request(now);
  const bool icache_offers = offered != nullptr;
  if (offered == nullptr) offered = lsu_.l1d().front_request(now);
  if (offered != nullptr) {
    earliest(next, memory_.next_accept(*offered, now), now);
    if (next <= enough) return next;
  }
  // The L1's head moves into its output register in a cycle the arbiter gives it ready: none
  // while the I-cache offers (its acceptance is an event), and only with room in the buffer.
  if (!icache_offers) {
    const Cycle stage = lsu_.l1d().stage_event(now);
    if (stage != kNever) earliest(next, std::max(stage, memory_.input_ready_at(now)), now);
  }
  earliest(next, memory_.next_response(index_, now), now);
  return next;
}

void Sm::skip_cycles(Cycle cycles) {
  lsu_.skip_cycles(cycles);
  if (active_warps_ != 0) stats_.active_cycles += cycles;
}

// One state per slot, most specific first: a slot issues, is empty, waits at a barrier, has
// its instruction in the collector, waits for a control resolution, is blocked by the
// scoreboard, has a buffered instruction not yet selectable, or has nothing buffered.
[[gnu::always_inline]] inline SlotState Sm::state_of(unsigned slot, Cycle now) const {
  const Warp& w = warps_[slot];
  if (issued_at_[slot] == now) return SlotState::Issued;
  if (!w.active) return SlotState::Idle;  // the common case of a lightly loaded SM
  if (w.in_collector) {
    const Collector& c = collector_.units()[w.collector_unit];
    if (c.ready_at == kNever || c.ready_at > now) return SlotState::Collector;
    return c.unit == UnitClass::Lsu && !lsu_.ready(slot) ? SlotState::LsuFull : SlotState::UnitBusy;
  }
  // A barrier blocks its warp like a branch until released (control_pending).
  if (w.control_pending) {
    return w.group->warps()[w.index].at_barrier ? SlotState::Barrier : SlotState::Control;
  }
  if (w.slow.valid != 0 || !w.ibuffer.empty()) {
    const bool blocked = w.slow.valid != 0 ? w.hazard_blocked : w.slot0_blocked;
    return blocked ? SlotState::Scoreboard : SlotState::Pipeline;
  }
  // Nothing buffered. Per cycle, a lower slot that took this cycle's fetch, which this warp could
  // have had, makes it FetchBlocked; held states count those cycles apart (note_fetch).
  if (fetch_at_ == now && fetch_slot_ < slot && now >= w.fetch_from && per_cycle_states()) {
    return SlotState::FetchBlocked;
  }
  return w.refill;
}

std::vector<WarpWait> Sm::waiting_warps(Cycle now) const {
  std::vector<WarpWait> waits;
  for (unsigned slot = 0; slot < warps_.size(); ++slot) {
    const Warp& w = warps_[slot];
    if (!w.active) continue;
    // What the warp waits for: a fetch a lower slot took this one cycle is its fetch's wait.
    const SlotState state = state_of(slot, now);
    waits.push_back(
        {slot, w.group, w.index, state == SlotState::FetchBlocked ? w.refill : state, w.fetch_pc});
  }
  return waits;
}

[[gnu::always_inline]] inline void Sm::account_slot(unsigned slot, Cycle now, Cycle cycles) {
  const SlotState state = state_of(slot, now);
  Held& held = held_[slot];
  if (state != held.state) {
    count_state(slot, held.state, now - held.from);
    held = Held{state, now};
    const uint64_t bit = slot_bit(slot);
    refill_held_ = waits_for_own_fetch(state) ? refill_held_ | bit : refill_held_ & ~bit;
  }
  if (blocked_check_at_ == now && (blocked_check_ & slot_bit(slot)) != 0 &&
      waits_for_own_fetch(state) && now >= warps_[slot].fetch_from) {
    ++blocked_pending_[slot];  // a lower slot took this cycle's fetch (note_fetch)
  }
  if (state == SlotState::Issued) touch(slot);  // it lasts one cycle
  if (timeline_ != nullptr) {
    timeline_->slot_cycles(index_, slot, now, cycles, state,
                           state == SlotState::Issued ? &last_issue_[slot] : nullptr);
  }
}

// The states only change in a cycle that ran the issue stages (states_dirty_), and Issued
// lasts one cycle; otherwise the cycles join the held states. Within such a cycle only the
// slots it touched can have a new state: a change of their warp, an issue last time, their
// collector unit getting ready (touch_at) or the LSU moving. A slot's held state reaches the
// counters when it changes (flush_states at the end). The timeline wants every slot's slices
// as they come; without idle skipping every slot is recomputed every cycle (the reference).
void Sm::recount_states(Cycle now, Cycle cycles) {
  const bool every_slot = per_cycle_states();
  for (size_t i = 0; i < ready_touches_.size();) {
    if (ready_touches_[i].at > now) {
      ++i;
      continue;
    }
    touch(ready_touches_[i].slot);
    ready_touches_[i] = ready_touches_.back();
    ready_touches_.pop_back();
  }
  // touched_ may hold bits past the last slot (a barrier touches all).
  uint64_t slots = touched_ & all_slots_;
  touched_ = 0;
  if (every_slot) {
    for (unsigned slot = 0; slot < warps_.size(); ++slot) account_slot(slot, now, cycles);
  } else {
    for (; slots != 0; slots &= slots - 1) {
      account_slot(static_cast<unsigned>(std::countr_zero(slots)), now, cycles);
    }
  }
  states_dirty_ = touched_ != 0;
}

// A held FetchMiss or FetchRedirect gives its blocked cycles to FetchBlocked. Those counted in
// the cycle it begins wait for it: the state before is counted in that cycle (account_slot), and
// a slot switches between the two only when its fetch is flushed, never blocked in that cycle.
[[gnu::always_inline]] inline void Sm::count_state(unsigned slot, SlotState state, Cycle cycles) {
  Cycle& blocked = blocked_pending_[slot];
  if (blocked != 0 && waits_for_own_fetch(state)) {
    add_state(slot, SlotState::FetchBlocked, blocked);
    cycles -= blocked;
    blocked = 0;
  }
  add_state(slot, state, cycles);
}

void Sm::add_state(unsigned slot, SlotState state, Cycle cycles) {
  const auto k = static_cast<size_t>(state);
  counters_.states[k] += cycles;
  counters_.slot_states[slot][k] += cycles;
}

void Sm::flush_states() {
  for (unsigned slot = 0; slot < warps_.size(); ++slot) {
    Held& held = held_[slot];
    if (held.from == accounted_to_) continue;
    count_state(slot, held.state, accounted_to_ - held.from);
    held.from = accounted_to_;
  }
}

void Sm::account_idle(Cycle cycles) {
  flush_states();
  const auto k = static_cast<size_t>(SlotState::Idle);
  for (unsigned slot = 0; slot < warps_.size(); ++slot) {
    counters_.states[k] += cycles;
    counters_.slot_states[slot][k] += cycles;
  }
}

// Responses first, then the pipeline from its end to its start, so each stage sees what the
// later stages freed at this edge (TIMING.md's "A→B = n" edge counts).
void Sm::tick(Cycle now, SmEvents& events) {
  MemResponse response;
  while (memory_.pop_response(index_, now, response)) {
    if (event_log_) [[unlikely]]
      log_memory(response.at, "SM_MEM_RSP", response.request);
    if (response.request.client == MemClient::ICache) {
      icache_.on_response(response, now);
    } else {
      lsu_.l1d().on_response(response, now);
    }
  }
  icache_.begin_cycle(now);
  if (active_warps_ != 0) ++stats_.active_cycles;
  const bool core_quiet = params_.skip_idle_cycles && core_next_ > now;
  if (!core_quiet) {  // quiet: no resolution or fetch response is due
    sample_front_end(now);
    resolve_control(now);
  }
  const bool lsu_changed = lsu_.tick(now, lsu_done_, *this);
  // The operand reads run alone while nothing else may act, unless a unit gets ready now.
  const OperandCollector::Ready ready =
      collector_.reading() ? collector_.tick(now) : OperandCollector::Ready{};
  if (ready.at != kNever) touch_at(ready.at, ready.slot);
  if (lsu_changed) touched_ |= lsu_collecting_;  // LsuFull or UnitBusy
  if (lsu_changed || !core_quiet || ready.at <= now) {
    if (core_quiet) sample_front_end(now);  // the buffers as the cycle began
    tick_core(now, events);
    if (events.fault) return;
  } else {
    core_next_ = std::min(core_next_, ready.at);  // the unit may issue from then on
  }
  icache_.end_cycle(now);
}

// The stages after the collector's reads, then the next cycle at which they may act again.
void Sm::tick_core(Cycle now, SmEvents& events) {
  issue(now, events);
  if (events.fault) return;
  select_into_collector(now);
  load_slowdown(now);
  fetch_lookups(now);
  fetch_responses(now);
  fetch_select(now);
  writeback(now);
  // After an issue, or with reads in flight, the next cycle is usually busy: searching then
  // does not pay, and running the stages early is always exact.
  core_next_ =
      issued_at_[last_issued_slot_] == now || collector_.reading() ? now + 1 : core_event(now);
  states_dirty_ = true;
}

void Sm::log_memory(Cycle cycle, std::string_view event, const MemRequest& r) const {
  static constexpr const char* kKinds[] = {"Get", "PutPartial", "PutFull"};
  event_log_.add(cycle, event, "client={} op={} addr=0x{:08x}",
                 r.client == MemClient::ICache ? "icache" : "dcache",
                 kKinds[static_cast<size_t>(r.kind)], r.address);
}

// The SM's port to the L2 (l1cache_arb): the I-cache before the data cache.
bool Sm::send_memory_request(Cycle now) {
  if (const MemRequest* r = icache_.front_request(now)) {
    MemRequest request = *r;
    request.sm = static_cast<uint16_t>(index_);
    if (!memory_.accept(request, now)) return false;
    if (event_log_) [[unlikely]]
      log_memory(now, "SM_MEM_REQ", request);
    icache_.pop_request();
    return true;
  }
  L1DCache& l1d = lsu_.l1d();
  if (!l1d.has_requests()) return false;  // the common case of a computing SM
  if (const MemRequest* r = l1d.front_request(now)) {
    MemRequest request = *r;
    request.sm = static_cast<uint16_t>(index_);
    if (!memory_.accept(request, now)) return false;
    if (event_log_) [[unlikely]]
      log_memory(now, "SM_MEM_REQ", request);
    l1d.pop_request(now);
    l1d.stage(now);
    return true;
  }
  if (memory_.input_ready(now)) l1d.stage(now);
  return false;
}

}  // namespace ventus::timing
