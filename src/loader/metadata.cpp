// `.metadata` parser and writer (ISA.md §9.1: 64-bit items as two %08x lines, low word first).
#include "loader/metadata.hpp"

#include <fmt/format.h>

#include "loader/text_file.hpp"

namespace ventus::loader {
namespace {

constexpr std::array<std::string_view, kMetadataHeaderItems> kHeaderNames = {
    "startaddr", "kernel_id", "kernel_size[0]",   "kernel_size[1]", "kernel_size[2]",
    "wf_size",   "wg_size",   "metaDataBaseAddr", "ldsSize",        "pdsSize",
    "sgprUsage", "vgprUsage", "pdsBaseAddr",      "num_buffer"};

// Pointers to the header fields in item order (num_buffer is handled separately).
std::array<uint32_t*, kMetadataHeaderItems - 1> header_fields(LaunchMetadata& m) {
  return {&m.start_addr, &m.kernel_id,  &m.kernel_size[0], &m.kernel_size[1], &m.kernel_size[2],
          &m.wf_size,    &m.wg_size,    &m.metadata_base,  &m.lds_size,       &m.pds_size,
          &m.sgpr_usage, &m.vgpr_usage, &m.pds_base};
}

std::string item_name(size_t item, size_t num_buffer) {
  if (item < kMetadataHeaderItems) return std::string(kHeaderNames[item]);
  const size_t index = item - kMetadataHeaderItems;
  static constexpr std::array<std::string_view, 3> kArrays = {"buffer_base", "buffer_size",
                                                              "buffer_allocsize"};
  return fmt::format("{}[{}]", kArrays[index / num_buffer], index % num_buffer);
}

// Every line must be one %08x word.
Result<std::vector<uint32_t>> parse_words(const std::vector<std::string_view>& lines,
                                          std::string_view file) {
  std::vector<uint32_t> words;
  words.reserve(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::optional<uint32_t> word = parse_hex_word(lines[i]);
    if (!word) {
      return error_at(file, i + 1,
                      fmt::format("'{}' is not a word of 8 hex digits", lines[i].substr(0, 40)));
    }
    words.push_back(*word);
  }
  return words;
}

// Checks the line count against num_buffer (line 27, the low word of item 13).
Result<size_t> checked_num_buffer(const std::vector<uint32_t>& words, std::string_view file) {
  constexpr size_t kHeaderLines = 2 * kMetadataHeaderItems;
  if (words.size() < kHeaderLines) {
    return error_at(file, words.size() + 1,
                    fmt::format("file ends after {} lines; the 14-item header needs {} lines",
                                words.size(), kHeaderLines));
  }
  const uint64_t num_buffer = (uint64_t{words[27]} << 32) | words[26];
  const uint64_t expected = metadata_line_count(num_buffer);
  if (num_buffer > words.size() || expected != words.size()) {
    return error_at(file, 27,
                    fmt::format("num_buffer = {} requires {} lines (2*(14+3*{})) but the file "
                                "has {} lines",
                                num_buffer, expected, num_buffer, words.size()));
  }
  return static_cast<size_t>(num_buffer);
}

// A buffer's initial data must fit its allocation, and the allocation the 32-bit address
// space (ISA.md §9.1): a larger size was silently cut, a wrapping one aliased low memory.
Status check_buffers(const std::vector<BufferDesc>& buffers, std::string_view file) {
  const size_t n = buffers.size();
  for (size_t i = 0; i < n; ++i) {
    const BufferDesc& b = buffers[i];
    const size_t size_line = 2 * (kMetadataHeaderItems + n + i) + 1;
    const size_t alloc_line = 2 * (kMetadataHeaderItems + 2 * n + i) + 1;
    if (b.size > b.alloc_size) {
      return error_at(file, size_line,
                      fmt::format("buffer_size[{}] = {} is larger than buffer_allocsize[{}] = {}",
                                  i, b.size, i, b.alloc_size));
    }
    if (uint64_t{b.base} + b.alloc_size > (uint64_t{1} << 32)) {
      return error_at(file, alloc_line,
                      fmt::format("buffer {} at {:#x} with buffer_allocsize {:#x} runs past the "
                                  "end of the 32-bit address space",
                                  i, b.base, b.alloc_size));
    }
  }
  return ok_status();
}

}  // namespace

Result<LaunchMetadata> parse_metadata(std::string_view text, std::string_view file_name) {
  Result<std::vector<uint32_t>> parsed = parse_words(split_lines(text), file_name);
  if (!parsed) return parsed.error();
  const std::vector<uint32_t>& words = *parsed;
  Result<size_t> count = checked_num_buffer(words, file_name);
  if (!count) return count.error();
  const size_t n = *count;
  std::vector<uint32_t> items(words.size() / 2);
  for (size_t item = 0; item < items.size(); ++item) {
    if (words[2 * item + 1] != 0) {
      return error_at(file_name, 2 * item + 2,
                      fmt::format("high word of {} is {:#x}; a 32-bit device needs 0",
                                  item_name(item, n), words[2 * item + 1]));
    }
    items[item] = words[2 * item];
  }
  LaunchMetadata meta;
  const auto fields = header_fields(meta);
  for (size_t i = 0; i < fields.size(); ++i) *fields[i] = items[i];
  meta.buffers.resize(n);
  for (size_t i = 0; i < n; ++i) {
    meta.buffers[i] =
        BufferDesc{items[kMetadataHeaderItems + i], items[kMetadataHeaderItems + n + i],
                   items[kMetadataHeaderItems + 2 * n + i]};
  }
  if (auto checked = check_buffers(meta.buffers, file_name); !checked) return checked.error();
  return meta;
}

Result<LaunchMetadata> load_metadata(const std::filesystem::path& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  return parse_metadata(*text, path.string());
}

std::string format_metadata(const LaunchMetadata& meta) {
  std::string out;
  auto item = [&out](uint32_t value) {
    append_hex_word(out, value);
    append_hex_word(out, 0);
  };
  LaunchMetadata copy = meta;
  for (uint32_t* field : header_fields(copy)) item(*field);
  item(static_cast<uint32_t>(meta.buffers.size()));
  for (const BufferDesc& b : meta.buffers) item(b.base);
  for (const BufferDesc& b : meta.buffers) item(b.size);
  for (const BufferDesc& b : meta.buffers) item(b.alloc_size);
  return out;
}

}  // namespace ventus::loader
