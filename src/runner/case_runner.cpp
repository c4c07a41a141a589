// run_case: memory setup per mode (DESIGN.md §3), launch protocol from .metadata, logs, dumps.
#include "runner/case_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/input_file.hpp"
#include "debug/limits.hpp"
#include "elf/elf_reader.hpp"
#include "functional/launch.hpp"
#include "loader/test_case.hpp"
#include "memory/local_memory.hpp"
#include "runner/cache_warmer.hpp"
#include "runner/case_limits.hpp"
#include "runner/case_memory.hpp"
#include "runner/case_setup.hpp"
#include "runner/commit_conversion.hpp"
#include "runner/launch_log.hpp"
#include "sim/stat_snapshot.hpp"

namespace ventus::runner {
namespace {

using functional::Mode;

// The case's kernel ELF, when present, and what the runner needs from it.
struct Program {
  std::optional<elf::ElfFile> elf;
  isa::Profile profile = isa::kDefaultProfile;  // from the ELF's .riscv.attributes

  // Reads the ELF when the case has one; without it the case runs from .metadata alone.
  Status load(const std::optional<std::filesystem::path>& elf_path) {
    if (!elf_path) return ok_status();
    auto file = elf::read_elf_file(elf_path->string());
    if (!file) return file.error();
    elf = std::move(file.value());
    auto chosen = case_profile(&*elf);
    if (!chosen) return Error{elf_path->string() + ": " + chosen.error().message};
    profile = *chosen;
    return ok_status();
  }

  std::optional<std::string> symbol_at(uint32_t address) const {
    if (!elf) return std::nullopt;
    for (const elf::Symbol& s : elf->symbols) {
      if (s.value == address && !s.name.empty() && s.type != elf::kSttSection) {
        return std::string(s.name);
      }
    }
    return std::nullopt;
  }
  const elf::ElfFile* file() const { return elf ? &*elf : nullptr; }
};

functional::LaunchConfig launch_config(const loader::Launch& launch, const Program& program,
                                       const memory::DeviceMemory& memory) {
  const loader::LaunchMetadata& m = launch.metadata;
  functional::LaunchConfig config;
  config.start_pc = m.start_addr;
  config.num_groups = m.kernel_size;
  config.numt = m.wf_size;
  config.numw = m.wg_size;
  config.knl_base = m.metadata_base;
  config.pds_base = m.pds_base;
  config.pds_size = m.pds_size;
  config.sgpr_usage = m.sgpr_usage;
  config.vgpr_usage = m.vgpr_usage;
  const uint32_t entry = memory.store().read32(m.metadata_base);  // KNL_ENTRY (§7.1)
  // Without an ELF there are no symbols: name the entry address and the launch instead.
  config.kernel_name = program.symbol_at(entry).value_or(
      fmt::format("entry 0x{:08x} of launch {}", entry, launch.name));
  return config;
}

Status write_text_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) return Error{fmt::format("cannot write '{}'", path.string())};
  return ok_status();
}

class LaunchRunner {
 public:
  LaunchRunner(const CaseOptions& options, const Program& program, memory::DeviceMemory& memory,
               timing::Timeline* timeline, timing::EventLog* event_log)
      : options_(options),
        machine_(options.machine),
        program_(program),
        memory_(memory),
        stats_(options.machine.sm_count),
        timeline_(timeline),
        event_log_(event_log) {
    stats_.register_in(sim::StatScope(registry_, "functional"));
    if (options.timing) {
      gpu_.emplace(*options.timing, options.machine.sm_count, options.machine.warp_slots_per_sm);
      gpu_->register_stats(sim::StatScope(registry_, "timing"));
      gpu_->set_timeline(timeline);
      gpu_->set_event_log(event_log);
    }
  }

  // `timed`: on the cycle model when the case has one (else functionally).
  Result<LaunchReport> run(const loader::Launch& launch, bool timed);
  // The next launch is number `number` (from 1) of `count` (CaseOptions::progress).
  void number(uint32_t number, uint32_t count) {
    number_ = number;
    count_ = count;
  }

