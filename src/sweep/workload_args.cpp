// A workload as the arguments of `ventus run` / `ventus case`: paths made absolute, outputs
// kept relative (they land in the point's own folder), options the sweep owns refused.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>

#include "sweep/workload_args.hpp"

namespace ventus::sweep {
namespace {

namespace fs = std::filesystem;

// Shell-like words: blanks separate, '...' and "..." quote, backslash escapes one character.
Result<std::vector<std::string>> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c, in_word = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i], in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word)), word.clear(), in_word = false;
    } else {
      word += c, in_word = true;
    }
  }
  if (quote != 0) return Error{"unterminated quote"};
  if (in_word) words.push_back(std::move(word));
  return words;
}

// Options whose value is set by the sweep itself (the machine, the mode, the limits, the
// statistics file); a run line that sets them would make the point's identity a lie.
constexpr std::array<std::string_view, 10> kSweepOwned{
    "--config",           "--set",       "--timing",   "--stats-json", "--stats",
    "--max-instructions", "--save-case", "--timeline", "--events",     "--host-threads"};

Result<std::string> existing_input(const std::string& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error))
    return Error{fmt::format("input '{}' is not a file", path)};
  return fs::absolute(path).lexically_normal().string();
}

// buf:in:F[:T] reads F: absolute. buf:inout:F[:T] writes F back: the point works on its own
// copy. buf:out:F:SIZE[:T] stays relative, in the point's folder.
Result<std::string> rewrite_arg(const std::string& arg, std::vector<std::string>& copies) {
  for (const std::string_view kind : {"buf:in:", "buf:inout:"}) {
    if (!arg.starts_with(kind)) continue;
    const size_t start = kind.size(), end = arg.find(':', start);
    const std::string file = arg.substr(start, end == std::string::npos ? end : end - start);
    if (file == "-") return Error{"buf:in:- (standard input) cannot feed a sweep point"};
    auto absolute = existing_input(file);
    if (!absolute) return absolute.error();
    const std::string rest = end == std::string::npos ? "" : arg.substr(end);
    if (kind == "buf:in:") return std::string(kind) + *absolute + rest;
    copies.push_back(*absolute);
    return std::string(kind) + fs::path(*absolute).filename().string() + rest;
  }
  return arg;
}

Result<WorkloadArgs> run_args(const Workload& w) {
  auto words = split_words(w.text);
  if (!words) return words.error();
  if (words->empty() || (*words)[0].starts_with("-"))
    return Error{"the run line starts with the program file"};
  WorkloadArgs out{{"run"}, {}};
  auto program = existing_input((*words)[0]);
  if (!program) return program.error();
  out.args.push_back(*program);
  for (size_t i = 1; i < words->size(); ++i) {
    const std::string& word = (*words)[i];
    const std::string option = word.substr(0, word.find('='));
    if (std::find(kSweepOwned.begin(), kSweepOwned.end(), option) != kSweepOwned.end()) {
      return Error{fmt::format("{} is set by the sweep ([sweep], [limits], axes), not the run line",
                               option)};
    }
    out.args.push_back(word);
    if (word == "--arg" && i + 1 < words->size()) {
      auto arg = rewrite_arg((*words)[++i], out.copy_inputs);
      if (!arg) return arg.error();
      out.args.push_back(*arg);
    }
  }
  return out;
}

Result<WorkloadArgs> case_args(const Workload& w) {
  std::error_code error;
  if (!fs::is_directory(w.text, error))
    return Error{fmt::format("case folder '{}' is not a directory", w.text)};
  WorkloadArgs out{{"case", fs::absolute(w.text).lexically_normal().string()}, {}};
  if (!w.launches.empty()) {
    out.args.push_back("--launches");
    out.args.push_back(fmt::format("{}", fmt::join(w.launches, ",")));
  }
  return out;
}

// A kernel of the suite: `ventus demo` runs it with its own inputs and checks the result.
Result<WorkloadArgs> kernel_args(const Workload& w) {
  return WorkloadArgs{{"demo", "--kernels", w.text}, {}};
}

}  // namespace

Result<WorkloadArgs> workload_args(const Workload& workload) {
  auto args = workload.kind == WorkloadKind::Run    ? run_args(workload)
              : workload.kind == WorkloadKind::Case ? case_args(workload)
                                                    : kernel_args(workload);
  if (!args) {
    return Error{fmt::format("{}: workload '{}': {}", workload.location, workload.name,
                             args.error().message)};
  }
  return args;
}

}  // namespace ventus::sweep
