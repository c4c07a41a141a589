// What the ventus module's translation units share: the machine, errors raised as the
// classes of ventus/_errors.py, JSON text as Python objects.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::python {

namespace py = pybind11;

// ventus.Machine: a configuration file and the overrides applied to it, validated.
struct Machine {
  Config config;
  std::string path;                    // the TOML file, "" = the built-in defaults
  std::vector<std::string> overrides;  // "key=value", in order
};

// Raises ventus.<cls>(message) (the classes are Python's, in ventus/_errors.py, so that they
// have docstrings and attributes like any Python exception).
[[noreturn]] void raise_error(const char* cls, const std::string& message);

// An error class of ventus/_errors.py, to make an instance with attributes before raising it.
py::object error_class(const char* cls);

// Raises ventus.GuestFault with the fault's parts as attributes, the memcheck lines and the
// launch (its statistics up to the fault).
[[noreturn]] void raise_guest_fault(const std::string& message, const GuestFaultInfo& info,
                                    const std::vector<std::string>& memcheck, py::object launch);

// JSON text as dicts, lists and numbers (Python's json module: one parser for every document).
py::object parse_json(const std::string& text);

// "key=value" of a Python value: bool as true/false, a list as "a,b" (run.timeline_slots).
std::string assignment(const std::string& key, py::handle value);

// ventus.Launch: what a launch did, and the timeline it kept (keep_timeline=True).
struct PyLaunch {
  LaunchStats stats;
  std::string printf_text;
  bool timing = false;
  bool keep_timeline = false;
  std::optional<Event> event;
  py::object stats_dict = py::none();
};

void bind_launch(py::module_& m);
void bind_device(py::module_& m);

}  // namespace ventus::python
