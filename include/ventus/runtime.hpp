// Public C++ host API of the Ventus platform: devices, buffers, programs, kernels, launches.
// Runs kernels on the functional simulator and builds exactly what ISA.md §7 describes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "functional/machine_shape.hpp"
#include "functional/progress.hpp"
#include "functional/sanitize/sanitize_checks.hpp"
#include "functional/schedule.hpp"
#include "timing/params.hpp"

namespace ventus::timing {
class TimelineRecording;
}

namespace ventus {

// What a running launch tells Device::set_progress's observer (functional/progress.hpp).
using LaunchProgress = functional::LaunchProgress;

// The machine: the SM shape the functional core declares (gpu.*, sm.*) and the driver's
// memory conventions (driver.*). Defaults are configs/default.toml (DESIGN.md §2.5).
struct MachineConfig : functional::MachineShape {
  uint32_t private_memory_bytes_per_thread = 4096;  // pdsSize (POCL default, ISA.md §7.6)
  uint32_t print_buffer_bytes = 64 * 1024;          // printf buffer (ISA.md §7.7)
  timing::TimingParams timing;                      // the cycle model's hardware (TIMING.md)
  // isa.profile: "auto" (the program's .riscv.attributes, else v2.02), "v2.02" or "v2.03"
  // (ISA.md §5.12, docs/isa-profiles.md).
  std::string isa_profile = "auto";

  // Declares every machine parameter (names, units, ranges, descriptions) in `registry`,
  // bound to this object's fields.
  void declare(sim::ParamScope root);
};

// How to simulate, not what the hardware is (run.*).
struct SimulationOptions {
  bool ref_compat = false;             // reproduce the reference simulator (DESIGN.md §3)
  uint64_t max_warp_instructions = 0;  // per launch, 0 = unlimited
  std::string schedule = "burst";      // "burst" or "random" (functional::Schedule)
  uint64_t random_seed = 1;            // schedule "random"
  // Host threads that run the work-groups of a launch at once (burst schedule, no log); the
  // results equal one thread's (docs/host-threads.md). 0 = every core of the host.
  uint32_t host_threads = 0;
  std::string memcheck = "report";  // "off", "report" or "strict" (docs/memcheck.md)
  // The sanitizers every launch runs: "none", "all" or a list of race, init, sync, memcheck
  // (docs/sanitizers.md); and the examples reported per finding and pc pair.
  std::string sanitize = "none";
  uint32_t sanitize_examples = 1;
  bool timing = false;  // run launches on the cycle model (--timing)
  // The functional mode runs any launch the ISA allows: a work-group larger than the
  // configured SM (warp slots, local memory, register slots) widens the machine for that
  // launch, with a note. false, and always on the cycle model: such a launch is refused with
  // the --set that would make it fit (functional/machine_fit.hpp, docs/runtime.md).
  bool widen_machine = true;
  // Non-empty: every launch of the device is also written to this directory as a reference
  // test case (ISA.md §9, docs/runtime.md "Saving launches as a test case"; --save-case,
  // VENTUS_SAVE_CASE for the vt_* ABI).
  std::string save_case;
  // --timeline: the cycle model's Trace Event file (docs/timeline.md), "" = none; the cycles
  // written (run-wide, to 0 = the end), the warp slots written ("0,2" or "" = all) and the
  // cycles per counter sample.
  std::string timeline;
  uint64_t timeline_from = 0, timeline_to = 0;
  std::string timeline_slots;
  uint64_t timeline_sample_cycles = 64;
  // --events: the cycle model's event log (docs/timing.md "Event log"), "" = none.
  std::string events;
  // Launches whose statistics Device::launch_history keeps, the oldest dropped first: a
  // device that launches without end stays in bounded memory (a launch's statistics hold
  // every registered counter, tens of KiB).
  uint32_t launch_history = 256;
  static constexpr uint32_t kMaxLaunchHistory = 1u << 20;

  void declare(sim::ParamScope root);
  functional::Schedule schedule_kind() const;
  functional::SanitizeOptions sanitize_options() const;  // of a validated configuration
};

// What a configs/*.toml file and --set describe: the machine and the simulation options.
struct Config {
  MachineConfig machine;
  SimulationOptions simulation;

