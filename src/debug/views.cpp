// Text views of the debug target and the `monitor` commands (see views.hpp).
#include "debug/views.hpp"

#include <charconv>

#include <fmt/format.h>

#include "debug/gdb_registers.hpp"
#include "isa/names.hpp"

namespace ventus::debug {
namespace {

std::string lane_list(uint32_t mask) {
  std::string out;
  for (unsigned i = 0; i < 32; ++i) {
    if ((mask >> i & 1u) != 0) out += fmt::format("{}{}", out.empty() ? "" : " ", i);
  }
  return out.empty() ? "none" : out;
}

std::optional<unsigned> parse_number(std::string_view text) {
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

Result<std::string> break_on_command(Target& target, std::string_view args) {
  const bool off = args.ends_with(" off");
  if (off) args.remove_suffix(4);
  BreakOn& on = target.break_on();
  bool* flag = args == "barrier"      ? &on.barrier
               : args == "divergence" ? &on.divergence
               : args == "endprg"     ? &on.endprg
                                      : nullptr;
  if (flag == nullptr) {
    return Error{fmt::format("break-on: expected barrier, divergence or endprg, got '{}'", args)};
  }
  *flag = !off;
  return fmt::format("{} on {}\n", off ? "no longer stopping" : "stopping", args);
}

constexpr std::string_view kMonitorHelp =
    "monitor commands:\n"
    "  simt                 the selected warp's SIMT stack (top first) and mask\n"
    "  mask                 the selected warp's active lanes\n"
    "  warps                every resident warp: pc, mask, state\n"
    "  lane N               focus lane N (private memory at 0xf0000000 + offset)\n"
    "  break-on EVENT [off] stop when a warp reaches a barrier, diverges or ends:\n"
    "                       EVENT = barrier | divergence | endprg\n";

}  // namespace

const char* warp_state_name(const functional::WarpState& warp) {
  if (warp.ended) return "ended";
  return warp.at_barrier ? "at barrier" : "running";
}

std::string thread_extra_info(Target& target, uint32_t thread) {
  const WarpRef ref = target.find(thread);
  if (!ref) return "gone";
  const auto& id = ref.group->group_id();
  return fmt::format("work-group {} ({},{},{}) warp {}, SM {} slot {}, {}", ref.group->linear_id(),
                     id[0], id[1], id[2], ref.warp, target.sm_of(*ref.group), ref.group->slot(),
                     warp_state_name(ref.state()));
}

std::string warps_text(Target& target, uint32_t selected) {
  std::string out;
  for (uint32_t thread : target.threads()) {
    const WarpRef ref = target.find(thread);
    const auto& w = ref.state();
    out += fmt::format("{} thread {}: pc 0x{:08x} mask 0x{:08x} simt depth {}: {}\n",
                       thread == selected ? '*' : ' ', thread, w.pc, w.mask, w.simt.size(),
                       thread_extra_info(target, thread));
  }
  return out;
}

std::string simt_text(const functional::WarpState& warp) {
  std::string out = fmt::format("SIMT stack depth {}{}\n", warp.simt.size(),
                                warp.simt.empty() ? "" : " (top first)");
  for (size_t i = warp.simt.size(); i-- > 0;) {
    const functional::SimtEntry& e = warp.simt[i];
    out += fmt::format("  #{} rpc 0x{:08x} else pc 0x{:08x} else mask 0x{:08x}\n",
                       warp.simt.size() - 1 - i, e.r_pc, e.else_pc, e.else_mask);
  }
  return out + fmt::format("pc 0x{:08x} mask 0x{:08x}\n", warp.pc, warp.mask);
}

std::string mask_text(const functional::WarpState& warp) {
  return fmt::format("active lanes 0x{:08x}: {} (of {})\n", warp.mask, lane_list(warp.mask),
                     warp.numt);
}

std::string registers_text(const functional::WarpState& w) {
  std::string out;
  for (unsigned i = 0; i < 32; ++i) {
    out += fmt::format("x{:<2} {:<4} 0x{:08x}{}", i, isa::x_abi_name(i), w.x[i],
                       i % 4 == 3 ? "\n" : "  ");
  }
  out += fmt::format("pc 0x{:08x}  vl {}  mask 0x{:08x}\n", w.pc, w.vl, w.mask);
  const auto csrs = shown_csrs(w.csr);
  for (size_t i = 0; i < csrs.size(); ++i) {
    const ShownCsr& c = csrs[i];
    out += c.address ? fmt::format("{} 0x{:08x}", c.name, c.value)
                     : fmt::format("{} {}", c.name, c.value);
    out += i == 7 || i + 1 == csrs.size() ? "\n" : " ";  // a line break after pds
  }
  return out;
}

std::string vector_text(const functional::WarpState& warp, unsigned index, uint32_t lanes) {
  std::string out = fmt::format("v{}:", index);
  for (unsigned i = 0; i < warp.numt; ++i) {
    if (lanes != 0 && (lanes >> i & 1u) == 0) continue;
    out += fmt::format(" [{}] 0x{:08x}", i, warp.v[index].lane[i]);
  }
  return out + "\n";
}

Result<std::string> monitor_command(Target& target, uint32_t thread, std::string_view command) {
  while (command.ends_with(' ') || command.ends_with('\n')) command.remove_suffix(1);
  if (command == "help" || command.empty()) return std::string(kMonitorHelp);
  if (command == "warps") return warps_text(target, thread);
  if (command.starts_with("break-on ")) return break_on_command(target, command.substr(9));
  const WarpRef ref = target.find(thread);
  if (!ref) return Error{fmt::format("no warp is selected (thread {})", thread)};
  if (command == "simt") return simt_text(ref.state());
  if (command == "mask") return mask_text(ref.state());
  if (command.starts_with("lane ")) {
    auto lane = parse_number(command.substr(5));
    if (!lane || *lane >= ref.state().numt) {
      return Error{fmt::format("lane: expected a lane 0..{}", ref.state().numt - 1)};
    }
    target.set_lane_focus(*lane);
    return fmt::format("lane {} in focus (private memory at 0x{:08x})\n", *lane, kPrivateWindow);
  }
  return Error{fmt::format("unknown monitor command '{}' (try 'monitor help')", command)};
}

}  // namespace ventus::debug
