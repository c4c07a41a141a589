// execute_launch: memory layout per mode, printf draining, commit log, fault reporting.
#include "runtime/launch_core.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "elf/riscv_attributes.hpp"
#include "functional/launch.hpp"
#include "functional/trap.hpp"
#include "isa/disassembler.hpp"
#include "isa/profile.hpp"
#include "memory/local_memory.hpp"
#include "runner/commit_conversion.hpp"
#include "runtime/case_export.hpp"
#include "runtime/print_buffer.hpp"
#include "runtime/stats_document.hpp"
#include "runtime/timeline_config.hpp"
#include "runtime/work_group_window.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/log_sink.hpp"

namespace ventus::runtime_detail {
namespace {

using functional::Mode;

void write_segment_bytes(memory::DeviceMemory& memory, const elf::ElfFile& elf) {
  for (const elf::Segment& seg : elf.load_segments()) {
    const size_t file_bytes = std::min<size_t>(seg.bytes.size(), seg.filesz);
    memory.store().write_bytes(seg.paddr, seg.bytes.first(file_bytes));
    for (uint32_t i = static_cast<uint32_t>(file_bytes); i < seg.memsz; ++i) {
      memory.store().write<uint8_t>(seg.paddr + i, 0);  // .bss part of the segment
    }
  }
}

uint32_t tohost_address(const elf::ElfFile& elf) {
  const elf::Symbol* s = elf.find_symbol("tohost");
  return s != nullptr ? s->value : 0x80001000u;  // ISA.md §7.8
}

// Per-work-group local memory for the default mode (ISA.md §7.5).
Result<memory::LocalMemory> local_layout(const LaunchPlan& plan) {
  if (plan.whole_local_window) return memory::LocalMemory::whole_window();
  memory::LocalMemory layout(memory::lds_region_bytes(plan.lds_bytes, plan.config.numw));
  for (size_t i = 0; i < plan.local_buffers.size(); ++i) {
    auto address = layout.allocate_buffer(plan.local_buffers[i], fmt::format("__local arg {}", i));
    if (!address) return address.error();
  }
  return layout;
}

// Standard output stays open after the launch; a log file is closed.
int close_unless_stdout(std::FILE* file) {
  return file == stdout ? std::fflush(file) : std::fclose(file);
}

// run.timeline: the device's timeline, created by its first timed launch (null: none).
Result<timing::Timeline*> open_timeline(Device::State& state) {
  if (state.timeline) return state.timeline.get();
  auto options = timeline_options(state.config.simulation);
  if (!options) return options.error();
  if (!options.value()) return static_cast<timing::Timeline*>(nullptr);
  auto created = timing::Timeline::create(**options);
  if (!created) return created.error();
  state.timeline = std::move(created.value());
  state.gpu->set_timeline(state.timeline.get());
  return state.timeline.get();
}

// run.events: the device's event log, created by its first timed launch (null: none).
Result<timing::EventLog*> open_event_log(Device::State& state) {
  if (state.event_log || state.config.simulation.events.empty()) return state.event_log.get();
  auto created = timing::EventLog::create(state.config.simulation.events);
  if (!created) return created.error();
  state.event_log = std::move(created.value());
  state.gpu->set_event_log(state.event_log.get());
  return state.event_log.get();
}

// Writes the commit log of the launch to a file, or to standard output for "-" (ISA.md §10).
class LogFile {
 public:
  Status open(const std::string& path, const elf::ElfFile& elf, uint32_t numt) {
    if (path.empty()) return ok_status();
    file_.reset(path == "-" ? stdout : std::fopen(path.c_str(), "wb"));
    if (!file_) return Error{fmt::format("cannot create log file '{}'", path)};
    sink_.emplace(file_.get());
    writer_.emplace(*sink_);
    observer_.emplace(*writer_, numt, [&elf](uint32_t address) {
      std::string name = symbol_at(elf, address);
      return std::optional<std::string>(name.empty() ? "spike_end" : name);
    });
    return ok_status();
  }
  functional::ExecObserver* observer() { return observer_ ? &*observer_ : nullptr; }
  bool failed() const { return sink_ && sink_->failed(); }

