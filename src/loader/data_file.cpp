// `.data`/`.out` parser, writer and memory dump (ISA.md §9.2).
#include "loader/data_file.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "loader/text_file.hpp"

namespace ventus::loader {
namespace {

// Where the file ran out: names the buffer that was being filled.
Error short_file_error(std::string_view file, size_t lines, uint64_t expected,
                       const BufferDesc& buffer, size_t index) {
  return error_at(file, lines + 1,
                  fmt::format("file ends inside buffer {} (base {:#x}, {} bytes): the metadata "
                              "needs {} lines, the file has {}",
                              index, buffer.base, buffer.size, expected, lines));
}

}  // namespace

uint64_t data_line_count(const LaunchMetadata& meta) {
  uint64_t lines = 0;
  for (const BufferDesc& b : meta.buffers) lines += words_for_bytes(b.size);
  return lines;
}

Result<LaunchData> parse_data(std::string_view text, std::string_view file_name,
                              const LaunchMetadata& meta) {
  const std::vector<std::string_view> lines = split_lines(text);
  const uint64_t expected = data_line_count(meta);
  LaunchData data;
  size_t line = 0;
  for (size_t i = 0; i < meta.buffers.size(); ++i) {
    const BufferDesc& desc = meta.buffers[i];
    if (desc.size == 0) continue;
    BufferData buffer{desc.base, desc.size, {}};
    // Reserve what the file can hold, not what the metadata claims (it may claim 4 GiB).
    const uint64_t words = words_for_bytes(desc.size);
    buffer.words.reserve(std::min<uint64_t>(words, lines.size() - std::min(line, lines.size())));
    for (uint64_t w = 0; w < words; ++w, ++line) {
      if (line >= lines.size()) return short_file_error(file_name, line, expected, desc, i);
      const std::optional<uint32_t> word = parse_hex_word(lines[line]);
      if (!word) {
        return error_at(file_name, line + 1,
                        fmt::format("'{}' is not a word of 8 hex digits (buffer {}, word {})",
                                    lines[line].substr(0, 40), i, w));
      }
      buffer.words.push_back(*word);
    }
    data.buffers.push_back(std::move(buffer));
  }
  // One optional line of zeros may follow the last buffer, then the file must end.
  if (line < lines.size() && parse_hex_word(lines[line]) == 0u) {
    data.trailing_zero_line = true;
    ++line;
  }
  if (line < lines.size()) {
    return error_at(file_name, line + 1,
                    fmt::format("unexpected line '{}' after the {} lines the metadata describes",
                                lines[line].substr(0, 40), expected));
  }
  return data;
}

Result<LaunchData> load_data(const std::filesystem::path& path, const LaunchMetadata& meta) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  return parse_data(*text, path.string(), meta);
}

std::string format_data(const LaunchData& data) {
  std::string out;
  for (const BufferData& buffer : data.buffers) {
    for (uint32_t word : buffer.words) append_hex_word(out, word);
  }
  if (data.trailing_zero_line) append_hex_word(out, 0);
  return out;
}

LaunchData dump_buffers(const LaunchMetadata& meta, const ReadWord& read_word) {
  LaunchData data;
  for (const BufferDesc& desc : meta.buffers) {
    if (desc.size == 0) continue;
    BufferData buffer{desc.base, desc.size, {}};
    for (uint64_t w = 0; w < words_for_bytes(desc.size); ++w) {
      buffer.words.push_back(read_word(desc.base + static_cast<uint32_t>(4 * w)));
    }
    data.buffers.push_back(std::move(buffer));
  }
  return data;
}

std::string format_dump(const LaunchMetadata& meta, const ReadWord& read_word) {
  return format_data(dump_buffers(meta, read_word));
}

std::string format_dump(const LaunchMetadata& meta, const memory::DeviceMemory& memory) {
  return format_dump(meta, [&memory](uint32_t addr) { return memory.store().read32(addr); });
}

}  // namespace ventus::loader
