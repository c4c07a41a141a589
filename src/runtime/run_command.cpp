// run_kernel_command: parses `ventus run` argument specs, moves files to and from buffers.
#include "runtime/run_command.hpp"
#include "runtime/device_state.hpp"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace ventus {
namespace {

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    parts.emplace_back(text.substr(start, at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

template <typename T>
std::optional<T> parse_int(std::string_view s) {
  int base = 10;
  bool negative = false;
  if (!s.empty() && s.front() == '-') {
    negative = true;
    s.remove_prefix(1);
  }
  if (s.starts_with("0x") || s.starts_with("0X")) {
    base = 16;
    s.remove_prefix(2);
  }
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  if constexpr (std::is_signed_v<T>) {
    const auto limit = static_cast<uint64_t>(std::numeric_limits<T>::max()) + (negative ? 1 : 0);
    if (v > limit) return std::nullopt;
    return negative ? static_cast<T>(-static_cast<int64_t>(v)) : static_cast<T>(v);
  } else {
    if (negative || v > std::numeric_limits<T>::max()) return std::nullopt;
    return static_cast<T>(v);
  }
}

std::optional<double> parse_float(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

// Element type of a text file; raw files are bytes.
enum class Elem : uint8_t { U32, I32, F32, Hex };

std::optional<Elem> parse_elem(std::string_view s) {
  if (s == "u32") return Elem::U32;
  if (s == "i32") return Elem::I32;
  if (s == "f32") return Elem::F32;
  if (s == "hex") return Elem::Hex;
  return std::nullopt;
}

bool is_text_file(const std::string& path) {
  return path.ends_with(".txt");
}

// A text file: one number per line (decimal, 0x hex, or a float), blank lines and '#' ignored.
Result<std::vector<uint8_t>> read_text(const std::string& path, Elem elem, std::istream& in) {
  std::vector<uint8_t> bytes;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string w;
    if (!(words >> w)) continue;
    uint32_t word = 0;
    const auto as_int = parse_int<int64_t>(w);
    const bool want_float = elem == Elem::F32 || (!as_int && elem != Elem::Hex);
    if (want_float) {
      const auto f = parse_float(w);
      if (!f) return Error{fmt::format("{}:{}: '{}' is not a number", path, n, w)};
      word = std::bit_cast<uint32_t>(static_cast<float>(*f));
    } else if (elem == Elem::Hex) {
      const auto h = parse_int<uint32_t>(w.starts_with("0x") ? w : "0x" + w);
      if (!h) return Error{fmt::format("{}:{}: '{}' is not a 32-bit hex word", path, n, w)};
      word = *h;
    } else {
      if (!as_int || *as_int < INT32_MIN || *as_int > int64_t{UINT32_MAX}) {
        return Error{fmt::format("{}:{}: '{}' does not fit 32 bits", path, n, w)};
      }
      word = static_cast<uint32_t>(*as_int);
    }
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(word >> (8 * b)));
  }
  return bytes;
}

Result<std::vector<uint8_t>> read_input(const std::string& path, Elem elem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{fmt::format("cannot open input file '{}'", path)};
  if (is_text_file(path)) return read_text(path, elem, in);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

std::string format_text(const std::vector<uint8_t>& bytes, Elem elem) {
  std::string out;
  for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
    uint32_t w = 0;
    std::memcpy(&w, bytes.data() + i, 4);
    switch (elem) {
      case Elem::I32:
        out += fmt::format("{}\n", std::bit_cast<int32_t>(w));
        break;
      case Elem::F32:
        out += fmt::format("{}\n", std::bit_cast<float>(w));
        break;
      case Elem::Hex:
        out += fmt::format("{:08x}\n", w);
        break;
      case Elem::U32:
        out += fmt::format("{}\n", w);
        break;
    }
  }
  return out;
}

Status write_output(const std::string& path, const std::vector<uint8_t>& bytes, Elem elem) {
  std::ofstream out(path, std::ios::binary);
  if (is_text_file(path)) {
    out << format_text(bytes, elem);
  } else {
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  if (!out) return Error{fmt::format("cannot write output file '{}'", path)};
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

Status add_buffer_arg(Device& device, Kernel& kernel, const std::vector<std::string>& f,
                      Prepared& prepared) {
  // buf:in:FILE[:TYPE]  buf:inout:FILE[:TYPE]  buf:out:FILE:SIZE[:TYPE]
  if (f.size() < 3) return Error{"expected buf:in:FILE, buf:inout:FILE or buf:out:FILE:SIZE"};
  const std::string& mode = f[1];
  const std::string& path = f[2];
  const bool out = mode == "out";
  if (mode != "in" && mode != "inout" && !out) {
    return Error{fmt::format("unknown buffer direction '{}' (in, out, inout)", mode)};
  }
  const size_t type_at = out ? 4 : 3;
  if (f.size() > type_at + 1 || (out && f.size() < 4)) {
    return Error{out ? "expected buf:out:FILE:SIZE[:TYPE]" : "expected buf:in|inout:FILE[:TYPE]"};
  }
  Elem elem = Elem::U32;
  if (f.size() == type_at + 1) {
    auto e = parse_elem(f[type_at]);
    if (!e) return Error{fmt::format("unknown element type '{}' (u32, i32, f32, hex)", f[type_at])};
    elem = *e;
  }
  std::vector<uint8_t> data;
  size_t size = 0;
  if (out) {
    const auto s = parse_int<uint32_t>(f[3]);
    if (!s || *s == 0) return Error{fmt::format("'{}' is not a buffer size in bytes (>= 1)", f[3])};
    size = *s;
  } else {
    auto read = read_input(path, elem);
    if (!read) return read.error();
    if (read->empty()) return Error{fmt::format("input file '{}' is empty", path)};
    data = std::move(read.value());
    size = data.size();
  }
  auto buffer = device.allocate(size);
  if (!buffer) return buffer.error();
  if (!data.empty()) {
    if (auto w = buffer->write(std::as_bytes(std::span<const uint8_t>(data))); !w) return w;
  } else if (auto z = buffer->fill(0); !z) {
    return z;
  }
  kernel.arg(*buffer);
  if (mode != "in") prepared.outputs.push_back({*buffer, path, elem});
  return ok_status();
}

template <typename T>
Status add_value(Kernel& kernel, std::optional<T> value, const std::string& text) {
  if (!value) return Error{fmt::format("'{}' is not a valid value", text)};
  kernel.arg(*value);
  return ok_status();
}

Status add_arg(Device& device, Kernel& kernel, const std::string& spec, Prepared& prepared) {
  const auto f = split(spec, ':');
  const std::string& kind = f[0];
  if (kind == "buf") return add_buffer_arg(device, kernel, f, prepared);
  if (f.size() != 2) return Error{"expected KIND:VALUE"};
  const std::string& v = f[1];
  if (kind == "u32") return add_value(kernel, parse_int<uint32_t>(v), v);
  if (kind == "i32") return add_value(kernel, parse_int<int32_t>(v), v);
  if (kind == "u64") return add_value(kernel, parse_int<uint64_t>(v), v);
  if (kind == "i64") return add_value(kernel, parse_int<int64_t>(v), v);
  if (kind == "f32") {
    const auto d = parse_float(v);
    return add_value(kernel, d ? std::optional<float>(static_cast<float>(*d)) : std::nullopt, v);
  }
  if (kind == "local") {
    const auto bytes = parse_int<uint32_t>(v);
    if (!bytes || *bytes == 0) return Error{fmt::format("'{}' is not a local size in bytes", v)};
    kernel.arg_local(*bytes);
    return ok_status();
  }
  return Error{
      fmt::format("unknown argument kind '{}' (buf, u32, i32, u64, i64, f32, local)", kind)};
}

Result<std::array<uint32_t, 3>> parse_dims(const std::string& text, const char* what,
                                           unsigned* dim) {
  const auto parts = split(text, ',');
  std::array<uint32_t, 3> dims{1, 1, 1};
  if (parts.size() > 3)
    return Error{fmt::format("--{} '{}' has more than 3 dimensions", what, text)};
  for (size_t i = 0; i < parts.size(); ++i) {
    const auto v = parse_int<uint32_t>(parts[i]);
    if (!v || *v == 0)
      return Error{fmt::format("--{} '{}': '{}' is not a size >= 1", what, text, parts[i])};
    dims[i] = *v;
  }
  *dim = static_cast<unsigned>(parts.size());
  return dims;
}

// Without --local: per dimension the largest divisor of the global size that keeps the
// work-group within the device (warp slots x threads per warp).
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

Result<Config> make_config(const RunOptions& o) {
  auto loaded = Config::from_command_line(o.config_path, o.overrides);
  if (!loaded) return loaded.error();
  Config config = std::move(loaded.value());
  if (o.ref_compat) config.simulation.ref_compat = true;
  if (o.max_instructions) config.simulation.max_warp_instructions = *o.max_instructions;
  return config;
}

}  // namespace

std::string RunReport::summary() const {
  const double rate = stats.wall_seconds > 0
                          ? static_cast<double>(stats.warp_instructions) / stats.wall_seconds
                          : 0;
  return fmt::format(
      "{}: {} work-group{}, {} warp{}, {} warp-instructions, {} thread-instructions, {:.3f} s, "
      "{:.2f} M warp-instr/s{}",
      kernel, stats.work_groups, stats.work_groups == 1 ? "" : "s", stats.warps,
      stats.warps == 1 ? "" : "s", stats.warp_instructions, stats.thread_instructions,
      stats.wall_seconds, rate / 1e6,
      timing ? fmt::format(", {} cycles, IPC {:.3f}", stats.cycles,
                           stats.cycles == 0 ? 0.0
                                             : static_cast<double>(stats.warp_instructions) /
                                                   static_cast<double>(stats.cycles))
             : "");
}

Result<RunReport> run_kernel_command(const RunOptions& o,
                                     const std::function<void(std::string_view)>& print_sink) {
  auto config = make_config(o);
  if (!config) return config.error();
  if (auto valid = config->validate(); !valid) return valid.error();
  if (config->simulation.timing && !o.log_path.empty()) {
    return Error{"--log and run.timing exclude each other: the cycle model writes no commit log"};
  }
  NDRange range;
  auto global = parse_dims(o.global, "global", &range.work_dim);
  if (!global) return global.error();
  range.global = *global;
  if (o.local.empty()) {
    range.local = default_local(range.global, config->machine);
  } else {
    unsigned local_dim = 0;
    auto local = parse_dims(o.local, "local", &local_dim);
    if (!local) return local.error();
    if (local_dim != range.work_dim)
      return Error{"--local must have as many dimensions as --global"};
    range.local = *local;
  }
  auto program = Program::from_file(o.kernel_file);
  if (!program) return program.error();
  auto kernel = program->kernel(o.kernel);
  if (!kernel) return kernel.error();
  auto device = Device::create(*config);
  if (!device) return device.error();
  Prepared prepared;
  for (size_t i = 0; i < o.args.size(); ++i) {
    if (auto s = add_arg(**device, *kernel, o.args[i], prepared); !s) {
      return Error{fmt::format("--arg {} '{}': {}", i + 1, o.args[i], s.error().message)};
    }
  }
  LaunchOptions launch_options;
  launch_options.log_path = o.log_path;
  launch_options.print_sink = print_sink;
  auto event = (*device)->launch(*kernel, range, launch_options);
  if (!event) return event.error();
  auto stats = event->wait();
  RunReport report;
  report.kernel = o.kernel;
  report.timing = config->simulation.timing;
  if (!stats) {  // the statistics of the faulting launch are still there
    report.fault = stats.error().message;
    report.stats.stats_text = (*device)->state().last_stats_text;
    report.stats.stats_json = (*device)->state().last_stats_json;
    return report;
  }
  for (const Output& out : prepared.outputs) {
    auto bytes = out.buffer.read_as<uint8_t>(out.buffer.size());
    if (!bytes) return bytes.error();
    if (auto w = write_output(out.path, *bytes, out.elem); !w) return w.error();
  }
  report.stats = std::move(stats.value());
  return report;
}

}  // namespace ventus
