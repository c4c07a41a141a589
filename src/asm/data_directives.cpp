// Data and alignment directives: .word/.half/.byte/.float/.ascii/.zero/.align and friends.
#include <bit>
#include <cstdlib>
#include <cstring>

#include "asm/file_assembler.hpp"

namespace ventus::as {
namespace {

bool fits_bytes(int64_t value, uint8_t size) {
  if (size >= 8) return true;
  const int64_t lo = -(int64_t{1} << (8 * size - 1));
  const int64_t hi = (int64_t{1} << (8 * size)) - 1;
  return value >= lo && value <= hi;
}

void put_le(std::vector<uint8_t>& bytes, size_t at, uint64_t value, uint8_t size) {
  for (uint8_t i = 0; i < size; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

}  // namespace

bool FileAssembler::data_directive(const std::string& name, const Statement& st) {
  if (name == ".word" || name == ".long" || name == ".4byte")
    data_values(st, 4);
  else if (name == ".half" || name == ".short" || name == ".2byte")
    data_values(st, 2);
  else if (name == ".byte" || name == ".1byte")
    data_values(st, 1);
  else if (name == ".float" || name == ".single")
    float_values(st);
  else if (name == ".ascii")
    string_values(st, false);
  else if (name == ".asciz" || name == ".string")
    string_values(st, true);
  else
    return false;
  return true;
}

void FileAssembler::data_values(const Statement& st, uint8_t size) {
  if (sec().type == 8)
    return error(st.tokens[0].column, "data cannot be placed in .bss (use .zero)");
  const auto args = split_args(st, 1);
  if (args.empty())
    return error(st.tokens[0].column, "expected at least one value after " + st.tokens[0].text);
  for (const auto& arg : args) {
    const uint32_t col = arg.empty() ? st.tokens[0].column : arg[0].column;
    size_t pos = 0;
    ParseFailure pf;
    ExprPtr e = parse_expr(arg, pos, seq_, false, pf);
    if (!e) return error(pf.column ? pf.column : col, pf.message);
    if (pos != arg.size())
      return error(arg[pos].column, "unexpected " + describe_token(arg, pos) + " in a value list");
    if (!reserve(size, col)) return;
    const size_t at = sec().bytes.size();
    sec().bytes.resize(at + size);
    auto v = eval_now(e, col, false);
    if (!v) {
      p_.data.push_back(DataItem{e, size, section_, static_cast<uint32_t>(at), loc(col)});
    } else if (!fits_bytes(*v, size)) {
      error(col, "value " + std::to_string(*v) + " does not fit in " + std::to_string(size) +
                     " byte(s)");
    } else {
      put_le(sec().bytes, at, static_cast<uint64_t>(*v), size);
    }
  }
}

void FileAssembler::float_values(const Statement& st) {
  if (sec().type == 8)
    return error(st.tokens[0].column, "data cannot be placed in .bss (use .zero)");
  for (const auto& arg : split_args(st, 1)) {
    std::string text;
    for (const Token& t : arg) text += t.text;  // "-", "1.5e3" / "inf" / "nan"
    const uint32_t col = arg.empty() ? st.tokens[0].column : arg[0].column;
    char* end = nullptr;
    const float f = std::strtof(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) {
      return error(col, "expected a floating-point number but found '" + text + "'");
    }
    if (!reserve(4, col)) return;
    const size_t at = sec().bytes.size();
    sec().bytes.resize(at + 4);
    put_le(sec().bytes, at, std::bit_cast<uint32_t>(f), 4);
  }
}

void FileAssembler::string_values(const Statement& st, bool terminate) {
  if (sec().type == 8)
    return error(st.tokens[0].column, "data cannot be placed in .bss (use .zero)");
  const auto args = split_args(st, 1);
  if (args.empty())
    return error(st.tokens[0].column, "expected a string after " + st.tokens[0].text);
  for (const auto& arg : args) {
    if (arg.size() != 1 || arg[0].kind != TokenKind::String) {
      if (!arg.empty() && arg[0].kind == TokenKind::Error && arg[0].value == 2) {
        return error(arg[0].column, "missing closing '\"' of the string");
      }
      return error(arg.empty() ? st.tokens[0].column : arg[0].column,
                   "expected a string in double quotes");
    }
    const std::string& s = arg[0].text;
    if (!reserve(s.size() + 1, arg[0].column)) return;
    sec().bytes.insert(sec().bytes.end(), s.begin(), s.end());
    if (terminate) sec().bytes.push_back(0);
  }
}

bool FileAssembler::layout_directive(const std::string& name, const Statement& st) {
  const bool fill = name == ".zero" || name == ".space" || name == ".skip";
  const bool p2 = name == ".align" || name == ".p2align";
  if (!fill && !p2 && name != ".balign") return false;
  const auto args = split_args(st, 1);
  if (args.empty() || args[0].empty()) {
    error(st.tokens[0].column, "expected a size after " + name);
    return true;
  }
  std::vector<int64_t> values;
  for (const auto& arg : args) {
    size_t pos = 0;
    ParseFailure pf;
    const uint32_t col = arg.empty() ? st.tokens[0].column : arg[0].column;
    ExprPtr e = parse_expr(arg, pos, seq_, false, pf);
    if (!e) return error(pf.column ? pf.column : col, pf.message), true;
    if (pos != arg.size())
      return error(arg[pos].column, "unexpected " + describe_token(arg, pos)), true;
    auto v = eval_now(e, col, true);
    if (!v) return true;
    values.push_back(*v);
  }
  const uint32_t col = args[0][0].column;
  const uint8_t fill_byte = values.size() > 1 ? static_cast<uint8_t>(values[1]) : 0;
  if (fill) {
    if (values[0] < 0 || !reserve(static_cast<uint64_t>(values[0]), col)) {
      if (values[0] < 0)
        error(col, "size " + std::to_string(values[0]) + " of " + name + " is negative");
      return true;
    }
    if (sec().type == 8)
      sec().nobits_size += static_cast<uint32_t>(values[0]);
    else
      sec().bytes.resize(sec().bytes.size() + static_cast<size_t>(values[0]), fill_byte);
    return true;
  }
  if (p2 ? (values[0] < 0 || values[0] > 16)
         : (values[0] < 1 || values[0] > 65536 ||
            !std::has_single_bit(static_cast<uint64_t>(values[0])))) {
    error(col, p2 ? "alignment exponent must be in [0, 16]"
                  : "alignment must be a power of two in [1, 65536]");
    return true;
  }
  const uint64_t alignment = p2 ? uint64_t{1} << values[0] : static_cast<uint64_t>(values[0]);
  if (values.size() > 1 && sec().type != 8) {
    const uint32_t pad = static_cast<uint32_t>((alignment - offset() % alignment) % alignment);
    if (reserve(pad, col)) sec().bytes.resize(sec().bytes.size() + pad, fill_byte);
    sec().align = std::max(sec().align, static_cast<uint32_t>(alignment));
    return true;
  }
  align_to(alignment, col);
  return true;
}

// Pads to `alignment`: nops in .text (when 4-aligned), zeros elsewhere.
void FileAssembler::align_to(uint64_t alignment, uint32_t column) {
  const uint32_t pad = static_cast<uint32_t>((alignment - offset() % alignment) % alignment);
  sec().align = std::max(sec().align, static_cast<uint32_t>(alignment));
  if (pad == 0 || !reserve(pad, column)) return;
  if (sec().type == 8) {
    sec().nobits_size += pad;
    return;
  }
  const bool nops = sec().name == ".text" && offset() % 4 == 0 && pad % 4 == 0;
  for (uint32_t i = 0; i < pad; i += nops ? 4 : 1) {
    if (nops) {
      const size_t at = sec().bytes.size();
      sec().bytes.resize(at + 4);
      put_le(sec().bytes, at, 0x00000013u, 4);  // addi x0, x0, 0
    } else {
      sec().bytes.push_back(0);
    }
  }
}

}  // namespace ventus::as
