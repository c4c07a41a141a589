// case_options_for: a configuration as the options of a reference test-case run (`ventus case`,
// the Python module's run_case).
#pragma once

#include <cstdint>
#include <optional>

#include "runner/case_runner.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

// The machine, the simulation options and the outputs they name (timeline, event log) of a
// validated `config` (Config::validate); the instruction limit as effective_instruction_limit
// gives it. The caller adds what is not configuration (log and dump directories, --check,
// --launches, --threads-per-warp).
runner::CaseOptions case_options_for(const Config& config,
                                     std::optional<uint64_t> max_instructions);

}  // namespace ventus
