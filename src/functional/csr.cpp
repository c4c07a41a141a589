// CSR reads and writes of one warp (ISA.md §3): Ventus CSRs, vector/FP state, machine CSRs.
#include "functional/csr.hpp"

#include <fmt/format.h>

#include "isa/names.hpp"

namespace ventus::functional {
namespace {

namespace c = isa::csr;
inline constexpr uint16_t kMisa = 0x301, kMepc = 0x341, kMcause = 0x342, kMtval = 0x343;
inline constexpr uint32_t kMisaRv32Gcv = 0x4020112Du;  // RV32 IMAFDCV (REF runs rv32gcv)

std::optional<uint32_t> read_ventus_csr(const WarpState& w, uint16_t number, Mode mode) {
  switch (number) {
    case c::kTid:
      return w.csr.tid;
    case c::kNumw:
      return w.csr.numw;
    case c::kNumt:
      return w.csr.numt;
    case c::kKnl:
      return w.csr.knl;
    case c::kWgid:
      return w.csr.wgid;
    case c::kWid:
      return w.csr.wid;
    case c::kLds:
      return w.csr.lds;
    case c::kPds:
      return w.csr.pds;
    case c::kGidx:
      return w.csr.gidx;
    case c::kGidy:
      return w.csr.gidy;
    case c::kGidz:
      return w.csr.gidz;
    // REF does not implement CSR_PRINT: accessing it traps (ISA.md §3, C13).
    case c::kPrint:
      return mode == Mode::RefCompat ? std::nullopt : std::optional(w.csr.print);
    case c::kRpc:
      return w.csr.rpc;
    case c::kGds:  // profile v2.03 only (§5.18); read-only: no write slot below
      return w.csr.has_gds ? std::optional(w.csr.gds) : std::nullopt;
    default:
      return std::nullopt;
  }
}

// mstatus as REF keeps it: a non-zero FS or VS field reads back dirty, SD summarises.
uint32_t normalise_mstatus(uint32_t value) {
  if ((value & kMstatusFs) != 0) value |= kMstatusFs;
  if ((value & kMstatusVs) != 0 && (value & kMstatusVs) != kMstatusVsInitial) value |= kMstatusVs;
  const bool dirty = (value & kMstatusFs) == kMstatusFs || (value & kMstatusVs) == kMstatusVs;
  return dirty ? (value | kMstatusSd) : (value & ~kMstatusSd);
}

bool write_ventus_csr(WarpState& w, uint16_t number, uint32_t value) {
  uint32_t* slot = nullptr;
  switch (number) {
    case c::kTid:
      slot = &w.csr.tid;
      break;
    case c::kNumw:
      slot = &w.csr.numw;
      break;
    case c::kNumt:
      slot = &w.csr.numt;
      break;
    case c::kKnl:
      slot = &w.csr.knl;
      break;
    case c::kWgid:
      slot = &w.csr.wgid;
      break;
    case c::kWid:
      slot = &w.csr.wid;
      break;
    case c::kLds:
      slot = &w.csr.lds;
      break;
    case c::kPds:
      slot = &w.csr.pds;
      break;
    case c::kGidx:
      slot = &w.csr.gidx;
      break;
    case c::kGidy:
      slot = &w.csr.gidy;
      break;
    case c::kGidz:
      slot = &w.csr.gidz;
      break;
    case c::kPrint:
      slot = &w.csr.print;
      break;
    case c::kRpc:
      slot = &w.csr.rpc;
      break;
    default:
      return false;
  }
  *slot = value;
  return true;
}

bool illegal(ExecContext& ctx, uint16_t number, const char* why) {
  ctx.raise(TrapKind::IllegalInstruction, 0, fmt::format("CSR 0x{:03x} {}", number, why));
  return false;
}

}  // namespace

std::optional<uint32_t> read_csr(const ExecContext& ctx, uint16_t number) {
  const WarpState& w = ctx.warp();
  switch (number) {
    case c::kFflags:
      return w.fflags;
    case c::kFrm:
      return w.frm;
    case c::kFcsr:
      return (w.frm << 5) | w.fflags;
    case c::kVstart:
      return w.vstart;
    case c::kVl:
      return w.vl;
    case c::kVtype:
      return w.vtype;
    case c::kVlenb:
      return w.numt * 4u;
    case c::kMstatus:
      return w.csr.mstatus;
    case kMisa:
      return kMisaRv32Gcv;
    case c::kMtvec:
      return w.csr.mtvec;
    case kMepc:
      return w.csr.mepc;
    case kMcause:
      return w.csr.mcause;
    case kMtval:
      return w.csr.mtval;
    case c::kMhartid:
      return w.csr.mhartid;
    default:
      return read_ventus_csr(w, number, ctx.mode());
  }
}

bool write_csr(ExecContext& ctx, uint16_t number, uint32_t value) {
  WarpState& w = ctx.warp();
  // Read-only CSRs: number bits 11:10 == 3 (vl, vtype, vlenb, mhartid), and in the default
  // mode the launch-provided Ventus CSRs (ISA.md §3: "treat as read-only").
  if ((number >> 10) == 3) return illegal(ctx, number, "is read-only");
  switch (number) {
    case c::kFflags:
      w.fflags = value & 0x1f;
      value = w.fflags;
      break;
    case c::kFrm:
      w.frm = value & 0x7;
      value = w.frm;
      break;
    case c::kFcsr:
      w.fflags = value & 0x1f;
      w.frm = (value >> 5) & 0x7;
      value &= 0xff;
      break;
    case c::kVstart:
      w.vstart = value;
      break;
    case c::kMstatus:
      w.csr.mstatus = value = normalise_mstatus(value);
      break;
    case kMisa:
      return true;  // WARL: writes ignored
    case c::kMtvec:
      w.csr.mtvec = value;
      break;
    case kMepc:
      w.csr.mepc = value;
      break;
    case kMcause:
      w.csr.mcause = value;
      break;
    case kMtval:
      w.csr.mtval = value;
      break;
    default: {
      const bool launch_csr = number >= c::kTid && number <= c::kGidz;
      if (launch_csr && ctx.mode() == Mode::Default) return illegal(ctx, number, "is read-only");
      if (number == c::kPrint && ctx.mode() == Mode::RefCompat) {
        return illegal(ctx, number, "does not exist");
      }
      if (!write_ventus_csr(w, number, value)) return illegal(ctx, number, "does not exist");
      // A finished message (ISA.md §7.7): the engine stops the warp until the host drained.
      if (number == c::kPrint && value != 0) ctx.signal(WarpEvent::Print);
    }
  }
  ctx.note_csr_write(number, value);
  return true;
}

}  // namespace ventus::functional
