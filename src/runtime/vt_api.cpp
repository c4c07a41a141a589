// The C ABI of ventus.h (ventus-driver compatible vt_* functions) on top of Device::State.
#include "ventus.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <new>

#include "common/input_file.hpp"
#include "elf/elf_reader.hpp"
#include "runtime/device_state.hpp"
#include "runtime/launch_core.hpp"

namespace {

using ventus::Device;
using ventus::Error;
using ventus::Result;
using ventus::Status;

constexpr uint64_t kMagic = 0x5645'4E54'5553'4456ull;  // "VENTUSDV"
constexpr uint64_t kAddressSpace = uint64_t{1} << 32;

// What a vt_device_h points to.
struct VtDevice {
  uint64_t magic = kMagic;
  std::unique_ptr<Device> device;
  std::string last_error;
  ventus::LaunchStats last_stats;
  int last_status = 0;
  // vt_last_launch_stats_json's text, of the document `rendered` (rendered on the first call).
  std::string stats_json;
  std::shared_ptr<const ventus::StatsDocument> rendered;
};

// A non-null handle must come from vt_dev_open (as with free(), any other pointer is
// undefined behaviour); the magic number only catches some use-after-close mistakes.
VtDevice* from_handle(vt_device_h handle) {
  auto* d = static_cast<VtDevice*>(handle);
  return d != nullptr && d->magic == kMagic ? d : nullptr;
}

int fail(VtDevice* d, std::string message) {
  if (d != nullptr) d->last_error = std::move(message);
  return -1;
}

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

// VENTUS_CONFIG names the TOML file; VENTUS_SAVE_CASE sets run.save_case (docs/runtime.md).
Result<ventus::Config> open_config() {
  const char* path = std::getenv("VENTUS_CONFIG");
  auto config = path == nullptr || *path == '\0' ? Result<ventus::Config>(ventus::Config{})
                                                 : ventus::Config::from_toml_file(path);
  const char* save_case = std::getenv("VENTUS_SAVE_CASE");
  if (config && save_case != nullptr && *save_case != '\0') {
    config->simulation.save_case = save_case;
  }
  return config;
}

int upload(VtDevice* d, std::vector<uint8_t> bytes, const std::string& name) {
  auto elf = ventus::elf::read_elf(bytes, name);
  if (!elf) return fail(d, elf.error().message);
  auto& state = d->device->state();
  if (auto loaded = ventus::runtime_detail::load_segments(state, *elf); !loaded) {
    return fail(d, loaded.error().message);
  }
  state.uploaded = std::move(elf.value());
  return 0;
}

// The launch plan of a §7.9 descriptor; the host already wrote the §7.1 and §7.2 buffers.
Result<ventus::runtime_detail::LaunchPlan> plan_from(VtDevice* d, const vt_meta_data& m) {
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
  ventus::runtime_detail::LaunchPlan plan;
  auto& c = plan.config;
  for (int i = 0; i < 3; ++i) c.num_groups[i] = static_cast<uint32_t>(m.kernel_size[i]);
  c.numt = static_cast<uint32_t>(m.wf_size);
  c.numw = static_cast<uint32_t>(m.wg_size);
  c.knl_base = knl;
  c.pds_base = static_cast<uint32_t>(m.pdsBaseAddr);
  c.pds_size = static_cast<uint32_t>(m.pdsSize);
  c.sgpr_usage = static_cast<uint32_t>(m.sgprUsage);
  c.vgpr_usage = static_cast<uint32_t>(m.vgprUsage);
  c.kernel_name =
      ventus::runtime_detail::symbol_at(*state.uploaded, state.memory.store().read32(knl));
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
  }
  return plan;
}

}  // namespace

extern "C" {

int vt_dev_open(vt_device_h* hdevice) {
  if (hdevice == nullptr) return -1;
  auto config = open_config();
  if (!config) return -1;
  auto device = Device::create(*config);
  if (!device) return -1;
  auto* d = new (std::nothrow) VtDevice;
  if (d == nullptr) return -1;
  d->device = std::move(device.value());
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
  return 0;
}

int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void* dst_addr, uint64_t size,
                     uint64_t, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  if (dst_addr == nullptr) return fail(d, "vt_copy_from_dev: dst_addr is NULL");
  if (check_range(d, dev_vaddr, size, "vt_copy_from_dev") != 0) return -1;
  d->device->state().memory.store().read_bytes(
      static_cast<uint32_t>(dev_vaddr), std::span<uint8_t>(static_cast<uint8_t*>(dst_addr), size));
  return 0;
}

int vt_start(vt_device_h hdevice, void* metaData, uint64_t) {
  VtDevice* d = from_handle(hdevice);
  if (d == nullptr) return -1;
  d->last_status = -1;
  if (metaData == nullptr) return fail(d, "vt_start: metaData is NULL");
  auto& state = d->device->state();
  if (!state.uploaded) return fail(d, "vt_start: no kernel uploaded (vt_upload_kernel_file)");
  auto plan = plan_from(d, *static_cast<const vt_meta_data*>(metaData));
  if (!plan) return fail(d, "vt_start: " + plan.error().message);
  auto outcome = ventus::runtime_detail::execute_launch(state, *state.uploaded, *plan, {});
  if (!outcome) return fail(d, "vt_start: " + outcome.error().message);
  if (outcome->fault) return fail(d, "vt_start: " + *outcome->fault);
  d->last_stats = outcome->stats;
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

int vt_dump_perf(vt_device_h device, FILE* stream) {
  VtDevice* d = from_handle(device);
  if (d == nullptr || stream == nullptr) return -1;
  const auto& s = d->last_stats;
  const int n = std::fprintf(
      stream,
      "work-groups %llu, warps %llu, warp-instructions %llu, "
      "thread-instructions %llu, %.6f s\n",
      static_cast<unsigned long long>(s.work_groups), static_cast<unsigned long long>(s.warps),
      static_cast<unsigned long long>(s.warp_instructions),
      static_cast<unsigned long long>(s.thread_instructions), s.wall_seconds);
  if (n < 0) return -1;
  if (s.cycles == 0) return 0;  // not run on the cycle model
  const double ipc = static_cast<double>(s.warp_instructions) / static_cast<double>(s.cycles);
  return std::fprintf(stream, "cycles %llu, IPC %.3f\n", static_cast<unsigned long long>(s.cycles),
                      ipc) < 0
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
