// PerfEventWriter: one trace event per launch (stream "sim", event_type "sim_kernel") with the
// design's top-level fields and the launch's counters, stall buckets and memory traffic as
// flat attrs, appended to events.sim.jsonl.
#include "runtime/vt_perf_events.hpp"

#include <fmt/format.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace ventus::vt {

namespace {

using nlohmann::json;

const char* env_or_null(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

json string_or_null(const char* text) {
  return text != nullptr && *text != '\0' ? json(text) : json(nullptr);
}

// Adds up an object statistic over the SMs ("timing.sm<N>.stall" per bucket) as stall_<bucket>.
void add_stalls(const json& stats, json& attrs) {
  for (const auto& [name, value] : stats.items()) {
    if (!name.starts_with("timing.sm") || !name.ends_with(".stall") || !value.is_object()) continue;
    if (name.find(".slot") != std::string::npos) continue;  // per-slot copies of the SM's
    for (const auto& [bucket, count] : value.items()) {
      if (bucket == "total" || !count.is_number_unsigned()) continue;
      const std::string key = "stall_" + bucket;
      attrs[key] = attrs.value(key, uint64_t{0}) + count.get<uint64_t>();
    }
  }
}

// Memory traffic: the functional model's bytes per space and the cycle model's port bytes.
void add_memory(const json& stats, json& attrs) {
  if (auto it = stats.find("functional.memory_bytes"); it != stats.end() && it->is_object()) {
    for (const auto& [space, bytes] : it->items()) attrs["mem_" + space + "_bytes"] = bytes;
  }
  for (const char* side : {"read", "write"}) {
    const std::string key = fmt::format("timing.memory.port.{}_bytes", side);
    if (auto it = stats.find(key); it != stats.end())
      attrs[fmt::format("dram_{}_bytes", side)] = *it;
  }
}

json launch_attrs(const LaunchEvent& e) {
  json attrs = {{"model", e.cycles != 0 ? "cycle" : "functional"},
                {"work_groups", e.work_groups},
                {"warps", e.warps},
                {"warp_instructions", e.warp_instructions},
                {"thread_instructions", e.thread_instructions},
                {"host_time_ns", e.end_ns - e.start_ns}};
  if (e.cycles != 0) attrs["cycles"] = e.cycles;
  if (e.stats_json.empty()) return attrs;
  const json doc = json::parse(e.stats_json, nullptr, false);
  if (doc.is_object() && doc.contains("stats")) {
    add_stalls(doc["stats"], attrs);
    add_memory(doc["stats"], attrs);
  }
  return attrs;
}

}  // namespace

uint64_t monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000ull + static_cast<uint64_t>(now.tv_nsec);
}

uint64_t fnv1a(std::string_view text, uint64_t hash) {
  for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ull;
  return hash;
}

Result<std::optional<PerfEventWriter>> PerfEventWriter::from_environment(std::string backend) {
  const char* dir = env_or_null("VENTUS_PERF_OUT_DIR");
  if (dir == nullptr) dir = env_or_null("VENTUS_PERF_DIR");
  if (dir == nullptr) return std::optional<PerfEventWriter>();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error)
    return Error{fmt::format("cannot create the perf directory {}: {}", dir, error.message())};
  if (const char* named = env_or_null("VENTUS_BACKEND")) backend = named;
  const std::string producer = fmt::format("{}-{:x}", getpid(), monotonic_ns());
  return std::optional<PerfEventWriter>(PerfEventWriter(
      (std::filesystem::path(dir) / "events.sim.jsonl").string(), backend, producer));
}

Status PerfEventWriter::append(const LaunchEvent& e) {
  const vt_perf_context_t* c = e.context;
  const uint64_t n = ++events_;
  json event = {
      {"schema_version", 1},
      {"stream", "sim"},
      {"event_type", "sim_kernel"},
      {"experiment_id", string_or_null(env_or_null("VENTUS_PERF_EXPERIMENT_ID"))},
      {"pass_id", string_or_null(env_or_null("VENTUS_PERF_PASS_ID"))},
      {"event_id", fmt::format("sim-{}-evt-{}", producer_, n)},
      {"parent_event_id", c != nullptr ? string_or_null(c->parent_event_id) : json(nullptr)},
      {"scope_id", c != nullptr && c->scope_id[0] != '\0'
                       ? json(c->scope_id)
                       : json(fmt::format("sim-{}-scope-{}", producer_, n))},
      {"pid", getpid()},
      {"tid", syscall(SYS_gettid)},
      {"queue_id", nullptr},
      {"clock_source", "CLOCK_MONOTONIC"},
      {"ts_start_ns", e.start_ns},
      {"ts_end_ns", e.end_ns},
      {"duration_ns", e.end_ns - e.start_ns},
      {"backend", backend_},
      {"kernel_name", c != nullptr && c->kernel_name[0] != '\0' ? c->kernel_name : e.kernel_name},
      {"launch_seq", c != nullptr ? c->launch_seq : e.launch_seq},
      {"kernel_occurrence", c != nullptr ? c->kernel_occurrence : e.kernel_occurrence},
      {"kernel_signature_hash", c != nullptr ? c->kernel_signature_hash : e.signature_hash},
      {"task_id", e.task_id},
      {"kernel_id", e.kernel_id},
      {"correlation_id", nullptr},
      {"status", e.ok ? "ok" : "error"},
      {"attrs", launch_attrs(e)}};
  std::ofstream out(path_, std::ios::app);
  out << event.dump() << '\n';
  if (!out) return Error{fmt::format("cannot append to {}", path_)};
  return ok_status();
}

}  // namespace ventus::vt
