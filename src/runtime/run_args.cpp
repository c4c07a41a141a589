// `ventus run` argument grammar: integer and float words, --arg specs, sizes, number text.
#include "runtime/run_args.hpp"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>

namespace ventus::run_args {
namespace {

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    parts.emplace_back(text.substr(start, at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

// Decimal or 0x hex, optionally negative for signed T; nothing when it does not fit T.
template <typename T>
std::optional<T> parse_int(std::string_view s) {
  int base = 10;
  bool negative = false;
  if (!s.empty() && s.front() == '-') {
    negative = true;
    s.remove_prefix(1);
  }
  if (s.starts_with("0x") || s.starts_with("0X")) {
    base = 16;
    s.remove_prefix(2);
  }
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  if constexpr (std::is_signed_v<T>) {
    const auto limit = static_cast<uint64_t>(std::numeric_limits<T>::max()) + (negative ? 1 : 0);
    if (v > limit) return std::nullopt;
    // Negated in unsigned arithmetic: -(int64_t)2^63 would overflow.
    return static_cast<T>(static_cast<int64_t>(negative ? 0 - v : v));
  } else {
    if (negative || v > std::numeric_limits<T>::max()) return std::nullopt;
    return static_cast<T>(v);
  }
}

std::optional<double> parse_float(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

std::optional<Elem> parse_elem(std::string_view s) {
  if (s == "u32") return Elem::U32;
  if (s == "i32") return Elem::I32;
  if (s == "f32") return Elem::F32;
  if (s == "hex") return Elem::Hex;
  return std::nullopt;
}

// What a user typed, cut so that a huge argument is not echoed whole.
std::string quoted(std::string_view text) {
  return text.size() <= 40 ? std::string(text) : std::string(text.substr(0, 40)) + "...";
}

template <typename T>
Result<ArgSpec> value_arg(std::optional<T> value, const std::string& text) {
  if (!value) return Error{fmt::format("'{}' is not a valid value", quoted(text))};
  ArgSpec spec;
  spec.value.resize(sizeof(T));
  std::memcpy(spec.value.data(), &*value, sizeof(T));
  return spec;
}

// buf:in:FILE[:TYPE]  buf:inout:FILE[:TYPE]  buf:out:FILE:SIZE[:TYPE]
Result<ArgSpec> buffer_arg(const std::vector<std::string>& f) {
  if (f.size() < 3) return Error{"expected buf:in:FILE, buf:inout:FILE or buf:out:FILE:SIZE"};
  const std::string& mode = f[1];
  ArgSpec spec;
  if (mode == "in") {
    spec.kind = ArgSpec::Kind::BufferIn;
  } else if (mode == "inout") {
    spec.kind = ArgSpec::Kind::BufferInOut;
  } else if (mode == "out") {
    spec.kind = ArgSpec::Kind::BufferOut;
  } else {
    return Error{fmt::format("unknown buffer direction '{}' (in, out, inout)", quoted(mode))};
  }
  const bool out = spec.kind == ArgSpec::Kind::BufferOut;
  const size_t type_at = out ? 4 : 3;
  if (f.size() > type_at + 1 || (out && f.size() < 4)) {
    return Error{out ? "expected buf:out:FILE:SIZE[:TYPE]" : "expected buf:in|inout:FILE[:TYPE]"};
  }
  spec.path = f[2];
  if (f.size() == type_at + 1) {
    const auto e = parse_elem(f[type_at]);
    if (!e) {
      return Error{
          fmt::format("unknown element type '{}' (u32, i32, f32, hex)", quoted(f[type_at]))};
    }
    spec.elem = *e;
    spec.typed = true;
  }
  if (out) {
    const auto s = parse_int<uint32_t>(f[3]);
    if (!s || *s == 0) {
      return Error{fmt::format("'{}' is not a buffer size in bytes (>= 1)", quoted(f[3]))};
    }
    // A text file holds whole numbers of 4 bytes: a partial last one would be dropped.
    if (spec.path.ends_with(".txt") && *s % 4 != 0) {
      return Error{fmt::format(
          "size {} is not a multiple of 4: a .txt output holds whole 4-byte numbers", *s)};
    }
    spec.bytes = *s;
  }
  return spec;
}

}  // namespace

Result<ArgSpec> parse_arg(std::string_view text) {
  const auto f = split(text, ':');
  const std::string& kind = f[0];
  if (kind == "buf") return buffer_arg(f);
  if (f.size() != 2) return Error{"expected KIND:VALUE"};
  const std::string& v = f[1];
  if (kind == "u32") return value_arg(parse_int<uint32_t>(v), v);
  if (kind == "i32") return value_arg(parse_int<int32_t>(v), v);
  if (kind == "u64") return value_arg(parse_int<uint64_t>(v), v);
  if (kind == "i64") return value_arg(parse_int<int64_t>(v), v);
  if (kind == "f32") {
    const auto d = parse_float(v);
    return value_arg(d ? std::optional<float>(static_cast<float>(*d)) : std::nullopt, v);
  }
  if (kind == "local") {
    const auto bytes = parse_int<uint32_t>(v);
    if (!bytes || *bytes == 0) {
      return Error{fmt::format("'{}' is not a local size in bytes", quoted(v))};
    }
    ArgSpec spec;
    spec.kind = ArgSpec::Kind::Local;
    spec.bytes = *bytes;
    return spec;
  }
  return Error{fmt::format("unknown argument kind '{}' (buf, u32, i32, u64, i64, f32, local)",
                           quoted(kind))};
}

Result<std::array<uint32_t, 3>> parse_dims(std::string_view text, const char* what, unsigned* dim) {
  const auto parts = split(text, ',');
  std::array<uint32_t, 3> dims{1, 1, 1};
  if (parts.size() > 3) {
    return Error{fmt::format("--{} '{}' has more than 3 dimensions", what, quoted(text))};
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    const auto v = parse_int<uint32_t>(parts[i]);
    if (!v || *v == 0) {
      return Error{fmt::format("--{} '{}': '{}' is not a size in 1..4294967295", what, quoted(text),
                               quoted(parts[i]))};
    }
    dims[i] = *v;
  }
  *dim = static_cast<unsigned>(parts.size());
  return dims;
}

Result<std::pair<uint64_t, uint64_t>> parse_group_window(std::string_view text) {
  const auto parts = split(text, ':');
  const auto first = parts.size() == 2 ? parse_int<uint64_t>(parts[0]) : std::nullopt;
  const auto end = parts.size() == 2 ? parse_int<uint64_t>(parts[1]) : std::nullopt;
  if (!first || !end) {
    return Error{
        fmt::format("--timing-work-groups '{}': expected FIRST:END, the work-groups "
                    "FIRST to END-1 by linear id (e.g. 0:8)",
                    quoted(text))};
  }
  if (*first >= *end) {
    return Error{
        fmt::format("--timing-work-groups '{}': the window is empty or reversed (END "
                    "must be above FIRST)",
                    quoted(text))};
  }
  return std::pair<uint64_t, uint64_t>{*first, *end};
}

Result<std::vector<uint8_t>> parse_number_text(std::string_view name, Elem elem,
                                               std::string_view text) {
  std::vector<uint8_t> bytes;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string w;
    if (!(words >> w)) continue;
    uint32_t word = 0;
    const auto as_int = parse_int<int64_t>(w);
    const bool want_float = elem == Elem::F32 || (!as_int && elem != Elem::Hex);
    if (want_float) {
      const auto f = parse_float(w);
      if (!f) return Error{fmt::format("{}:{}: '{}' is not a number", name, n, quoted(w))};
      word = std::bit_cast<uint32_t>(static_cast<float>(*f));
    } else if (elem == Elem::Hex) {
      const auto h = parse_int<uint32_t>(w.starts_with("0x") ? w : "0x" + w);
      if (!h) return Error{fmt::format("{}:{}: '{}' is not a 32-bit hex word", name, n, quoted(w))};
      word = *h;
    } else {
      if (!as_int || *as_int < INT32_MIN || *as_int > int64_t{UINT32_MAX}) {
        return Error{fmt::format("{}:{}: '{}' does not fit 32 bits", name, n, quoted(w))};
      }
      word = static_cast<uint32_t>(*as_int);
    }
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(word >> (8 * b)));
  }
  return bytes;
}

std::string format_number_text(const std::vector<uint8_t>& bytes, Elem elem) {
  std::string out;
  for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
    uint32_t w = 0;
    std::memcpy(&w, bytes.data() + i, 4);
    switch (elem) {
      case Elem::I32:
        out += fmt::format("{}\n", std::bit_cast<int32_t>(w));
        break;
      case Elem::F32:
        out += fmt::format("{}\n", std::bit_cast<float>(w));
        break;
      case Elem::Hex:
        out += fmt::format("{:08x}\n", w);
        break;
      case Elem::U32:
        out += fmt::format("{}\n", w);
        break;
    }
  }
  return out;
}

}  // namespace ventus::run_args
