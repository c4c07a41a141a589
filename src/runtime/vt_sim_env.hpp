// The configuration a vt_dev_open device runs with: the TOML file and the environment
// variables of docs/pocl.md (VENTUS_SIM_CONFIG, VENTUS_SIM_TIMING, VENTUS_SAVE_CASE) and the
// backend name the ventus-driver loader opened this library under.
#pragma once

#include <string>
#include <string_view>

#include "common/result.hpp"
#include "ventus/runtime.hpp"

namespace ventus::vt {

// Which model a backend file name selects: libcyclesim_driver.so and librtlsim_driver.so
// the cycle model, anything else (libspike_driver.so, libventus.so) the functional model.
bool backend_selects_timing(std::string_view library_file_name);

// The configuration file (VENTUS_SIM_CONFIG, else VENTUS_CONFIG; none: the defaults), then
// run.timing from VENTUS_SIM_TIMING ("1"/"true" or "0"/"false") or, when that is unset and
// the library was opened as a cycle backend, true; VENTUS_SAVE_CASE sets run.save_case.
Result<Config> device_config_from_environment();

}  // namespace ventus::vt