 private:
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &close_unless_stdout};
  std::optional<trace::FileLogSink> sink_;
  std::optional<trace::CommitLogWriter> writer_;
  std::optional<runner::CommitLogObserver> observer_;
};

void default_print(std::string_view line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
}

// The ISA profile the program runs in: isa.profile, else its .riscv.attributes, else v2.02
// (ISA.md §5.12); an error when isa.profile contradicts the program.
Result<isa::Profile> program_profile(const Device::State& state, const elf::ElfFile& elf) {
  auto arch = elf::arch_attribute(elf);
  if (!arch) return arch.error();
  const std::string& key = state.config.machine.isa_profile;
  const auto requested = key == "auto" ? std::nullopt : isa::parse_profile(key);
  const isa::ProfileChoice choice = isa::choose_profile(arch.value(), requested, "the program");
  if (!choice.error.empty()) return Error{"isa.profile: " + choice.error};
  return choice.profile;
}

// The engine's settings from the device's configuration, and the kernel's tohost address.
functional::EngineOptions engine_options(Device::State& state, const elf::ElfFile& elf) {
  functional::EngineOptions engine;
  engine.mode = state.ref_compat() ? Mode::RefCompat : Mode::Default;
  engine.max_warp_instructions = state.config.simulation.max_warp_instructions;
  engine.schedule = state.config.simulation.schedule_kind();
  engine.random_seed = state.config.simulation.random_seed;
  engine.host_threads = state.config.simulation.host_threads;
  engine.speculation_storage = &state.speculation_storage;
  engine.memcheck = functional::memcheck_from_name(state.config.simulation.memcheck);
  engine.sanitize = state.config.simulation.sanitize_options();
  engine.defined_global = &state.defined_global;
  engine.tohost_addr = tohost_address(elf);
  return engine;
}

// What the engine runs one launch with besides the plan. The print hook refers to `print` and
// `sink`, so a setup stays where execute_launch made it (neither copied nor moved).
struct LaunchSetup {
  LaunchSetup(const LaunchPlan& plan, const LaunchOptions& options)
      : print{plan.print_addr, plan.print_size, plan.config.numt, plan.config.numw},
        sink(options.print_sink ? options.print_sink : default_print),
        record_timeline(options.record_timeline),
        window(options.timing_work_groups) {}
  LaunchSetup(const LaunchSetup&) = delete;
  LaunchSetup& operator=(const LaunchSetup&) = delete;

  const memory::LocalMemory* local_layout() const { return layout ? &*layout : nullptr; }

