// Host side of kernel printf: record decoding and printf-style formatting (docs/printf.md).
#include "runtime/print_buffer.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstdio>

namespace ventus::runtime_detail {
namespace {

constexpr uint32_t kEmptyWord = 0xffffffffu;
constexpr size_t kMaxStringBytes = 4096;

// A NUL-terminated string at `address` (format string or %s argument); unmapped bytes end it.
std::string read_string(const memory::DeviceMemory& memory, uint32_t address, bool* ok) {
  std::string text;
  *ok = true;
  for (size_t i = 0; i < kMaxStringBytes; ++i) {
    auto byte = memory.read<uint8_t>(address + static_cast<uint32_t>(i));
    if (!byte) {
      *ok = false;
      break;
    }
    if (byte.value() == 0) break;
    text.push_back(static_cast<char>(byte.value()));
  }
  return text;
}

// The C library's formatting of one argument, whatever its length (the spec is capped).
template <typename T>
std::string c_format(const std::string& f, T arg) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  const int n = std::snprintf(nullptr, 0, f.c_str(), arg);
  if (n <= 0) return {};
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), f.c_str(), arg);
#pragma GCC diagnostic pop
  out.pop_back();
  return out;
}

// One conversion with the C library's formatting, on a spec rebuilt without length modifiers.
std::string convert(const std::string& spec, char conversion, uint32_t value,
                    const memory::DeviceMemory& memory) {
  const std::string f = spec + conversion;
  switch (conversion) {
    case 'd':
    case 'i':
      return c_format(f, static_cast<int>(std::bit_cast<int32_t>(value)));
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'c':
      return c_format(f, static_cast<unsigned>(value));
    case 'p':
      return fmt::format("0x{:08x}", value);
    case 's': {
      bool ok = false;
      std::string text = read_string(memory, value, &ok);
      if (!ok && text.empty()) return fmt::format("(bad string 0x{:08x})", value);
      return c_format(f, text.c_str());
    }
    default:  // floating point: the argument holds the bits of a float
      return c_format(f, static_cast<double>(std::bit_cast<float>(value)));
  }
}

// Field widths and precisions above this are capped: %99999999d took 16 s in the C library
// and its output was lost (issue 13). A capped spec is reported after the field.
constexpr unsigned long kMaxField = 256;

// `spec` ("%-08.3") with each number above kMaxField replaced by kMaxField; `capped` tells.
std::string capped_spec(const std::string& spec, bool& capped) {
  std::string out;
  for (size_t i = 0; i < spec.size();) {
    if (spec[i] < '1' || spec[i] > '9') {
      out.push_back(spec[i++]);
      continue;
    }
    size_t end = i;
    while (end < spec.size() && spec[end] >= '0' && spec[end] <= '9') ++end;
    const std::string digits = spec.substr(i, end - i);
    if (digits.size() > 3 || std::stoul(digits) > kMaxField) {
      out += std::to_string(kMaxField);
      capped = true;
    } else {
      out += digits;
    }
    i = end;
  }
  return out;
}

}  // namespace

std::string format_message(std::string_view format, std::span<const uint32_t> args,
                           const memory::DeviceMemory& memory) {
  constexpr std::string_view kConversions = "diuxXocspfFeEgGaA";
  std::string text;
  size_t next_arg = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      text.push_back(format[i]);
      continue;
    }
    std::string spec = "%";
    size_t j = i + 1;
    while (j < format.size() &&
           std::string_view("-+ #0123456789.").find(format[j]) != std::string_view::npos) {
      spec.push_back(format[j++]);
    }
    while (j < format.size() &&
           std::string_view("hlLjzt").find(format[j]) != std::string_view::npos) {
      ++j;  // every argument is one 32-bit word
    }
    if (j < format.size() && format[j] == '%') {
      text.push_back('%');
    } else if (j < format.size() && kConversions.find(format[j]) != std::string_view::npos) {
      bool capped = false;
      const std::string safe = capped_spec(spec, capped);
      text += next_arg < args.size() ? convert(safe, format[j], args[next_arg], memory)
                                     : std::string("(missing argument)");
      if (capped) text += fmt::format("(field width or precision capped at {})", kMaxField);
      ++next_arg;
    } else {
      text.append(format.substr(i, j + 1 - i));  // not a conversion: print it as written
    }
    i = j;
  }
  return text;
}

std::vector<std::string> drain_print_slot(memory::DeviceMemory& memory, const PrintBuffer& buffer,
                                          const functional::PrintRequest& request) {
  std::vector<std::string> lines;
  const uint32_t slot = buffer.slot_bytes();
  const uint32_t base = buffer.addr + request.warp * slot;
  const auto& store = memory.store();
  const uint32_t format_addr = store.read32(base);
  const uint32_t argc = store.read32(base + 4);
  const uint64_t needed = 4ull * (2 + uint64_t{buffer.numt} * (1 + uint64_t{argc}));
  if (slot == 0 || argc > 8 || needed > slot) {
    lines.push_back(fmt::format("[wg ({},{},{}) warp {}] printf: malformed print record",
                                request.group_id[0], request.group_id[1], request.group_id[2],
                                request.warp));
  } else {
    bool ok = false;
    const std::string format = read_string(memory, format_addr, &ok);
    for (uint32_t lane = 0; lane < buffer.numt; ++lane) {
      const uint32_t id = store.read32(base + 8 + 4 * lane);
      if (id == kEmptyWord) continue;  // the thread was not active
      std::vector<uint32_t> args(argc);
      for (uint32_t k = 0; k < argc; ++k) {
        args[k] = store.read32(base + 8 + 4 * (buffer.numt * (k + 1) + lane));
      }
      std::string text = ok ? format_message(format, args, memory)
                            : fmt::format("printf: bad format address 0x{:08x}", format_addr);
      if (!text.empty() && text.back() == '\n') text.pop_back();
      lines.push_back(fmt::format("[wg ({},{},{}) thread {}] {}", request.group_id[0],
                                  request.group_id[1], request.group_id[2], id, text));
    }
  }
  for (uint32_t at = 0; at + 4 <= slot; at += 4) memory.store().write32(base + at, kEmptyWord);
  return lines;
}

}  // namespace ventus::runtime_detail
