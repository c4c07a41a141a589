// VtDevice: what a vt_device_h of the C ABI (include/ventus.h) points to, shared by the
// translation units of libventus.so.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "runtime/device_state.hpp"
#include "runtime/launch_core.hpp"
#include "runtime/vt_dump_result.hpp"
#include "runtime/vt_perf_events.hpp"
#include "ventus.h"
#include "ventus/runtime.hpp"

namespace ventus::vt {

inline constexpr uint64_t kMagic = 0x5645'4E54'5553'4456ull;  // "VENTUSDV"

struct VtDevice {
  uint64_t magic = kMagic;
  std::unique_ptr<Device> device;
  std::string last_error;
  LaunchStats last_stats;
  int last_status = 0;
  // vt_last_launch_stats_json's text, of the document `rendered` (rendered on the first call).
  std::string stats_json;
  std::shared_ptr<const StatsDocument> rendered;
  // Launches that returned from vt_start and vt_finish_all_kernel has not handed out yet.
  std::deque<int> finished;
  // Every launch that ran to its end: totals for vt_dump_perf.
  uint64_t launches = 0;
  uint64_t total_warp_instructions = 0;
  uint64_t total_cycles = 0;
  double total_seconds = 0;
  // Performance attribution (docs/pocl.md "Performance events").
  std::optional<vt_perf_context_t> perf_context;
  std::optional<PerfEventWriter> perf;
  std::map<std::string, uint64_t> kernel_occurrences;
  uint64_t launch_seq = 0;   // launches started on the device
  uint64_t upload_hash = 0;  // FNV-1a of the uploaded ELF (the launch signature)
  // VENTUS_DUMP_RESULT (docs/pocl.md): every vt_copy_from_dev, as the driver's loader dumps it.
  std::optional<ResultDump> dump;
};

// A non-null handle must come from vt_dev_open (as with free(), any other pointer is
// undefined behaviour); the magic number only catches some use-after-close mistakes.
inline VtDevice* from_handle(vt_device_h handle) {
  auto* d = static_cast<VtDevice*>(handle);
  return d != nullptr && d->magic == kMagic ? d : nullptr;
}

inline int fail(VtDevice* d, std::string message) {
  if (d != nullptr) d->last_error = std::move(message);
  return -1;
}

// The launch plan of a §7.9 descriptor (vt_start's); the host already wrote the §7.1 and §7.2
// buffers. It marks the print buffer's slots empty, as the launch would.
Result<runtime_detail::LaunchPlan> plan_from(VtDevice* d, const vt_meta_data& m);

}  // namespace ventus::vt
