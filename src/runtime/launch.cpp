// Device::launch: ND-range checks and the §7 launch buffers (metadata, arguments, private, print).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "memory/local_memory.hpp"
#include "runtime/device_state.hpp"
#include "runtime/launch_core.hpp"

namespace ventus {
namespace {

using runtime_detail::LaunchPlan;

constexpr uint32_t kMetadataBytes = 64;          // KNL_MAX_METADATA_SIZE (ISA.md §7.1)
constexpr uint64_t kPrivateLimit = 0x40000000u;  // 1 GiB of private memory per launch

// Checks the ND-range against the device; returns the threads of one work-group. A device
// that widens its machine (run.widen_machine) holds work-groups of up to kMaxWarpsPerGroup.
Result<uint64_t> check_range(const NDRange& r, const MachineConfig& c, bool widen) {
  if (r.work_dim < 1 || r.work_dim > 3) {
    return Error{fmt::format("work_dim {} must be 1, 2 or 3", r.work_dim)};
  }
  uint64_t threads = 1;
  for (unsigned d = 0; d < 3; ++d) {
    const uint32_t g = d < r.work_dim ? r.global[d] : 1;
    const uint32_t l = d < r.work_dim ? r.local[d] : 1;
    if (g == 0 || l == 0)
      return Error{fmt::format("global and local sizes must be >= 1 (dimension {})", d)};
    if (g % l != 0) {
      return Error{fmt::format("global size {} is not a multiple of local size {} in dimension {}",
                               g, l, d)};
    }
    threads *= l;
  }
  const uint32_t warps = widen ? functional::kMaxWarpsPerGroup : c.warp_slots_per_sm;
  const uint64_t max_threads = uint64_t{warps} * c.threads_per_warp;
  if (threads > max_threads) {
    const uint64_t needed = (threads + c.threads_per_warp - 1) / c.threads_per_warp;
    const std::string fix = !widen && needed <= functional::kMaxWarpsPerGroup
                                ? fmt::format("; --set sm.warp_slots={} makes it fit", needed)
                                : std::string();
    return Error{
        fmt::format("local size of {} threads exceeds the device maximum of {} "
                    "({} warps x {} threads{})",
                    threads, max_threads, warps, c.threads_per_warp, fix)};
  }
  return threads;
}

// The largest pdsSize for `threads` threads within kPrivateLimit, and a value to suggest
// (word aligned) in the error message.
std::string private_limit_advice(uint64_t threads) {
  const uint64_t most = kPrivateLimit / threads;
  return fmt::format(
      "lower driver.private_memory_bytes_per_thread (at most {} for this launch, e.g. --set "
      "driver.private_memory_bytes_per_thread={})",
      most, most & ~uint64_t{3});
}

// pdsSize bytes for every thread of `groups` work-groups, refused over the 1 GiB limit with a
// message naming `what` and the setting that makes it fit (then `tail`).
Result<uint64_t> bounded_private_bytes(const functional::LaunchConfig& c, uint64_t groups,
                                       std::string_view what, std::string_view tail) {
  const uint64_t threads = uint64_t{c.numt} * c.numw * groups;
  const uint64_t bytes = uint64_t{c.pds_size} * threads;
  if (bytes > kPrivateLimit) {
    return Error{fmt::format(
        "private memory of {}, {} bytes per thread x {} threads = {} bytes, exceeds 1 GiB: {}{}",
        what, c.pds_size, threads, bytes, private_limit_advice(threads), tail)};
  }
  return bytes;
}

// Default mode: private memory for the resident work-group slots only, R = gpu.sm_count x
// groups per SM, each group at pdsBaseAddr + slot·numw·numt·pdsSize (LaunchConfig::
// private_slots). The RTL indexes by work-group (CSR 0x807: pdsBaseAddr +
// wg_idx·numw·numt·pdsSize, ISA.md §7.6), which needs a buffer for the whole ND-range; a GPU
// holding R groups at once only ever uses R groups' private memory, so the reservation is
// bounded whatever the ND-range (docs/runtime.md). Sets c.private_slots; returns the bytes.
Result<uint64_t> resident_private_bytes(functional::LaunchConfig& c, const MachineConfig& m,
                                        uint32_t lds_bytes) {
  auto per_sm = m.groups_per_sm(c, memory::lds_region_bytes(lds_bytes, c.numw));
  if (!per_sm) return per_sm.error();
  const uint64_t slots = uint64_t{m.sm_count} * per_sm.value();
  auto bytes = bounded_private_bytes(c, slots,
                                     fmt::format("the {} resident work-groups ({} SMs x {} per SM)",
                                                 slots, m.sm_count, per_sm.value()),
                                     "");
  if (bytes) c.private_slots = static_cast<uint32_t>(slots);
  return bytes;
}

// --ref-compat: REF's driver allocates private memory for every work-group of the ND-range
// (ISA.md §7.6, §8), which fixes the addresses of the buffers after it.
Result<uint64_t> range_private_bytes(const functional::LaunchConfig& c, uint64_t groups) {
  return bounded_private_bytes(c, groups, "the launch", " or launch fewer work-items");
}

// Frees the launch's own buffers whatever happens (nothing leaks on errors).
class TempBuffers {
 public:
  explicit TempBuffers(Device::State& state) : state_(state) {}
  ~TempBuffers() {
    for (uint32_t base : bases_) (void)state_.release(base);
  }
  TempBuffers(const TempBuffers&) = delete;
  TempBuffers& operator=(const TempBuffers&) = delete;
  Result<uint32_t> allocate(uint64_t bytes, memory::RegionKind kind, const char* name) {
    auto base = state_.allocate(bytes, kind, name);
    if (base) bases_.push_back(*base);
    return base;
  }

