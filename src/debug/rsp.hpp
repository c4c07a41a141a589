// The GDB remote serial protocol's byte layer: framing, checksums, escapes, run-length
// decoding, acks and the interrupt byte. Pure functions of bytes (fuzzed: fuzz/rsp.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::debug::rsp {

// What the client sent, in order of arrival.
struct Input {
  enum class Kind : uint8_t {
    Packet,       // a well-formed `$payload#cs`: `payload` is unescaped and expanded
    BadChecksum,  // a packet whose checksum does not match (answered with `-`)
    Malformed,    // a packet too long, an escape or run-length at a wrong place
    Ack,          // `+`
    Nack,         // `-`: resend the last packet
    Interrupt,    // 0x03 outside a packet (Ctrl-C)
  };
  Kind kind = Kind::Packet;
  std::string payload;
};

// The longest packet payload accepted (advertised in qSupported as PacketSize).
inline constexpr size_t kMaxPacket = 0x4000;

// Splits a byte stream into inputs; bytes may arrive in any chunks. Bytes outside a packet
// other than `+`, `-` and 0x03 are ignored, as GDB's own stub does.
class Decoder {
 public:
  void feed(std::string_view bytes, std::vector<Input>& out);

 private:
  enum class State : uint8_t { Idle, Body, Sum1, Sum2 };
  void finish(std::vector<Input>& out);
  State state_ = State::Idle;
  std::string raw_;  // the payload as sent (escapes and run-lengths not yet applied)
  unsigned sum_ = 0;
  bool too_long_ = false;
};

// The payload of a raw packet body: `}` escapes undone, `*` run-lengths expanded; nullopt
// when an escape or run-length is malformed or the result exceeds kMaxPacket.
std::optional<std::string> decode_body(std::string_view raw);

// `$payload#cs` with `$`, `#`, `}` and `*` escaped.
std::string frame(std::string_view payload);

// Hex helpers of the protocol.
std::string to_hex(std::string_view bytes);
std::optional<std::string> from_hex(std::string_view hex);
std::optional<uint64_t> parse_hex(std::string_view hex);  // 1..16 digits
// A 32-bit value as 8 hex digits in target (little-endian) byte order.
std::string le32_hex(uint32_t value);
std::string hex_u32(uint32_t value);  // shortest big-endian hex ("0" for zero)

}  // namespace ventus::debug::rsp