  const PrintBuffer print;
  const std::function<void(std::string_view)> sink;
  const bool record_timeline;
  const std::optional<WorkGroupWindow> window;  // LaunchOptions::timing_work_groups
  functional::EngineOptions engine;
  std::optional<memory::LocalMemory> layout;  // default mode only
  functional::LaunchHooks hooks;
  LogFile log;
};

// Default mode with a print buffer: each print request drains its warp's slot into the sink.
void add_print_hook(Device::State& state, LaunchSetup& setup) {
  if (state.ref_compat() || setup.print.addr == 0 || setup.print.slot_bytes() == 0) return;
  setup.engine.on_print = [&memory = state.memory, &print = setup.print,
                           &sink = setup.sink](const functional::PrintRequest& request) {
    for (const std::string& line : drain_print_slot(memory, print, request)) sink(line);
  };
}

// Device::set_progress: the device's observer hears the engine's samples, with the launch
// numbered (the device does not know how many follow).
void add_progress_hook(const Device::State& state, LaunchSetup& setup) {
  if (!state.progress) return;
  const auto number = static_cast<uint32_t>(state.launches_completed + 1);
  setup.engine.on_progress = [&observer = state.progress,
                              number](const functional::LaunchProgress& sample) {
    functional::LaunchProgress numbered = sample;
    numbered.launch = number;
    observer(numbered);
  };
}

// --ref-compat: REF's boot ROM, and the ELF's segments rewritten at the start of every
// work-group as REF does (reference README). Default mode: the per-work-group local layout.
Status prepare_mode(Device::State& state, const elf::ElfFile& elf, const LaunchPlan& plan,
                    LaunchSetup& setup) {
  if (state.ref_compat()) {
    if (auto rom = functional::install_boot_rom(state.memory, plan.config.start_pc); !rom) {
      return rom.error();
    }
    setup.hooks.before_group = [&memory = state.memory, &image = elf](uint32_t) {
      write_segment_bytes(memory, image);
    };
    return ok_status();
  }
  auto made = local_layout(plan);
  if (!made) return made.error();
  setup.layout.emplace(std::move(made.value()));
  return ok_status();
}

// The launch's work-groups.
uint64_t group_count(const functional::LaunchConfig& c) {
  return uint64_t{c.num_groups[0]} * c.num_groups[1] * c.num_groups[2];
}

// What a run leaves behind: the engine's result and, when the cycle model ran it, its timing.
struct RunOutcome {
  functional::LaunchResult result;
  timing::TimingResult timed;
  bool timed_run = false;
  std::optional<WorkGroupWindow> window;  // the groups the cycle model ran (none: all)
  std::shared_ptr<const timing::TimelineRecording> timeline;  // kept in memory
};

// The launch's timeline: the device's file (run.timeline), or one kept in memory for this
// launch alone (LaunchOptions::record_timeline, made in `recorder`); not both.
Result<timing::Timeline*> launch_timeline(Device::State& state, const LaunchSetup& setup,
                                          std::unique_ptr<timing::Timeline>& recorder) {
  auto file = open_timeline(state);
  if (!file || !setup.record_timeline) return file;
  if (*file != nullptr) {
    return Error{
        "a launch that keeps its timeline in memory (record_timeline) cannot also "
        "write run.timeline = '" +
        state.config.simulation.timeline + "'"};
  }
  auto made = timing::Timeline::record(state.config.simulation.timeline_sample_cycles);
  if (!made) return made.error();
  recorder = std::move(made.value());
  state.gpu->set_timeline(recorder.get());
  return recorder.get();
}

// The cycle model runs the launch, executing each instruction when it issues; the device's
// timeline, if it has one, records the launch.
Status run_timed(Device::State& state, const LaunchPlan& plan, const LaunchSetup& setup,
                 const functional::MachineShape& machine, RunOutcome& run) {
  auto event_log = open_event_log(state);
  if (!event_log) return event_log.error();
  std::unique_ptr<timing::Timeline> recorder;  // the model points at it until the launch ends
  auto timeline = launch_timeline(state, setup, recorder);
  if (!timeline) return timeline.error();
  if (*timeline != nullptr) {
    (*timeline)->begin_launch(plan.config.kernel_name, state.config.machine.sm_count,
                              state.config.machine.warp_slots_per_sm);
  }
  if (*event_log != nullptr) (*event_log)->begin_launch(plan.config.kernel_name);
  const functional::LaunchDriver model = [&](functional::Launch& launch) {
    return state.gpu->run(launch, setup.hooks, state.launches_completed == 0, run.timed);
  };
  run.window = setup.window;
  run.result = functional::run_launch_driven(
      plan.config, machine, setup.engine, state.memory, setup.local_layout(),
      state.functional_stats, [&](functional::Launch& launch) {
        if (!setup.window) return model(launch);
        return run_work_group_window(launch, *setup.window, setup.hooks, model);
      });
  timing::close_launch(run.timed, *timeline, *event_log);
  if (recorder) {
    state.gpu->set_timeline(nullptr);
    run.timeline = recorder->recording();
  }
  return ok_status();
}

// Runs the launch on the cycle model when the device has one and no commit log is written,
// else on the functional engine, which also writes the commit log if one was asked for.
Status run_on_device(Device::State& state, const LaunchPlan& plan, LaunchSetup& setup,
                     const functional::MachineShape& machine, RunOutcome& run) {
  run.timed_run = state.gpu && setup.log.observer() == nullptr;
  if (run.timed_run) return run_timed(state, plan, setup, machine, run);
  if (state.launch_driver) {
    run.result = functional::run_launch_driven(plan.config, machine, setup.engine, state.memory,
                                               setup.local_layout(), state.functional_stats,
                                               state.launch_driver);
    return ok_status();
  }
  run.result =
      functional::run_launch(plan.config, machine, setup.engine, state.memory, setup.local_layout(),
                             state.functional_stats, setup.log.observer(), setup.hooks);
  return ok_status();
}

// The configuration the launch's statistics hold: the device's, with the widened machine.
std::shared_ptr<const ConfigValues> launch_config_values(const Device::State& state,
                                                         const functional::MachineFit& fit) {
  if (fit.widened.empty()) return state.config_values;
  Config config = state.config;
  static_cast<functional::MachineShape&>(config.machine) = fit.shape;
  return std::make_shared<const ConfigValues>(std::move(config));
}

// The launch's summary, memcheck report, notes and statistics document; the wall time is
// measured from `start` to now.
LaunchStats launch_stats(const Device::State& state, const LaunchPlan& plan,
                         const functional::MachineFit& fit, const RunOutcome& run,
                         std::chrono::steady_clock::time_point start, isa::Profile profile) {
  LaunchStats stats;
  // The test bench counts a kernel at its end (TIMING.md §2): a launch that faulted has no count.
  const bool counted = run.timed_run && !run.result.fault;
  if (counted) stats.cycles = run.timed.cycles;
  if (counted && run.window) {
    stats.timed_work_groups = run.window;
    stats.extrapolated_cycles =
        extrapolated_cycles(run.timed.cycles, group_count(plan.config), *run.window);
  }
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.work_groups = run.result.stats.work_groups;
  stats.warps = run.result.stats.warps;
  stats.warp_instructions = run.result.stats.warp_instructions;
  stats.thread_instructions = run.result.stats.thread_instructions;
  stats.memcheck = functional::format_memcheck_report(
      run.result.memcheck, plan.config.kernel_name,
      [&state](uint32_t pc) { return state.memory.store().read32(pc); }, profile);
  stats.sanitize = run.result.sanitize.lines;
  stats.sanitize_json = run.result.sanitize.json;
  stats.sanitize_errors = run.result.sanitize.errors;
  if (!fit.widened.empty()) {
    stats.notes.push_back(functional::widening_notice(fit.widened, plan.config.kernel_name));
  }
  if (run.result.tohost_end) stats.notes.push_back(*run.result.tohost_end);
  stats.document = std::make_shared<const StatsDocument>(StatsDocument{
      plan.config.kernel_name, counted ? std::optional<uint64_t>(run.timed.cycles) : std::nullopt,
      state.stat_registry.snapshot(), launch_config_values(state, fit)});
  return stats;
}

// vt_start's plan carries no machine: one work-group's warps, stacks (the host placed the
// __local buffers in the whole window, ISA.md §7.2) and declared registers.
Result<functional::MachineFit> plan_machine(const Device::State& state, const LaunchPlan& plan) {
  if (plan.fit) return *plan.fit;
  const functional::LaunchConfig& c = plan.config;
  const uint32_t local = plan.whole_local_window ? memory::lds_region_bytes(0, c.numw)
                                                 : memory::lds_region_bytes(plan.lds_bytes, c.numw);
  return fit_device_machine(state, {c.numw, local, c.sgpr_usage, c.vgpr_usage}, c.kernel_name);
}

// run.save_case: the device's exporter, made by its first launch (null: none).
CaseExporter* case_exporter(Device::State& state) {
  const std::string& dir = state.config.simulation.save_case;
  if (dir.empty()) return nullptr;
  if (!state.exporter) state.exporter = std::make_shared<CaseExporter>(dir);
  return state.exporter.get();
}

// What stopped a launch that ran: a guest fault or a --ref-compat trap.
std::optional<std::string> run_fault(const functional::LaunchResult& result) {
  if (result.fault) return result.fault->message();
  if (result.ref_trap) return "trap entered mtvec: " + result.ref_trap->message();
  return std::nullopt;
}

// The parts of the fault (or --ref-compat trap) that stopped a launch, if one did.
std::optional<GuestFaultInfo> run_fault_info(const functional::LaunchResult& result) {
  if (result.fault) return guest_fault_info(*result.fault);
  if (result.ref_trap) return guest_fault_info(*result.ref_trap);
  return std::nullopt;
}

}  // namespace