 private:
  Status prepare_memory(const loader::Launch& launch);
  Result<CheckOutcome> check(const loader::Launch& launch, std::string log_text) const;
  Status dump_and_check(const loader::Launch& launch, LaunchLog& log, LaunchReport& report) const;
  functional::LaunchResult execute(const loader::Launch& launch,
                                   const functional::LaunchConfig& config,
                                   const functional::LaunchHooks& hooks,
                                   CommitLogObserver* observer, bool timed, LaunchReport& report);
  functional::EngineOptions engine_options() const;
  void record_result(functional::LaunchResult result, LaunchReport& report) const;
  std::string stats_json(const LaunchReport& report) const;
  const CaseOptions& options_;
  functional::MachineShape machine_;           // the launch's (CaseOptions::widen_machine)
  std::vector<functional::Widening> widened_;  // what the launch's machine raised
  const Program& program_;
  memory::DeviceMemory& memory_;
  // run.sanitize's init: which global bytes hold data, from launch to launch of the case.
  functional::sanitize::GlobalDefinedness defined_;
  sim::StatRegistry registry_;
  functional::FunctionalStats stats_;
  std::optional<timing::GpuModel> gpu_;
  timing::Timeline* timeline_;       // null: no --timeline
  timing::EventLog* event_log_;      // null: no --events
  bool first_kernel_ = true;         // the host poll of a run's first kernel starts a cycle later
  uint32_t number_ = 0, count_ = 0;  // the launch's place in the run (progress samples)
  std::string name_;                 // the launch's name (progress samples)
};

functional::EngineOptions LaunchRunner::engine_options() const {
  functional::EngineOptions engine;
  engine.mode = options_.mode;
  engine.max_warp_instructions = options_.max_instructions;
  engine.tohost_addr = tohost_address(program_.file());
  engine.profile = program_.profile;
  engine.schedule = options_.schedule;
  engine.random_seed = options_.random_seed;
  engine.host_threads = options_.host_threads;
  engine.memcheck = options_.memcheck;
  engine.sanitize = options_.sanitize;
  if (options_.progress) {
    engine.on_progress = [this](const functional::LaunchProgress& sample) {
      functional::LaunchProgress numbered = sample;
      numbered.launch = number_;
      numbered.launches = count_;
      numbered.name = name_;
      options_.progress(numbered);
    };
  }
  return engine;
}

// The launch's outcome, statistics (text, JSON) and memcheck lines into its report.
void LaunchRunner::record_result(functional::LaunchResult result, LaunchReport& report) const {
  report.stats = result.stats;
  report.stats_text = registry_.format_text();
  report.stats_json = stats_json(report);
  report.memcheck = functional::format_memcheck_report(
      result.memcheck, report.kernel, [this](uint32_t pc) { return memory_.store().read32(pc); });
  report.sanitize = result.sanitize;
  report.fault = std::move(result.fault);
  report.ref_trap = std::move(result.ref_trap);
  report.tohost_end = std::move(result.tohost_end);
}

std::string LaunchRunner::stats_json(const LaunchReport& report) const {
  const std::optional<uint64_t> cycles =
      report.timing ? std::optional<uint64_t>(report.timing->cycles) : std::nullopt;
  nlohmann::json out = sim::launch_object(
      report.kernel, nlohmann::json::parse(widened_config_json(options_.config_json, widened_)),
      cycles, registry_.snapshot());
  out["launch"] = report.name;
  return out.dump();
}

// Default mode also says what holds data (run.sanitize's init): a buffer mapped anew holds
// none past what the `.data` file gives it; one kept from the last launch keeps its bytes.
Status LaunchRunner::prepare_memory(const loader::Launch& launch) {
  if (options_.mode == Mode::Default) {
    std::vector<const loader::BufferDesc*> fresh;
    for (const loader::BufferDesc& b : launch.metadata.buffers) {
      const memory::Region* kept = memory_.map().find_base(b.base);
      if (b.alloc_size != 0 && (kept == nullptr || kept->size != b.alloc_size)) fresh.push_back(&b);
    }
    auto mapped = loader::map_launch_buffers(launch.metadata, memory_);
    if (!mapped) return mapped;
    for (const loader::BufferDesc* b : fresh) defined_.allocate(b->base, b->alloc_size);
  }
  loader::write_launch_data(launch.data, memory_);
  for (const loader::BufferData& b : launch.data.buffers) defined_.define(b.base, b.size);
  if (options_.mode == Mode::Default) {
    map_elf_segments(program_.file(), memory_);
    write_elf_segments(program_.file(), memory_);
    if (program_.file() != nullptr) {
      for (const elf::Segment& seg : program_.file()->load_segments()) {
        defined_.define(seg.paddr, seg.memsz);
      }
    }
    return ok_status();
  }
  return functional::install_boot_rom(memory_, launch.metadata.start_addr);
}

// --check: memory first (what the user asked the kernel for), then the commit log.
Result<CheckOutcome> LaunchRunner::check(const loader::Launch& launch, std::string log_text) const {
  CheckOutcome outcome;
  outcome.compared_memory = launch.expected_path.has_value();
  auto memory = compare_memory(launch, memory_);
  if (!memory) return memory.error();
  outcome.difference = std::move(memory.value());
  if (options_.mode == Mode::RefCompat && launch.log_path) {
    outcome.compared_log = true;
    if (!outcome.difference) {
      auto log = compare_log(std::move(log_text), launch.log_path->string());
      if (!log) return log.error();
      outcome.difference = std::move(log.value());
    }
  }
  return outcome;
}

