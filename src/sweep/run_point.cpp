// run-point: prepare the point's folder, run its command, classify the end, write point.json.
#include "sweep/run_point.hpp"

#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/input_file.hpp"
#include "sweep/subprocess.hpp"

namespace ventus::sweep {
namespace {
namespace fs = std::filesystem;

double unix_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string host_name() {
  char name[256] = {};
  gethostname(name, sizeof name - 1);
  return name;
}

std::string shell_quote(const std::string& word) {
  if (!word.empty() &&
      word.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+") ==
          std::string::npos) {
    return word;
  }
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The point's command as a shell line a user can paste to rerun it by hand.
void write_command(const fs::path& dir, const std::string& ventus, const Point& point) {
  std::ofstream file(dir / "command");
  file << "cd " << shell_quote(dir.string()) << " && " << shell_quote(ventus);
  for (const std::string& arg : point.args) file << ' ' << shell_quote(arg);
  file << '\n';
}

Status prepare_folder(const fs::path& dir, const RunPointRequest& request, const Point& point) {
  std::error_code error;
  fs::remove(dir / "point.json", error);  // a rerun: incomplete until it ends
  fs::create_directories(dir, error);
  if (error) return Error{fmt::format("cannot create '{}': {}", dir.string(), error.message())};
  write_command(dir, request.ventus, point);
  for (const std::string& input : point.copy_inputs) {
    fs::copy_file(input, dir / fs::path(input).filename(), fs::copy_options::overwrite_existing,
                  error);
    if (error)
      return Error{
          fmt::format("cannot copy '{}' into '{}': {}", input, dir.string(), error.message())};
  }
  return write_json_atomically((dir / "point.begin.json").string(), {{"index", point.index},
                                                                     {"hash", point.hash},
                                                                     {"host", host_name()},
                                                                     {"pid", getpid()},
                                                                     {"started", unix_now()}});
}

bool mentions_memory(const std::string& text) {
  return text.find("out of host memory") != std::string::npos ||
         text.find("bad_alloc") != std::string::npos ||
         text.find("Cannot allocate memory") != std::string::npos ||
         text.find("failed to map segment") != std::string::npos;
}

// ok / guest_fault / timeout / memory_limit / tool_error (docs/sweeps.md "Point status"):
// the `ventus` exit status (README "Exit status") and what ended the child.
std::string classify(const ChildEnd& end, const std::string& stderr_text, bool memory_limited) {
  if (end.timed_out) return "timeout";
  if (memory_limited && (end.exec_failed_no_memory || mentions_memory(stderr_text)))
    return "memory_limit";
  if (memory_limited && end.signal &&
      (*end.signal == SIGSEGV || *end.signal == SIGABRT || *end.signal == SIGBUS))
    return "memory_limit";
  if (end.exit_code == 0) return "ok";
  if (end.exit_code == 1) return "guest_fault";
  return "tool_error";
}

// The last lines of the child's standard error: why a point failed, in its manifest.
std::string tail_lines(const std::string& text, size_t lines) {
  size_t at = text.size();
  for (size_t n = 0; n <= lines && at != 0; ++n)
    at = text.rfind('\n', at - 1), at = at == std::string::npos ? 0 : at;
  return text.substr(at == 0 ? 0 : at + 1);
}

// The statistics document of the run without "stat_info" (the same descriptions for every
// point: docs/stats.md has them), embedded in point.json; the file itself is then removed.
nlohmann::json take_stats(const fs::path& dir) {
  auto text = read_input_file((dir / "stats.json").string(), {.allow_stdin = false});
  if (!text) return nullptr;
  auto doc = nlohmann::json::parse(*text, nullptr, false);
  if (doc.is_discarded()) return nullptr;
  for (auto& launch : doc["launches"]) launch.erase("stat_info");
  std::error_code error;
  fs::remove(dir / "stats.json", error);
  return doc;
}

nlohmann::json final_manifest(const Point& point, const ChildEnd& end, const std::string& status,
                              const std::string& stderr_text, const fs::path& dir) {
  nlohmann::json axes = nlohmann::json::object();
  for (const auto& [key, value] : point.axes) axes[key] = value;
  return {{"format", "ventus-sweep-point"},
          {"version", 1},
          {"index", point.index},
          {"hash", point.hash},
          {"workload", point.workload},
          {"config", point.config},
          {"axes", axes},
          {"status", status},
          {"exit_code", end.exit_code ? nlohmann::json(*end.exit_code) : nlohmann::json(nullptr)},
          {"signal", end.signal ? nlohmann::json(*end.signal) : nlohmann::json(nullptr)},
          {"host", host_name()},
          {"host_seconds", end.seconds},
          {"max_rss_kib", end.max_rss_kib},
          {"finished", unix_now()},
          {"stderr_tail", tail_lines(stderr_text, 8)},
          {"stats", take_stats(dir)}};
}

}  // namespace

Result<RunPointOutcome> run_point(const RunPointRequest& request) {
  auto plan = load_plan(request.out);
  if (!plan) return plan.error();
  if (request.index >= plan->points.size()) {
    return Error{fmt::format("point {} does not exist: the sweep has {} points (0..{})",
                             request.index, plan->points.size(), plan->points.size() - 1)};
  }
  const Point& point = plan->points[request.index];
  if (!needs_run(read_point(request.out, point), request.policy))
    return RunPointOutcome::AlreadyDone;
  const fs::path dir = point_dir(request.out, point);
  if (auto prepared = prepare_folder(dir, request, point); !prepared) return prepared.error();
  auto end = run_child({request.ventus, point.args, dir.string(), point.limits.time_seconds,
                        point.limits.memory_bytes});
  if (!end) return end.error();
  if (end->interrupted) return RunPointOutcome::Interrupted;
  auto stderr_file = read_input_file((dir / "stderr.txt").string(), {.allow_stdin = false});
  const std::string stderr_text = stderr_file ? *stderr_file : "";
  const std::string status = classify(*end, stderr_text, point.limits.memory_bytes != 0);
  auto written = write_json_atomically((dir / "point.json").string(),
                                       final_manifest(point, *end, status, stderr_text, dir));
  if (!written) return written.error();
  return RunPointOutcome::Recorded;
}

}  // namespace ventus::sweep
