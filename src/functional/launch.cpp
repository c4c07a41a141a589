// Launch: configuration checks, REF's boot ROM, and the dispatcher of work-groups to SMs.
#include "functional/launch.hpp"

#include <bit>

#include <fmt/format.h>

namespace ventus::functional {

Status check_launch_config(const LaunchConfig& config) {
  if (config.numt == 0 || config.numt > 32 || !std::has_single_bit(config.numt)) {
    return Error{
        fmt::format("threads per warp must be a power of two in 1..32, got {}", config.numt)};
  }
  if (config.numw == 0) return Error{"a work-group needs at least one warp"};
  for (uint32_t n : config.num_groups) {
    if (n == 0) return Error{"every ND-range dimension needs at least one work-group"};
  }
  return ok_status();
}

Status install_boot_rom(memory::DeviceMemory& memory, uint32_t start_pc) {
  if (memory.map().find_base(kBootRomBase) == nullptr) {
    auto status =
        memory.map_region({kBootRomBase, kBootRomBytes, memory::RegionKind::kCode, "boot ROM"});
    if (!status) return status;
  }
  for (size_t i = 0; i < kBootRomCode.size(); ++i) {
    memory.store().write32(kBootRomBase + static_cast<uint32_t>(4 * i), kBootRomCode[i]);
  }
  memory.store().write32(kBootRomBase + 0x14, 0);
  memory.store().write32(kBootRomBase + kBootRomStartPcOffset, start_pc);
  memory.store().write32(kBootRomBase + kBootRomStartPcOffset + 4, 0);
  return ok_status();
}

Launch::Launch(const LaunchConfig& config, const MachineShape& shape, const EngineOptions& options,
               memory::DeviceMemory& global, const memory::LocalMemory* local_layout,
               FunctionalStats& stats)
    : config_(config),
      shape_(shape),
      options_(options),
      global_(global),
      local_layout_(local_layout),
      stats_(stats),
      code_(global, options.profile),
      group_count_(uint64_t{config.num_groups[0]} * config.num_groups[1] * config.num_groups[2]),
      dispatch_end_(group_count_),
      sm_load_(shape.sm_count, 0),
      next_slot_(shape.sm_count, 0) {}

Status Launch::prepare() {
  // The whole-window layout (vt_start) does not say how much the kernel uses: count stacks.
  constexpr uint32_t kWindow = memory::kLocalWindowEnd - memory::kLocalWindowBase;
  const uint32_t lds = local_layout_ != nullptr && local_layout_->lds_bytes() < kWindow
                           ? local_layout_->lds_bytes()
                           : 0;
  auto per_sm = shape_.groups_per_sm(config_, lds);
  if (!per_sm) return per_sm.error();
  groups_per_sm_ = per_sm.value();
  slot_taken_.assign(capacity(), false);
  if (config_.private_slots != 0 && config_.private_slots < capacity()) {
    return Error{fmt::format(
        "private memory is reserved for {} resident work-groups, but the machine holds {} "
        "({} SMs x {} work-groups)",
        config_.private_slots, capacity(), shape_.sm_count, groups_per_sm_)};
  }
  return ok_status();
}

WorkGroup* Launch::dispatch(const LaunchHooks& hooks) {
  if (all_dispatched()) return nullptr;
  for (unsigned k = 0; k < shape_.sm_count; ++k) {
    const unsigned sm = (next_sm_ + k) % shape_.sm_count;
    if (sm_load_[sm] >= groups_per_sm_) continue;
    const auto linear = static_cast<uint32_t>(next_group_++);
    if (hooks.before_group) hooks.before_group(linear);
    live_.push_back(make_group(linear, take_slot(sm)));
    ++sm_load_[sm];
    next_sm_ = (sm + 1) % shape_.sm_count;
    return live_.back().get();
  }
  return nullptr;
}

// Round robin within the SM, like the SMs themselves: one group at a time on each SM walks
// k = 0, 1, ..., so the burst scheduler's group g lands in slot g mod capacity().
uint32_t Launch::take_slot(unsigned sm) {
  for (uint32_t i = 0; i < groups_per_sm_; ++i) {
    const uint32_t k = (next_slot_[sm] + i) % groups_per_sm_;
    const uint32_t slot = k * shape_.sm_count + sm;
    if (slot_taken_[slot]) continue;
    slot_taken_[slot] = true;
    next_slot_[sm] = (k + 1) % groups_per_sm_;
    return slot;
  }
  return 0;  // not reached: sm_load_[sm] < groups_per_sm_ means a slot is free
}

void Launch::note_tohost_end(const WorkGroup& group, unsigned warp, uint32_t pc) {
  unsigned running = 0;
  for (const WarpState& w : group.warps()) running += w.ended ? 0 : 1;
  if (tohost_end_ || running == 0) return;
  const auto& id = group.group_id();
  tohost_end_ = fmt::format(
      "kernel '{}': work-group {} ({}, {}, {}) ended when warp {} stored to tohost (0x{:08x}) at "
      "pc 0x{:08x}: {} warp(s) that had not reached endprg were stopped there, as REF stops",
      config_.kernel_name, group.linear_id(), id[0], id[1], id[2], warp, options_.tohost_addr, pc,
      running);
}

std::unique_ptr<WorkGroup> Launch::make_group(uint32_t linear, uint32_t slot) {
  return std::make_unique<WorkGroup>(config_, options_, linear, slot, global_, local_layout_, code_,
                                     &vector_files_);
}

void Launch::retire_detached(const WorkGroup& group, unsigned sm) {
  stats_.add_group(group.counters(), group.warp_count(), sm);
  if (!first_ref_trap_) first_ref_trap_ = group.first_ref_trap();
  memcheck_log_.merge(group.memcheck_log(), group.linear_id(), group.group_id());
  stats_.add_memcheck(group.memcheck_log().accesses());
  note_retired();
}

void Launch::note_retired() {
  ++groups_retired_;
  if (options_.on_progress) [[unlikely]] {
    LaunchProgress progress;
    progress.groups_done = groups_retired_;
    progress.groups_total = group_count_;
    options_.on_progress(progress);
  }
}

void Launch::retire(WorkGroup& group) {
  for (size_t i = 0; i < live_.size(); ++i) {
    if (live_[i].get() != &group) continue;
    const unsigned sm = sm_of(group);
    retire_detached(group, sm);
    --sm_load_[sm];
    slot_taken_[group.slot()] = false;
    live_.erase(live_.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

}  // namespace ventus::functional
