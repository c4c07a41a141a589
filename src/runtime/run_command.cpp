// run_kernel_command: parses `ventus run` argument specs, moves files to and from buffers.
#include "runtime/run_command.hpp"
#include "runtime/device_state.hpp"
#include "runtime/run_args.hpp"

#include "common/input_file.hpp"
#include "common/output_file.hpp"
#include "debug/limits.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>

namespace ventus {
namespace {

using run_args::ArgSpec;
using run_args::Elem;

bool is_text_file(const std::string& path) {
  return path.ends_with(".txt");
}

// Raw bytes, or numbers of a text file (.txt; '-' with an element type is text too).
Result<std::vector<uint8_t>> read_input(const std::string& path, Elem elem, bool typed) {
  auto text = read_input_file(path);
  if (!text) return text.error();
  if (is_text_file(path) || (path == "-" && typed)) {
    return run_args::parse_number_text(input_display_name(path), elem, *text);
  }
  return std::vector<uint8_t>(text->begin(), text->end());
}

Status write_output(const std::string& path, const std::vector<uint8_t>& bytes, Elem elem) {
  std::ofstream out(path, std::ios::binary);
  if (is_text_file(path)) {
    out << run_args::format_number_text(bytes, elem);
  } else {
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  out.close();  // a full device fails only when the buffered bytes go out
  if (!out) {
    return Error{fmt::format("cannot write output file '{}' ({})", path, std::strerror(errno))};
  }
  return ok_status();
}

// A `buf:` argument: its buffer and where its contents go after the run.
struct Output {
  Buffer buffer;
  std::string path;
  Elem elem;
};

struct Prepared {
  std::vector<Output> outputs;
};

Status add_buffer_arg(Device& device, Kernel& kernel, const ArgSpec& spec, Prepared& prepared) {
  std::vector<uint8_t> data;
  size_t size = spec.bytes;
  if (spec.kind != ArgSpec::Kind::BufferIn) {  // before the run, not after it
    if (auto writable = check_output_file(spec.path, "output file"); !writable) return writable;
  }
  if (spec.kind != ArgSpec::Kind::BufferOut) {
    auto read = read_input(spec.path, spec.elem, spec.typed);
    if (!read) return read.error();
    if (read->empty()) return Error{fmt::format("input file '{}' is empty", spec.path)};
    data = std::move(read.value());
    size = data.size();
  }
  auto buffer = device.allocate(size);
  if (!buffer) return buffer.error();
  if (!data.empty()) {
    if (auto w = buffer->write(std::as_bytes(std::span<const uint8_t>(data))); !w) return w;
  } else if (auto z = buffer->fill(0); !z) {
    return z;
  } else {
    // Zeros, so that what the kernel leaves unwritten is 0 in the file; but for the init
    // check no data, like an OpenCL buffer created without a host pointer.
    device.state().defined_global.allocate(buffer->address(), size);
  }
  kernel.arg(*buffer);
  if (spec.kind != ArgSpec::Kind::BufferIn)
    prepared.outputs.push_back({*buffer, spec.path, spec.elem});
  return ok_status();
}

Status add_arg(Device& device, Kernel& kernel, const std::string& text, Prepared& prepared) {
  auto spec = run_args::parse_arg(text);
  if (!spec) return spec.error();
  switch (spec->kind) {
    case ArgSpec::Kind::Value:
      kernel.arg_bytes(spec->value);
      return ok_status();
    case ArgSpec::Kind::Local:
      kernel.arg_local(spec->bytes);
      return ok_status();
    default:
      return add_buffer_arg(device, kernel, *spec, prepared);
  }
}

Result<Config> make_config(const RunOptions& o) {
  auto loaded = Config::from_command_line(o.config_path, o.overrides);
  if (!loaded) return loaded.error();
  Config config = std::move(loaded.value());
  if (o.ref_compat) config.simulation.ref_compat = true;
  config.simulation.max_warp_instructions = effective_instruction_limit(
      o.max_instructions, config.simulation.max_warp_instructions, config.simulation.timing);
  return config;
}

// --log: not with the cycle model, and a file that can be written (checked before the run).
Status check_log(const RunOptions& o, const Config& config) {
  if (o.log_path.empty()) return ok_status();
  if (config.simulation.timing) {
    return Error{"--log and run.timing exclude each other: the cycle model writes no commit log"};
  }
  if (auto writable = check_output_file(o.log_path, "log file"); !writable) {
    return Error{"--log: " + writable.error().message};
  }
  return ok_status();
}

// --global and --local (without it, default_local).
Result<NDRange> make_range(const RunOptions& o, const MachineConfig& machine) {
  NDRange range;
  auto global = run_args::parse_dims(o.global, "global", &range.work_dim);
  if (!global) return global.error();
  range.global = *global;
  if (o.local.empty()) {
    range.local = default_local(range.global, machine);
    return range;
  }
  unsigned local_dim = 0;
  auto local = run_args::parse_dims(o.local, "local", &local_dim);
  if (!local) return local.error();
  if (local_dim != range.work_dim) return Error{"--local must have as many dimensions as --global"};
  range.local = *local;
  return range;
}

// Every --arg in order; an error names the argument.
Status add_args(Device& device, Kernel& kernel, const std::vector<std::string>& args,
                Prepared& prepared) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (auto s = add_arg(device, kernel, args[i], prepared); !s) {
      return Error{fmt::format("--arg {} '{}': {}", i + 1, args[i], s.error().message)};
    }
  }
  return ok_status();
}

}  // namespace

