// MemorySystem: L2 lookup, write-through with re-read, and the serialised memory port.
#include "timing/memory_system.hpp"

#include <algorithm>

namespace ventus::timing {

MemorySystem::MemorySystem(const MemoryParams& params, unsigned sm_count, MemoryStats& stats)
    : params_(params),
      l2_(params.l2),
      port_free_(params.transactions_in_flight, 0),
      l2_mshr_free_(params.l2.mshr_entries, 0),
      set_free_(params.l2.sets, 0),
      inbox_(sm_count),
      refusals_(sm_count),
      stats_(stats) {}

// The earliest transaction slot: a transaction starts at or after `earliest` and keeps its
// slot `occupancy` cycles (the adapter's handshake spacing, TIMING.md §12).
Cycle MemorySystem::reserve_port(Cycle earliest, uint32_t occupancy) {
  auto slot = std::min_element(port_free_.begin(), port_free_.end());
  const Cycle start = std::max(earliest, *slot);
  *slot = start + occupancy;
  stats_.port_busy_cycles += occupancy;
  return start;
}

// Beats of one L2 line on the data bus beyond the first (0 on the test bench's 8-byte lines):
// they lengthen a transaction's port occupancy and its last data.
uint32_t MemorySystem::extra_beats() const {
  const uint32_t beat = std::max(1u, params_.beat_bytes);
  return (params_.l2.line_bytes + beat - 1) / beat - 1;
}

// AR at `request_at` or later; returns when the data is back at the SM.
Cycle MemorySystem::read_line(Cycle request_at) {
  const Cycle ar = reserve_port(request_at, params_.read_gap_cycles + extra_beats());
  ++stats_.port_reads;
  stats_.port_read_bytes += params_.l2.line_bytes;
  return ar + params_.read_latency_cycles + extra_beats() + params_.response_cycles;
}

bool MemorySystem::accept(const MemRequest& request, Cycle now) {
  if (last_accept_ == now) return false;
  Refusal& refused = refusals_[request.sm];
  if (now < refused.until && refused.accepts == accepts_ && refused.same(request)) return false;
  auto mshr = std::min_element(l2_mshr_free_.begin(), l2_mshr_free_.end());
  const bool hit = request.kind == MemKind::Get && l2_.access(l2_.line_of(request.address));
  if (!hit && *mshr > now) {
    refused = Refusal{*mshr, accepts_, request};
    return false;
  }
  ++accepts_;
  last_accept_ = now;
  ++stats_.l2_requests;
  MemResponse response{0, request};
  Cycle& set_free = set_free_[l2_.line_of(request.address) % params_.l2.sets];
  const Cycle start = std::max(now, set_free);
  const Cycle to_port = start + params_.l2_to_port_cycles;
  if (hit) {
    ++stats_.l2_hits;
    response.at = start + params_.l2.hit_latency_cycles;
  } else if (request.kind == MemKind::Get) {
    ++stats_.l2_misses;
    response.at = read_line(to_port);
    l2_.fill(l2_.line_of(request.address));
  } else {
    // Write-through: AW/W/B, then (RTL L2) the line is read again before the ack.
    ++stats_.l2_misses;
    const uint32_t write_cycles = params_.write_gap_cycles + extra_beats();
    const Cycle aw = reserve_port(to_port, write_cycles);
    ++stats_.port_writes;
    stats_.port_write_bytes += params_.l2.line_bytes;
    response.at = aw + params_.write_latency_cycles + extra_beats() + params_.response_cycles;
    if (params_.write_reread) {
      response.at = read_line(aw + write_cycles);
      l2_.fill(l2_.line_of(request.address));
    }
  }
  if (!hit) *mshr = set_free = response.at;
  inbox_[request.sm].push(response);
  return true;
}

bool MemorySystem::pop_due_response(unsigned sm, MemResponse& out) {
  auto& q = inbox_[sm];
  out = q.top();
  q.pop();
  return true;
}

Cycle MemorySystem::next_accept(const MemRequest& request, Cycle now) const {
  if (request.kind == MemKind::Get && l2_.contains(l2_.line_of(request.address))) return now + 1;
  const Cycle mshr = *std::min_element(l2_mshr_free_.begin(), l2_mshr_free_.end());
  return std::max(mshr, now + 1);
}

bool MemorySystem::idle(Cycle now) const {
  for (const auto& q : inbox_) {
    if (!q.empty()) return false;
  }
  return std::all_of(l2_mshr_free_.begin(), l2_mshr_free_.end(),
                     [now](Cycle c) { return c <= now; });
}

void MemoryStats::register_in(sim::StatScope s) {
  s.add("l2.requests", l2_requests, "requests", "requests the L2 accepted");
  s.add("l2.hits", l2_hits, "requests", "L2 reads that hit");
  s.add("l2.misses", l2_misses, "requests", "L2 reads that missed and writes (written through)");
  s.add("port.reads", port_reads, "transactions", "memory-port read transactions");
  s.add("port.writes", port_writes, "transactions", "memory-port write transactions");
  s.add("port.read_bytes", port_read_bytes, "bytes", "bytes read through the memory port");
  s.add("port.write_bytes", port_write_bytes, "bytes", "bytes written through the memory port");
  s.add("port.busy_cycles", port_busy_cycles, "cycles",
        "cycles the memory port's transaction slots were occupied");
}

}  // namespace ventus::timing