  // Reads a TOML machine description; unknown keys are errors naming file, line and the
  // nearest known key; values are checked against each parameter's type and range.
  static Result<Config> from_toml_file(const std::string& path);
  // The command-line form: the file (if `path` is not empty), then each "key=value" in
  // order, then validate(); errors name "--config" or "--set <assignment>".
  static Result<Config> from_command_line(const std::string& path,
                                          const std::vector<std::string>& overrides);
  // Applies a "key=value" override such as "sm.threads_per_warp=16".
  Status set(std::string_view assignment);
  // Checks rules that involve several parameters (local memory holds the warp stacks).
  Status validate() const;
  // Every parameter with value, unit and description, as an aligned table / JSON text
  // ({"parameters": [...], "values": {...}}).
  std::string format_table() const;
  std::string to_json() const;
  // {"<name>": value} of every parameter (embedded in statistics JSON).
  std::string values_json() const;
};

class Device;
class Kernel;
struct OpenClBuildOptions;  // ventus/opencl.hpp

// A region of device memory. Copyable handle; freeing is explicit (Device::free) or at
// device destruction. Every access is bounds-checked and returns an Error on misuse.
class Buffer {
 public:
  uint32_t address() const { return address_; }
  size_t size() const { return size_; }

  Status write(std::span<const std::byte> data, size_t offset = 0);
  Status read(std::span<std::byte> out, size_t offset = 0) const;
  Status fill(uint32_t pattern, size_t offset = 0, size_t bytes = SIZE_MAX);
  Status copy_from(const Buffer& source, size_t source_offset, size_t offset, size_t bytes);

  template <typename T>
  Status write(std::span<const T> values, size_t offset = 0) {
    return write(std::as_bytes(values), offset);
  }
  template <typename T>
  Result<std::vector<T>> read_as(size_t count, size_t offset = 0) const {
    std::vector<T> out(count);
    if (auto s = read(std::as_writable_bytes(std::span<T>(out)), offset); !s) return s.error();
    return out;
  }

 private:
  friend class Device;
  Buffer(Device* device, uint32_t address, size_t size)
      : device_(device), address_(address), size_(size) {}
  Device* device_ = nullptr;
  uint32_t address_ = 0;
  size_t size_ = 0;
};

// A loaded kernel ELF (from the Ventus toolchain or `ventus as`); kernels found by symbol.
class Program {
 public:
  static Result<Program> from_file(const std::string& path);  // ELF or .s (assembled)
  static Result<Program> from_elf_bytes(std::vector<uint8_t> bytes, std::string name);
  static Result<Program> from_assembly(std::string_view source, std::string name);

  std::vector<std::string> kernel_names() const;
  Result<Kernel> kernel(std::string_view name) const;
  const std::string& name() const;

  struct Image;  // loadable segments and symbols (runtime-internal)
  const Image& image() const { return *image_; }

 private:
  // Records the kernels' parameters (ventus/opencl.hpp).
  friend Result<Program> program_from_opencl(std::string_view source, std::string name,
                                             const OpenClBuildOptions& options);
  explicit Program(std::shared_ptr<const Image> image) : image_(std::move(image)) {}
  std::shared_ptr<const Image> image_;
};

// A kernel parameter as its OpenCL C source declares it (Kernel::params).
struct KernelParam {
  enum class Kind : uint8_t { Buffer, Value, Local };  // Buffer: any pointer but __local
  Kind kind = Kind::Value;
  uint32_t bytes = 0;  // Value: its size in the argument buffer
  std::string name;    // "" when the compiler kept no name
};

// A kernel and its arguments, set in order (ISA.md §7.2: packed, no padding).
class Kernel {
 public:
  const std::string& name() const { return name_; }
  uint32_t entry() const { return entry_; }

  Kernel& arg(const Buffer& buffer);                    // 4-byte device address
  Kernel& arg_bytes(std::span<const std::byte> value);  // by value, any size
  template <typename T>
  Kernel& arg(const T& value) {
    return arg_bytes(std::as_bytes(std::span<const T>(&value, 1)));
  }
  Kernel& arg_local(uint32_t bytes);  // __local buffer of `bytes`
  void clear_args();

