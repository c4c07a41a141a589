// The GDB stub's TCP side (see gdb_socket.hpp).
#include "debug/gdb_socket.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>

#include <fmt/format.h>

namespace ventus::debug {

Result<GdbEndpoint> parse_gdb_endpoint(std::string_view text, bool allow_remote) {
  GdbEndpoint endpoint;
  const size_t colon = text.rfind(':');
  std::string_view port = text;
  if (colon != std::string_view::npos) {
    endpoint.host = std::string(text.substr(0, colon));
    port = text.substr(colon + 1);
  }
  if (endpoint.host == "localhost") endpoint.host = "127.0.0.1";
  unsigned value = 0;
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (ec != std::errc() || end != port.data() + port.size() || value > 65535) {
    return Error{fmt::format("--gdb: expected [HOST:]PORT with PORT 0..65535, got '{}'", text)};
  }
  endpoint.port = static_cast<uint16_t>(value);
  in_addr addr{};
  if (inet_pton(AF_INET, endpoint.host.c_str(), &addr) != 1) {
    return Error{fmt::format("--gdb: '{}' is not an IPv4 address", endpoint.host)};
  }
  if ((ntohl(addr.s_addr) >> 24) != 127 && !allow_remote) {
    return Error{fmt::format(
        "--gdb: {} is not a loopback address; anyone who reaches it controls the simulator "
        "(add --gdb-allow-remote to listen there anyway)",
        endpoint.host)};
  }
  return endpoint;
}

Result<std::unique_ptr<GdbSocket>> GdbSocket::listen(const GdbEndpoint& endpoint, Log log) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return Error{fmt::format("--gdb: socket: {}", std::strerror(errno))};
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(endpoint.port);
  inet_pton(AF_INET, endpoint.host.c_str(), &addr.sin_addr);
  socklen_t size = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), size) != 0 || ::listen(fd, 1) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    return Error{
        fmt::format("--gdb: cannot listen on {}:{}: {}", endpoint.host, endpoint.port, why)};
  }
  return std::make_unique<GdbSocket>(fd, endpoint.host, ntohs(addr.sin_port), std::move(log));
}

GdbSocket::~GdbSocket() {
  close_client();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

void GdbSocket::accept_client() {
  log(fmt::format("waiting for gdb on {}:{} (target remote {}:{})", host_, port_, host_, port_));
  while (client_fd_ < 0) {
    client_fd_ = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client_fd_ < 0 && errno != EINTR) return;
  }
  const int one = 1;
  ::setsockopt(client_fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  decoder_ = rsp::Decoder{};
  pending_.clear();
  no_ack_ = false;
  log("gdb connected");
}

void GdbSocket::close_client() {
  if (client_fd_ >= 0) ::close(client_fd_);
  client_fd_ = -1;
}

// A second debugger while one is attached is accepted and closed at once, with a note.
void GdbSocket::refuse_extra_clients() {
  pollfd p{listen_fd_, POLLIN, 0};
  while (::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0) {
    const int extra = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (extra < 0) return;
    const std::string busy = rsp::frame("E.a debugger is already attached");
    (void)!::write(extra, busy.data(), busy.size());
    ::close(extra);
    log("refused a second debugger connection: one is already attached");
  }
}

// Reads what is there (waiting up to `timeout_ms`, -1 = forever); false when the client
// closed the connection.
bool GdbSocket::read_some(int timeout_ms) {
  pollfd fds[2] = {{client_fd_, POLLIN, 0}, {listen_fd_, POLLIN, 0}};
  for (;;) {
    const int ready = ::poll(fds, 2, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return true;
    if ((fds[1].revents & POLLIN) != 0) refuse_extra_clients();
    if (fds[0].revents == 0) continue;
    char buffer[4096];
    const ssize_t n = ::read(client_fd_, buffer, sizeof buffer);
    if (n <= 0) return false;
    decoder_.feed(std::string_view(buffer, static_cast<size_t>(n)), pending_);
    return true;
  }
}

std::optional<rsp::Input> GdbSocket::receive() {
  while (pending_.empty()) {
    if (client_fd_ < 0 || !read_some(-1)) return std::nullopt;
  }
  rsp::Input input = std::move(pending_.front());
  pending_.erase(pending_.begin());
  return input;
}

bool GdbSocket::take_interrupt() {
  for (auto it = pending_.begin(); it != pending_.end(); ++it) {
    if (it->kind != rsp::Input::Kind::Interrupt) continue;
    pending_.erase(it);
    return true;
  }
  return false;
}

bool GdbSocket::poll_inputs() {
  return client_fd_ >= 0 && read_some(0);
}

void GdbSocket::send_ack(char ack) {
  if (!no_ack_ && client_fd_ >= 0) (void)!::write(client_fd_, &ack, 1);
}

void GdbSocket::send(std::string_view payload) {
  last_sent_ = rsp::frame(payload);
  resend();
}

void GdbSocket::resend() {
  if (client_fd_ < 0) return;
  size_t done = 0;
  while (done < last_sent_.size()) {
    const ssize_t n =
        ::send(client_fd_, last_sent_.data() + done, last_sent_.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

}  // namespace ventus::debug
