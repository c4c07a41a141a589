// Text views of the debug target shared by the GDB stub's `monitor` commands and the
// `ventus debug` prompt: warps, SIMT stack, active mask, registers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "debug/target.hpp"

namespace ventus::debug {

// "running", "at barrier" or "ended".
const char* warp_state_name(const functional::WarpState& warp);
// "work-group 1 (1,0,0) warp 0, SM 1 slot 1, running" (GDB's qThreadExtraInfo).
std::string thread_extra_info(Target& target, uint32_t thread);
// One line per resident warp: thread id, work-group, warp, pc, mask, state.
std::string warps_text(Target& target, uint32_t selected);
// The SIMT stack (ISA.md §2.4), top first: rpc, else pc, else mask per entry; the mask.
std::string simt_text(const functional::WarpState& warp);
// "active lanes 0x0000000f: 0 1 2 3 (of 8)".
std::string mask_text(const functional::WarpState& warp);
// x0–x31 by ABI name, pc and the Ventus CSRs.
std::string registers_text(const functional::WarpState& warp);
// v`index`, one element per lane (or only `lanes` when non-zero: a lane mask).
std::string vector_text(const functional::WarpState& warp, unsigned index, uint32_t lanes);

// The `monitor` commands (docs/debugging.md): simt, mask, warps, lane N, break-on EVENT
// [off], help. The reply is text for the user; an Error names what is wrong.
Result<std::string> monitor_command(Target& target, uint32_t thread, std::string_view command);

}  // namespace ventus::debug
