// The C ABI of ventus.h (ventus-driver compatible vt_* functions) on top of Device::State:
// devices, buffers, copies, uploads and launches (extensions: vt_api_extras.cpp).
#include "ventus.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <new>

#include "common/input_file.hpp"
#include "elf/elf_reader.hpp"
#include "runtime/device_state.hpp"
#include "runtime/launch_core.hpp"
#include "runtime/vt_device.hpp"
#include "runtime/vt_sim_env.hpp"

namespace {

using ventus::Device;
using ventus::Error;
using ventus::Result;
using ventus::Status;
using ventus::vt::fail;
using ventus::vt::from_handle;
using ventus::vt::plan_from;
using ventus::vt::VtDevice;

constexpr uint64_t kAddressSpace = uint64_t{1} << 32;

// Checks that [address, address + size) is inside one allocated buffer.
int check_range(VtDevice* d, uint64_t address, uint64_t size, const char* what) {
  if (size == 0) return fail(d, fmt::format("{}: size 0", what));
  if (address >= kAddressSpace || size > kAddressSpace - address) {
    return fail(d, fmt::format("{}: range 0x{:x} + {} leaves the 32-bit address space", what,
                               address, size));
  }
  if (auto ok = d->device->state().check_range(static_cast<uint32_t>(address), size, what); !ok) {
    return fail(d, ok.error().message);
  }
  return 0;
}

int upload(VtDevice* d, std::vector<uint8_t> bytes, const std::string& name) {
  const uint64_t hash = ventus::vt::fnv1a(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  auto elf = ventus::elf::read_elf(bytes, name);
  if (!elf) return fail(d, elf.error().message);
  auto& state = d->device->state();
  if (auto loaded = ventus::runtime_detail::load_segments(state, *elf); !loaded) {
    return fail(d, loaded.error().message);
  }
  state.uploaded = std::move(elf.value());
  d->upload_hash = hash;
  return 0;
}

// vt_dev_open has no device to keep its error in: it goes to standard error.
int report_open_error(const std::string& message) {
  std::fprintf(stderr, "vt_dev_open: %s\n", message.c_str());
  return -1;
}

// The bookkeeping of a launch that ran (also one that faulted): vt_finish_all_kernel's
// queue, vt_dump_perf's totals and the performance event.
Status record_launch(VtDevice* d, const ventus::runtime_detail::LaunchPlan& plan,
                     const vt_meta_data& meta, uint64_t task_id, uint64_t start_ns, bool ok) {
  const uint64_t end_ns = ventus::vt::monotonic_ns();
  const auto& c = plan.config;
  if (ok) {
    d->finished.push_back(static_cast<int>(meta.kernel_id));
    ++d->launches;
    d->total_warp_instructions += d->last_stats.warp_instructions;
    d->total_cycles += d->last_stats.cycles;
    d->total_seconds += d->last_stats.wall_seconds;
  }
  const uint64_t occurrence = ++d->kernel_occurrences[c.kernel_name];
  if (!d->perf) return ventus::ok_status();
  ventus::vt::LaunchEvent e;
  e.kernel_name = c.kernel_name;
  e.kernel_id = meta.kernel_id;
  e.task_id = task_id;
  e.launch_seq = ++d->launch_seq;
  e.kernel_occurrence = occurrence;
  e.signature_hash = ventus::vt::fnv1a(
      fmt::format("{}|{},{},{}|{}x{}|{}|{}", c.kernel_name, c.num_groups[0], c.num_groups[1],
                  c.num_groups[2], c.numw, c.numt, plan.lds_bytes, d->upload_hash));
  e.context = d->perf_context ? &*d->perf_context : nullptr;
  e.start_ns = start_ns;
  e.end_ns = end_ns;
  e.ok = ok;
  const ventus::LaunchStats& s = d->last_stats;
  if (ok) {
    e.work_groups = s.work_groups;
    e.warps = s.warps;
    e.warp_instructions = s.warp_instructions;
    e.thread_instructions = s.thread_instructions;
    e.cycles = s.cycles;
    const auto& doc = d->device->state().last_stats;
    e.stats_json = doc ? doc->json() : std::string();
  }
  return d->perf->append(e);
}

// ISA.md §7.9 item 11: the pds buffer holds numw·numt·pdsSize bytes for every work-group of
// the ND-range. A smaller one lets the last work-groups' private memory overlap whatever
// follows it: the launch still runs (the addresses are mapped), so this is a warning, but it
// names the sizes before anything else (the sanitizers would blame the other buffer).
void warn_private_overrun(const Device::State& state, const ventus::functional::LaunchConfig& c) {
  const uint64_t groups = uint64_t{c.num_groups[0]} * c.num_groups[1] * c.num_groups[2];
  const uint64_t per_group = uint64_t{c.numw} * c.numt * c.pds_size;
  if (per_group == 0 || groups == 0) return;
  const uint64_t bytes = per_group * groups;
  auto ok = state.check_range(c.pds_base, bytes, "private memory");
  if (ok) return;
  std::fprintf(stderr,
               "vt_start: warning: kernel '%s': %llu work-groups x %u warps x %u threads x %u "
               "bytes (pdsSize): %s\n",
               c.kernel_name.c_str(), static_cast<unsigned long long>(groups), c.numw, c.numt,
               c.pds_size, ok.error().message.c_str());
}

}  // namespace

namespace ventus::vt {

Result<runtime_detail::LaunchPlan> plan_from(VtDevice* d, const vt_meta_data& m) {
  const uint64_t items[] = {m.kernel_size[0], m.kernel_size[1],   m.kernel_size[2], m.wf_size,
                            m.wg_size,        m.metaDataBaseAddr, m.ldsSize,        m.pdsSize,
                            m.pdsBaseAddr,    m.sgprUsage,        m.vgprUsage};
  for (uint64_t item : items) {
    if (item >= kAddressSpace)
      return Error{fmt::format("meta_data item 0x{:x} exceeds 32 bits", item)};
  }
  auto& state = d->device->state();
  const auto knl = static_cast<uint32_t>(m.metaDataBaseAddr);
  // The driver's test programs write 14 words (up to KNL_PRINT_SIZE).
  if (auto ok = state.check_range(knl, 56, "metadata buffer"); !ok) return ok.error();
  runtime_detail::LaunchPlan plan;
  auto& c = plan.config;
  for (int i = 0; i < 3; ++i) c.num_groups[i] = static_cast<uint32_t>(m.kernel_size[i]);
  c.numt = static_cast<uint32_t>(m.wf_size);
  c.numw = static_cast<uint32_t>(m.wg_size);
  c.knl_base = knl;
  c.pds_base = static_cast<uint32_t>(m.pdsBaseAddr);
  c.pds_size = static_cast<uint32_t>(m.pdsSize);
  c.sgpr_usage = static_cast<uint32_t>(m.sgprUsage);
  c.vgpr_usage = static_cast<uint32_t>(m.vgprUsage);
  c.kernel_name = runtime_detail::symbol_at(*state.uploaded, state.memory.store().read32(knl));
  if (c.kernel_name.empty()) c.kernel_name = "kernel";
  plan.lds_bytes = static_cast<uint32_t>(m.ldsSize);
  plan.whole_local_window = true;  // __local arguments were placed by the host
  plan.print_addr = state.memory.store().read32(knl + 48);
  plan.print_size = state.memory.store().read32(knl + 52);
  if (plan.print_addr != 0 && plan.print_size != 0) {
    if (auto ok = state.check_range(plan.print_addr, plan.print_size, "print buffer"); !ok) {
      return ok.error();
    }
    for (uint32_t at = 0; at + 4 <= plan.print_size; at += 4) {
      state.memory.store().write32(plan.print_addr + at, ~0u);
    }
    state.defined_global.define(plan.print_addr, plan.print_size);
  }
  return plan;
}

}  // namespace ventus::vt

extern "C" {

int vt_dev_open(vt_device_h* hdevice) {
  if (hdevice == nullptr) return -1;
  auto config = ventus::vt::device_config_from_environment();
  if (!config) return report_open_error(config.error().message);
  auto device = Device::create(*config);
  if (!device) return report_open_error(device.error().message);
  auto perf = ventus::vt::PerfEventWriter::from_environment(
      config->simulation.timing ? "cycle" : "functional");
  if (!perf) return report_open_error(perf.error().message);
  auto* d = new (std::nothrow) VtDevice;
  if (d == nullptr) return -1;
  d->device = std::move(device.value());
  d->perf = std::move(perf.value());
  d->dump = ventus::vt::ResultDump::from_environment();
  *hdevice = d;
  return 0;
}

int vt_dev_close(vt_device_h hdevice) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  d->magic = 0;
  delete d;
  return 0;
}

int vt_dev_caps(vt_device_h* hdevice, uint64_t caps_id, uint64_t* value) {
  if (value == nullptr) return -1;
  VtDevice* d = hdevice != nullptr ? from_handle(*hdevice) : nullptr;
  if (hdevice != nullptr && d == nullptr) return -1;
  const ventus::MachineConfig c = d != nullptr ? d->device->config() : ventus::MachineConfig{};
  switch (caps_id) {
    case VT_CAPS_VERSION:
      *value = 1;
      return 0;
    case VT_CAPS_MAX_CORES:
      *value = c.sm_count;
      return 0;
    case VT_CAPS_MAX_WARPS:
      *value = c.warp_slots_per_sm;
      return 0;
    case VT_CAPS_MAX_THREADS:
      *value = c.threads_per_warp;
      return 0;
    case VT_CAPS_CACHE_LINE_SIZE:
      *value = 64;
      return 0;
    case VT_CAPS_LOCAL_MEM_SIZE:
      *value = c.local_memory_bytes;
      return 0;
    case VT_CAPS_ALLOC_BASE_ADDR:
      *value = ventus::memory::BumpAllocator::kDefaultBase;
      return 0;
    case VT_CAPS_KERNEL_BASE_ADDR:
      *value = 0x80000000u;
      return 0;
    default:
      return fail(d, fmt::format("vt_dev_caps: unknown capability {}", caps_id));
  }
}

int vt_root_mem_alloc(vt_device_h hdevice, int taskID) {
  return from_handle(hdevice) != nullptr && taskID >= 0 ? 0 : -1;
}

int vt_root_mem_free(vt_device_h hdevice, int taskID) {
  return from_handle(hdevice) != nullptr && taskID >= 0 ? 0 : -1;
}

int vt_buf_alloc(vt_device_h hdevice, uint64_t size, uint64_t* vaddr, int, uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (vaddr == nullptr) return fail(d, "vt_buf_alloc: vaddr is NULL");
  if (size == 0 || size >= kAddressSpace)
    return fail(d, fmt::format("vt_buf_alloc: bad size {}", size));
  auto base = d->device->state().allocate(size, ventus::memory::RegionKind::kGlobal, "vt buffer");
  if (!base) return fail(d, "vt_buf_alloc: " + base.error().message);
  d->device->state().defined_global.allocate(*base, size);  // no data until vt_copy_to_dev
  *vaddr = *base;
  return 0;
}

int vt_buf_free(vt_device_h hdevice, uint64_t, uint64_t*, uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  auto& state = d->device->state();
  while (!state.buffers.empty()) (void)state.release(state.buffers.begin()->first);
  return 0;
}

int vt_one_buf_free(vt_device_h hdevice, uint64_t, uint64_t* vaddr, uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (vaddr == nullptr || *vaddr >= kAddressSpace) return fail(d, "vt_one_buf_free: bad vaddr");
  if (auto ok = d->device->state().release(static_cast<uint32_t>(*vaddr)); !ok) {
    return fail(d, "vt_one_buf_free: " + ok.error().message);
  }
  return 0;
}

int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void* src_addr, uint64_t size,
                   uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (src_addr == nullptr) return fail(d, "vt_copy_to_dev: src_addr is NULL");
  if (check_range(d, dev_vaddr, size, "vt_copy_to_dev") != 0) return -1;
  d->device->state().memory.store().write_bytes(
      static_cast<uint32_t>(dev_vaddr),
      std::span<const uint8_t>(static_cast<const uint8_t*>(src_addr), size));
  d->device->state().defined_global.define(static_cast<uint32_t>(dev_vaddr), size);
  return 0;
}

