// edit_line over libedit's readline interface.
#include "debug/line_editor.hpp"

#include <cstdio>
#include <cstdlib>

#include <editline/readline.h>

namespace ventus::debug {

std::optional<std::string> edit_line(const std::string& prompt) {
  char* line = readline(prompt.c_str());
  if (line == nullptr) return std::nullopt;
  std::string text(line);
  std::free(line);
  if (!text.empty()) add_history(text.c_str());
  return text;
}

}  // namespace ventus::debug
