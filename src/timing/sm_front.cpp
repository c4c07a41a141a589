// Sm front end (TIMING.md §3–§4): greedy lowest-warp fetch, I-cache responses with replay on
// a miss or a full buffer, the slowdown register, and control-flow resolution.
#include "timing/sm.hpp"

namespace ventus::timing {

void Sm::redirect(Warp& w, uint32_t pc) {
  w.ibuffer.clear();
  w.slow = Packet{};
  w.fetch_pc = pc;
  ++w.epoch;  // fetches in flight are for the old path
}

void Sm::resolve_control(Cycle now) {
  for (size_t i = 0; i < resolutions_.size();) {
    const Resolution r = resolutions_[i];
    if (r.at > now) {
      ++i;
      continue;
    }
    resolutions_.erase(resolutions_.begin() + static_cast<std::ptrdiff_t>(i));
    Warp& w = warps_[r.slot];
    if (!w.active) continue;
    w.control_pending = false;
    if (r.redirect) {
      ++stats_.redirects;
      redirect(w, r.next_pc);
    }
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
    // A request of a warp rewound or redirected since is dropped without a lookup: calibrated
    // on the RTL counts (letting it request its line over-predicts the prefetch, see
    // docs/timing.md).
    if (!w.active || f.epoch != w.epoch) continue;
    const bool hit = icache_.lookup(f.pc, now);
    if (hit && w.ibuffer.size() < params_.front.ibuffer_packets) {
      const uint32_t base = f.pc & ~(packet - 1);
      const uint32_t slots = packet / 4;
      const uint32_t all = slots >= 32 ? ~0u : (1u << slots) - 1;
      w.ibuffer.push_back(Packet{base, all & ~((1u << ((f.pc - base) / 4)) - 1), now});
      continue;
    }
    ++stats_.fetch_replays;
    w.fetch_pc = f.pc;
    w.fetch_from = now + 1;  // the rewound pc is selectable from the next edge
    ++w.epoch;
  }
}

// Fixed priority, lowest warp slot among the active warps whose buffer is not full; the
// chosen warp's fetch pc moves on to the next packet (speculatively).
void Sm::fetch_select(Cycle now) {
  const uint32_t packet = params_.front.fetch_bytes;
  for (unsigned slot = 0; slot < warps_.size(); ++slot) {
    Warp& w = warps_[slot];
    if (!w.active || now < w.fetch_from || w.ibuffer.size() >= params_.front.ibuffer_packets) {
      continue;
    }
    ++stats_.fetch_requests;
    fetches_.push_back(
        Fetch{now + params_.front.icache.hit_latency_cycles, slot, w.fetch_pc, w.epoch});
    w.fetch_pc = (w.fetch_pc & ~(packet - 1)) + packet;
    return;
  }
}

// The slowdown register takes the next packet when it is empty and the warp may issue; the
// packet's first instruction can be selected the cycle after.
void Sm::load_slowdown(Cycle now) {
  for (Warp& w : warps_) {
    if (!w.active || w.slow.valid != 0 || w.ibuffer.empty()) continue;
    if (w.ibuffer.front().pushed >= now || w.in_collector || w.control_pending ||
        now < w.next_select) {
      continue;
    }
    w.slow = w.ibuffer.front();
    w.ibuffer.pop_front();
    w.slow_ready = now + 1;
  }
}

}  // namespace ventus::timing
