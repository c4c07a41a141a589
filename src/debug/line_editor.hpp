// edit_line: one line read at a terminal with line editing and history (Debian's libedit),
// for the `ventus debug` prompt when standard input is a terminal.
#pragma once

#include <optional>
#include <string>

namespace ventus::debug {

// Shows `prompt` and reads a line (arrow keys, Ctrl-R and the like work; a non-empty line
// joins the history); nullopt at end of input (Ctrl-D).
std::optional<std::string> edit_line(const std::string& prompt);

}  // namespace ventus::debug