// Runs the launch on the cycle model (and its timeline) or the functional engine.
functional::LaunchResult LaunchRunner::execute(const loader::Launch& launch,
                                               const functional::LaunchConfig& config,
                                               const functional::LaunchHooks& hooks,
                                               CommitLogObserver* observer, bool timed,
                                               LaunchReport& report) {
  functional::EngineOptions engine = engine_options();
  engine.defined_global = &defined_;
  std::optional<memory::LocalMemory> layout;
  if (options_.mode == Mode::Default) layout.emplace(case_local_layout(launch.metadata));
  memory::LocalMemory* local = layout ? &*layout : nullptr;
  if (options_.launch_driver) {
    return functional::run_launch_driven(config, machine_, engine, memory_, local, stats_,
                                         options_.launch_driver);
  }
  if (!gpu_ || !timed) {
    // A launch run functionally is still one of the run's kernels: the next is not its first
    // (the host poll's offset, TIMING.md §2), as in a run that times every launch.
    first_kernel_ = false;
    if (!gpu_ || !options_.warm_caches) {
      return functional::run_launch(config, machine_, engine, memory_, local, stats_, observer,
                                    hooks);
    }
    CacheWarmer warmer(*gpu_, machine_.sm_count, observer);
    functional::LaunchResult result =
        functional::run_launch(config, machine_, engine, memory_, local, stats_, &warmer, hooks);
    gpu_->warm_kernel_end();
    return result;
  }
  timing::TimingResult cycles;
  if (timeline_ != nullptr) {
    timeline_->begin_launch(launch.name, options_.machine.sm_count,
                            options_.machine.warp_slots_per_sm);
  }
  if (event_log_ != nullptr) event_log_->begin_launch(launch.name);
  functional::LaunchResult result = functional::run_launch_driven(
      config, machine_, engine, memory_, local, stats_,
      [&](functional::Launch& l) { return gpu_->run(l, hooks, first_kernel_, cycles); });
  timing::close_launch(cycles, timeline_, event_log_);
  first_kernel_ = false;
  // The test bench counts a kernel at its end (TIMING.md §2): a launch that faulted has no count.
  if (!result.fault) report.timing = cycles;
  return result;
}

// --dump-dir writes the launch's memory; --check compares it (and the log) with the case's.
Status LaunchRunner::dump_and_check(const loader::Launch& launch, LaunchLog& log,
                                    LaunchReport& report) const {
  if (options_.dump_dir) {
    auto written = write_text_file(*options_.dump_dir / (launch.name + ".out"),
                                   loader::format_dump(launch.metadata, memory_));
    if (!written) return written.error();
  }
  if (options_.check) {
    auto log_text = log.text_to_compare();
    if (!log_text) return log_text.error();
    auto checked = check(launch, std::move(log_text.value()));
    if (!checked) return Error{fmt::format("{}: {}", launch.name, checked.error().message)};
    report.check = std::move(checked.value());
  }
  return ok_status();
}

Result<LaunchReport> LaunchRunner::run(const loader::Launch& launch, bool timed) {
  auto fit = launch_machine(launch, options_.machine, options_.widen_machine);
  if (!fit) return fit.error();
  machine_ = fit->shape;
  widened_ = std::move(fit->widened);
  if (auto prepared = prepare_memory(launch); !prepared) {
    return Error{fmt::format("{}: {}", launch.name, prepared.error().message)};
  }
  functional::LaunchConfig config = launch_config(launch, program_, memory_);
  if (auto valid = functional::check_launch_config(config); !valid) {
    return Error{fmt::format("{}: {}", launch.name, valid.error().message)};
  }
  LaunchLog log;
  // Without the ELF, name the handler as start.S does (mtvec = spike_end, ISA.md §7.3).
  auto namer = [this](uint32_t address) {
    return std::optional<std::string>(program_.symbol_at(address).value_or("spike_end"));
  };
  if (auto opened = log.open(options_, launch, config.numt, namer); !opened) {
    return opened.error();
  }
  functional::LaunchHooks hooks;
  if (options_.mode == Mode::RefCompat && program_.elf) {
    // REF rewrites the ELF's segments at the start of every work-group (reference README).
    hooks.before_group = [this](uint32_t) { write_elf_segments(program_.file(), memory_); };
  }
  LaunchReport report;
  report.name = launch.name;
  name_ = launch.name;
  report.kernel = config.kernel_name;
  if (!widened_.empty()) report.widened = functional::widening_notice(widened_, launch.name);
  registry_.reset();
  const auto start = std::chrono::steady_clock::now();
  functional::LaunchResult result = execute(launch, config, hooks, log.observer(), timed, report);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  record_result(std::move(result), report);
  if (log.failed()) return Error{fmt::format("{}: writing the log failed", launch.name)};
  if (auto done = dump_and_check(launch, log, report); !done) return done.error();
  return report;
}

}  // namespace