  // Argument descriptors in order (used by Device::launch).
  struct Arg {
    enum class Kind : uint8_t { Buffer, Value, Local } kind;
    std::vector<std::byte> bytes;  // Value: the bytes; Buffer: the address (4 bytes)
    uint32_t local_bytes = 0;
  };
  const std::vector<Arg>& args() const { return args_; }
  const Program& program() const { return program_; }
  // The parameters of a kernel compiled from OpenCL C here (program_from_opencl, or a .cl
  // file), which Device::launch checks the arguments against; nullptr for ELF and assembly
  // programs, which declare none.
  const std::vector<KernelParam>* params() const;

 private:
  friend class Program;
  Kernel(Program program, std::string name, uint32_t entry)
      : program_(std::move(program)), name_(std::move(name)), entry_(entry) {}
  Program program_;
  std::string name_;
  uint32_t entry_ = 0;
  std::vector<Arg> args_;
};

struct NDRange {
  unsigned work_dim = 1;
  std::array<uint32_t, 3> global{1, 1, 1};
  std::array<uint32_t, 3> local{1, 1, 1};
  std::array<uint32_t, 3> offset{0, 0, 0};
};

// The statistics of one launch as they were when it ended (runtime-internal: their snapshot,
// the kernel's name, the cycles and the device's configuration), rendered on request.
struct StatsDocument;

// Work-groups of a launch by linear id: FIRST up to END, END excluded (FIRST < END).
struct WorkGroupWindow {
  uint64_t first = 0;
  uint64_t end = 0;
};

struct LaunchStats {
  uint64_t work_groups = 0;
  uint64_t warps = 0;
  uint64_t warp_instructions = 0;
  uint64_t thread_instructions = 0;
  double wall_seconds = 0;
  // run.timing: the launch's cycles on the cycle model (TIMING.md §2 count), else 0.
  uint64_t cycles = 0;
  // LaunchOptions::timing_work_groups: the window that ran on the cycle model (`cycles` is
  // its count, start and kernel end included) and the launch's cycles extrapolated from it,
  // cycles x work_groups / the window's groups (docs/timing.md "Timing a window of
  // work-groups"); unset and 0 otherwise.
  std::optional<WorkGroupWindow> timed_work_groups;
  uint64_t extrapolated_cycles = 0;
  // Every registered statistic of the launch (docs/stats.md): an aligned text table and
  // the JSON object {"kernel", "config", ["cycles",] "stats", "stat_info"}; "" without a
  // document. Rendered when asked, from `document`: rendering both costs more than a short
  // launch's simulation, and most launches are never printed.
  std::string stats_text() const;
  std::string stats_json() const;
  std::shared_ptr<const StatsDocument> document;  // set by the launch
  // run.memcheck = report: one line per pc that accessed memory outside every buffer
  // (docs/memcheck.md).
  std::vector<std::string> memcheck;
  // run.sanitize: the report's lines (a summary line last), its findings as a JSON array,
  // and the findings that fail a run (docs/sanitizers.md); empty, "" and 0 when off.
  std::vector<std::string> sanitize;
  std::string sanitize_json;
  uint64_t sanitize_errors = 0;
  // What the user should know about the launch: the machine widened to its work-group
  // (run.widen_machine), or why it ended other than by every warp's endprg, e.g.
  // --ref-compat's store to tohost that ended a work-group early.
  std::vector<std::string> notes;
};

struct LaunchOptions {
  std::string log_path;  // commit log (ISA.md §10) when not empty; "-" = standard output
  // Receives kernel printf output, one message per call, already prefixed with the
  // work-group and thread ids; default: standard output.
  std::function<void(std::string_view)> print_sink;
  // A timed launch keeps its whole timeline in memory (about 150 bytes per slice), for
  // Event::write_timeline; not with run.timeline, which writes the device's file instead.
  bool record_timeline = false;
  // run.timing: only these work-groups run on the cycle model; those before them run
  // functionally first and those after them last, on the same memory (LaunchStats::
  // timed_work_groups). An Error when the window is not within the launch's work-groups.
  std::optional<WorkGroupWindow> timing_work_groups;
};

// The part of a kept timeline to write (docs/timeline.md "Bounding the file"): cycles FROM..TO
// of the launch (TO 0 = to its end) and the slices of these warp slots (empty = every slot).
struct TimelineWindow {
  uint64_t from = 0;
  uint64_t to = 0;
  std::vector<unsigned> slots;
};

// The guest fault that stopped a launch, as values (the parts of Event's message): what the
// Python module's GuestFault and other hosts that act on a fault read (docs/python.md).
struct GuestFaultInfo {
  std::string kind;  // e.g. "access fault", "illegal instruction"; "" when the launch could
                     // not start on the engine (then only `detail` is set)
  std::string kernel;
  uint32_t work_group = 0;  // linear id
  std::array<uint32_t, 3> work_group_id{0, 0, 0};
  uint32_t warp = 0;
  uint32_t thread_mask = 0;
  uint32_t pc = 0;
  std::optional<uint32_t> instruction_word;  // the word at pc, when it could be read
  std::string disassembly;                   // of that word, "" without it
  std::string detail;
};

// Result of an enqueued launch (DESIGN.md §2 "errors by kind"). The simulator is
// synchronous: the launch has run when launch() returns, and launch() fails only when it
// could not start (its range, arguments or setup) or its commit log could not be written.
// wait() reports the launch's statistics, or the guest fault that stopped it (the message
// names kernel, work-group, warp, thread mask, pc and instruction); stats() holds the
// statistics either way, those of a faulting launch up to its fault.
class Event {
 public:
  Result<LaunchStats> wait() const {
    if (fault_) return Error{*fault_};
    return stats_;
  }
  bool faulted() const { return fault_.has_value(); }
  const LaunchStats& stats() const { return stats_; }
  // The fault's parts when faulted() (a --ref-compat trap that entered mtvec too).
  const std::optional<GuestFaultInfo>& fault_info() const { return fault_info_; }
  // Writes the timeline a timed launch kept (LaunchOptions::record_timeline) to `path` as a
  // --timeline file, bounded by `window`. An Error when the launch kept none, the window is
  // backwards or the file cannot be written.
  Status write_timeline(const std::string& path, const TimelineWindow& window = {}) const;

