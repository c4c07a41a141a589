// Config: the machine and simulation parameters declared for the sim registry, loaded from
// configs/*.toml and --set overrides (DESIGN.md §2.5).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "runtime/timeline_config.hpp"
#include "sim/config.hpp"
#include "ventus/runtime.hpp"

namespace ventus {
namespace {

// A registry bound to `config`'s fields: every edit goes through the declared rules. The
// declarations see the built-in values (a registry records a field's value when declared
// as its default), then `config`'s own values are put back.
struct BoundRegistry {
  sim::ParamRegistry registry;
  explicit BoundRegistry(Config& config) {
    const Config effective = config;
    config = Config{};
    config.machine.declare(sim::ParamScope(registry));
    config.simulation.declare(sim::ParamScope(registry));
    config = effective;
  }
};

}  // namespace

void MachineConfig::declare(sim::ParamScope root) {
  MachineShape::declare(root);
  const sim::ParamScope driver = root.child("driver");
  driver.add("private_memory_bytes_per_thread", private_memory_bytes_per_thread,
             sim::UIntRange{0, 1u << 20}, "bytes",
             "private memory per work-item, pdsSize (POCL default, ISA.md §7.6)");
  driver.add("print_buffer_bytes", print_buffer_bytes, sim::UIntRange{0, 1u << 28}, "bytes",
             "kernel printf buffer, 0 = no printf (ISA.md §7.7)");
  root.child("isa").add("profile", isa_profile, {"auto", "v2.02", "v2.03"},
                        "ISA profile programs run in (docs/isa-profiles.md): auto = the one the "
                        "program's .riscv.attributes names, else v2.02; a program built for "
                        "another profile is refused");
  timing.declare(root);
}

void SimulationOptions::declare(sim::ParamScope root) {
  const sim::ParamScope run = root.child("run");
  run.add("ref_compat", ref_compat, "",
          "reproduce the reference simulator's observable behaviour (DESIGN.md §3)");
  run.add("max_warp_instructions", max_warp_instructions, sim::UIntRange{}, "instructions",
          "stop a launch after this many warp-instructions, 0 = no limit");
  run.add("schedule", schedule, {"burst", "random"},
          "warp order of the default mode: burst (one work-group at a time, warps in bursts) "
          "or random (up to 16 live work-groups, a seeded random warp per step)");
  run.add("host_threads", host_threads, sim::UIntRange{0, 1024}, "threads",
          "host threads that simulate the work-groups of a launch at once, with the results "
          "of one thread (docs/host-threads.md); 0 = every core; --ref-compat, logs, the "
          "random schedule and the cycle model use one");
  run.add("memcheck", memcheck, {"off", "report", "strict"},
          "accesses outside every buffer: off (flat memory, like the hardware), report (the "
          "same, plus one line per pc at the end of the launch) or strict (a fault)");
  run.add("sanitize", sanitize, std::vector<std::string>{},
          "sanitizers every launch runs: none, all, or a list of race, init, sync, memcheck "
          "(docs/sanitizers.md); functional default mode only");
  run.add("sanitize_examples", sanitize_examples, sim::UIntRange{1, 1000}, "findings",
          "examples the sanitize report shows per finding kind and pc pair");
  run.add("timing", timing, "",
          "run every launch on the cycle-level model and report its cycles (--timing)");
  run.add("widen_machine", widen_machine, "",
          "the functional mode widens the machine (sm.warp_slots, sm.local_memory_bytes, "
          "register slots) to a work-group that does not fit it, with a note; false or "
          "run.timing: such a launch is refused, naming the --set that makes it fit");
  run.add("save_case", save_case, std::vector<std::string>{},
          "write every launch to this directory as a reference test case (.metadata, .data, "
          "cases.ini, object.riscv, expected/*.out), \"\" = none (--save-case)");
  run.add("random_seed", random_seed, sim::UIntRange{}, "",
          "seed of the random schedule (the same seed replays the same order)");
  run.add("timeline", timeline, std::vector<std::string>{},
          "write the cycle model's timeline to this Trace Event file, \"\" = none (--timeline, "
          "docs/timeline.md)");
  run.add("timeline_from", timeline_from, sim::UIntRange{}, "cycles",
          "first cycle written to the timeline (the launches of a run follow each other)");
  run.add("timeline_to", timeline_to, sim::UIntRange{}, "cycles",
          "last cycle written to the timeline, 0 = to the end");
  run.add("timeline_slots", timeline_slots, std::vector<std::string>{},
          "warp slots whose slices the timeline shows, e.g. \"0,1\"; \"\" = every slot");
  // Each window writes three counter events (about 70 bytes each) per SM: 1 cycle wrote 1.5 GB
  // for a 5.4 M-cycle launch (issue 54); from 16 on a timeline costs at most ~13 bytes a cycle.
  run.add("timeline_sample_cycles", timeline_sample_cycles, sim::UIntRange{16, 1u << 30}, "cycles",
          "cycles per sample of the timeline's counter tracks (at least 16)");
  run.add("launch_history", launch_history, sim::UIntRange{0, kMaxLaunchHistory}, "launches",
          "launches whose statistics a device keeps (Device::launch_history), the oldest "
          "dropped first");
  run.add("events", events, std::vector<std::string>{},
          "write the cycle model's events, one line each, to this file, \"\" = none (--events, "
          "docs/timing.md \"Event log\")");
}

functional::Schedule SimulationOptions::schedule_kind() const {
  return schedule == "random" ? functional::Schedule::Random : functional::Schedule::Burst;
}

functional::SanitizeOptions SimulationOptions::sanitize_options() const {
  auto checks = functional::parse_sanitize_checks(sanitize);
  return {checks ? checks.value() : uint8_t{0}, sanitize_examples};
}

namespace {

// A slot the SMs do not have would give a silently empty timeline.
Status check_timeline_slots(const std::optional<timing::TimelineOptions>& timeline,
                            uint32_t warp_slots) {
  if (!timeline) return ok_status();
  for (unsigned slot : timeline->warp_slots) {
    if (slot >= warp_slots) {
      return Error{fmt::format(
          "run.timeline_slots: warp slot {} does not exist: sm.warp_slots = {} (slots 0-{})", slot,
          warp_slots, warp_slots - 1)};
    }
  }
  return ok_status();
}

// The sanitizers observe the functional engine's default mode (docs/sanitizers.md).
Status check_sanitize(const SimulationOptions& simulation) {
  auto checks = functional::parse_sanitize_checks(simulation.sanitize);
  if (!checks) return Error{"run.sanitize: " + checks.error().message};
  if (checks.value() == 0) return ok_status();
  if (simulation.timing) {
    return Error{"run.sanitize needs the functional engine: it excludes run.timing (--timing)"};
  }
  if (simulation.ref_compat) {
    return Error{
        "run.sanitize needs the default mode: REF's barrier (--ref-compat) releases "
        "no barrier interval the sanitizers could follow"};
  }
  return ok_status();
}

}  // namespace

// Every field is re-checked against its declaration (fields may be set directly in C++),
// then the rules that involve several parameters.
Status Config::validate() const {
  Config copy = *this;
  BoundRegistry bound(copy);
  for (const sim::ParamInfo& info : bound.registry.params()) {
    if (auto ok = bound.registry.set(info.name, bound.registry.value_text(info.name)); !ok) {
      return ok.error();
    }
  }
  if (!simulation.timeline.empty() && !simulation.timing) {
    return Error{"run.timeline needs run.timing: the timeline is the cycle model's (--timing)"};
  }
  if (!simulation.events.empty() && !simulation.timing) {
    return Error{"run.events needs run.timing: the events are the cycle model's (--timing)"};
  }
  auto timeline = timeline_options(simulation);
  if (!timeline) return timeline.error();
  if (auto slots = check_timeline_slots(*timeline, machine.warp_slots_per_sm); !slots) {
    return slots.error();
  }
  if (auto sanitize = check_sanitize(simulation); !sanitize) return sanitize.error();
  if (simulation.timing && simulation.ref_compat) {
    return Error{
        "run.timing and run.ref_compat exclude each other: the cycle model runs the "
        "default mode"};
  }
  const MachineConfig& m = machine;
  // vt_printf computes its slot as print_buffer_bytes / numw and writes a header, the lane ids
  // and up to 8 argument rows: a smaller buffer made the guest fault inside it (issue 13).
  const uint64_t print_minimum = uint64_t{m.warp_slots_per_sm} * 4 * (2 + m.threads_per_warp * 9);
  if (m.print_buffer_bytes != 0 && m.print_buffer_bytes < print_minimum) {
    return Error{fmt::format(
        "driver.print_buffer_bytes = {} is too small: a printf record of 8 arguments for each "
        "of sm.warp_slots = {} warps of sm.threads_per_warp = {} threads needs {} bytes (0 = no "
        "printf)",
        m.print_buffer_bytes, m.warp_slots_per_sm, m.threads_per_warp, print_minimum)};
  }
  if (std::string timing = m.timing.check(); !timing.empty()) return Error{std::move(timing)};
  if (std::string footprint = simulation.timing ? m.timing.check_footprint(m.sm_count) : "";
      !footprint.empty()) {
    return Error{std::move(footprint)};
  }
  if (std::string reach = simulation.timing ? m.timing.check_fetch_reach(m.warp_slots_per_sm) : "";
      !reach.empty()) {
    return Error{std::move(reach)};
  }
  if (m.local_memory_bytes < m.warp_slots_per_sm * 1024u) {
    return Error{fmt::format(
        "sm.local_memory_bytes = {} cannot hold the 1 KiB stacks of sm.warp_slots = {} warps",
        m.local_memory_bytes, m.warp_slots_per_sm)};
  }
  return ok_status();
}

Status Config::set(std::string_view assignment) {
  BoundRegistry bound(*this);
  return bound.registry.set(assignment);
}

Result<Config> Config::from_toml_file(const std::string& path) {
  Config config;
  {
    BoundRegistry bound(config);
    if (auto loaded = bound.registry.load_toml_file(path); !loaded) return loaded.error();
  }
  if (auto valid = config.validate(); !valid) {
    return Error{fmt::format("{}: {}", path, valid.error().message)};
  }
  return config;
}

Result<Config> Config::from_command_line(const std::string& path,
                                         const std::vector<std::string>& overrides) {
  Config config;
  if (!path.empty()) {
    auto loaded = from_toml_file(path);
    if (!loaded) return Error{fmt::format("--config: {}", loaded.error().message)};
    config = *loaded;
  }
  for (const std::string& assignment : overrides) {
    if (auto s = config.set(assignment); !s) {
      return Error{fmt::format("--set {}: {}", assignment, s.error().message)};
    }
  }
  if (auto valid = config.validate(); !valid) return valid.error();
  return config;
}

std::string Config::format_table() const {
  Config copy = *this;  // the registry binds mutable fields
  BoundRegistry bound(copy);
  return bound.registry.format_table();
}

std::string Config::to_json() const {
  Config copy = *this;
  BoundRegistry bound(copy);
  nlohmann::json out;
  out["parameters"] = bound.registry.describe_json();
  out["values"] = bound.registry.values_json();
  return out.dump(2);
}

std::string Config::values_json() const {
  Config copy = *this;
  BoundRegistry bound(copy);
  return bound.registry.values_json().dump();
}

}  // namespace ventus
