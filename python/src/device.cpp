// ventus.Device, Buffer and Launch: NumPy arrays in device memory and launches with the GIL
// released (docs/python.md). Each launch option is a configuration key; a launch whose keys
// differ from the previous one's runs on a device of that configuration, to which the live
// buffers are copied (the runtime's devices are configured once, at creation).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <variant>

#include "bindings.hpp"
#include "runtime/run_command.hpp"

namespace ventus::python {
namespace {

// A buffer's place on the current device: moved when the device is replaced.
struct BufferSlot {
  std::optional<Buffer> handle;
};

// What a Device and its Buffers share. `mutex` guards everything below it: launches run with
// the GIL released, so Python threads may use one device at once.
struct DeviceCore {
  Machine machine;
  std::mutex mutex;
  std::unique_ptr<Device> device;
  std::vector<std::string> variant;  // the launch keys `device` was made with
  std::vector<std::weak_ptr<BufferSlot>> slots;
};

[[noreturn]] void raise_status(const char* cls, const Error& error) {
  raise_error(cls, error.message);
}

class PyBuffer {
 public:
  PyBuffer(std::shared_ptr<DeviceCore> core, std::shared_ptr<BufferSlot> slot,
           std::vector<py::ssize_t> shape, py::dtype dtype)
      : core_(std::move(core)),
        slot_(std::move(slot)),
        shape_(std::move(shape)),
        dtype_(py::str(dtype.attr("str"))) {}
  PyBuffer(const PyBuffer&) = delete;
  PyBuffer& operator=(const PyBuffer&) = delete;
  ~PyBuffer() {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(core_->mutex);
    if (slot_->handle) (void)core_->device->free(*slot_->handle);
  }

  size_t nbytes() const { return slot_->handle->size(); }
  py::dtype dtype() const { return py::dtype(dtype_); }
  const std::vector<py::ssize_t>& shape() const { return shape_; }
  uint32_t address() const { return slot_->handle->address(); }
  const DeviceCore* core() const { return core_.get(); }
  const std::shared_ptr<BufferSlot>& slot() const { return slot_; }

  py::array numpy() const {
    py::array out(dtype(), shape_);
    auto* data = static_cast<std::byte*>(out.mutable_data());
    Status read = ok_status();
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(core_->mutex);
      read = slot_->handle->read({data, nbytes()});
    }
    if (!read) raise_status("Error", read.error());
    return out;
  }

  void write(const py::array& values) const {
    py::array data = py::module_::import("numpy").attr("ascontiguousarray")(values, dtype());
    if (static_cast<size_t>(data.nbytes()) != nbytes()) {
      throw py::value_error("the array has " + std::to_string(data.nbytes()) +
                            " bytes, the buffer " + std::to_string(nbytes()));
    }
    const auto* bytes = static_cast<const std::byte*>(data.data());
    Status written = ok_status();
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(core_->mutex);
      written = slot_->handle->write(std::span<const std::byte>(bytes, nbytes()));
    }
    if (!written) raise_status("Error", written.error());
  }

 private:
  std::shared_ptr<DeviceCore> core_;
  std::shared_ptr<BufferSlot> slot_;
  std::vector<py::ssize_t> shape_;
  std::string dtype_;  // numpy's dtype.str, e.g. "<f4"
};

struct LocalArg {
  uint32_t bytes;
};

// One launch's results; `stats` is parsed from the runtime's JSON when first read.
// A launch option, the keys of run.* it stands for, and its value when it was given.
std::vector<std::string> launch_keys(const py::dict& options) {
  std::vector<std::string> keys;
  for (auto [key, value] : options) {
    if (!value.is_none()) keys.push_back(assignment(py::str(key), value));
  }
  return keys;
}

// The device configuration of a launch: the machine's, then the launch keys, with the
// instruction limit `ventus run` would use.
Result<Config> launch_config(const Machine& machine, const std::vector<std::string>& keys,
                             std::optional<uint64_t> max_instructions) {
  Config config = machine.config;
  for (const std::string& key : keys) {
    if (auto set = config.set(key); !set) return set.error();
  }
  if (auto valid = config.validate(); !valid) return valid.error();
  config.simulation.max_warp_instructions = effective_instruction_limit(
      max_instructions, config.simulation.max_warp_instructions, config.simulation.timing);
  return config;
}

