// The GDB stub's TCP side: a listening socket on [HOST:]PORT (loopback unless allowed), one
// client at a time (others are accepted and closed at once), RSP framing and acks on top.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "debug/rsp.hpp"

namespace ventus::debug {

struct GdbEndpoint {
  std::string host = "127.0.0.1";  // an IPv4 address; "localhost" is 127.0.0.1
  uint16_t port = 0;               // 0: the system picks a free one (printed)
};

// "[HOST:]PORT"; an address outside 127.0.0.0/8 is an Error unless `allow_remote`.
Result<GdbEndpoint> parse_gdb_endpoint(std::string_view text, bool allow_remote);

class GdbSocket {
 public:
  using Log = std::function<void(std::string_view)>;
  GdbSocket(int listen_fd, std::string host, uint16_t port, Log log)
      : listen_fd_(listen_fd), host_(std::move(host)), port_(port), log_(std::move(log)) {}
  ~GdbSocket();
  GdbSocket(const GdbSocket&) = delete;
  GdbSocket& operator=(const GdbSocket&) = delete;
  static Result<std::unique_ptr<GdbSocket>> listen(const GdbEndpoint& endpoint, Log log);

  uint16_t port() const { return port_; }
  bool connected() const { return client_fd_ >= 0; }
  // Says where it listens ("waiting for gdb on HOST:PORT"), then blocks until a client
  // connects: the line comes when a launch is ready to be debugged, after its checks.
  void accept_client();
  // The next input, blocking; nullopt when the client went away.
  std::optional<rsp::Input> receive();
  // Inputs already sent, without blocking (Ctrl-C while the kernel runs); false when the
  // client went away.
  bool poll_inputs();
  // Removes a pending Ctrl-C; true when there was one.
  bool take_interrupt();
  // Sends a packet (acks it unless no-ack mode was started).
  void send(std::string_view payload);
  void send_ack(char ack);
  void resend();  // the last packet again (the client sent `-`)
  void set_no_ack() { no_ack_ = true; }
  bool no_ack() const { return no_ack_; }
  void close_client();
  void log(std::string_view line) const { log_(line); }

 private:
  bool read_some(int timeout_ms);
  void refuse_extra_clients();

  int listen_fd_ = -1;
  int client_fd_ = -1;
  std::string host_;
  uint16_t port_ = 0;
  Log log_;
  rsp::Decoder decoder_;
  std::vector<rsp::Input> pending_;
  std::string last_sent_;
  bool no_ack_ = false;
};

}  // namespace ventus::debug
