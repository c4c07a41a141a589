// LogSink: where a commit-log writer's text goes (a caller-owned FILE*, string or ostream).
#pragma once

#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

namespace ventus::trace {

// The writer hands over whole lines (one call per logged instruction), so the virtual call
// is paid per instruction only when logging is on.
class LogSink {
 public:
  virtual ~LogSink() = default;
  virtual void write(std::string_view text) = 0;
};

// Writes to a FILE* owned by the caller; remembers a short write instead of reporting it
// per call, so the caller checks failed() once at the end.
class FileLogSink final : public LogSink {
 public:
  explicit FileLogSink(std::FILE* file) : file_(file) {}
  void write(std::string_view text) override {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
  }
  bool failed() const { return failed_; }

 private:
  std::FILE* file_;
  bool failed_ = false;
};

// Appends to a string owned by the caller (tests, in-memory comparison).
class StringLogSink final : public LogSink {
 public:
  explicit StringLogSink(std::string& out) : out_(out) {}
  void write(std::string_view text) override { out_.append(text); }

 private:
  std::string& out_;
};

// Writes to a std::ostream owned by the caller.
class OstreamLogSink final : public LogSink {
 public:
  explicit OstreamLogSink(std::ostream& out) : out_(out) {}
  void write(std::string_view text) override {
    out_.write(text.data(), static_cast<std::streamsize>(text.size()));
  }

 private:
  std::ostream& out_;
};

}  // namespace ventus::trace