 private:
  Device::State& state_;
  std::vector<uint32_t> bases_;
};

std::string describe(const KernelParam& p) {
  const std::string name = p.name.empty() ? std::string() : " '" + p.name + "'";
  switch (p.kind) {
    case KernelParam::Kind::Buffer:
      return "a pointer" + name;
    case KernelParam::Kind::Local:
      return "a __local pointer" + name;
    case KernelParam::Kind::Value:
      break;
  }
  return fmt::format("a {}-byte value{}", p.bytes, name);
}

std::string describe(const Kernel::Arg& a) {
  switch (a.kind) {
    case Kernel::Arg::Kind::Buffer:
      return "a buffer";
    case Kernel::Arg::Kind::Local:
      return "a __local size";
    case Kernel::Arg::Kind::Value:
      break;
  }
  return fmt::format("a {}-byte value", a.bytes.size());
}

// A kernel compiled from OpenCL C here declares its parameters: the arguments must match them
// in number, kind and size, or the kernel would read other bytes than were packed.
Status check_signature(const Kernel& kernel) {
  const std::vector<KernelParam>* params = kernel.params();
  if (params == nullptr) return ok_status();
  const auto& args = kernel.args();
  if (args.size() != params->size()) {
    return Error{fmt::format("kernel '{}' takes {} arguments, {} given", kernel.name(),
                             params->size(), args.size())};
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelParam& p = (*params)[i];
    const bool kind_matches =
        (p.kind == KernelParam::Kind::Buffer && args[i].kind == Kernel::Arg::Kind::Buffer) ||
        (p.kind == KernelParam::Kind::Local && args[i].kind == Kernel::Arg::Kind::Local) ||
        (p.kind == KernelParam::Kind::Value && args[i].kind == Kernel::Arg::Kind::Value &&
         args[i].bytes.size() == p.bytes);
    if (!kind_matches) {
      return Error{fmt::format("argument {} of kernel '{}': {} given, the kernel declares {}", i,
                               kernel.name(), describe(args[i]), describe(p))};
    }
  }
  return ok_status();
}

// The packed argument buffer (ISA.md §7.2) and the __local sizes in argument order.
Result<std::vector<uint8_t>> pack_arguments(const Kernel& kernel, const Device::State& state,
                                            LaunchPlan& plan) {
  if (auto matches = check_signature(kernel); !matches) return matches.error();
  std::vector<uint8_t> packed;
  std::vector<size_t> local_slots;
  for (size_t i = 0; i < kernel.args().size(); ++i) {
    const Kernel::Arg& a = kernel.args()[i];
    if (a.kind == Kernel::Arg::Kind::Local) {
      if (a.local_bytes == 0) return Error{fmt::format("argument {}: __local size 0", i)};
      plan.local_buffers.push_back(a.local_bytes);
      local_slots.push_back(packed.size());
      packed.resize(packed.size() + 4);
      continue;
    }
    if (a.kind == Kernel::Arg::Kind::Buffer) {
      uint32_t address = 0;
      std::memcpy(&address, a.bytes.data(), 4);
      if (!state.buffers.contains(address)) {
        return Error{fmt::format("argument {}: buffer 0x{:08x} is not allocated on this device", i,
                                 address)};
      }
    }
    const auto* p = reinterpret_cast<const uint8_t*>(a.bytes.data());
    packed.insert(packed.end(), p, p + a.bytes.size());
  }
  if (packed.size() > 0xFFFF)
    return Error{"the argument buffer exceeds 0xFFFF bytes (ISA.md §7.2)"};
  const auto addresses = runtime_detail::local_buffer_addresses(plan.local_buffers);
  for (size_t i = 0; i < local_slots.size(); ++i) {
    std::memcpy(packed.data() + local_slots[i], &addresses[i], 4);
  }
  return packed;
}

// The 64-byte metadata buffer of ISA.md §7.1.
std::array<uint32_t, 16> metadata_words(uint32_t entry, uint32_t args, const NDRange& r,
                                        uint32_t print_addr, uint32_t print_size) {
  std::array<uint32_t, 16> w{};
  w[0] = entry;
  w[1] = args;
  w[2] = r.work_dim;
  for (unsigned d = 0; d < 3; ++d) {
    w[3 + d] = d < r.work_dim ? r.global[d] : 1;
    w[6 + d] = d < r.work_dim ? r.local[d] : 1;
    w[9 + d] = d < r.work_dim ? r.offset[d] : 0;
  }
  w[12] = print_addr;
  w[13] = print_size;
  return w;
}

// The word at the symbol <kernel>.ventus_local_bytes in the loaded image, or 0.
uint32_t static_local_bytes(const elf::ElfFile& elf, const std::string& kernel) {
  const elf::Symbol* s = elf.find_symbol(kernel + ".ventus_local_bytes");
  if (s == nullptr) return 0;
  for (const elf::Segment& seg : elf.load_segments()) {
    if (s->value >= seg.vaddr && s->value + 4 <= seg.vaddr + seg.bytes.size()) {
      uint32_t bytes = 0;
      std::memcpy(&bytes, seg.bytes.data() + (s->value - seg.vaddr), 4);
      return bytes;
    }
  }
  return 0;
}

// Warp stacks (1 KiB per warp) and the __local arguments, each rounded up to 4 KiB, must fit
// in the device's local memory.
// Returns the bytes, which a widened machine holds up to the local window (ISA.md §8).
Result<uint32_t> check_local_memory(uint32_t numw, uint32_t static_bytes,
                                    const std::vector<uint32_t>& local_buffers,
                                    const MachineConfig& m, bool widen) {
  uint64_t local_total = uint64_t{numw} * 1024 + static_bytes;
  // In 64 bits: rounding a __local size near 4 GiB up in 32 bits wraps to 0 and passed.
  for (uint32_t bytes : local_buffers) local_total += (uint64_t{bytes} + 0xFFF) & ~0xFFFull;
  const uint32_t limit = widen ? functional::kMaxLocalBytes : m.local_memory_bytes;
  if (local_total > limit) {
    return Error{
        fmt::format("local memory of {} bytes (warp stacks + __local arguments) exceeds "
                    "the device's {} bytes",
                    local_total, limit)};
  }
  return static_cast<uint32_t>(local_total);
}

// Sets c.num_groups from the ND-range; returns how many work-groups it has.
Result<uint64_t> count_work_groups(const NDRange& range, functional::LaunchConfig& c) {
  uint64_t groups = 1;
  for (unsigned d = 0; d < 3; ++d) {
    c.num_groups[d] = d < range.work_dim ? range.global[d] / range.local[d] : 1;
    groups *= c.num_groups[d];
    // Work-groups are numbered with 32 bits (ISA.md §7.1); checked per factor so the
    // product of three 32-bit sizes cannot wrap 64 bits.
    if (groups > UINT32_MAX) {
      return Error{fmt::format("the ND-range has more than {} work-groups", UINT32_MAX)};
    }
  }
  return groups;
}

constexpr uint32_t kPoclRegistersPerWarp = 64;

// Fills the launch's shape (entry, warps of `threads` work-items, work-group counts, local and
// private sizes) from the kernel, the range and the machine, refusing what the device cannot
// hold. Returns the number of work-groups.
Result<uint64_t> configure_launch(LaunchPlan& plan, const Kernel& kernel, const NDRange& range,
                                  const Device::State& s, uint64_t threads) {
  const MachineConfig& m = s.config.machine;
  const bool widen = s.config.simulation.widen_machine && !s.gpu;
  functional::LaunchConfig& c = plan.config;
  c.kernel_name = kernel.name();
  const uint32_t elf_entry = kernel.program().image().elf.entry;
  c.start_pc = elf_entry != 0 ? elf_entry : 0x80000000u;  // _start (ISA.md §7.3)
  c.numt = m.threads_per_warp;
  c.numw = static_cast<uint32_t>((threads + c.numt - 1) / c.numt);
  // Static __local variables of a kernel compiled by ventus cc follow the warps' stacks; the
  // compiler records their size in the symbol <kernel>.ventus_local_bytes (docs/opencl.md).
  const uint32_t static_bytes = static_local_bytes(kernel.program().image().elf, kernel.name());
  auto local = check_local_memory(c.numw, static_bytes, plan.local_buffers, m, widen);
  if (!local) return local.error();
  auto groups = count_work_groups(range, c);
  if (!groups) return groups.error();
  plan.lds_bytes = 0x1000;  // POCL's hard-coded ldsSize (ISA.md §7.5)
  if (static_bytes > 0) {
    plan.lds_bytes = std::max(plan.lds_bytes, (c.numw * 1024 + static_bytes + 0xFFF) & ~0xFFFu);
  }
  // POCL declares 64 scalar + 64 vector registers a warp for every kernel (the .metadata of
  // every case, ISA.md §2 "Count"); the CTA scheduler reserves them (MachineShape).
  c.sgpr_usage = kPoclRegistersPerWarp;
  c.vgpr_usage = kPoclRegistersPerWarp;
  const uint32_t needs = std::max(*local, memory::lds_region_bytes(plan.lds_bytes, c.numw));
  auto fit = runtime_detail::fit_device_machine(s, {c.numw, needs, c.sgpr_usage, c.vgpr_usage},
                                                c.kernel_name);
  if (!fit) return fit.error();
  plan.fit = std::move(fit.value());
  c.pds_size = m.private_memory_bytes_per_thread;
  return groups;
}

// The private memory bytes to reserve: for the whole ND-range with --ref-compat, else for the
// resident work-groups only (sets plan.config.private_slots).
Result<uint64_t> private_memory_bytes(LaunchPlan& plan, uint64_t groups, const Device::State& s) {
  MachineConfig machine = s.config.machine;
  static_cast<functional::MachineShape&>(machine) = plan.fit->shape;
  return s.ref_compat() ? range_private_bytes(plan.config, groups)
                        : resident_private_bytes(plan.config, machine, plan.lds_bytes);
}

// A page of empty print words (every word ~0, the print protocol's empty slot, ISA.md §7.7).
constexpr auto kEmptyPrintPage = [] {
  std::array<uint8_t, memory::PagedMemory::kPageSize> page{};
  page.fill(0xFF);
  return page;
}();

// Writes empty print words over [addr, addr + bytes), a page's worth at a time from one
// constant page: building a print-buffer-sized vector was per-launch work for the same bytes.
void fill_empty_print_words(memory::PagedMemory& store, uint32_t addr, uint32_t bytes) {
  for (uint32_t done = 0; done < bytes;) {
    const uint32_t chunk = std::min<uint32_t>(bytes - done, kEmptyPrintPage.size());
    store.write_bytes(addr + done, std::span<const uint8_t>(kEmptyPrintPage).first(chunk));
    done += chunk;
  }
}

// Default mode: the print buffer (ISA.md §7.7), filled with empty words; --ref-compat and a
// zero driver.print_buffer_bytes have none (plan.print_addr stays 0).
Status add_print_buffer(TempBuffers& temps, Device::State& s, LaunchPlan& plan) {
  if (s.ref_compat() || s.config.machine.print_buffer_bytes == 0) return ok_status();
  auto print = temps.allocate(s.config.machine.print_buffer_bytes, memory::RegionKind::kOther,
                              "print buffer");
  if (!print) return print.error();
  plan.print_addr = *print;
  plan.print_size = s.config.machine.print_buffer_bytes;
  fill_empty_print_words(s.memory.store(), *print, plan.print_size);
  return ok_status();
}

// Stores `words` little-endian from `addr` on (the metadata buffer).
void write_words(memory::PagedMemory& store, uint32_t addr, std::span<const uint32_t> words) {
  for (size_t i = 0; i < words.size(); ++i) {
    store.write32(addr + static_cast<uint32_t>(4 * i), words[i]);
  }
}

// Allocates the launch's temporary regions in the reference driver's order (ISA.md §8):
// arguments, private memory, metadata, then the print buffer; writes the arguments and the
// metadata and points the launch at them. The regions live as long as `temps`.
Status place_launch_buffers(TempBuffers& temps, Device::State& s, const Kernel& kernel,
                            const NDRange& range, std::span<const uint8_t> packed,
                            uint64_t private_bytes, LaunchPlan& plan) {
  auto args =
      temps.allocate(std::max<size_t>(packed.size(), 4), memory::RegionKind::kArgs, "arguments");
  if (!args) return args.error();
  Result<uint32_t> pds =
      private_bytes == 0
          ? Result<uint32_t>(0u)
          : temps.allocate(private_bytes, memory::RegionKind::kPrivate, "private memory");
  if (!pds) return pds.error();
  auto meta = temps.allocate(kMetadataBytes, memory::RegionKind::kMetadata, "kernel metadata");
  if (!meta) return meta.error();
  if (auto print = add_print_buffer(temps, s, plan); !print) return print.error();
  s.memory.store().write_bytes(*args, packed);
  write_words(s.memory.store(), *meta,
              metadata_words(kernel.entry(), *args, range, plan.print_addr, plan.print_size));
  plan.config.knl_base = *meta;
  plan.config.pds_base = *pds;
  return ok_status();
}

}  // namespace

Result<Event> Device::launch(const Kernel& kernel, const NDRange& range,
                             const LaunchOptions& options) {
  State& s = *state_;
  auto threads = check_range(range, s.config.machine, s.config.simulation.widen_machine && !s.gpu);
  if (!threads) return threads.error();
  LaunchPlan plan;
  auto packed = pack_arguments(kernel, s, plan);
  if (!packed) return packed.error();
  auto groups = configure_launch(plan, kernel, range, s, *threads);
  if (!groups) return groups.error();
  auto private_bytes = private_memory_bytes(plan, *groups, s);
  if (!private_bytes) return private_bytes.error();
  TempBuffers temps(s);  // freed after the launch has run
  if (auto placed = place_launch_buffers(temps, s, kernel, range, *packed, *private_bytes, plan);
      !placed) {
    return placed.error();
  }
  auto outcome = runtime_detail::execute_launch(s, kernel.program().image().elf, plan, options);
  if (!outcome) return outcome.error();
  return Event(std::move(outcome->stats), std::move(outcome->fault), std::move(outcome->fault_info),
               std::move(outcome->timeline));
}

}  // namespace ventus
