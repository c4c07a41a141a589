// The vt_* functions beyond buffers and launches: finished-kernel queues (the driver's C++
// std::queue form and a C form), the perf context, vt_dump_perf and this library's
// extensions (vt_last_error, launch statistics).
#include <cstdio>
#include <cstring>

#include "runtime/vt_device.hpp"
#include "ventus.h"

namespace {

using ventus::vt::fail;
using ventus::vt::from_handle;
using ventus::vt::VtDevice;

int print_launch_line(FILE* stream, const char* what, const ventus::LaunchStats& s) {
  return std::fprintf(stream,
                      "%s: work-groups %llu, warps %llu, warp-instructions %llu, "
                      "thread-instructions %llu, %.6f s\n",
                      what, static_cast<unsigned long long>(s.work_groups),
                      static_cast<unsigned long long>(s.warps),
                      static_cast<unsigned long long>(s.warp_instructions),
                      static_cast<unsigned long long>(s.thread_instructions), s.wall_seconds);
}

double ipc(uint64_t instructions, uint64_t cycles) {
  return static_cast<double>(instructions) / static_cast<double>(cycles);
}

}  // namespace

extern "C" {

int vt_finish_all_kernel(vt_device_h hdevice, vt_finished_kernel_queue* finished_kernel_list) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (finished_kernel_list == nullptr) return fail(d, "vt_finish_all_kernel: list is NULL");
  for (int id : d->finished) finished_kernel_list->push(id);
  d->finished.clear();
  return 0;
}

int vt_finished_kernels(vt_device_h hdevice, int* ids, size_t capacity, size_t* count) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (count == nullptr || (ids == nullptr && capacity != 0)) {
    return fail(d, "vt_finished_kernels: ids or count is NULL");
  }
  size_t n = 0;
  for (; n < capacity && !d->finished.empty(); ++n) {
    ids[n] = d->finished.front();
    d->finished.pop_front();
  }
  *count = n;
  return 0;
}

int vt_set_perf_context(vt_device_h hdevice, const vt_perf_context_t* context) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (context == nullptr) return fail(d, "vt_set_perf_context: context is NULL");
  vt_perf_context_t copy = *context;
  // Strings the caller filled to the brim still end inside their arrays.
  copy.kernel_name[VT_PERF_CONTEXT_STRING_CAPACITY - 1] = '\0';
  copy.scope_id[VT_PERF_CONTEXT_STRING_CAPACITY - 1] = '\0';
  copy.parent_event_id[VT_PERF_CONTEXT_STRING_CAPACITY - 1] = '\0';
  d->perf_context = copy;
  return 0;
}

int vt_clear_perf_context(vt_device_h hdevice) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  d->perf_context.reset();
  return 0;
}

// The last launch's counters, then (after two or more) the device's totals; cycles and IPC
// only for launches on the cycle model.
int vt_dump_perf(vt_device_h device, FILE* stream) {
  VtDevice* d = from_handle(device);
  if (d == nullptr || stream == nullptr) return -1;
  const auto& s = d->last_stats;
  if (print_launch_line(stream, "last launch", s) < 0) return -1;
  if (s.cycles != 0 &&
      std::fprintf(stream, "cycles %llu, IPC %.3f\n", static_cast<unsigned long long>(s.cycles),
                   ipc(s.warp_instructions, s.cycles)) < 0) {
    return -1;
  }
  if (d->launches < 2) return 0;
  if (std::fprintf(stream, "%llu launches: warp-instructions %llu, %.6f s\n",
                   static_cast<unsigned long long>(d->launches),
                   static_cast<unsigned long long>(d->total_warp_instructions),
                   d->total_seconds) < 0) {
    return -1;
  }
  if (d->total_cycles == 0) return 0;
  return std::fprintf(stream, "total cycles %llu, IPC %.3f\n",
                      static_cast<unsigned long long>(d->total_cycles),
                      ipc(d->total_warp_instructions, d->total_cycles)) < 0
             ? -1
             : 0;
}

const char* vt_last_error(vt_device_h device) {
  VtDevice* d = from_handle(device);
  return d == nullptr ? "invalid device handle" : d->last_error.c_str();
}

const char* vt_last_launch_stats_json(vt_device_h device) {
  VtDevice* d = from_handle(device);
  if (d == nullptr) return "";
  const auto& last = d->device->state().last_stats;
  if (last != d->rendered) {
    d->stats_json = last ? last->json() : std::string();
    d->rendered = last;
  }
  return d->stats_json.c_str();
}

int vt_last_launch_cycles(vt_device_h device, uint64_t* cycles) {
  VtDevice* d = from_handle(device);
  if (d == nullptr) return -1;
  if (cycles == nullptr) return fail(d, "vt_last_launch_cycles: cycles is NULL");
  *cycles = d->last_stats.cycles;
  return 0;
}

}  // extern "C"
