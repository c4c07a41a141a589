// Per-lane memory loops for vector loads/stores: ascending active lanes, trap stops the loop.
#pragma once

#include <bit>
#include <cstdint>
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

// vd[i] = widen(M[addr(i)]) for active i. addr(i) may read vd's own lane i (vlw12.v v1, 0(v1)):
// lane i is read before it is written and no other lane is touched.
template <class E, class Addr>
void load(ExecContext& ctx, LaneMask active, unsigned vd, Addr addr) {
  VReg& d = ctx.v(vd);
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
  for_active(active, [&](unsigned i) {
    return ctx.store<typename E::Type>(addr(i), static_cast<typename E::Type>(data.lane[i]),
                                       static_cast<int>(i));
  });
}

}  // namespace ventus::functional::semantics::lane