int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void* dst_addr, uint64_t size,
                     uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (dst_addr == nullptr) return fail(d, "vt_copy_from_dev: dst_addr is NULL");
  if (check_range(d, dev_vaddr, size, "vt_copy_from_dev") != 0) return -1;
  const std::span<uint8_t> bytes(static_cast<uint8_t*>(dst_addr), size);
  d->device->state().memory.store().read_bytes(static_cast<uint32_t>(dev_vaddr), bytes);
  if (d->dump) {
    if (auto ok = d->dump->append(dev_vaddr, bytes); !ok) return fail(d, ok.error().message);
  }
  return 0;
}

int vt_start(vt_device_h hdevice, void* metaData, uint64_t taskID) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  d->last_status = -1;
  if (metaData == nullptr) return fail(d, "vt_start: metaData is NULL");
  auto& state = d->device->state();
  if (!state.uploaded) return fail(d, "vt_start: no kernel uploaded (vt_upload_kernel_file)");
  const auto& meta = *static_cast<const vt_meta_data*>(metaData);
  auto plan = plan_from(d, meta);
  if (!plan) return fail(d, "vt_start: " + plan.error().message);
  warn_private_overrun(state, plan->config);
  const uint64_t start_ns = ventus::vt::monotonic_ns();
  auto outcome = ventus::runtime_detail::execute_launch(state, *state.uploaded, *plan, {});
  if (!outcome) return fail(d, "vt_start: " + outcome.error().message);
  // run.sanitize: the report goes to standard error as the tools print it; it does not change
  // what vt_start returns (docs/sanitizers.md).
  for (const std::string& line : outcome->stats.sanitize)
    std::fprintf(stderr, "%s\n", line.c_str());
  const bool ok = !outcome->fault;
  if (ok) d->last_stats = outcome->stats;
  if (auto recorded = record_launch(d, *plan, meta, taskID, start_ns, ok); !recorded) {
    return fail(d, "vt_start: " + recorded.error().message);
  }
  if (!ok) return fail(d, "vt_start: " + *outcome->fault);
  d->last_status = 0;
  return 0;
}

int vt_ready_wait(vt_device_h hdevice, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  return d == nullptr ? -1 : d->last_status;
}

int vt_upload_kernel_bytes(vt_device_h device, const void* content, uint64_t size, int) {
  VtDevice* d = from_handle(device);
  if (d == nullptr) return -1;
  if (content == nullptr || size == 0 || size >= kAddressSpace) {
    return fail(d, "vt_upload_kernel_bytes: no content");
  }
  const auto* p = static_cast<const uint8_t*>(content);
  return upload(d, std::vector<uint8_t>(p, p + size), "<uploaded kernel>");
}

int vt_upload_kernel_file(vt_device_h device, const char* filename, int) {
  VtDevice* d = from_handle(device);
  if (d == nullptr) return -1;
  if (filename == nullptr) return fail(d, "vt_upload_kernel_file: filename is NULL");
  auto text = ventus::read_input_file(filename, {.allow_stdin = false, .what = "kernel file"});
  if (!text) return fail(d, "vt_upload_kernel_file: " + text.error().message);
  return upload(d, std::vector<uint8_t>(text->begin(), text->end()), filename);
}

}  // extern "C"
