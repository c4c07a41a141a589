// The GDB remote-serial-protocol stub (docs/debugging.md): a FrontEnd of the debug target
// that answers a stock `gdb-multiarch` over TCP. Threads are warps.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "debug/gdb_socket.hpp"
#include "debug/target.hpp"

namespace ventus::debug {

class GdbServer : public FrontEnd {
 public:
  // Listens on `endpoint` and says where through `log` (one line, with the port).
  static Result<std::unique_ptr<GdbServer>> listen(const GdbEndpoint& endpoint, GdbSocket::Log log);
  explicit GdbServer(std::unique_ptr<GdbSocket> socket) : socket_(std::move(socket)) {}

  uint16_t port() const { return socket_->port(); }
  // The launch driver: every launch waits for a client, stopped before its first instruction.
  functional::LaunchDriver driver();

  Resume on_stop(Target& target, const Stop& stop) override;
  void on_end(const Stop& stop) override;
  bool interrupted() override;

 private:
  // One packet's reply; a resume ends the stop.
  std::optional<Resume> handle(std::string_view packet);
  std::optional<Resume> handle_resume(std::string_view packet);
  std::optional<Resume> handle_vcont(std::string_view actions);
  void handle_query(std::string_view packet);
  void handle_thread_query(std::string_view packet);
  void handle_memory(std::string_view packet);
  void handle_point(std::string_view packet);
  void handle_monitor(std::string_view hex);
  void handle_register(std::string_view packet);
  void handle_features(std::string_view annex);
  std::string stop_reply(const Stop& stop) const;
  uint32_t current_thread(uint32_t chosen) const;

  std::unique_ptr<GdbSocket> socket_;
  Target* target_ = nullptr;
  Stop stop_;
  bool reply_pending_ = false;  // the client waits for a stop reply (it resumed)
  bool detached_ = false;
  uint32_t thread_g_ = 0;  // Hg: registers and memory of this warp (0: the stop's)
  uint32_t thread_c_ = 0;  // Hc: the warp `s` steps (0: the stop's)
  std::string description_;
};

// `--gdb [HOST:]PORT` of `ventus run` and `ventus case`: parses, listens and prints
// "ventus: waiting for gdb on HOST:PORT ..." on standard error.
Result<std::unique_ptr<GdbServer>> start_gdb_server(std::string_view spec, bool allow_remote);

}  // namespace ventus::debug
