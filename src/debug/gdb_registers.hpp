// The registers GDB sees for a warp (docs/debugging.md "Registers"): the target description
// (qXfer:features:read:target.xml) and each register's bytes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "functional/warp_state.hpp"

namespace ventus::debug {

// GDB register numbers: x0–x31 0–31, pc 32, x32–x63 33–64, the Ventus CSRs from 65 (tid
// numw numt knl wgid wid lds pds gidx gidy gidz rpc), vl 77, vtype 78, the SIMT mask 79,
// v0–v255 from 80 (one 32-bit element per lane).
inline constexpr unsigned kGdbPc = 32;
inline constexpr unsigned kGdbFirstVector = 80;
inline constexpr unsigned kGdbRegisterCount = kGdbFirstVector + 256;

// A Ventus CSR of a warp as the debugger shows it (ISA.md §3): its name from the instruction
// table's CSR list, its value, and whether it is an address (shown in hex).
struct ShownCsr {
  std::string_view name;
  uint32_t value = 0;
  bool address = false;
};
inline constexpr unsigned kShownCsrCount = 12;
// The CSRs GDB numbers from 65, in that order (`regs` of `ventus debug` lists them too).
std::array<ShownCsr, kShownCsrCount> shown_csrs(const functional::WarpCsrs& csrs);

// The target description for warps of `lanes` threads.
std::string target_description(unsigned lanes);
// Register `regnum` of `warp` as target-order hex; nullopt for an unknown number.
std::optional<std::string> register_hex(const functional::WarpState& warp, unsigned regnum);
// x0–x31 and pc (the `g` packet; GDB fetches the others with `p`).
std::string general_registers_hex(const functional::WarpState& warp);

}  // namespace ventus::debug
