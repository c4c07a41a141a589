// LaunchLog: the commit log of one launch of a test case: a file of --log-dir, or text kept
// in memory for --check --ref-compat (ISA.md §10).
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "runner/case_runner.hpp"
#include "runner/commit_conversion.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/log_sink.hpp"

namespace ventus::runner {

class LaunchLog {
 public:
  // Nothing to open unless the case writes logs or compares them.
  // `namer` names trap handlers in the log (CommitLogObserver).
  Status open(const CaseOptions& options, const loader::Launch& launch, uint32_t numt,
              SymbolNamer namer);
  CommitLogObserver* observer() { return observer_ ? &*observer_ : nullptr; }
  bool failed() const { return file_sink_ && file_sink_->failed(); }
  // The log --check compares with ref-logs/ ("" when it compares none): the file, closed and
  // read back, or the text.
  Result<std::string> text_to_compare();

 private:
  bool compare_ = false;
  std::filesystem::path path_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
  std::optional<trace::FileLogSink> file_sink_;
  std::string text_;
  std::optional<trace::StringLogSink> text_sink_;
  std::optional<trace::CommitLogWriter> writer_;
  std::optional<CommitLogObserver> observer_;
};

}  // namespace ventus::runner
