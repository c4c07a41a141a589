// The GDB remote-serial-protocol stub (see gdb_server.hpp; GDB manual, "Remote Protocol").
#include "debug/gdb_server.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "debug/gdb_registers.hpp"
#include "debug/views.hpp"

namespace ventus::debug {
namespace {

// GDB's own signal numbers (gdb/signals.def), which the protocol carries.
constexpr unsigned kSigInt = 2, kSigIll = 4, kSigTrap = 5, kSigAbrt = 6, kSigKill = 9, kSigBus = 10,
                   kSigSegv = 11, kSigXcpu = 24;

unsigned fault_signal(const functional::Fault& fault) {
  using functional::TrapKind;
  switch (fault.kind) {
    case TrapKind::IllegalInstruction:
    case TrapKind::Unsupported:
      return kSigIll;
    case TrapKind::MisalignedAccess:
      return kSigBus;
    case TrapKind::AccessFault:
      return kSigSegv;
    case TrapKind::InstructionLimit:
      return kSigXcpu;
    case TrapKind::DivergentEndprg:
    case TrapKind::BarrierDeadlock:
    case TrapKind::NoProgress:
      return kSigAbrt;
    case TrapKind::None:
      break;
  }
  return kSigKill;
}

// A thread id of H, T, vCont: hex, or 0 / -1 for "any" / "all" (both: the stop's warp).
uint32_t parse_thread(std::string_view text) {
  if (text.empty() || text == "-1") return 0;
  return static_cast<uint32_t>(rsp::parse_hex(text).value_or(0));
}

// "ADDR,LEN" (also the front of "ADDR,LEN:DATA" and "TYPE,ADDR,KIND" after the type).
bool parse_range(std::string_view text, uint32_t& addr, uint32_t& length) {
  const size_t comma = text.find(',');
  if (comma == std::string_view::npos) return false;
  auto a = rsp::parse_hex(text.substr(0, comma));
  auto n = rsp::parse_hex(text.substr(comma + 1, text.find_first_of(":;", comma) - comma - 1));
  if (!a || !n || *a > UINT32_MAX || *n > rsp::kMaxPacket / 2) return false;
  addr = static_cast<uint32_t>(*a);
  length = static_cast<uint32_t>(*n);
  return true;
}

}  // namespace

Result<std::unique_ptr<GdbServer>> GdbServer::listen(const GdbEndpoint& endpoint,
                                                     GdbSocket::Log log) {
  auto socket = GdbSocket::listen(endpoint, std::move(log));
  if (!socket) return socket.error();
  return std::make_unique<GdbServer>(std::move(socket.value()));
}

Result<std::unique_ptr<GdbServer>> start_gdb_server(std::string_view spec, bool allow_remote) {
  auto endpoint = parse_gdb_endpoint(spec, allow_remote);
  if (!endpoint) return endpoint.error();
  return GdbServer::listen(*endpoint, [](std::string_view line) {
    fmt::print(stderr, "ventus: {}\n", line);
    std::fflush(stderr);
  });
}

functional::LaunchDriver GdbServer::driver() {
  return [this](functional::Launch& launch) -> std::optional<functional::Fault> {
    Target target(launch);
    detached_ = false;
    reply_pending_ = false;
    thread_g_ = thread_c_ = 0;
    description_ = target_description(launch.config().numt);
    if (!socket_->connected()) socket_->accept_client();
    return target.run(*this);
  };
}

Resume GdbServer::on_stop(Target& target, const Stop& stop) {
  target_ = &target;
  stop_ = stop;
  thread_g_ = thread_c_ = 0;  // GDB takes the stop's thread as selected
  if (reply_pending_) {
    if (!stop.note.empty()) socket_->send("O" + rsp::to_hex(stop.note + "\n"));
    socket_->send(stop_reply(stop));
    reply_pending_ = false;
  }
  while (!detached_) {
    auto input = socket_->receive();
    if (!input) {
      socket_->log("gdb disconnected: the kernel runs on to its end without the debugger");
      socket_->close_client();
      break;
    }
    using Kind = rsp::Input::Kind;
    if (input->kind == Kind::Nack) socket_->resend();
    if (input->kind == Kind::BadChecksum) socket_->send_ack('-');
    if (input->kind == Kind::Malformed) {
      socket_->send_ack('+');
      socket_->send("E.malformed packet");
    }
    if (input->kind != Kind::Packet) continue;
    socket_->send_ack('+');
    if (auto resume = handle(input->payload)) {
      reply_pending_ = resume->kind == Resume::Kind::Continue || resume->kind == Resume::Kind::Step;
      if (resume->kind == Resume::Kind::Detach) socket_->close_client();
      return *resume;
    }
  }
  detached_ = true;
  return Resume{Resume::Kind::Detach};
}

void GdbServer::on_end(const Stop& stop) {
  if (reply_pending_ && socket_->connected()) {
    if (stop.kind == StopKind::Ended) {
      socket_->send("W00");
    } else if (stop.fault) {
      socket_->send(fmt::format("X{:02x}", fault_signal(*stop.fault)));
    }
  }
  reply_pending_ = false;
  socket_->close_client();
}

bool GdbServer::interrupted() {
  if (detached_ || !socket_->connected()) return false;
  if (!socket_->poll_inputs()) {
    socket_->log("gdb disconnected: the kernel runs on to its end without the debugger");
    socket_->close_client();
    detached_ = true;
    return false;
  }
  return socket_->take_interrupt();
}

uint32_t GdbServer::current_thread(uint32_t chosen) const {
  if (chosen != 0 && target_->find(chosen)) return chosen;
  if (target_->find(stop_.thread)) return stop_.thread;
  const auto threads = target_->threads();
  return threads.empty() ? 0 : threads.front();
}

std::string GdbServer::stop_reply(const Stop& stop) const {
  const std::string thread = fmt::format("thread:{:x};", stop.thread);
  switch (stop.kind) {
    case StopKind::Ended:
      return "W00";
    case StopKind::Fault:
      return fmt::format("T{:02x}{}", fault_signal(*stop.fault), thread);
    case StopKind::Interrupt:
      return fmt::format("T{:02x}{}", kSigInt, thread);
    case StopKind::Breakpoint:
      return fmt::format("T{:02x}swbreak:;{}", kSigTrap, thread);
    case StopKind::Watchpoint: {
      const char* kind = stop.watch_kind == WatchKind::Write  ? "watch"
                         : stop.watch_kind == WatchKind::Read ? "rwatch"
                                                              : "awatch";
      return fmt::format("T{:02x}{}:{:x};{}", kSigTrap, kind, stop.watch_addr, thread);
    }
    default:
      return fmt::format("T{:02x}{}", kSigTrap, thread);
  }
}

std::optional<Resume> GdbServer::handle(std::string_view packet) {
  if (packet.empty()) {
    socket_->send("");
    return std::nullopt;
  }
  switch (packet[0]) {
    case '?':
      socket_->send(stop_reply(stop_));
      break;
    case 'q':
    case 'Q':
      handle_query(packet);
      break;
    case 'H':
      (packet.size() > 1 && packet[1] == 'c' ? thread_c_ : thread_g_) =
          parse_thread(packet.substr(2));
      socket_->send("OK");
      break;
    case 'T':
      socket_->send(target_->find(parse_thread(packet.substr(1))) ? "OK" : "E01");
      break;
    case 'g':
      socket_->send(general_registers_hex(target_->find(current_thread(thread_g_)).state()));
      break;
    case 'p':
      handle_register(packet);
      break;
    case 'm':
    case 'M':
      handle_memory(packet);
      break;
    case 'Z':
    case 'z':
      handle_point(packet);
      break;
    case 'k':
      return Resume{Resume::Kind::Kill};
    case 'D':
      socket_->send("OK");
      return Resume{Resume::Kind::Detach};
    case 'c':
    case 'C':
    case 's':
    case 'S':
    case 'v':
      return handle_resume(packet);
    default:
      socket_->send("");  // unsupported: the empty reply
  }
  return std::nullopt;
}

std::optional<Resume> GdbServer::handle_resume(std::string_view packet) {
  if (packet[0] == 'c' || packet[0] == 'C') return Resume{Resume::Kind::Continue};
  if (packet[0] == 's' || packet[0] == 'S') {
    return Resume{Resume::Kind::Step, current_thread(thread_c_)};
  }
  if (packet == "vCont?") {
    socket_->send("vCont;c;C;s;S");
  } else if (packet.starts_with("vCont;")) {
    return handle_vcont(packet.substr(6));
  } else if (packet.starts_with("vKill")) {
    socket_->send("OK");
    return Resume{Resume::Kind::Kill};
  } else {
    socket_->send("");
  }
  return std::nullopt;
}

// Actions "s:T;c" etc.: a step of one warp wins (the others keep the scheduler's order),
// else continue.
std::optional<Resume> GdbServer::handle_vcont(std::string_view actions) {
  Resume resume;
  while (!actions.empty()) {
    const std::string_view action = actions.substr(0, actions.find(';'));
    actions.remove_prefix(std::min(actions.size(), action.size() + 1));
    if (action.empty() || (action[0] != 's' && action[0] != 'S')) continue;
    const size_t colon = action.find(':');
    const uint32_t chosen =
        colon == std::string_view::npos ? 0 : parse_thread(action.substr(colon + 1));
    return Resume{Resume::Kind::Step, current_thread(chosen != 0 ? chosen : thread_c_)};
  }
  return resume;
}

void GdbServer::handle_query(std::string_view packet) {
  if (packet.starts_with("qSupported")) {
    socket_->send(fmt::format(
        "PacketSize={:x};qXfer:features:read+;QStartNoAckMode+;swbreak+;vContSupported+",
        rsp::kMaxPacket));
  } else if (packet == "QStartNoAckMode") {
    socket_->send("OK");
    socket_->set_no_ack();
  } else if (packet == "qAttached") {
    socket_->send("1");
  } else if (packet == "qC") {
    socket_->send(fmt::format("QC{:x}", current_thread(0)));
  } else if (packet == "qSymbol::") {
    socket_->send("OK");
  } else if (packet.starts_with("qXfer:features:read:")) {
    handle_features(packet.substr(20));
  } else if (packet.starts_with("qRcmd,")) {
    handle_monitor(packet.substr(6));
  } else {
    handle_thread_query(packet);
  }
}

void GdbServer::handle_thread_query(std::string_view packet) {
  if (packet == "qfThreadInfo") {
    std::string reply = "m";
    for (uint32_t thread : target_->threads()) {
      reply += fmt::format("{}{:x}", reply.size() > 1 ? "," : "", thread);
    }
    socket_->send(reply.size() > 1 ? reply : "l");
  } else if (packet == "qsThreadInfo") {
    socket_->send("l");
  } else if (packet.starts_with("qThreadExtraInfo,")) {
    socket_->send(rsp::to_hex(thread_extra_info(*target_, parse_thread(packet.substr(17)))));
  } else {
    socket_->send("");
  }
}

// "target.xml:OFFSET,LENGTH": a chunk, `m` when more follows, `l` at the end.
void GdbServer::handle_features(std::string_view annex) {
  uint32_t offset = 0;
  uint32_t length = 0;
  const size_t colon = annex.find(':');
  if (annex.substr(0, colon) != "target.xml" || colon == std::string_view::npos ||
      !parse_range(annex.substr(colon + 1), offset, length)) {
    socket_->send("E00");
    return;
  }
  if (offset >= description_.size()) {
    socket_->send("l");
    return;
  }
  const std::string chunk = description_.substr(offset, length);
  socket_->send((offset + chunk.size() < description_.size() ? "m" : "l") + chunk);
}

void GdbServer::handle_register(std::string_view packet) {
  auto regnum = rsp::parse_hex(packet.substr(1));
  const WarpRef ref = target_->find(current_thread(thread_g_));
  std::optional<std::string> value;
  if (regnum && ref) value = register_hex(ref.state(), static_cast<unsigned>(*regnum));
  socket_->send(value ? *value : "E45");
}

// m ADDR,LEN and M ADDR,LEN:HEX, as the selected warp sees memory (Target::read_memory).
void GdbServer::handle_memory(std::string_view packet) {
  uint32_t addr = 0;
  uint32_t length = 0;
  if (!parse_range(packet.substr(1), addr, length)) {
    socket_->send("E01");
    return;
  }
  const uint32_t thread = current_thread(thread_g_);
  if (packet[0] == 'm') {
    std::string bytes(length, '\0');
    const bool read = target_->read_memory(
        thread, addr, {reinterpret_cast<uint8_t*>(bytes.data()), bytes.size()});
    socket_->send(read ? rsp::to_hex(bytes) : "E14");
    return;
  }
  const size_t colon = packet.find(':');
  auto data = rsp::from_hex(colon == std::string_view::npos ? "?" : packet.substr(colon + 1));
  if (!data || data->size() != length) {
    socket_->send("E01");
    return;
  }
  const bool written = target_->write_memory(
      thread, addr, {reinterpret_cast<const uint8_t*>(data->data()), data->size()});
  socket_->send(written ? "OK" : "E14");
}

// Z/z TYPE,ADDR,KIND: 0 and 1 breakpoints, 2 write, 3 read, 4 access watchpoints.
void GdbServer::handle_point(std::string_view packet) {
  uint32_t addr = 0;
  uint32_t length = 0;
  if (packet.size() < 3 || packet[2] != ',' || !parse_range(packet.substr(3), addr, length)) {
    socket_->send("E01");
    return;
  }
  const bool insert = packet[0] == 'Z';
  const char type = packet[1];
  if (type == '0' || type == '1') {
    if (insert) target_->add_breakpoint(addr);
    if (!insert) target_->remove_breakpoint(addr);
  } else if (type >= '2' && type <= '4') {
    const WatchKind kind = type == '2'   ? WatchKind::Write
                           : type == '3' ? WatchKind::Read
                                         : WatchKind::Access;
    const Watchpoint w{addr, std::max(length, 1u), kind};
    if (insert) target_->add_watchpoint(w);
    if (!insert) target_->remove_watchpoint(w);
  } else {
    socket_->send("");
    return;
  }
  socket_->send("OK");
}

// qRcmd: the output goes back as `O` packets, then OK (an error is output too).
void GdbServer::handle_monitor(std::string_view hex) {
  auto command = rsp::from_hex(hex);
  if (!command) {
    socket_->send("E01");
    return;
  }
  auto reply = monitor_command(*target_, current_thread(thread_g_), *command);
  const std::string text = reply ? reply.value() : "error: " + reply.error().message + "\n";
  socket_->send("O" + rsp::to_hex(text));
  socket_->send("OK");
}

}  // namespace ventus::debug