 private:
  friend class Device;
  Event(LaunchStats stats, std::optional<std::string> fault, std::optional<GuestFaultInfo> info,
        std::shared_ptr<const timing::TimelineRecording> timeline)
      : stats_(std::move(stats)),
        fault_(std::move(fault)),
        fault_info_(std::move(info)),
        timeline_(std::move(timeline)) {}
  LaunchStats stats_;
  std::optional<std::string> fault_;
  std::optional<GuestFaultInfo> fault_info_;
  std::shared_ptr<const timing::TimelineRecording> timeline_;
};

class Device {
 public:
  static Result<std::unique_ptr<Device>> create(const MachineConfig& machine = {},
                                                const SimulationOptions& simulation = {});
  static Result<std::unique_ptr<Device>> create(const Config& config);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const MachineConfig& config() const;
  const SimulationOptions& simulation() const;
  Result<Buffer> allocate(size_t bytes);  // 4 KiB aligned from 0x90000000 (ISA.md §7.9)
  Status free(const Buffer& buffer);
  // The statistics of the launches that ran to their end on this device, in order: the last
  // run.launch_history of them (SimulationOptions::launch_history).
  const std::deque<LaunchStats>& launch_history() const;
  // Buffers allocated and not yet freed (launches free their own temporaries: a leak check).
  size_t live_buffers() const;
  // Checks the ND-range against the device (local size limits, global multiple of local)
  // and the kernel's arguments, then runs every work-group.
  Result<Event> launch(const Kernel& kernel, const NDRange& range,
                       const LaunchOptions& options = {});
  // Ends and closes the timeline and event log files of the timed launches so far (run.timeline,
  // run.events; the device's destructor closes them too, but cannot report a failed write): an
  // Error names the file that could not be written. A later timed launch starts the files anew.
  Status close_outputs();
  // The launches from now on tell `observer` their progress on the calling thread: after
  // every work-group, and every few thousand cycles on the cycle model (LaunchProgress::launch
  // numbers them from 1; `launches` is 0). It must be cheap; empty: none (the default).
  void set_progress(std::function<void(const LaunchProgress&)> observer);

  struct State;  // runtime-internal
  State& state() { return *state_; }

 private:
  explicit Device(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace ventus
