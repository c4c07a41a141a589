// Per-lane memory loops for vector loads/stores: ascending active lanes, trap stops the loop.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "common/bits.hpp"
#include "functional/exec_context.hpp"

namespace ventus::functional::semantics::lane {

// Memory element types: the unsigned access width plus how it widens into a 32-bit lane.
template <typename T, bool kSigned>
struct Elem {
  using Type = T;
  static uint32_t widen(T value) {
    if constexpr (kSigned) {
      return static_cast<uint32_t>(sign_extend(value, 8 * sizeof(T)));
    } else {
      return value;
    }
  }
};
using B = Elem<uint8_t, true>;
using Bu = Elem<uint8_t, false>;
using H = Elem<uint16_t, true>;
using Hu = Elem<uint16_t, false>;
using W = Elem<uint32_t, false>;

// Memory accesses cannot be computed for inactive lanes, so each active lane is visited in
// ascending order (REF order: the highest thread wins overlapping stores, §5.10).
template <class Fn>
bool for_active(LaneMask active, Fn fn) {
  for (LaneMask m = active; m != 0; m &= m - 1) {
    if (!fn(static_cast<unsigned>(std::countr_zero(m)))) return false;
  }
  return true;
}

// How the active lanes' addresses lie: consecutive elements of `size` bytes (unit stride),
// all the same (uniform), or neither. `first` is the first active lane's address.
enum class Pattern : uint8_t { Scattered, UnitStride, Uniform };
struct LanePattern {
  Pattern pattern = Pattern::Scattered;
  uint32_t first = 0;
};
// True when the active lanes are one run lane0, lane0 + 1, ... (every thread of a converged
// warp): their loops then run over an index range, which the compiler vectorises.
inline bool one_run(LaneMask active) {
  const LaneMask run = active >> std::countr_zero(active);
  return (run & (run + 1)) == 0;
}

// fn(i, k) for the lanes i of a run (one_run), ascending, k = i - its first lane; `fn` must
// not exit early, so the loop vectorises. All 32 lanes, the common case, get constant bounds:
// straight-line vector code with no remainder loop.
template <class Fn>
[[gnu::always_inline]] inline void for_run(LaneMask active, Fn fn) {
  if (active == ~LaneMask{0}) {
    for (unsigned i = 0; i < kMaxThreads; ++i) fn(i, i);
    return;
  }
  const auto lane0 = static_cast<unsigned>(std::countr_zero(active));
  const auto end = static_cast<unsigned>(32 - std::countl_zero(active));
  for (unsigned i = lane0; i < end; ++i) fn(i, i - lane0);
}

template <class Addr>
LanePattern lane_pattern(LaneMask active, Addr& addr, unsigned size) {
  const auto lane0 = static_cast<unsigned>(std::countr_zero(active));
  const uint32_t first = addr(lane0);
  bool unit = true, uniform = true;
  if (one_run(active)) {
    // The differences are OR-ed, with no early exit, so the loop vectorises.
    uint32_t off_stride = 0, off_first = 0;
    for_run(active, [&](unsigned i, unsigned k) {
      const uint32_t a = addr(i);
      off_stride |= a ^ (first + k * size);
      off_first |= a ^ first;
    });
    unit = off_stride == 0;
    uniform = off_first == 0;
  } else {
    for (LaneMask m = active & (active - 1); m != 0; m &= m - 1) {
      const auto i = static_cast<unsigned>(std::countr_zero(m));
      const uint32_t a = addr(i);
      unit = unit && a == first + (i - lane0) * size;
      uniform = uniform && a == first;
    }
  }
  if (unit && active != (active & -active)) return {Pattern::UnitStride, first};
  if (uniform) return {Pattern::Uniform, first};
  return {Pattern::Scattered, first};
}

// d[i] = widen(host[k(i)]) for the active lanes, k(i) = i - lane0 (unit stride) or 0.
template <class E>
void copy_in(VReg& d, LaneMask active, const uint8_t* host, bool unit) {
  using T = typename E::Type;
  if (one_run(active)) {
    if (!unit) {
      T value;
      std::memcpy(&value, host, sizeof(T));
      for_run(active, [&](unsigned i, unsigned) { d.lane[i] = E::widen(value); });
      return;
    }
    for_run(active, [&](unsigned i, unsigned k) {
      T value;
      std::memcpy(&value, host + k * sizeof(T), sizeof(T));
      d.lane[i] = E::widen(value);
    });
    return;
  }
  const auto lane0 = static_cast<unsigned>(std::countr_zero(active));
  for (LaneMask m = active; m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    T value;
    std::memcpy(&value, host + (unit ? (i - lane0) * sizeof(T) : 0), sizeof(T));
    d.lane[i] = E::widen(value);
  }
}

// Loads whose lanes are unit-stride or uniform, unrecorded or under the timing policy (its
// record gets the lanes' addresses at once): one translation for the whole warp (DESIGN.md
// §2.4). False when the lanes are scattered or the span is not one translation (the
// lane-by-lane path then finds the fault of the right lane), and for a unit-stride span with
// gaps of inactive lanes under a speculative view, which would mark the gaps read: another
// work-group's writes there would make this one run again for nothing.
template <class E, class Addr>
bool load_warp_wide(ExecContext& ctx, LaneMask active, VReg& d, Addr& addr) {
  using T = typename E::Type;
  if constexpr (ExecContext::kCommit) {
    return false;  // the commit record lists every lane's access
  } else {
    if (active == 0) return false;
    const LanePattern p = lane_pattern(active, addr, sizeof(T));
    if (p.pattern == Pattern::Scattered) return false;
    const auto lane0 = static_cast<unsigned>(std::countr_zero(active));
    const auto end = static_cast<unsigned>(32 - std::countl_zero(active));
    const bool unit = p.pattern == Pattern::UnitStride;
    if (unit && !one_run(active) && ctx.memory().overlay() != nullptr) return false;
    const uint32_t bytes = unit ? (end - lane0) * sizeof(T) : sizeof(T);
    const uint8_t* host =
        ctx.load_span(p.first, bytes, sizeof(T), static_cast<unsigned>(std::popcount(active)));
    if (host == nullptr) return false;
    ctx.record_lanes(active, p.first, unit ? sizeof(T) : 0, sizeof(T));
    copy_in<E>(d, active, host, unit);
    return true;
  }
}

// Stores, unrecorded or under the timing policy: unit-stride over one run of active lanes (a
// speculative view marks every byte of the span written, so a gap of inactive lanes must go
// lane by lane), or uniform (the highest lane's value wins, as in REF's ascending order).
template <class E, class Addr>
bool store_warp_wide(ExecContext& ctx, LaneMask active, const VReg& data, Addr& addr) {
  using T = typename E::Type;
  if constexpr (ExecContext::kCommit) {
    return false;
  } else {
    if (active == 0) return false;
    const LanePattern p = lane_pattern(active, addr, sizeof(T));
    const auto count = static_cast<unsigned>(std::popcount(active));
    if (p.pattern == Pattern::Uniform) {
      uint8_t* host = ctx.store_span(p.first, sizeof(T), sizeof(T), count);
      if (host == nullptr) return false;
      ctx.record_lanes(active, p.first, 0, sizeof(T));
      const auto value = static_cast<T>(data.lane[31 - std::countl_zero(active)]);
      std::memcpy(host, &value, sizeof(T));
      return true;
    }
    if (p.pattern != Pattern::UnitStride || !one_run(active)) return false;
    uint8_t* host = ctx.store_span(p.first, count * sizeof(T), sizeof(T), count);
    if (host == nullptr) return false;
    ctx.record_lanes(active, p.first, sizeof(T), sizeof(T));
    for_run(active, [&](unsigned i, unsigned k) {
      const auto value = static_cast<T>(data.lane[i]);
      std::memcpy(host + k * sizeof(T), &value, sizeof(T));
    });
    return true;
  }
}

// vd[i] = widen(M[addr(i)]) for active i. addr(i) may read vd's own lane i (vlw12.v v1, 0(v1)):
// lane i is read before it is written and no other lane is touched.
template <class E, class Addr>
void load(ExecContext& ctx, LaneMask active, unsigned vd, Addr addr) {
  VReg& d = ctx.v(vd);
  if (load_warp_wide<E>(ctx, active, d, addr)) {
    ctx.wrote_v(vd);
    return;
  }
  const bool ok = for_active(active, [&](unsigned i) {
    typename E::Type value{};
    if (!ctx.load<typename E::Type>(addr(i), value, static_cast<int>(i))) return false;
    d.lane[i] = E::widen(value);
    return true;
  });
  if (ok) ctx.wrote_v(vd);
}

// M[addr(i)] = low bits of data[i] for active i.
template <class E, class Addr>
void store(ExecContext& ctx, LaneMask active, const VReg& data, Addr addr) {
  if (store_warp_wide<E>(ctx, active, data, addr)) return;
  for_active(active, [&](unsigned i) {
    return ctx.store<typename E::Type>(addr(i), static_cast<typename E::Type>(data.lane[i]),
                                       static_cast<int>(i));
  });
}

}  // namespace ventus::functional::semantics::lane
