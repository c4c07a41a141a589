// The GDB remote serial protocol's byte layer (see rsp.hpp; GDB manual "Overview" of the
// remote protocol: checksums, `}` escapes, `*` run-lengths).
#include "debug/rsp.hpp"

#include <fmt/format.h>

namespace ventus::debug::rsp {
namespace {

std::optional<unsigned> hex_digit(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
  return std::nullopt;
}

constexpr char kInterrupt = 0x03;
constexpr size_t kMaxRaw = 2 * kMaxPacket;  // escapes can double a payload

}  // namespace

void Decoder::feed(std::string_view bytes, std::vector<Input>& out) {
  for (char c : bytes) {
    switch (state_) {
      case State::Idle:
        if (c == '$') {
          state_ = State::Body;
          raw_.clear();
          too_long_ = false;
        } else if (c == '+') {
          out.push_back({Input::Kind::Ack, {}});
        } else if (c == '-') {
          out.push_back({Input::Kind::Nack, {}});
        } else if (c == kInterrupt) {
          out.push_back({Input::Kind::Interrupt, {}});
        }
        break;
      case State::Body:
        if (c == '#') {
          state_ = State::Sum1;
        } else if (raw_.size() < kMaxRaw) {
          raw_.push_back(c);
        } else {
          too_long_ = true;
        }
        break;
      case State::Sum1:
        sum_ = hex_digit(c).value_or(0x100) << 4;
        state_ = State::Sum2;
        break;
      case State::Sum2:
        sum_ |= hex_digit(c).value_or(0x100);
        finish(out);
        state_ = State::Idle;
        break;
    }
  }
}

void Decoder::finish(std::vector<Input>& out) {
  unsigned sum = 0;
  for (char c : raw_) sum += static_cast<uint8_t>(c);
  if (too_long_) {
    out.push_back({Input::Kind::Malformed, {}});
  } else if ((sum & 0xff) != sum_) {
    out.push_back({Input::Kind::BadChecksum, raw_});
  } else if (auto body = decode_body(raw_)) {
    out.push_back({Input::Kind::Packet, std::move(*body)});
  } else {
    out.push_back({Input::Kind::Malformed, raw_});
  }
}

std::optional<std::string> decode_body(std::string_view raw) {
  std::string out;
  for (size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '}') {
      if (++i == raw.size()) return std::nullopt;
      out.push_back(static_cast<char>(raw[i] ^ 0x20));
    } else if (c == '*') {
      // `X*n`: X repeated n - 29 more times; n is printable and neither `#` nor `$`.
      if (out.empty() || ++i == raw.size()) return std::nullopt;
      const int n = static_cast<uint8_t>(raw[i]) - 29;
      if (n < 3 || n > 97 || raw[i] == '#' || raw[i] == '$') return std::nullopt;
      out.append(static_cast<size_t>(n), out.back());
    } else {
      out.push_back(c);
    }
    if (out.size() > kMaxPacket) return std::nullopt;
  }
  return out;
}

std::string frame(std::string_view payload) {
  std::string out = "$";
  unsigned sum = 0;
  for (char c : payload) {
    if (c == '$' || c == '#' || c == '}' || c == '*') {
      out.push_back('}');
      sum += '}';
      c = static_cast<char>(c ^ 0x20);
    }
    out.push_back(c);
    sum += static_cast<uint8_t>(c);
  }
  return out + fmt::format("#{:02x}", sum & 0xff);
}

std::string to_hex(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) out += fmt::format("{:02x}", static_cast<uint8_t>(c));
  return out;
}

std::optional<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    auto hi = hex_digit(hex[i]);
    auto lo = hex_digit(hex[i + 1]);
    if (!hi || !lo) return std::nullopt;
    out.push_back(static_cast<char>(*hi << 4 | *lo));
  }
  return out;
}

std::optional<uint64_t> parse_hex(std::string_view hex) {
  if (hex.empty() || hex.size() > 16) return std::nullopt;
  uint64_t value = 0;
  for (char c : hex) {
    auto d = hex_digit(c);
    if (!d) return std::nullopt;
    value = value << 4 | *d;
  }
  return value;
}

std::string le32_hex(uint32_t value) {
  return fmt::format("{:02x}{:02x}{:02x}{:02x}", value & 0xff, value >> 8 & 0xff,
                     value >> 16 & 0xff, value >> 24);
}

std::string hex_u32(uint32_t value) {
  return fmt::format("{:x}", value);
}

}  // namespace ventus::debug::rsp