// What identifies a launch's device configuration: its keys and its instruction limit.
std::vector<std::string> variant_of(std::vector<std::string> keys,
                                    std::optional<uint64_t> max_instructions) {
  keys.push_back(max_instructions ? std::to_string(*max_instructions) : "default limit");
  return keys;
}

// Replaces the core's device by one of the launch's configuration, copying every live
// buffer to it.
Status switch_device(DeviceCore& core, const std::vector<std::string>& keys,
                     std::optional<uint64_t> max_instructions) {
  auto config = launch_config(core.machine, keys, max_instructions);
  if (!config) return config.error();
  auto device = Device::create(*config);
  if (!device) return device.error();
  std::vector<std::pair<std::shared_ptr<BufferSlot>, Buffer>> moved;
  for (const std::weak_ptr<BufferSlot>& weak : core.slots) {
    std::shared_ptr<BufferSlot> slot = weak.lock();
    if (!slot || !slot->handle) continue;
    auto bytes = slot->handle->read_as<std::byte>(slot->handle->size());
    if (!bytes) return bytes.error();
    auto copy = (*device)->allocate(slot->handle->size());
    if (!copy) return copy.error();
    if (auto w = copy->write(std::span<const std::byte>(*bytes)); !w) return w.error();
    moved.emplace_back(std::move(slot), *copy);
  }
  core.device = std::move(device.value());
  core.slots.clear();
  for (auto& [slot, buffer] : moved) {
    slot->handle = buffer;
    core.slots.push_back(slot);
  }
  core.variant = variant_of(keys, max_instructions);
  return ok_status();
}

using Arg = std::variant<std::shared_ptr<BufferSlot>, std::vector<std::byte>, LocalArg>;

std::string type_name(py::handle value) {
  return py::str(value.get_type().attr("__name__"));
}

std::vector<std::byte> bytes_of(const py::bytes& raw) {
  const std::string text = raw;
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

// A Python int as a 32-bit argument: int32 when negative, uint32 otherwise.
std::vector<std::byte> int_arg(py::handle value, size_t index) {
  const auto number = value.cast<py::int_>();
  long long v = 0;
  try {
    v = number.cast<long long>();
  } catch (const py::cast_error&) {
    v = INT64_MAX;
  }
  if (v < INT32_MIN || v > static_cast<long long>(UINT32_MAX)) {
    throw py::value_error("argument " + std::to_string(index) + ": " + std::string(py::str(value)) +
                          " does not fit 32 bits; pass numpy.int64 or numpy.uint64 for a 64-bit "
                          "argument");
  }
  const uint32_t word = static_cast<uint32_t>(v);
  std::vector<std::byte> out(4);
  std::memcpy(out.data(), &word, 4);
  return out;
}

Arg convert_arg(py::handle value, const DeviceCore& core, size_t index) {
  const std::string where = "argument " + std::to_string(index) + ": ";
  if (py::isinstance<PyBuffer>(value)) {
    const auto& buffer = value.cast<const PyBuffer&>();
    if (buffer.core() != &core) throw py::value_error(where + "the buffer is another device's");
    return buffer.slot();
  }
  if (py::isinstance<LocalArg>(value)) return value.cast<LocalArg>();
  if (py::isinstance<py::bool_>(value)) {
    throw py::type_error(where + "a bool is ambiguous; pass numpy.uint32(0 or 1)");
  }
  if (py::isinstance<py::int_>(value)) return int_arg(value, index);
  if (py::isinstance<py::float_>(value)) {
    const float f = value.cast<float>();
    std::vector<std::byte> out(4);
    std::memcpy(out.data(), &f, 4);
    return out;
  }
  if (py::isinstance<py::bytes>(value)) return bytes_of(value.cast<py::bytes>());
  py::module_ numpy = py::module_::import("numpy");
  if (py::isinstance(value, numpy.attr("ndarray"))) {
    throw py::type_error(where + "a numpy array; pass dev.buffer(array) for a __global pointer");
  }
  if (py::isinstance(value, numpy.attr("generic"))) {
    return bytes_of(value.attr("tobytes")().cast<py::bytes>());
  }
  throw py::type_error(where + "a " + type_name(value) +
                       " is no kernel argument (Buffer, Local, int, float, numpy scalar, bytes)");
}

// An ND-range size: an int or a sequence of 1 to 3 ints, each in 1..2^32-1.
std::array<uint32_t, 3> sizes(py::handle value, const char* what, unsigned* dims) {
  std::vector<py::handle> items;
  if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
    items.push_back(value);
  } else if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
    for (py::handle item : value) items.push_back(item);
  } else {
    throw py::type_error(std::string(what) + " must be an int or a tuple of 1 to 3 ints, not " +
                         type_name(value));
  }
  if (items.empty() || items.size() > 3) {
    throw py::value_error(std::string(what) + " must have 1, 2 or 3 dimensions");
  }
  std::array<uint32_t, 3> out{1, 1, 1};
  for (size_t d = 0; d < items.size(); ++d) {
    if (!py::isinstance<py::int_>(items[d]) || py::isinstance<py::bool_>(items[d])) {
      throw py::type_error(std::string(what) + " sizes must be ints, not " + type_name(items[d]));
    }
    const long long v = items[d].cast<py::int_>().cast<long long>();
    if (v < 1 || v > static_cast<long long>(UINT32_MAX)) {
      throw py::value_error(std::string(what) + " size " + std::to_string(v) + " is not in 1.." +
                            std::to_string(UINT32_MAX));
    }
    out[d] = static_cast<uint32_t>(v);
  }
  *dims = static_cast<unsigned>(items.size());
  return out;
}

