// `ventus debug`: the debug target with a built-in prompt (docs/debugging.md "ventus debug"),
// for people without GDB and for scripted sessions (--commands FILE).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "debug/target.hpp"
#include "elf/elf_file.hpp"

namespace ventus::debug {

class Repl : public FrontEnd {
 public:
  // Reads each command line through `read_line(prompt)`: a line editor at a terminal
  // (line_editor.hpp) or stream_lines; nullopt ends the input. Writes to `out`; `elf` (may be
  // null) gives symbols and the line table for `break`, `where` and `disasm`.
  using LineReader = std::function<std::optional<std::string>(const std::string& prompt)>;
  Repl(LineReader read_line, std::ostream& out, const elf::ElfFile* elf)
      : read_line_(std::move(read_line)), out_(out), elf_(elf) {}

  // Lines of `in` (not a terminal) as a LineReader writing the prompt to `out`; with `echo`
  // (a command file) each line follows its prompt, so a transcript reads like a session.
  static LineReader stream_lines(std::istream& in, std::ostream& out, bool echo);

  functional::LaunchDriver driver();

  Resume on_stop(Target& target, const Stop& stop) override;
  void on_end(const Stop& stop) override;
  bool interrupted() override { return false; }

 private:
  // One command; a resume ends the stop. Errors are printed.
  std::optional<Resume> execute(std::string_view line);
  std::optional<Resume> execute_inspect(std::string_view command, std::string_view args);
  void report(const Stop& stop);
  std::optional<uint32_t> address_of(std::string_view text) const;
  std::string symbolize(uint32_t pc) const;
  void disassemble(uint32_t pc, unsigned count);
  void memory(std::string_view args);
  void vector_register(std::string_view args);
  void break_or_watch(std::string_view command, std::string_view args);

  LineReader read_line_;
  std::ostream& out_;
  const elf::ElfFile* elf_;
  Target* target_ = nullptr;
  uint32_t thread_ = 0;      // the selected warp
  unsigned steps_left_ = 0;  // `step N`: steps still to run before the prompt
};

}  // namespace ventus::debug
