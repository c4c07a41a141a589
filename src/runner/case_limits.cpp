// Limits of a reference launch (ISA.md §9.1 items) and the machine it runs on (issue 47).
#include "runner/case_limits.hpp"

#include <bit>
#include <cstdint>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "memory/local_memory.hpp"

namespace ventus::runner {
namespace {

Status fail(const loader::Launch& launch, const std::string& message) {
  return Error{fmt::format("{}: {}", launch.metadata_path.string(), message)};
}

}  // namespace

Status check_launch_limits(const loader::Launch& launch, const functional::MachineShape& machine,
                           bool widen) {
  const loader::LaunchMetadata& m = launch.metadata;
  if (m.wf_size == 0 || m.wf_size > 32 || !std::has_single_bit(m.wf_size)) {
    return fail(launch, fmt::format("wf_size (threads per warp) = {} is not a power of two in "
                                    "1..32",
                                    m.wf_size));
  }
  if (m.wg_size == 0 || m.wg_size > functional::kMaxWarpsPerGroup) {
    return fail(launch, fmt::format("wg_size (warps per work-group) = {} is not in 1..{}",
                                    m.wg_size, functional::kMaxWarpsPerGroup));
  }
  for (size_t d = 0; d < 3; ++d) {
    if (m.kernel_size[d] == 0) {
      return fail(launch, fmt::format("kernel_size[{}] = 0: every ND-range dimension needs at "
                                      "least one work-group",
                                      d));
    }
  }
  const uint64_t groups = uint64_t{m.kernel_size[0]} * m.kernel_size[1];
  if (groups > UINT32_MAX || groups * m.kernel_size[2] > UINT32_MAX) {
    return fail(launch,
                fmt::format("kernel_size {} x {} x {} is more than {} work-groups",
                            m.kernel_size[0], m.kernel_size[1], m.kernel_size[2], UINT32_MAX));
  }
  if (m.lds_size > functional::kMaxLocalBytes) {
    return fail(launch, fmt::format("ldsSize = {} bytes exceeds the {} bytes of the local window "
                                    "(ISA.md §8)",
                                    m.lds_size, functional::kMaxLocalBytes));
  }
  const uint64_t private_bytes = uint64_t{m.pds_size} * m.wf_size * m.wg_size;
  if (private_bytes > (uint64_t{1} << 32)) {
    return fail(launch, fmt::format("pdsSize = {} bytes per thread: a work-group of {} threads "
                                    "needs {} bytes of private memory, more than the 32-bit "
                                    "address space",
                                    m.pds_size, uint64_t{m.wf_size} * m.wg_size, private_bytes));
  }
  if (auto fits = launch_machine(launch, machine, widen); !fits) return fits.error();
  return ok_status();
}

Result<functional::MachineFit> launch_machine(const loader::Launch& launch,
                                              const functional::MachineShape& machine, bool widen) {
  const loader::LaunchMetadata& m = launch.metadata;
  const functional::GroupNeeds needs{m.wg_size, memory::lds_region_bytes(m.lds_size, m.wg_size),
                                     m.sgpr_usage, m.vgpr_usage};
  auto fit = functional::machine_for_launch(machine, needs, widen, launch.name);
  if (!fit) return Error{fmt::format("{}: {}", launch.metadata_path.string(), fit.error().message)};
  return fit;
}

std::string widened_config_json(const std::string& config_json,
                                const std::vector<functional::Widening>& widened) {
  nlohmann::json config = nlohmann::json::parse(config_json.empty() ? "{}" : config_json);
  for (const functional::Widening& w : widened) config[w.key] = w.to;
  return config.dump();
}

}  // namespace ventus::runner