std::array<uint32_t, 3> default_local(const std::array<uint32_t, 3>& global,
                                      const MachineConfig& c) {
  uint64_t room = uint64_t{c.warp_slots_per_sm} * c.threads_per_warp;
  std::array<uint32_t, 3> local{1, 1, 1};
  for (int d = 0; d < 3; ++d) {
    for (uint32_t l = static_cast<uint32_t>(std::min<uint64_t>(global[d], room)); l >= 1; --l) {
      if (global[d] % l == 0) {
        local[d] = l;
        break;
      }
    }
    room /= local[d];
  }
  return local;
}

// The cycles part of the summary: the count and IPC, or a window's measured and extrapolated
// counts (its IPC would mix the window's cycles with every group's instructions).
static std::string cycles_summary(const LaunchStats& stats) {
  if (const auto& w = stats.timed_work_groups) {
    return fmt::format(
        ", work-groups {}:{} of {} timed: {} cycles measured, {} cycles extrapolated to the "
        "launch",
        w->first, w->end, stats.work_groups, stats.cycles, stats.extrapolated_cycles);
  }
  return fmt::format(", {} cycles, IPC {:.3f}", stats.cycles,
                     stats.cycles == 0 ? 0.0
                                       : static_cast<double>(stats.warp_instructions) /
                                             static_cast<double>(stats.cycles));
}

// --timing-work-groups FIRST:END, parsed (none when empty).
static Result<std::optional<WorkGroupWindow>> timing_window(
    const std::optional<std::string>& text) {
  if (!text) return std::optional<WorkGroupWindow>();
  auto window = run_args::parse_group_window(*text);
  if (!window) return window.error();
  return std::optional<WorkGroupWindow>(WorkGroupWindow{window->first, window->second});
}

std::string RunReport::summary() const {
  const double rate = stats.wall_seconds > 0
                          ? static_cast<double>(stats.warp_instructions) / stats.wall_seconds
                          : 0;
  return fmt::format(
      "{}: {} work-group{}, {} warp{}, {} warp-instructions, {} thread-instructions, {:.3f} s, "
      "{:.2f} M warp-instr/s{}",
      kernel, stats.work_groups, stats.work_groups == 1 ? "" : "s", stats.warps,
      stats.warps == 1 ? "" : "s", stats.warp_instructions, stats.thread_instructions,
      stats.wall_seconds, rate / 1e6, timing ? cycles_summary(stats) : "");
}

Result<RunReport> run_kernel_command(const RunOptions& o,
                                     const std::function<void(std::string_view)>& print_sink) {
  auto config = make_config(o);
  if (!config) return config.error();
  if (auto valid = config->validate(); !valid) return valid.error();
  if (auto log = check_log(o, *config); !log) return log.error();
  auto range = make_range(o, config->machine);
  if (!range) return range.error();
  auto window = timing_window(o.timing_work_groups);
  if (!window) return window.error();
  auto program = Program::from_file(o.kernel_file);
  if (!program) return program.error();
  auto kernel = program->kernel(o.kernel);
  if (!kernel) return kernel.error();
  if (o.launch_driver) {
    const debug::DebuggedRun debugged{config->simulation.timing, config->simulation.ref_compat,
                                      !o.log_path.empty(), config->simulation.sanitize != "none"};
    if (auto allowed = debug::check_debuggable(debugged); !allowed) return allowed.error();
  }
  auto device = Device::create(*config);
  if (!device) return device.error();
  (*device)->state().launch_driver = o.launch_driver;
  (*device)->set_progress(o.progress);
  Prepared prepared;
  if (auto added = add_args(**device, *kernel, o.args, prepared); !added) return added.error();
  LaunchOptions launch_options;
  launch_options.log_path = o.log_path;
  launch_options.print_sink = print_sink;
  launch_options.timing_work_groups = *window;
  // A launch that could not start is an input error; one that ran may have faulted.
  auto event = (*device)->launch(*kernel, *range, launch_options);
  if (!event) return event.error();
  RunReport report;
  report.kernel = o.kernel;
  report.timing = config->simulation.timing;
  report.stats = event->stats();
  // The timeline and event log are written as the launch runs: a failed write is lost output.
  if (auto closed = (*device)->close_outputs(); !closed) return closed.error();
  if (event->faulted()) {
    report.fault = event->wait().error().message;
    return report;
  }
  for (const Output& out : prepared.outputs) {
    auto bytes = out.buffer.read_as<uint8_t>(out.buffer.size());
    if (!bytes) return bytes.error();
    if (auto w = write_output(out.path, *bytes, out.elem); !w) return w.error();
  }
  return report;
}

}  // namespace ventus
