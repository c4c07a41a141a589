// Architectural state of one warp (ISA.md §2): x/v register files, vector config, SIMT stack, CSRs.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ventus::functional {

inline constexpr unsigned kMaxThreads = 32;  // numt is a power of two in 1..32 (C34)
inline constexpr unsigned kRegCount = 256;   // 8-bit register index via regext (§2.1, §2.2, C1)

using LaneMask = uint32_t;

// One vector register: element i belongs to thread i. Fixed size so lane loops vectorise.
struct alignas(64) VReg {
  std::array<uint32_t, kMaxThreads> lane{};
};

// One SIMT-stack entry (§2.4).
struct SimtEntry {
  uint32_t r_pc = 0;
  uint32_t else_pc = 0;
  LaneMask else_mask = 0;
};

// The register-extension prefix state armed by regext/regexti (§5.5).
struct RegExt {
  uint8_t rd = 0, rs1 = 0, rs2 = 0, rs3 = 0;
  uint8_t imm6 = 0;
  bool immediate = false;  // set by regexti
  bool armed = false;      // true for exactly the instruction after the prefix
  bool active = false;     // some prefix is in effect (cleared after the prefixed instruction)
  // What a regpair/pre_m_*/prefix adds for the next instruction (§5.13-§5.16); 0 = nothing,
  // and the engine runs the row's own semantics.
  uint8_t modifier = 0;      // kModifier* bits
  uint8_t mem_space = 0;     // pre_m SS: 0 own rule, 1 global, 2 private, 3 local
  uint8_t mem_words = 1;     // pre_m WW + 1: 32-bit words moved per access
  uint8_t hint = 0;          // pre_m cache hint (recorded, advisory)
  uint8_t abs = 0, neg = 0;  // prefix ABS/NEG bits, bit k for source k + 1
};
inline constexpr uint8_t kModifierPair = 1u << 0;      // regpair (odd = plain 32-bit register)
inline constexpr uint8_t kModifierEvenPair = 1u << 1;  // prefix pair = 1 (odd = illegal)
inline constexpr uint8_t kModifierMemory = 1u << 2;    // pre_m_*
inline constexpr uint8_t kModifierPairBase = 1u << 3;  // pre_m pair = 1: 64-bit base
inline constexpr uint8_t kModifierAbsNeg = 1u << 4;    // prefix ABS/NEG bits set

// After an instruction retires with a prefix active: the prefix covers exactly the next
// instruction (§5.5), so it is disarmed after the prefix itself and cleared after that one.
inline void retire_prefix(RegExt& ext) {
  if (ext.armed) {
    ext.armed = false;
  } else {
    ext = RegExt{};
  }
}

// Per-warp values of the Ventus CSRs (§3) that the launch sets and code reads.
struct WarpCsrs {
  uint32_t tid = 0, numw = 0, numt = 0, knl = 0, wgid = 0, wid = 0, lds = 0, pds = 0;
  uint32_t gidx = 0, gidy = 0, gidz = 0, print = 0, rpc = 0;
  uint32_t mstatus = 0, mtvec = 0, mhartid = 0;
  uint32_t mepc = 0, mcause = 0, mtval = 0;  // written when a trap enters mtvec (--ref-compat)
  uint32_t gds = 0;  // CSR_GDS (§5.18), readable only when has_gds (profile v2.03)
  bool has_gds = false;
};

struct WarpState {
  WarpState() = default;
  // A warp whose vector file is `vregs`: kRegCount zero registers (VectorFilePool).
  explicit WarpState(std::vector<VReg> vregs) : v(std::move(vregs)) {}

  std::array<uint32_t, kRegCount> x{};  // x0 reads 0; f registers alias x (Zfinx, §2.1)
  std::vector<VReg> v = std::vector<VReg>(kRegCount);
  uint32_t pc = 0;
  unsigned numt = 0;            // threads per warp
  LaneMask full_mask = 0;       // (1 << numt) - 1
  LaneMask mask = 0;            // SIMT active-thread mask (§2.4)
  std::vector<SimtEntry> simt;  // SIMT stack, top = back()
  uint32_t vl = 0, vtype = 0, vstart = 0;
  uint32_t fflags = 0, frm = 0;
  WarpCsrs csr;
  RegExt ext;
  bool ended = false;       // executed endprg
  bool at_barrier = false;  // waiting at a barrier (default mode)
};

// Where byte `a` of work-group thread `thread`'s private space lives (ISA.md §5.11, REF =
// RTL, conflict C6): words interleaved across the group's `threads` threads from `pds`.
inline uint32_t private_byte_address(uint32_t pds, uint32_t threads, uint32_t thread, uint32_t a) {
  return pds + (a & ~3u) * threads + (a & 3u) + 4u * thread;
}

}  // namespace ventus::functional