GuestFaultInfo guest_fault_info(const functional::Fault& f) {
  GuestFaultInfo info;
  if (f.kind != functional::TrapKind::None) info.kind = functional::trap_kind_name(f.kind);
  info.kernel = f.kernel;
  info.work_group = f.group;
  info.work_group_id = {f.group_id[0], f.group_id[1], f.group_id[2]};
  info.warp = f.warp;
  info.thread_mask = f.mask;
  info.pc = f.pc;
  if (f.has_word) {
    info.instruction_word = f.word;
    info.disassembly = isa::disassemble_for_message(f.word, f.pc, f.profile);
  }
  info.detail = f.detail;
  return info;
}

Result<functional::MachineFit> fit_device_machine(const Device::State& state,
                                                  const functional::GroupNeeds& needs,
                                                  std::string_view launch) {
  // The cycle model's warp slots, local memory and register pools are what it times.
  const bool widen = state.config.simulation.widen_machine && !state.gpu;
  return functional::machine_for_launch(state.config.machine, needs, widen, launch);
}

std::vector<uint32_t> local_buffer_addresses(const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> addresses;
  uint32_t top = memory::kLocalWindowEnd;
  for (uint32_t size : sizes) {
    const uint32_t rounded =
        (size + memory::kLocalBufferAlign - 1) & ~(memory::kLocalBufferAlign - 1);
    top -= rounded;
    addresses.push_back(top);
  }
  return addresses;
}

