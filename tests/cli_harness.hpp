// Runs the built `ventus` tool in a private temporary directory and captures its output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace ventus::testing {

struct ToolRun {
  int exit_status;
  std::string out;
  std::string err;
};

class ToolSandbox {
 public:
  // `tool` is the path of the ventus executable; `tag` names the temporary directory.
  ToolSandbox(std::string tool, std::string_view tag)
      : tool_(std::move(tool)),
        dir_(std::filesystem::temp_directory_path() /
             (std::string(tag) + "_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~ToolSandbox() { std::filesystem::remove_all(dir_); }
  ToolSandbox(const ToolSandbox&) = delete;
  ToolSandbox& operator=(const ToolSandbox&) = delete;

  const std::filesystem::path& dir() const { return dir_; }

  std::filesystem::path write_text(const std::string& name, std::string_view text) const {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  // Runs `ventus <args>` (args already shell-quoted) from the sandbox directory, with
  // `stdin_text` on standard input.
  ToolRun run(const std::string& args, std::string_view stdin_text = {}) const {
    const auto in = write_text("stdin.txt", stdin_text);
    const auto out = dir_ / "stdout.txt";
    const auto err = dir_ / "stderr.txt";
    const std::string command = "cd '" + dir_.string() + "' && '" + tool_ + "' " + args +
                                " < '" + in.string() + "' > '" + out.string() + "' 2> '" +
                                err.string() + "'";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }

 private:
  std::string tool_;
  std::filesystem::path dir_;
};

}  // namespace ventus::testing
