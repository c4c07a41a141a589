// ventus.Launch: a launch's counts, statistics, printf output and kept timeline.
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace ventus::python {
namespace {

py::object launch_stats(PyLaunch& l) {
  if (l.stats_dict.is_none() && l.stats.document) l.stats_dict = parse_json(l.stats.stats_json());
  return l.stats_dict;
}

void write_timeline(const PyLaunch& l, const std::string& path, py::object cycles,
                    py::object slots) {
  TimelineWindow window;
  if (!cycles.is_none()) {
    std::tie(window.from, window.to) = cycles.cast<std::pair<uint64_t, uint64_t>>();
  }
  if (!slots.is_none()) window.slots = slots.cast<std::vector<unsigned>>();
  if (!l.event) raise_error("LaunchError", "the launch did not run");
  Status written = ok_status();
  {
    py::gil_scoped_release unlocked;
    written = l.event->write_timeline(path, window);
  }
  if (!written) raise_error("LaunchError", written.error().message);
}

}  // namespace

void bind_launch(py::module_& m) {
  py::class_<PyLaunch>(m, "Launch", "What a launch did: counts, statistics and printf output.")
      .def_property_readonly(
          "cycles",
          [](const PyLaunch& l) { return l.timing ? py::cast(l.stats.cycles) : py::none(); },
          "Cycles on the cycle model (timing=True), else None.")
      .def_property_readonly("warp_instructions",
                             [](const PyLaunch& l) { return l.stats.warp_instructions; })
      .def_property_readonly("thread_instructions",
                             [](const PyLaunch& l) { return l.stats.thread_instructions; })
      .def_property_readonly("work_groups", [](const PyLaunch& l) { return l.stats.work_groups; })
      .def_property_readonly("warps", [](const PyLaunch& l) { return l.stats.warps; })
      .def_property_readonly("wall_seconds", [](const PyLaunch& l) { return l.stats.wall_seconds; })
      .def_property_readonly(
          "ipc",
          [](const PyLaunch& l) -> py::object {
            if (!l.timing || l.stats.cycles == 0) return py::none();
            return py::float_(static_cast<double>(l.stats.warp_instructions) /
                              static_cast<double>(l.stats.cycles));
          },
          "Warp-instructions per cycle (timing=True), else None.")
      .def_property_readonly("stats", &launch_stats,
                             "Every statistic: the launch object of --stats-json (docs/stats.md) "
                             "as a dict.")
      .def_property_readonly(
          "stats_text", [](const PyLaunch& l) { return l.stats.stats_text(); },
          "The statistics as the --stats table.")
      .def_readonly("printf", &PyLaunch::printf_text,
                    "The kernel's printf output, one line per call (as `ventus run` prints it).")
      .def_property_readonly(
          "memcheck", [](const PyLaunch& l) { return l.stats.memcheck; },
          "Accesses outside every buffer (docs/memcheck.md), one line per pc.")
      .def_property_readonly("notes", [](const PyLaunch& l) { return l.stats.notes; })
      .def("write_timeline", &write_timeline, py::arg("path"), py::arg("cycles") = py::none(),
           py::arg("slots") = py::none(),
           "Writes the timeline the launch kept (launch(..., timing=True, keep_timeline=True)) "
           "as a --timeline file (docs/timeline.md): cycles=(from, to) of the launch (to 0: "
           "its end) and the slices of these warp slots only, like timeline_cycles and "
           "timeline_slots.");
}

}  // namespace ventus::python