std::string LaunchReport::summary() const {
  const double rate = seconds > 0 ? static_cast<double>(stats.warp_instructions) / seconds : 0;
  return fmt::format(
             "{}: {} work-group{}, {} warp{}, {} warp-instructions, {} thread-instructions, {:.3f} "
             "s, "
             "{:.2f} M warp-instr/s{}",
             name, stats.work_groups, stats.work_groups == 1 ? "" : "s", stats.warps,
             stats.warps == 1 ? "" : "s", stats.warp_instructions, stats.thread_instructions,
             seconds, rate / 1e6,
             stats.ref_traps != 0 ? fmt::format(", {} trap(s) entered mtvec", stats.ref_traps)
                                  : "") +
         (timing ? fmt::format(", {} cycles, IPC {:.3f}", timing->cycles,
                               timing->cycles == 0 ? 0.0
                                                   : static_cast<double>(stats.warp_instructions) /
                                                         static_cast<double>(timing->cycles))
                 : "");
}

uint64_t CaseReport::total_cycles() const {
  uint64_t total = 0;
  for (const LaunchReport& launch : launches) total += launch.timing ? launch.timing->cycles : 0;
  return total;
}

bool CaseReport::ok() const {
  for (const LaunchReport& launch : launches) {
    if (launch.fault || launch.stats.ref_traps != 0) return false;
  }
  return true;
}

// Runs the launches in order on the case's one memory; a launch that faults is the last.
static Status run_launches(LaunchRunner& runner, const std::vector<const loader::Launch*>& launches,
                           const std::vector<bool>& timed, const CaseOptions& options,
                           const memory::DeviceMemory& memory, CaseReport& report) {
  for (size_t i = 0; i < launches.size(); ++i) {
    const loader::Launch& launch = *launches[i];
    runner.number(static_cast<uint32_t>(i + 1), static_cast<uint32_t>(launches.size()));
    auto launch_report = runner.run(launch, timed[i]);
    if (!launch_report) return launch_report.error();
    if (options.after_launch) options.after_launch(launch, memory);
    report.launches.push_back(std::move(launch_report.value()));
    if (report.launches.back().fault) break;
  }
  return ok_status();
}

Result<CaseReport> run_case(const std::filesystem::path& dir, const CaseOptions& options) {
  auto test_case = load_case(dir, options);
  if (!test_case) return test_case.error();
  Program program;
  if (auto loaded = program.load(test_case->elf_path); !loaded) return loaded.error();
  if (auto created = create_output_dirs(options); !created) return created.error();
  memory::DeviceMemory memory =
      options.mode == Mode::RefCompat ? memory::DeviceMemory::flat() : memory::DeviceMemory();
  CaseReport report;
  report.name = test_case->name;
  if (options.timing && options.mode == Mode::RefCompat) {
    return Error{"the cycle model runs the default mode only: drop --ref-compat or --timing"};
  }
  if (!options.timing_launches.empty() && !options.timing) {
    return Error{"--timing-launches needs --timing: it names the launches the cycle model times"};
  }
  if (auto warm = check_warm_caches(options); !warm) return warm.error();
  if (options.launch_driver) {
    const debug::DebuggedRun debugged{options.timing.has_value(), options.mode == Mode::RefCompat,
                                      options.log_dir.has_value(), options.sanitize.checks != 0};
    if (auto allowed = debug::check_debuggable(debugged); !allowed) return allowed.error();
  }
  auto selected = launches_to_run(*test_case, options);
  if (!selected) return selected.error();
  auto timed = timed_launches(*selected, options.timing_launches);
  if (!timed) return timed.error();
  auto timeline = open_timeline(options);
  if (!timeline) return timeline.error();
  auto event_log = open_event_log(options);
  if (!event_log) return event_log.error();
  LaunchRunner runner(options, program, memory, timeline->get(), event_log->get());
  if (auto ran = run_launches(runner, *selected, *timed, options, memory, report); !ran) {
    return ran.error();
  }
  if (*timeline) {
    if (auto written = (*timeline)->finish(); !written) return written.error();
  }
  if (*event_log) {
    if (auto written = (*event_log)->finish(); !written) return written.error();
  }
  return report;
}

}  // namespace ventus::runner
