// CSR file of a warp (ISA.md §3): reads, writes with REF's side effects, VS/FS dirtying.
#pragma once

#include <cstdint>
#include <optional>

#include "functional/exec_context.hpp"

namespace ventus::functional {

// mstatus fields touched by the start code and REF's state tracking (ISA.md §3).
inline constexpr uint32_t kMstatusVs = 0x600u;       // bits 10:9
inline constexpr uint32_t kMstatusFs = 0x6000u;      // bits 14:13
inline constexpr uint32_t kMstatusSd = 0x80000000u;  // summary dirty
inline constexpr uint32_t kMstatusVsInitial = 0x200u;

#ifdef VENTUS_EXEC_POLICY
// The CSR's current value, or nullopt when the CSR does not exist in this mode.
std::optional<uint32_t> read_csr(const ExecContext& ctx, uint16_t number);

// Writes a CSR (csrrw/csrrs/... after computing the new value) and logs the write. Raises
// IllegalInstruction and returns false for a missing or read-only CSR.
bool write_csr(ExecContext& ctx, uint16_t number, uint32_t value);
#endif

// REF marks mstatus.VS dirty on every vector instruction; the first one logs the mstatus
// write (`c768_mstatus 0x80000600` at start.S's vsetvli).
template <class Context>
void dirty_vs(Context& ctx) {
  WarpCsrs& csr = ctx.warp().csr;
  if ((csr.mstatus & kMstatusVs) == kMstatusVs) [[likely]]
    return;
  csr.mstatus |= kMstatusVs | kMstatusSd;
  ctx.note_csr_write(0x300, csr.mstatus);
}

}  // namespace ventus::functional
