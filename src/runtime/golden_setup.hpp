// PreparedLaunch: a launch ready to be stepped by the golden model (memory image with the
// launch's buffers and code, its configuration and machine), built by golden_case.cpp.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "functional/engine.hpp"
#include "functional/machine_shape.hpp"
#include "functional/work_group.hpp"
#include "memory/device_memory.hpp"
#include "memory/local_memory.hpp"
#include "runtime/golden.hpp"

namespace ventus::golden {

struct PreparedLaunch {
  memory::DeviceMemory memory;
  std::optional<memory::LocalMemory> local;  // default mode: every group's own local window
  functional::LaunchConfig config;
  functional::MachineShape shape;
  functional::EngineOptions engine;
  // Called before a work-group starts (--ref-compat: REF rewrites the ELF segments).
  std::function<void(uint32_t group)> before_group;
};

// The launch `c` names, its memory after the launches before it (golden_case.cpp).
Result<std::unique_ptr<PreparedLaunch>> prepare_case_launch(const CaseLaunch& c);

// The model over a prepared launch (golden.cpp); an Error when the launch cannot start.
Result<std::unique_ptr<GoldenModel>> make_model(std::unique_ptr<PreparedLaunch> launch);

// The mismatch text of logdiff's differences ("x10: A vs B"; A = the model's, B = the
// record's) as "x10: expected A, actual B", vector elements named by lane.
std::string describe_differences(const std::vector<std::string>& details);

}  // namespace ventus::golden