class PyDevice {
 public:
  explicit PyDevice(const Machine& machine) : core_(std::make_shared<DeviceCore>()) {
    core_->machine = machine;
    if (auto made = switch_device(*core_, {}, std::nullopt); !made) {
      raise_status("ConfigError", made.error());
    }
  }

  const Machine& machine() const { return core_->machine; }

  std::unique_ptr<PyBuffer> buffer(const py::handle& values) {
    py::array data = py::module_::import("numpy").attr("ascontiguousarray")(values);
    if (data.dtype().kind() == 'O') throw py::type_error("an array of objects has no bytes");
    auto made = allocate(data.nbytes(), shape_of(data), data.dtype());
    made->write(data);
    return made;
  }

  std::unique_ptr<PyBuffer> empty(const py::handle& shape, const py::handle& dtype_like) {
    const py::dtype dtype = py::dtype::from_args(py::reinterpret_borrow<py::object>(dtype_like));
    py::array probe(dtype, py::module_::import("numpy")
                               .attr("empty")(shape, dtype)
                               .attr("shape")
                               .cast<std::vector<py::ssize_t>>());
    return allocate(probe.nbytes(), shape_of(probe), dtype);
  }

  std::unique_ptr<PyLaunch> launch(const Kernel& kernel, py::handle global, py::handle local,
                                   const py::sequence& args, const py::dict& keys,
                                   std::optional<uint64_t> max_instructions, bool keep_timeline);

  size_t live_buffers() const { return core_->device->live_buffers(); }

 private:
  static std::vector<py::ssize_t> shape_of(const py::array& a) {
    return {a.shape(), a.shape() + a.ndim()};
  }

  std::unique_ptr<PyBuffer> allocate(py::ssize_t bytes, std::vector<py::ssize_t> shape,
                                     const py::dtype& dtype) {
    if (bytes <= 0) throw py::value_error("cannot allocate an empty buffer");
    auto slot = std::make_shared<BufferSlot>();
    {
      std::lock_guard lock(core_->mutex);
      auto buffer = core_->device->allocate(static_cast<size_t>(bytes));
      if (!buffer) raise_status("Error", buffer.error());
      slot->handle = *buffer;
      std::erase_if(core_->slots, [](const auto& weak) { return weak.expired(); });
      core_->slots.push_back(slot);
    }
    return std::make_unique<PyBuffer>(core_, slot, std::move(shape), dtype);
  }

  std::shared_ptr<DeviceCore> core_;
};

