// case_options_for: Config (machine + run.*) to runner::CaseOptions.
#include "runtime/case_options.hpp"

#include "runtime/run_command.hpp"
#include "runtime/timeline_config.hpp"

namespace ventus {

runner::CaseOptions case_options_for(const Config& config,
                                     std::optional<uint64_t> max_instructions) {
  const SimulationOptions& sim = config.simulation;
  runner::CaseOptions options;
  options.mode = sim.ref_compat ? functional::Mode::RefCompat : functional::Mode::Default;
  options.max_instructions =
      effective_instruction_limit(max_instructions, sim.max_warp_instructions, sim.timing);
  options.machine = config.machine;
  options.widen_machine = sim.widen_machine && !sim.timing;
  options.schedule = sim.schedule_kind();
  options.random_seed = sim.random_seed;
  options.host_threads = sim.host_threads;
  options.memcheck = functional::memcheck_from_name(sim.memcheck);
  options.config_json = config.values_json();
  if (sim.timing) options.timing = config.machine.timing;
  if (auto timeline = timeline_options(sim); timeline) options.timeline = *timeline;
  options.events = sim.events;
  options.sanitize = sim.sanitize_options();
  return options;
}

}  // namespace ventus