Status load_segments(Device::State& state, const elf::ElfFile& elf) {
  if (!state.ref_compat()) {
    for (uint32_t base : state.program_regions) (void)state.memory.unmap_region(base);
    state.program_regions.clear();
    for (const elf::Segment& seg : elf.load_segments()) {
      if (seg.memsz == 0) continue;
      auto mapped = state.memory.map_region({seg.paddr, seg.memsz, memory::RegionKind::kCode,
                                             fmt::format("ELF segment 0x{:08x}", seg.paddr)});
      if (!mapped)
        return Error{fmt::format("cannot load the kernel ELF: {}", mapped.error().message)};
      state.program_regions.push_back(seg.paddr);
    }
  }
  write_segment_bytes(state.memory, elf);
  return ok_status();
}

std::string symbol_at(const elf::ElfFile& elf, uint32_t address) {
  for (const elf::Symbol& s : elf.symbols) {
    if (s.value == address && !s.name.empty() && s.type != elf::kSttSection &&
        s.name.front() != '.') {
      return std::string(s.name);
    }
  }
  return {};
}

Result<LaunchOutcome> execute_launch(Device::State& state, const elf::ElfFile& elf,
                                     const LaunchPlan& plan, const LaunchOptions& options) {
  if (auto valid = functional::check_launch_config(plan.config); !valid) return valid.error();
  auto fit = plan_machine(state, plan);
  if (!fit) return fit.error();
  if (auto loaded = load_segments(state, elf); !loaded) return loaded.error();
  LaunchSetup setup(plan, options);
  setup.engine = engine_options(state, elf);
  auto profile = program_profile(state, elf);
  if (!profile) return profile.error();
  setup.engine.profile = *profile;
  add_print_hook(state, setup);
  add_progress_hook(state, setup);
  if (auto prepared = prepare_mode(state, elf, plan, setup); !prepared) return prepared.error();
  if (auto opened = setup.log.open(options.log_path, elf, plan.config.numt); !opened) {
    return opened.error();
  }
  if (options.timing_work_groups) {
    auto fits = check_work_group_window(*options.timing_work_groups, group_count(plan.config),
                                        state.gpu.has_value(), setup.log.observer() != nullptr);
    if (!fits) return fits.error();
  }
  CaseExporter* exporter = case_exporter(state);
  if (exporter != nullptr) {
    if (auto saved = exporter->before_launch(state, elf, plan); !saved) return saved.error();
  }
  state.stat_registry.reset();
  const auto start = std::chrono::steady_clock::now();
  RunOutcome run;
  if (auto ran = run_on_device(state, plan, setup, fit->shape, run); !ran) return ran.error();
  LaunchOutcome outcome{launch_stats(state, plan, *fit, run, start, setup.engine.profile),
                        run_fault(run.result), run_fault_info(run.result), run.timeline};
  state.last_stats = outcome.stats.document;  // faulting launches' statistics too
  if (exporter != nullptr) {
    if (auto saved = exporter->after_launch(state); !saved) return saved.error();
  }
  if (setup.log.failed())
    return Error{fmt::format("writing the log '{}' failed", options.log_path)};
  if (outcome.fault) return outcome;
  ++state.launches_completed;
  state.history.push_back(outcome.stats);
  while (state.history.size() > state.config.simulation.launch_history) state.history.pop_front();
  return outcome;
}

}  // namespace ventus::runtime_detail
