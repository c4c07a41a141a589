// TextCursor: a tiny scanner over one log line used by the commit-log parser (internal).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ventus::trace::detail {

inline int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Every method either consumes what it names and returns true, or consumes nothing and
// returns false, so callers can try alternatives.
class TextCursor {
 public:
  explicit TextCursor(std::string_view text) : text_(text) {}

  bool at_end() const { return pos_ >= text_.size(); }
  std::size_t position() const { return pos_; }
  std::string_view rest() const { return text_.substr(pos_); }
  bool starts_with(std::string_view literal) const { return rest().starts_with(literal); }

  bool consume(std::string_view literal) {
    if (!starts_with(literal)) return false;
    pos_ += literal.size();
    return true;
  }

  // One or more spaces.
  bool spaces() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    return pos_ != start;
  }

  bool decimal(uint32_t& value) {
    std::size_t end = pos_;
    uint64_t v = 0;
    while (end < text_.size() && text_[end] >= '0' && text_[end] <= '9' && end - pos_ < 10) {
      v = v * 10 + static_cast<uint64_t>(text_[end] - '0');
      ++end;
    }
    if (end == pos_ || v > UINT32_MAX) return false;
    value = static_cast<uint32_t>(v);
    pos_ = end;
    return true;
  }

  // Hex digits: exactly `digits` of them when digits > 0, else 1..16 (digit count in
  // `count`). Used for both fixed-width (`%08x`) and minimal-width (`%01x`) fields.
  bool hex(uint64_t& value, std::size_t digits, std::size_t* count = nullptr) {
    const std::size_t limit = digits > 0 ? digits : 16;
    std::size_t end = pos_;
    uint64_t v = 0;
    while (end < text_.size() && end - pos_ < limit && hex_digit_value(text_[end]) >= 0) {
      v = (v << 4) | static_cast<uint64_t>(hex_digit_value(text_[end]));
      ++end;
    }
    const std::size_t n = end - pos_;
    if (n == 0 || (digits > 0 && n != digits)) return false;
    if (digits == 0 && end < text_.size() && hex_digit_value(text_[end]) >= 0) return false;
    value = v;
    if (count != nullptr) *count = n;
    pos_ = end;
    return true;
  }

  bool hex32(uint32_t& value, std::size_t digits) {
    uint64_t v = 0;
    if (!hex(v, digits)) return false;
    value = static_cast<uint32_t>(v);
    return true;
  }

  // A name made of letters, digits and '_' (REF CSR names).
  bool identifier(std::string_view& name) {
    std::size_t end = pos_;
    while (end < text_.size() && is_identifier_char(text_[end])) ++end;
    if (end == pos_) return false;
    name = text_.substr(pos_, end - pos_);
    pos_ = end;
    return true;
  }

 private:
  static bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace ventus::trace::detail
