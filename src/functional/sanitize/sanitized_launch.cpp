// run_sanitized_launch: the launch with the Sanitizer as its observer, then the report.
#include "functional/sanitize/sanitized_launch.hpp"

#include "functional/sanitize/sanitizer.hpp"

namespace ventus::functional {
namespace {

// A work-group's work-items: the metadata's local size (ISA.md §7.1, KNL_LC_SIZE_X/Y/Z at 24,
// 28, 32); numw·numt when there is none. The last warp's lanes past it are no work-items.
uint32_t work_items(const LaunchConfig& config, const memory::DeviceMemory& global) {
  const uint32_t all = config.numw * config.numt;
  if (config.knl_base == 0 || global.map().find(config.knl_base + 24, 12) == nullptr) return all;
  uint64_t n = 1;
  for (uint32_t offset : {24u, 28u, 32u}) n *= global.store().read32(config.knl_base + offset);
  return n == 0 || n > all ? all : static_cast<uint32_t>(n);
}

}  // namespace

LaunchResult run_sanitized_launch(const LaunchConfig& config, const MachineShape& shape,
                                  const EngineOptions& options, memory::DeviceMemory& global,
                                  const memory::LocalMemory* local_layout, FunctionalStats& stats,
                                  ExecObserver* observer, const LaunchHooks& hooks) {
  EngineOptions plain = options;
  plain.sanitize.checks = 0;
  // memcheck in the list: accesses outside every buffer are reported, not silent.
  if ((options.sanitize.checks & sanitize::kMemcheck) != 0 && plain.memcheck == Memcheck::Off) {
    plain.memcheck = Memcheck::Report;
  }
  const uint64_t groups =
      uint64_t{config.num_groups[0]} * config.num_groups[1] * config.num_groups[2];
  std::optional<Sanitizer> sanitizer;
  if (options.sanitize.observes()) {
    sanitizer.emplace(config, options.sanitize, groups, work_items(config, global), observer,
                      options.defined_global);
    plain.defined_global = nullptr;  // the sanitizer says what the launch defined
  }
  LaunchResult result = run_launch(config, shape, plain, global, local_layout, stats,
                                   sanitizer ? &*sanitizer : observer, hooks);
  const FindingLog findings = sanitizer ? sanitizer->finish() : FindingLog{};
  ReportContext context;
  context.kernel = config.kernel_name;
  context.num_groups = config.num_groups;
  context.numt = config.numt;
  context.word_at = [&global](uint32_t pc) { return global.store().read32(pc); };
  context.profile = options.profile;
  context.global_map = &global.map();
  context.local_map = local_layout != nullptr ? &local_layout->map() : nullptr;
  result.sanitize =
      make_sanitize_result(options.sanitize.checks, findings, result.memcheck, context);
  if (sanitizer) {
    result.sanitize.shadow_bytes = sanitizer->peak_bytes();
  }
  return result;
}

}  // namespace ventus::functional