// Sets the kernel's arguments from their converted forms (under the device's lock: buffer
// handles are those of the current device).
void set_args(Kernel& kernel, const std::vector<Arg>& args) {
  kernel.clear_args();
  for (const Arg& a : args) {
    if (const auto* slot = std::get_if<std::shared_ptr<BufferSlot>>(&a)) {
      kernel.arg(*(*slot)->handle);
    } else if (const auto* bytes = std::get_if<std::vector<std::byte>>(&a)) {
      kernel.arg_bytes(*bytes);
    } else {
      kernel.arg_local(std::get<LocalArg>(a).bytes);
    }
  }
}

// The ND-range: `local` None is the largest work-group that fits (as `ventus run` chooses).
NDRange nd_range(py::handle global, py::handle local, std::optional<unsigned>* local_dims) {
  NDRange range;
  range.global = sizes(global, "global_size", &range.work_dim);
  if (!local.is_none()) {
    unsigned dims = 0;
    range.local = sizes(local, "local_size", &dims);
    if (dims != range.work_dim) {
      throw py::value_error("local_size must have as many dimensions as global_size");
    }
    *local_dims = dims;
  }
  return range;
}

// What a launch that could not start failed on: its configuration keys or the launch itself.
struct LaunchFailure {
  Error error;
  bool config = false;
};

// Runs the launch on the device of its configuration (made when the keys changed), under the
// device's lock and without the GIL.
std::variant<Event, LaunchFailure> run_launch(DeviceCore& core, Kernel& kernel, NDRange range,
                                              bool default_local_size, const std::vector<Arg>& args,
                                              const std::vector<std::string>& keys,
                                              std::optional<uint64_t> max_instructions,
                                              PyLaunch& result) {
  py::gil_scoped_release unlocked;
  std::lock_guard lock(core.mutex);
  if (variant_of(keys, max_instructions) != core.variant) {
    if (auto moved = switch_device(core, keys, max_instructions); !moved) {
      return LaunchFailure{moved.error(), true};
    }
  }
  result.timing = core.device->simulation().timing;
  if (default_local_size) range.local = default_local(range.global, core.device->config());
  set_args(kernel, args);
  LaunchOptions options;
  options.record_timeline = result.timing && result.keep_timeline;
  options.print_sink = [&](std::string_view line) {
    result.printf_text.append(line).push_back('\n');
  };
  auto event = core.device->launch(kernel, range, options);
  if (!event) return LaunchFailure{event.error()};
  // The timeline and event log are complete only when closed (docs/timeline.md).
  if (!core.device->simulation().timeline.empty()) {
    if (auto closed = core.device->close_outputs(); !closed) return LaunchFailure{closed.error()};
  }
  return std::move(event.value());
}

std::unique_ptr<PyLaunch> PyDevice::launch(const Kernel& kernel, py::handle global,
                                           py::handle local, const py::sequence& args,
                                           const py::dict& keys,
                                           std::optional<uint64_t> max_instructions,
                                           bool keep_timeline) {
  std::optional<unsigned> local_dims;
  const NDRange range = nd_range(global, local, &local_dims);
  std::vector<Arg> converted;
  for (size_t i = 0; i < args.size(); ++i) converted.push_back(convert_arg(args[i], *core_, i));
  auto result = std::make_unique<PyLaunch>();
  result->keep_timeline = keep_timeline;
  Kernel bound = kernel;
  auto ran = run_launch(*core_, bound, range, !local_dims, converted, launch_keys(keys),
                        max_instructions, *result);
  if (auto* failed = std::get_if<LaunchFailure>(&ran)) {
    raise_status(failed->config ? "ConfigError" : "LaunchError", failed->error);
  }
  const Event* event = &std::get<Event>(ran);
  result->stats = event->stats();
  result->event = *event;
  if (event->faulted()) {
    const std::string message = event->wait().error().message;
    std::vector<std::string> memcheck = result->stats.memcheck;
    raise_guest_fault(message, *event->fault_info(), memcheck, py::cast(std::move(result)));
  }
  return result;
}

