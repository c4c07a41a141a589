// Assembler lexer: comment stripping, statement splitting and tokens with source columns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::as {

enum class TokenKind : uint8_t {
  Ident,     // names, mnemonics, directives, registers ("v0.t" and "$"-names included)
  Number,    // integer literal (decimal, 0x, 0b, 0o / leading 0 octal, 'c' character)
  LocalRef,  // numeric local label reference "1b" / "1f" (value = label, text ends in b/f)
  String,    // "..." with escapes decoded into `text`
  Modifier,  // %hi %lo %pcrel_hi %pcrel_lo (text without '%')
  Punct,     // one of , ( ) : + - * / % << >> & | ^ ~ = ! and other single characters
  Error,     // malformed literal `text`; value 0 bad digits, 1 too large, 2 unterminated string
};

struct Token {
  TokenKind kind;
  std::string text;
  int64_t value = 0;
  uint32_t column = 1;  // 1-based column in the source line
};

// One statement: the tokens of a line up to a ';' separator (comments removed).
struct Statement {
  uint32_t line = 1;
  std::vector<Token> tokens;
};

// Replaces comments ('#', '//' to end of line, '/* */' possibly multi-line) by spaces so
// that line and column numbers of everything else are unchanged. A '/*' without '*/' would
// swallow the rest of the file: its offset goes to `unterminated` (when given).
std::string strip_comments(std::string_view text, std::optional<size_t>* unterminated = nullptr);

// Splits comment-free text into statements (lines, and ';' inside a line) and tokenizes them.
std::vector<Statement> tokenize(std::string_view comment_free_text);

// The source lines of `text` (for showing the offending line under a diagnostic).
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace ventus::as
