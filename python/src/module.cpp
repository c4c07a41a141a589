// The ventus Python module (docs/python.md): machines, programs and reference cases; devices,
// buffers and launches are in device.cpp. Binds the C++ runtime and adds no behaviour.
#include <pybind11/stl.h>

#include <filesystem>
#include <optional>

#include "bindings.hpp"
#include "runtime/case_options.hpp"
#include "runtime/launch_core.hpp"
#include "ventus/opencl.hpp"

namespace ventus::python {

py::object error_class(const char* cls) {
  return py::module_::import("ventus._errors").attr(cls);
}

void raise_error(const char* cls, const std::string& message) {
  PyErr_SetString(error_class(cls).ptr(), message.c_str());
  throw py::error_already_set();
}

py::object parse_json(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

std::string assignment(const std::string& key, py::handle value) {
  if (py::isinstance<py::bool_>(value)) return key + (value.cast<bool>() ? "=true" : "=false");
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    std::string joined;
    for (py::handle item : value)
      joined += (joined.empty() ? "" : ",") + std::string(py::str(item));
    return key + "=" + joined;
  }
  if (py::isinstance<py::str>(value) || py::isinstance<py::int_>(value) ||
      py::isinstance<py::float_>(value)) {
    return key + "=" + std::string(py::str(value));
  }
  throw py::type_error("configuration key '" + key + "': a " +
                       std::string(py::str(value.get_type().attr("__name__"))) +
                       " is no configuration value (bool, int, float, str or a list)");
}

// A GuestFault carrying the fault's parts as attributes (docs/python.md).
[[noreturn]] void raise_guest_fault(const std::string& message, const GuestFaultInfo& info,
                                    const std::vector<std::string>& memcheck, py::object launch) {
  py::object cls = error_class("GuestFault");
  py::object word = info.instruction_word ? py::cast(*info.instruction_word) : py::none();
  py::object fault = cls(
      message, py::arg("kind") = info.kind, py::arg("kernel") = info.kernel,
      py::arg("pc") = info.pc, py::arg("warp") = info.warp, py::arg("work_group") = info.work_group,
      py::arg("work_group_id") =
          py::make_tuple(info.work_group_id[0], info.work_group_id[1], info.work_group_id[2]),
      py::arg("thread_mask") = info.thread_mask, py::arg("instruction_word") = word,
      py::arg("disassembly") = info.disassembly, py::arg("detail") = info.detail,
      py::arg("memcheck") = memcheck, py::arg("launch") = launch);
  PyErr_SetObject(cls.ptr(), fault.ptr());
  throw py::error_already_set();
}

namespace {

// A keyword argument's name as a key: "sm__warp_slots" stands for "sm.warp_slots" (keys with a
// dot can also be given as Machine(**{"sm.warp_slots": 4}) or in the overrides dict).
std::string key_of(std::string name) {
  for (size_t at = name.find("__"); at != std::string::npos; at = name.find("__", at + 1)) {
    name.replace(at, 2, ".");
  }
  return name;
}

std::vector<std::string> assignments(const py::dict& values) {
  std::vector<std::string> out;
  for (auto [key, value] : values) out.push_back(assignment(key_of(py::str(key)), value));
  return out;
}

Machine make_machine(const std::optional<std::string>& path, const std::optional<py::dict>& dict,
                     const py::kwargs& kwargs) {
  Machine m;
  m.path = path.value_or(py::module_::import("ventus").attr("DEFAULT_CONFIG").cast<std::string>());
  if (dict) m.overrides = assignments(*dict);
  for (std::string& a : assignments(kwargs)) m.overrides.push_back(std::move(a));
  auto config = Config::from_command_line(m.path, m.overrides);
  if (!config) raise_error("ConfigError", config.error().message);
  m.config = std::move(config.value());
  return m;
}

Machine with_overrides(const Machine& base, const py::kwargs& kwargs) {
  Machine m = base;
  for (std::string& a : assignments(kwargs)) m.overrides.push_back(std::move(a));
  auto config = Config::from_command_line(m.path, m.overrides);
  if (!config) raise_error("ConfigError", config.error().message);
  m.config = std::move(config.value());
  return m;
}

// [{"name", "type", "value", "default", "unit", "description", ...}] of every parameter, as
// `ventus config --json` lists them.
py::object machine_params(const Machine& m) {
  return parse_json(m.config.to_json())["parameters"];
}

void bind_machine(py::module_& m) {
  py::class_<Machine>(m, "Machine", R"(A machine: a configs/*.toml file and overrides of its keys.

Machine(config=None, overrides=None, **keys): `config` is a TOML machine description
(default: the packaged configs/ventus-rtl-tb.toml); `overrides` a dict of configuration keys
("sm.warp_slots": 4); keyword arguments are keys too, "__" standing for "."
(sm__warp_slots=4). Bad keys or values raise ConfigError with the registry's message.)")
      .def(py::init(&make_machine), py::arg("config") = py::none(),
           py::arg("overrides") = py::none())
      .def("with_overrides", &with_overrides,
           "A copy of this machine with more keys set (keyword arguments as in Machine()).")
      .def_property_readonly("params", &machine_params,
                             "Every configuration key: dicts of name, type, value, default, "
                             "unit, description (and range), as `ventus config --json`.")
      .def_property_readonly(
          "values", [](const Machine& mc) { return parse_json(mc.config.values_json()); },
          "{key: value} of every configuration key.")
      .def_readonly("config_path", &Machine::path, "The TOML file the machine was read from.")
      .def_readonly("overrides", &Machine::overrides, "The \"key=value\" overrides, in order.")
      .def("__repr__", [](const Machine& mc) {
        return "ventus.Machine(" + std::string(py::repr(py::str(mc.path))) + ", " +
               std::string(py::repr(py::cast(mc.overrides))) + ")";
      });
}

Program checked(Result<Program> program) {
  if (!program) raise_error("ProgramError", program.error().message);
  return std::move(program.value());
}

Program program_from_source(const std::string& text, const std::string& lang,
                            const std::string& name) {
  if (lang == "asm") return checked(Program::from_assembly(text, name));
  if (lang == "opencl") return checked(program_from_opencl(text, name));
  throw py::value_error("lang must be \"asm\" or \"opencl\", not \"" + lang + "\"");
}

void bind_program(py::module_& m) {
  py::class_<Kernel>(m, "Kernel", "A kernel of a Program (Program.kernel(name)).")
      .def_property_readonly("name", &Kernel::name)
      .def_property_readonly("entry", &Kernel::entry, "The kernel's address.")
      .def_property_readonly(
          "params",
          [](const Kernel& k) -> py::object {
            if (k.params() == nullptr) return py::none();
            py::list out;
            for (const KernelParam& p : *k.params()) {
              const char* kind = p.kind == KernelParam::Kind::Buffer  ? "buffer"
                                 : p.kind == KernelParam::Kind::Local ? "local"
                                                                      : "value";
              out.append(py::make_tuple(p.name, kind, p.bytes));
            }
            return out;
          },
          "(name, kind, bytes) of each parameter of a kernel compiled from OpenCL C (kind "
          "\"buffer\", \"local\" or \"value\"), which launches are checked against; None "
          "for ELF and assembly kernels.")
      .def("__repr__", [](const Kernel& k) { return "<ventus.Kernel '" + k.name() + "'>"; });
  py::class_<Program>(m, "Program", "A loaded kernel program (ELF, assembly or OpenCL C).")
      .def_static(
          "from_file", [](const std::string& path) { return checked(Program::from_file(path)); },
          py::arg("path"),
          "Loads an ELF, Ventus assembly (.s) or OpenCL C (.cl, compiled as `ventus cc` "
          "does). Errors raise ProgramError naming file and line.")
      .def_static("from_source", &program_from_source, py::arg("text"), py::arg("lang") = "asm",
                  py::arg("name") = "<source>",
                  "Assembles (lang=\"asm\") or compiles (lang=\"opencl\") source text.")
      .def_property_readonly("name", &Program::name)
      .def_property_readonly("kernels", &Program::kernel_names, "The kernels' names, sorted.")
      .def(
          "kernel",
          [](const Program& p, const std::string& name) {
            auto kernel = p.kernel(name);
            if (!kernel) raise_error("ProgramError", kernel.error().message);
            return std::move(kernel.value());
          },
          py::arg("name"), "The kernel of that name; ProgramError if there is none.")
      .def("__repr__", [](const Program& p) { return "<ventus.Program '" + p.name() + "'>"; });
}

py::dict case_launch(const runner::LaunchReport& r) {
  py::dict d;
  d["name"] = r.name;
  d["kernel"] = r.kernel;
  d["warp_instructions"] = r.stats.warp_instructions;
  d["thread_instructions"] = r.stats.thread_instructions;
  d["cycles"] = r.timing ? py::cast(r.timing->cycles) : py::none();
  d["stats"] = parse_json(r.stats_json);
  d["memcheck"] = r.memcheck;
  d["passed"] = r.check ? py::cast(r.check->passed()) : py::none();
  d["difference"] = r.check && r.check->difference ? py::cast(*r.check->difference) : py::none();
  return d;
}

py::list run_case(const std::string& folder,
                  const std::optional<std::vector<std::string>>& launches,
                  std::optional<bool> timing, const std::optional<Machine>& machine, bool check,
                  std::optional<uint64_t> max_instructions) {
  Config config = machine ? machine->config : Config{};
  if (timing) config.simulation.timing = *timing;
  if (auto valid = config.validate(); !valid) raise_error("ConfigError", valid.error().message);
  runner::CaseOptions options = case_options_for(config, max_instructions);
  if (launches) options.launches = *launches;
  options.check = check;
  Result<runner::CaseReport> report = Error{""};
  {
    py::gil_scoped_release unlocked;
    report = runner::run_case(folder, options);
  }
  if (!report) raise_error("CaseError", report.error().message);
  py::list out;
  for (const runner::LaunchReport& r : report->launches) {
    py::dict launch = case_launch(r);
    const std::optional<functional::Fault>& f = r.fault ? r.fault : r.ref_trap;
    if (f)
      raise_guest_fault(f->message(), runtime_detail::guest_fault_info(*f), r.memcheck, launch);
    out.append(launch);
  }
  return out;
}

}  // namespace

}  // namespace ventus::python

namespace vp = ventus::python;

PYBIND11_MODULE(_ventus, m) {
  m.doc() = "The Ventus GPGPU platform's C++ runtime (import ventus; docs/python.md).";
  vp::bind_machine(m);
  vp::bind_program(m);
  vp::bind_device(m);
  m.def("run_case", &vp::run_case, vp::py::arg("folder"), vp::py::arg("launches") = vp::py::none(),
        vp::py::arg("timing") = vp::py::none(), vp::py::arg("machine") = vp::py::none(),
        vp::py::arg("check") = false, vp::py::arg("max_instructions") = vp::py::none(),
        R"(Runs a reference test case (ISA.md §9) as `ventus case` does.

Returns one dict per launch (name, kernel, warp_instructions, thread_instructions, cycles,
stats, memcheck, passed, difference); `check` compares with expected/. A guest fault raises
GuestFault, a case that cannot be loaded CaseError.)");
}