void bind_buffer(py::module_& m) {
  py::class_<PyBuffer>(m, "Buffer",
                       "Device memory holding an array (Device.buffer / Device.empty).")
      .def("numpy", &PyBuffer::numpy, "A new array with the buffer's contents.")
      .def("write", &PyBuffer::write, py::arg("array"),
           "Copies an array of the buffer's size into it (converted to its dtype).")
      .def_property_readonly("nbytes", &PyBuffer::nbytes)
      .def_property_readonly("shape",
                             [](const PyBuffer& b) { return py::tuple(py::cast(b.shape())); })
      .def_property_readonly("dtype", &PyBuffer::dtype)
      .def_property_readonly("address", &PyBuffer::address,
                             "The device address (it may change when a launch's options make a "
                             "new device).");
  py::class_<LocalArg>(m, "Local", "A __local argument of `nbytes` bytes: Local(256).")
      .def(py::init([](uint32_t bytes) {
             if (bytes == 0) throw py::value_error("a __local argument needs at least 1 byte");
             return LocalArg{bytes};
           }),
           py::arg("nbytes"))
      .def_readonly("nbytes", &LocalArg::bytes);
}

}  // namespace

void bind_device(py::module_& m) {
  bind_buffer(m);
  bind_launch(m);
  py::class_<PyDevice>(m, "Device", "A simulated GPU of a Machine, with its memory.")
      .def(py::init<const Machine&>(), py::arg("machine"))
      .def_property_readonly("machine", &PyDevice::machine)
      .def("buffer", &PyDevice::buffer, py::arg("array"),
           "A device buffer holding a copy of the array (any numeric dtype, any shape).")
      .def("empty", &PyDevice::empty, py::arg("shape"), py::arg("dtype") = "float32",
           "A device buffer for an array of that shape and dtype (its bytes read as zero).")
      .def_property_readonly("live_buffers", &PyDevice::live_buffers)
      .def(
          "launch",
          [](PyDevice& d, const Kernel& kernel, py::handle global, py::handle local,
             const py::sequence& args, py::object timing, py::object host_threads,
             py::object memcheck, py::object sanitize, py::object max_instructions,
             py::object timeline, py::object timeline_cycles, py::object timeline_slots,
             bool keep_timeline, std::optional<py::dict> overrides) {
            py::dict keys = overrides ? *overrides : py::dict();
            keys["run.timing"] = timing;
            keys["run.host_threads"] = host_threads;
            keys["run.memcheck"] = memcheck;
            keys["run.sanitize"] = sanitize;
            keys["run.timeline"] = timeline;
            keys["run.timeline_slots"] = timeline_slots;
            if (!timeline_cycles.is_none()) {
              auto [from, to] = timeline_cycles.cast<std::pair<uint64_t, uint64_t>>();
              keys["run.timeline_from"] = from;
              keys["run.timeline_to"] = to;
            }
            std::optional<uint64_t> limit;
            if (!max_instructions.is_none()) limit = max_instructions.cast<uint64_t>();
            return d.launch(kernel, global, local, args, keys, limit, keep_timeline);
          },
          py::arg("kernel"), py::arg("global_size"), py::arg("local_size") = py::none(),
          py::arg("args") = py::tuple(), py::kw_only(), py::arg("timing") = py::none(),
          py::arg("host_threads") = py::none(), py::arg("memcheck") = py::none(),
          py::arg("sanitize") = py::none(), py::arg("max_instructions") = py::none(),
          py::arg("timeline") = py::none(), py::arg("timeline_cycles") = py::none(),
          py::arg("timeline_slots") = py::none(), py::arg("keep_timeline") = false,
          py::arg("overrides") = py::none(),
          R"(Runs a kernel over an ND-range and returns a Launch.

global_size, local_size: an int or a tuple of 1-3 ints (local_size=None: the largest that fits
the device, as `ventus run` chooses). args: Buffer (a __global pointer), Local(nbytes), int
(32 bits), float (float32), a numpy scalar (its own size) or bytes, in the kernel's order.
The keyword options set run.* keys for this launch (None: the machine's): timing,
host_threads, memcheck, sanitize, max_instructions (None: `ventus run`'s default limit,
0: none), timeline (a Trace Event file), timeline_cycles=(from, to), timeline_slots, and
overrides, a dict of any other keys. keep_timeline=True keeps a timed launch's timeline in
memory (about 150 bytes per slice) for Launch.write_timeline. The GIL is released while the kernel runs. A guest fault
raises GuestFault; a launch that cannot start raises LaunchError, bad options ConfigError.)");
}

}  // namespace ventus::python
