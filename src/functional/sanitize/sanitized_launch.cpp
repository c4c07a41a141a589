// run_sanitized_launch: the launch with the Sanitizer as its observer, then the report.
#include "functional/sanitize/sanitized_launch.hpp"

#include "functional/sanitize/sanitizer.hpp"

namespace ventus::functional {

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
  if (options.sanitize.observes()) sanitizer.emplace(config, options.sanitize, groups, observer);
  LaunchResult result = run_launch(config, shape, plain, global, local_layout, stats,
                                   sanitizer ? &*sanitizer : observer, hooks);
  const FindingLog findings = sanitizer ? sanitizer->finish() : FindingLog{};
  ReportContext context;
  context.kernel = config.kernel_name;
  context.num_groups = config.num_groups;
  context.numt = config.numt;
  context.word_at = [&global](uint32_t pc) { return global.store().read32(pc); };
  context.global_map = &global.map();
  context.local_map = local_layout != nullptr ? &local_layout->map() : nullptr;
  result.sanitize =
      make_sanitize_result(options.sanitize.checks, findings, result.memcheck, context);
  if (sanitizer) {
    result.sanitize.shadow_bytes = sanitizer->peak_pages() * sanitize::kShadowPageBytes;
  }
  return result;
}

}  // namespace ventus::functional
