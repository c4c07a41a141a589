// Sm front end (TIMING.md §3–§4): greedy lowest-warp fetch, I-cache responses with replay on
// a miss or a full buffer, the slowdown register, and control-flow resolution.
#include <algorithm>
#include <bit>

#include "functional/timing_fill.hpp"
#include "functional/work_group_step.hpp"
#include "timing/sm.hpp"

namespace ventus::timing {

// warp_scheduler.v: a rewind (pc_src 3) or a taken branch (pc_src 1) sets the warp's pc at
// the edge; the warp fetches again from the next cycle, and its requests already past
// stage 0 are dropped at the response. The warp keeps its fixed priority in that cycle
// (pc_ready does not see the flush), so its request, killed at stage 0, holds the fetch slot:
// the lowest warp that misses takes every fetch cycle while its buffer has room.
void Sm::flush_fetch(Warp& w, uint32_t pc, Cycle now) {
  w.fetch_pc = pc;
  w.fetch_from = now + 1;
  w.flushed_at = now;
  ++w.epoch;
  w.fetches_in_flight = 0;  // the older requests are dropped at their responses
}

void Sm::redirect(Warp& w, uint32_t pc, Cycle now) {
  w.refill = SlotState::FetchRedirect;
  note_buffer_change(w, now);
  w.ibuffer.clear();
  sync_fetch_masks(static_cast<unsigned>(&w - warps_.data()));
  w.slow = Packet{};
  w.last_slot0 = {};
  w.hazard_blocked = false;
  w.slot0_blocked = false;
  flush_fetch(w, pc, now);
}

// The buffers' fill as the cycle starts (the RTL's `full` is the state before the edge), and
// whether a fetch response of this cycle rewinds its warp (flushCache_valid_o), which holds
// every branch resolution and warp-control op for the cycle (warp_scheduler.v).
void Sm::sample_front_end(Cycle now) {
  rewind_now_ = false;
  branch_fired_now_ = false;
  for (const Fetch& f : fetches_) {
    if (f.respond_at != now) continue;
    const Warp& w = warps_[f.slot];
    if (w.active && f.epoch == w.epoch && (!f.hit || full_before(f.slot, now))) rewind_now_ = true;
  }
}

// The SIMT stack first (a vbranch that needs no fetch releases its warp even while a fetch
// rewinds), then what reaches the warp scheduler: nothing while a fetch response rewinds a warp
// (branch_ready_o = !flushCache_valid_o), else the due barrier releases and one branch.
void Sm::resolve_control(Cycle now) {
  step_simt_stack(now);
  if (rewind_now_) return;
  for (size_t i = 0; i < resolutions_.size();) {
    const Resolution r = resolutions_[i];
    if (r.at > now || r.branch) {
      ++i;
      continue;
    }
    resolutions_.erase(resolutions_.begin() + static_cast<std::ptrdiff_t>(i));
    branch_fired_now_ = true;
    release_control(r.slot, r.next_pc, r.redirect, now, false);
  }
  if (fire_branch(now)) branch_fired_now_ = true;
}

// branch_back.v: one branch per cycle reaches the warp scheduler, the scalar ALU's (oldest
// first) before the SIMT stack's fetch-control entry.
bool Sm::fire_branch(Cycle now) {
  for (size_t i = 0; i < resolutions_.size(); ++i) {
    const Resolution r = resolutions_[i];
    if (r.at > now || !r.branch) continue;
    resolutions_.erase(resolutions_.begin() + static_cast<std::ptrdiff_t>(i));
    release_control(r.slot, r.next_pc, r.redirect, now, true);
    return true;
  }
  if (!simt_fetch_.valid || simt_fetch_.ready_at > now) return false;
  simt_fetch_.valid = false;
  simt_fetch_.freed_at = now;
  release_control(simt_fetch_.slot, simt_fetch_.next_pc, simt_fetch_.redirect, now, true);
  return true;
}

// simt_stack.v takes the control buffer's entry when it is due (a join at once, a vbranch with
// its mask) and the fetch-control buffer was empty as the cycle began: a join or a vbranch
// that jumps moves there; a vbranch that continues in order (`complete`) releases its warp.
void Sm::step_simt_stack(Cycle now) {
  SimtEntry& c = simt_control_;
  if (!c.valid || c.ready_at > now || !simt_fetch_.free(now)) return;
  if (c.join || c.redirect) {
    simt_fetch_.valid = true;
    simt_fetch_.slot = c.slot;
    simt_fetch_.next_pc = c.next_pc;
    simt_fetch_.redirect = c.redirect;
    simt_fetch_.ready_at = now + params_.front.simt_fetch_control_cycles;
  } else {
    release_control(c.slot, 0, false, now, true);
  }
  c.valid = false;
  c.freed_at = now;
}

// scoreboard.v clears beqReg at the edge of a branch's fire or the stack's `complete`, so the
// warp's next instruction is selected a cycle later (`registered`); a redirect takes effect at
// that edge (the warp fetches from the next cycle, flush_fetch).
void Sm::release_control(unsigned slot, uint32_t next_pc, bool redirect_to, Cycle now,
                         bool registered) {
  Warp& w = warps_[slot];
  if (!w.active) return;
  touch(slot);
  w.control_pending = false;
  if (registered) w.next_select = std::max(w.next_select, now + 1);
  if (redirect_to) {
    ++stats_.redirects;
    redirect(w, next_pc, now);
  }
}

// Stage 1 of the requests made a cycle before the response's (hit latency - 1 cycles ago).
// A request whose warp was flushed since stage 0 still looks the I-cache up
// (instruction_cache.v: cacheMiss_st1 ignores the flush), so its miss requests the line: the
// speculative sequential fetch prefetches.
void Sm::fetch_lookups(Cycle now) {
  const Cycle stage1 = params_.front.icache.hit_latency_cycles - 1;
  for (Fetch& f : fetches_) {  // in request order, so in respond_at order
    if (f.respond_at - stage1 > now) break;
    if (f.respond_at - stage1 == now) f.hit = icache_.lookup(f.pc, now);
  }
}

// A response at `now` for a request of two cycles ago: a hit fills the buffer; a miss or a
// full buffer rewinds the warp to the packet (pc_src 3) and drops its later fetches.
void Sm::fetch_responses(Cycle now) {
  const uint32_t packet = params_.front.fetch_bytes;
  while (!fetches_.empty() && fetches_.front().respond_at <= now) {
    const Fetch f = fetches_.front();
    fetches_.pop_front();
    Warp& w = warps_[f.slot];
    // A request of a warp flushed after its stage 0 looked the I-cache up all the same (see
    // fetch_lookups); its response is dropped.
    const bool stale = !w.active || f.epoch != w.epoch;
    const bool hit = f.hit;
    if (stale) continue;
    --w.fetches_in_flight;
    const bool room = !full_before(f.slot, now);
    ++(hit ? (room ? stats_.fetch_hits : stats_.fetch_full) : stats_.fetch_misses);
    if (event_log_) [[unlikely]] {
      event_log_.add(now, "IFETCH", "warp={} pc=0x{:08x} {}", f.slot, f.pc,
                     hit ? (room ? "hit" : "hit_ibuf_full") : "miss");
    }
    // The slot's state and candidacy (state_of, refresh_stale) change only when its buffer
    // stops being empty or the reason it is empty changes.
    if (hit && room) {
      const uint32_t base = f.pc & ~(packet - 1);
      const uint32_t slots = packet / 4;
      const uint32_t all = slots >= 32 ? ~0u : (1u << slots) - 1;
      const uint32_t valid = decoded_slots(w, base, all & ~((1u << ((f.pc - base) / 4)) - 1));
      if (valid != 0) {
        if (w.ibuffer.empty()) touch(f.slot);
        note_buffer_change(w, now);
        w.ibuffer.push_back(Packet{base, valid, now});
        sync_fetch_masks(f.slot);
      }
      continue;
    }
    ++stats_.fetch_replays;
    if (!hit && w.refill != SlotState::FetchMiss) {
      w.refill = SlotState::FetchMiss;
      touch(f.slot);
    }
    flush_fetch(w, f.pc, now);
  }
}

// decodeUnit.v (maskAfterExt): the decoder masks a regext/regexti out of its packet and keeps
// the prefix for the next instruction of the warp (ISA.md §5.5), so a prefix takes no
// ibuffer slot, no collector and no issue (the RTL's issue counts leave them out).
uint32_t Sm::decoded_slots(Warp& w, uint32_t base, uint32_t valid) {
  for (uint32_t bits = valid; bits != 0; bits &= bits - 1) {
    const unsigned s = static_cast<unsigned>(std::countr_zero(bits));
    const functional::Insn* insn = w.group->insn_at(base + 4 * s);
    if (insn != nullptr && insn->row != nullptr && insn->row->has(isa::flag::kPrefix)) {
      valid &= ~(1u << s);
    }
  }
  return valid;
}

// The prefix the decoder held for the instruction at `pc` takes effect as that instruction
// is selected: the functional core steps it (unrecorded, never issued), so the
// instruction's registers are the extended ones.
void Sm::apply_prefix(Warp& w, uint32_t pc) {
  const uint32_t at = w.group->warps()[w.index].pc;
  if (at + 4 != pc) return;
  const functional::Insn* prefix = w.group->insn_at(at);
  if (prefix == nullptr || prefix->row == nullptr || !prefix->row->has(isa::flag::kPrefix)) return;
  (void)w.group->template step<functional::NoRecord>(w.index, nullptr);
  ++prefixes_stepped_;
}

// The fetch of a candidate slot: true when it takes the cycle's fetch slot.
[[gnu::always_inline]] inline bool Sm::try_fetch(unsigned slot, Cycle now) {
  Warp& w = warps_[slot];
  if (now < w.fetch_from) {
    if (w.flushed_at != now) return false;
    note_fetch(slot, now);  // the flushed warp holds the slot (flush_fetch)
    return true;
  }
  if (!fetch_room(w)) return false;
  ++w.fetches_in_flight;
  ++stats_.fetch_requests;
  fetches_.push_back(
      Fetch{now + params_.front.icache.hit_latency_cycles, slot, w.fetch_pc, w.epoch});
  const uint32_t packet = params_.front.fetch_bytes;
  w.fetch_pc = (w.fetch_pc & ~(packet - 1)) + packet;
  note_fetch(slot, now);
  return true;
}

// Fixed priority, lowest warp slot among the active warps whose buffer was not full as the
// cycle began (pc_ready sees the buffer before the edge, so not the candidate masks, which
// follow this cycle's pushes); the chosen warp's fetch pc moves on to the next packet
// (speculatively).
void Sm::fetch_select(Cycle now) {
  for (uint64_t bits = fetch_candidates(now); bits != 0; bits &= bits - 1) {  // lowest first
    if (try_fetch(static_cast<unsigned>(std::countr_zero(bits)), now)) return;
  }
}

// `slot` took this cycle's fetch. A warp above it with nothing buffered that could have fetched
// spends the cycle FetchBlocked (the stall breakdown's account of fixed-priority fetch,
// TIMING.md §3): state_of says so when states are computed every cycle; with held states the
// cycle is counted for a slot in FetchMiss or FetchRedirect now, here for one held so and not
// touched (its state cannot have changed), by account_slot for a touched one, and split off
// when that state is counted (count_state).
void Sm::note_fetch(unsigned slot, Cycle now) {
  fetch_slot_ = slot;
  fetch_at_ = now;
  if (per_cycle_states()) return;
  const uint64_t above = all_slots_ & ~((uint64_t{2} << slot) - 1);
  // Untouched, a slot is still in the state it is held in.
  for (uint64_t c = refill_held_ & ~touched_ & above; c != 0; c &= c - 1) {
    const auto s = static_cast<unsigned>(std::countr_zero(c));
    if (now >= warps_[s].fetch_from) ++blocked_pending_[s];
  }
  // A touched slot's state of this cycle is known once account_slot computes it.
  blocked_check_ = touched_ & above;
  blocked_check_at_ = now;
}

// The slowdown register takes the next packet when it is empty and the warp may issue; the
// packet's first instruction can be selected the cycle after. slowdown.v / pipe.v: an empty
// register still shows slot 0 of the packet it last held (control_reg is cleared only by a
// flush) and the scoreboard checks that instruction, so the next packet waits until no write
// to its registers is pending (warp_ready).
void Sm::load_slowdown(Cycle now) {
  refresh_candidates();
  for_candidates(slow_candidates_, 0, [&](unsigned slot) {
    Warp& w = warps_[slot];
    if (!w.active || w.slow.valid != 0 || w.ibuffer.empty()) return false;
    if (w.ibuffer.front().pushed >= now || w.in_collector || w.control_pending ||
        now < w.next_select || w.slot0_blocked) {
      return false;
    }
    if (slot0_hazard(w)) {
      w.slot0_blocked = true;  // until a writeback of this warp (its state: Scoreboard)
      touch(slot);
      return false;
    }
    touch(slot);
    w.slow = w.ibuffer.front();
    w.hazard_blocked = false;
    note_buffer_change(w, now);
    w.ibuffer.pop_front();
    sync_fetch_masks(slot);
    w.slow_ready = now + 1;
    remember_slot0(w);
    return false;
  });
}

bool Sm::slot0_hazard(const Warp& w) const {
  const Warp::LastSlot0& slot0 = w.last_slot0;
  return slot0.valid && any_pending(w, slot0.regs);
}

void Sm::remember_slot0(Warp& w) {
  w.last_slot0 = {};
  const functional::Insn* insn = w.group->insn_at(w.slow.pc);
  if (insn == nullptr || insn->row == nullptr || insn->row->has(isa::flag::kPrefix)) return;
  w.last_slot0.valid = true;
  w.last_slot0.regs = functional::effective_operands(*insn, w.group->warps()[w.index]);
}

}  // namespace ventus::timing
