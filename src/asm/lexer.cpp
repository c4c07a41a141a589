// Lexer implementation: a small hand-written scanner over one line at a time.
#include "asm/lexer.hpp"

#include <cctype>
#include <limits>

namespace ventus::as {
namespace {

bool is_ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '$';
}
bool is_ident_char(char c) {
  return is_ident_start(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// Scans an integer literal starting at text[i]; sets `end`. Values wrap modulo 2^64 are
// refused: anything beyond 64 bits is an Error token.
Token scan_number(std::string_view text, size_t i, size_t& end) {
  Token tok{TokenKind::Number, "", 0, 0};
  size_t j = i;
  while (j < text.size() && is_ident_char(text[j])) ++j;
  end = j;
  std::string_view lit = text.substr(i, j - i);
  tok.text = std::string(lit);
  if (lit.size() >= 2 && (lit.back() == 'b' || lit.back() == 'f')) {
    bool digits = true;
    for (size_t k = 0; k + 1 < lit.size(); ++k) digits = digits && std::isdigit(lit[k]) != 0;
    if (digits && lit.size() <= 10 && !(lit.size() > 2 && lit[0] == '0')) {
      tok.kind = TokenKind::LocalRef;
      for (size_t k = 0; k + 1 < lit.size(); ++k) tok.value = tok.value * 10 + (lit[k] - '0');
      return tok;
    }
  }
  int base = 10;
  size_t k = 0;
  if (lit.size() > 2 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X'))
    base = 16, k = 2;
  else if (lit.size() > 2 && lit[0] == '0' && (lit[1] == 'b' || lit[1] == 'B'))
    base = 2, k = 2;
  else if (lit.size() > 1 && lit[0] == '0')
    base = 8, k = 1;
  uint64_t value = 0;
  for (; k < lit.size(); ++k) {
    const int d = digit_value(lit[k]);
    if (d >= base || value > (std::numeric_limits<uint64_t>::max() >> 4)) {
      return Token{TokenKind::Error, std::string(lit), 0, 0};
    }
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  if (value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return Token{TokenKind::Error, std::string(lit), 1, 0};
  }
  tok.value = static_cast<int64_t>(value);
  return tok;
}

char unescape(char c) {
  switch (c) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case '0':
      return '\0';
    default:
      return c;
  }
}

Token scan_string(std::string_view text, size_t i, size_t& end) {
  Token tok{TokenKind::String, "", 0, 0};
  size_t j = i + 1;
  while (j < text.size() && text[j] != '"') {
    if (text[j] == '\\' && j + 1 < text.size())
      ++j, tok.text += unescape(text[j]);
    else
      tok.text += text[j];
    ++j;
  }
  end = j < text.size() ? j + 1 : j;
  if (j >= text.size()) return Token{TokenKind::Error, std::string(text.substr(i)), 2, 0};
  return tok;
}

Token scan_char(std::string_view text, size_t i, size_t& end) {
  // 'c' or '\n' character constants.
  size_t j = i + 1;
  char c = 0;
  if (j < text.size() && text[j] == '\\' && j + 1 < text.size())
    c = unescape(text[j + 1]), j += 2;
  else if (j < text.size())
    c = text[j], ++j;
  if (j < text.size() && text[j] == '\'') ++j;
  end = j;
  return Token{TokenKind::Number, std::string(text.substr(i, j - i)), static_cast<unsigned char>(c),
               0};
}

Token scan_one(std::string_view text, size_t i, size_t& end) {
  const char c = text[i];
  if (std::isdigit(static_cast<unsigned char>(c)) != 0) return scan_number(text, i, end);
  if (is_ident_start(c)) {
    size_t j = i;
    while (j < text.size() && is_ident_char(text[j])) ++j;
    end = j;
    return Token{TokenKind::Ident, std::string(text.substr(i, j - i)), 0, 0};
  }
  if (c == '"') return scan_string(text, i, end);
  if (c == '\'') return scan_char(text, i, end);
  if (c == '%' && i + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
    size_t j = i + 1;
    while (j < text.size() && is_ident_char(text[j])) ++j;
    end = j;
    return Token{TokenKind::Modifier, std::string(text.substr(i + 1, j - i - 1)), 0, 0};
  }
  if ((c == '<' || c == '>') && i + 1 < text.size() && text[i + 1] == c) {
    end = i + 2;
    return Token{TokenKind::Punct, std::string(2, c), 0, 0};
  }
  end = i + 1;
  return Token{TokenKind::Punct, std::string(1, c), 0, 0};
}

void tokenize_line(std::string_view line, uint32_t line_no, std::vector<Statement>& out) {
  Statement st{line_no, {}};
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    if (c == ';') {
      if (!st.tokens.empty()) out.push_back(std::move(st));
      st = Statement{line_no, {}};
      ++i;
      continue;
    }
    size_t end = i + 1;
    Token tok = scan_one(line, i, end);
    tok.column = static_cast<uint32_t>(i + 1);
    st.tokens.push_back(std::move(tok));
    i = end > i ? end : i + 1;
  }
  if (!st.tokens.empty()) out.push_back(std::move(st));
}

}  // namespace

std::string strip_comments(std::string_view text, std::optional<size_t>* unterminated) {
  std::string out(text);
  bool in_string = false;
  for (size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    if (c == '\n') in_string = false;
    if (in_string) {
      if (c == '\\' && i + 1 < out.size() && out[i + 1] != '\n')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '#' || (c == '/' && i + 1 < out.size() && out[i + 1] == '/')) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
      --i;
    } else if (c == '/' && i + 1 < out.size() && out[i + 1] == '*') {
      const size_t start = i;
      out[i] = out[i + 1] = ' ';
      i += 2;
      while (i < out.size() && !(out[i] == '*' && i + 1 < out.size() && out[i + 1] == '/')) {
        if (out[i] != '\n') out[i] = ' ';
        ++i;
      }
      if (i < out.size()) {
        out[i] = out[i + 1] = ' ', ++i;
      } else if (unterminated != nullptr) {
        *unterminated = start;
      }
    }
  }
  return out;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::vector<Statement> tokenize(std::string_view comment_free_text) {
  std::vector<Statement> out;
  const auto lines = split_lines(comment_free_text);
  for (size_t i = 0; i < lines.size(); ++i) {
    tokenize_line(lines[i], static_cast<uint32_t>(i + 1), out);
  }
  return out;
}

}  // namespace ventus::as
