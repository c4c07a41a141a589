// `ventus debug`: the prompt over the debug target (see repl.hpp).
#include "debug/repl.hpp"

#include <charconv>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "debug/views.hpp"
#include "elf/line_table.hpp"
#include "isa/disassembler.hpp"

namespace ventus::debug {
namespace {

constexpr std::string_view kHelp =
    "commands:\n"
    "  break LOC | watch ADDR [LEN] | delete   breakpoints (LOC: symbol, ADDR, FILE:LINE), "
    "watchpoints\n"
    "  continue | step [N] | stepi             run; N warp-instructions of the selected warp\n"
    "  warps | warp N | where                  resident warps; select warp N; the selected one\n"
    "  regs | vreg N [LANES] | simt | mask     registers, v<N> (LANES: 0,2-3), SIMT stack\n"
    "  mem ADDR [N] | disasm [ADDR] [N]        N words of memory; N instructions\n"
    "  lane N | break-on EVENT [off] | quit    as the GDB stub's monitor commands\n";

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

std::optional<uint32_t> parse_number(std::string_view text) {
  int base = 10;
  if (text.starts_with("0x") || text.starts_with("0X")) {
    text.remove_prefix(2);
    base = 16;
  }
  uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// "0,2-3" as a lane mask; nullopt when malformed.
std::optional<uint32_t> parse_lanes(std::string_view text) {
  uint32_t mask = 0;
  while (!text.empty()) {
    const std::string_view item = text.substr(0, text.find(','));
    text.remove_prefix(std::min(text.size(), item.size() + 1));
    const size_t dash = item.find('-');
    auto first = parse_number(item.substr(0, dash));
    auto last = dash == std::string_view::npos ? first : parse_number(item.substr(dash + 1));
    if (!first || !last || *last >= 32 || *first > *last) return std::nullopt;
    for (uint32_t i = *first; i <= *last; ++i) mask |= 1u << i;
  }
  return mask;
}

std::pair<std::string_view, std::string_view> split_word(std::string_view line) {
  line = trim(line);
  const size_t space = line.find(' ');
  if (space == std::string_view::npos) return {line, {}};
  return {line.substr(0, space), trim(line.substr(space + 1))};
}

}  // namespace

functional::LaunchDriver Repl::driver() {
  return [this](functional::Launch& launch) {
    Target target(launch);
    return target.run(*this);
  };
}

Resume Repl::on_stop(Target& target, const Stop& stop) {
  target_ = &target;
  if (stop.thread != 0) thread_ = stop.thread;
  if (steps_left_ > 0 && stop.kind == StopKind::Step && --steps_left_ > 0) {
    return Resume{Resume::Kind::Step, thread_};
  }
  steps_left_ = 0;
  report(stop);
  for (;;) {
    out_ << std::flush;
    const auto line = read_line_("(ventus) ");
    if (!line) {
      out_ << "end of commands: the kernel runs on to its end\n";
      return Resume{Resume::Kind::Detach};
    }
    if (auto resume = execute(*line)) return *resume;
  }
}

Repl::LineReader Repl::stream_lines(std::istream& in, std::ostream& out, bool echo) {
  return [&in, &out, echo](const std::string& prompt) -> std::optional<std::string> {
    std::string line;
    if (!echo) out << prompt << std::flush;
    if (!std::getline(in, line)) return std::nullopt;
    if (echo) out << prompt << line << "\n";
    return line;
  };
}

void Repl::on_end(const Stop& stop) {
  if (stop.kind == StopKind::Ended) out_ << "kernel ended\n";
  if (stop.fault && stop.kind == StopKind::Fault) out_ << "kernel ended by the fault\n";
  out_ << std::flush;
}

void Repl::report(const Stop& stop) {
  static constexpr const char* kWhy[] = {"start",     "breakpoint", "watchpoint",  "step",
                                         "interrupt", "event",      "guest fault", "end"};
  const WarpRef ref = target_->find(stop.thread);
  std::string where = ref ? fmt::format(" at {} in thread {} ({})", symbolize(ref.state().pc),
                                        stop.thread, thread_extra_info(*target_, stop.thread))
                          : "";
  out_ << fmt::format("stopped: {}{}", kWhy[static_cast<int>(stop.kind)], where);
  if (stop.kind == StopKind::Watchpoint) out_ << fmt::format(", address 0x{:08x}", stop.watch_addr);
  out_ << "\n";
  if (!stop.note.empty()) out_ << stop.note << "\n";
}

std::optional<Resume> Repl::execute(std::string_view line) {
  auto [command, args] = split_word(line);
  if (command.empty()) return std::nullopt;
  if (command == "continue" || command == "c") return Resume{};
  if (command == "quit" || command == "q") return Resume{Resume::Kind::Kill};
  if (command == "stepi" || command == "si" || command == "step" || command == "s") {
    // One warp-instruction is the smallest step (assembly has no finer statements).
    auto count = args.empty() || command == "stepi" || command == "si" ? std::optional<uint32_t>(1)
                                                                       : parse_number(args);
    if (!count || *count == 0) {
      out_ << fmt::format("error: step [N]: N is a positive count, got '{}'\n", args);
      return std::nullopt;
    }
    steps_left_ = *count;
    return Resume{Resume::Kind::Step, thread_};
  }
  return execute_inspect(command, args);
}

std::optional<Resume> Repl::execute_inspect(std::string_view command, std::string_view args) {
  const WarpRef ref = target_->find(thread_);
  if (command == "break" || command == "watch" || command == "delete") {
    break_or_watch(command, args);
  } else if (command == "warps") {
    out_ << warps_text(*target_, thread_);
  } else if (command == "warp") {
    auto n = parse_number(args);
    if (!n || !target_->find(*n)) {
      out_ << fmt::format("error: no warp '{}' (see 'warps')\n", args);
    } else {
      thread_ = *n;
      out_ << fmt::format("thread {}: {}\n", thread_, thread_extra_info(*target_, thread_));
    }
  } else if (command == "where") {
    if (ref) out_ << fmt::format("thread {} at {}\n", thread_, symbolize(ref.state().pc));
  } else if (command == "regs" && ref) {
    out_ << registers_text(ref.state());
  } else if (command == "vreg" && ref) {
    vector_register(args);
  } else if (command == "mem") {
    memory(args);
  } else if (command == "disasm" && ref) {
    auto [at, count] = split_word(args);
    auto pc = at.empty() ? std::optional<uint32_t>(ref.state().pc) : address_of(at);
    disassemble(pc.value_or(ref.state().pc), parse_number(count).value_or(8));
  } else if (command == "help") {
    out_ << kHelp;
  } else {
    const std::string text =
        args.empty() ? std::string(command) : fmt::format("{} {}", command, args);
    auto reply = monitor_command(*target_, thread_, text);
    out_ << (reply ? reply.value() : "error: " + reply.error().message + "\n");
  }
  return std::nullopt;
}

void Repl::break_or_watch(std::string_view command, std::string_view args) {
  if (command == "delete") {
    for (uint32_t pc : std::set<uint32_t>(target_->breakpoints())) target_->remove_breakpoint(pc);
    target_->clear_watchpoints();
    out_ << "deleted every breakpoint and watchpoint\n";
    return;
  }
  auto [where, length] = split_word(args);
  auto addr = address_of(where);
  if (!addr) {
    out_ << fmt::format(
        "error: '{}' is no symbol, address or FILE:LINE with code (FILE:LINE needs `ventus as "
        "-g`)\n",
        where);
    return;
  }
  if (command == "break") {
    target_->add_breakpoint(*addr);
    out_ << fmt::format("breakpoint at {}\n", symbolize(*addr));
    return;
  }
  const uint32_t bytes = parse_number(length).value_or(4);
  target_->add_watchpoint({*addr, bytes, WatchKind::Write});
  out_ << fmt::format("watchpoint on [0x{:08x}, 0x{:08x}) (writes)\n", *addr, *addr + bytes);
}

// ADDR, SYMBOL, SYMBOL+OFFSET (a leading `*` as in GDB is accepted) or FILE:LINE (the line
// table of `ventus as -g`: the first line at or after LINE with code, as GDB places it).
std::optional<uint32_t> Repl::address_of(std::string_view text) const {
  if (text.starts_with('*')) text.remove_prefix(1);
  if (auto number = parse_number(text)) return number;
  if (const size_t colon = text.rfind(':'); colon != std::string_view::npos && elf_ != nullptr) {
    const auto line = parse_number(text.substr(colon + 1));
    const auto rows = elf::read_line_table(*elf_);
    if (!line || !rows) return std::nullopt;
    return elf::line_address(*rows, text.substr(0, colon), *line);
  }
  const size_t plus = text.find('+');
  auto offset = plus == std::string_view::npos ? std::optional<uint32_t>(0)
                                               : parse_number(text.substr(plus + 1));
  const elf::Symbol* symbol = elf_ != nullptr ? elf_->find_symbol(text.substr(0, plus)) : nullptr;
  if (symbol == nullptr || !offset) return std::nullopt;
  return symbol->value + *offset;
}

// "0x800000b8 <add_scaled+16>" (the nearest symbol at or below, functions preferred).
std::string Repl::symbolize(uint32_t pc) const {
  const elf::Symbol* best = nullptr;
  for (const elf::Symbol& s : elf_ != nullptr ? elf_->symbols : std::vector<elf::Symbol>{}) {
    if (s.value > pc || s.name.empty() || s.name.starts_with(".L")) continue;
    if (best == nullptr || s.value > best->value ||
        (s.value == best->value && s.type == elf::kSttFunc)) {
      best = &s;
    }
  }
  if (best == nullptr) return fmt::format("0x{:08x}", pc);
  if (best->value == pc) return fmt::format("0x{:08x} <{}>", pc, best->name);
  return fmt::format("0x{:08x} <{}+{}>", pc, best->name, pc - best->value);
}

void Repl::disassemble(uint32_t pc, unsigned count) {
  for (unsigned i = 0; i < count; ++i, pc += 4) {
    uint8_t bytes[4];
    if (!target_->read_memory(thread_, pc, bytes)) break;
    const uint32_t word = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | uint32_t{bytes[3]} << 24;
    out_ << fmt::format("{}: {:08x}  {}\n", symbolize(pc), word,
                        isa::disassemble(word, pc, isa::DisasmStyle::Llvm));
  }
}

void Repl::memory(std::string_view args) {
  auto [at, count] = split_word(args);
  auto addr = address_of(at);
  const uint32_t words = parse_number(count).value_or(1);
  if (!addr || words > 4096) {
    out_ << fmt::format("error: mem ADDR [N]: bad address '{}' or count\n", at);
    return;
  }
  for (uint32_t i = 0; i < words; ++i) {
    uint8_t b[4];
    const uint32_t a = *addr + 4 * i;
    if (!target_->read_memory(thread_, a, b)) {
      out_ << fmt::format("0x{:08x}: not mapped\n", a);
      return;
    }
    const uint32_t value = b[0] | b[1] << 8 | b[2] << 16 | uint32_t{b[3]} << 24;
    out_ << fmt::format("0x{:08x}: 0x{:08x} {}\n", a, value, static_cast<int32_t>(value));
  }
}

void Repl::vector_register(std::string_view args) {
  auto [index, lanes] = split_word(args);
  auto n = parse_number(index.starts_with('v') ? index.substr(1) : index);
  auto mask = lanes.empty() ? std::optional<uint32_t>(0) : parse_lanes(lanes);
  if (!n || *n >= functional::kRegCount || !mask) {
    out_ << "error: vreg N [LANES]: N in 0..255, LANES like 0,2-3\n";
    return;
  }
  out_ << vector_text(target_->find(thread_).state(), *n, *mask);
}

}  // namespace ventus::debug
