// device_config_from_environment: the configuration file and the variables docs/pocl.md
// documents, and the backend link name (dladdr gives the name the loader opened us by).
#include "runtime/vt_sim_env.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

namespace ventus::vt {

namespace {

const char* env_or_null(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

// The file this library was opened as (a backend link keeps its own name).
std::string own_file_name() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&backend_selects_timing), &info) == 0 ||
      info.dli_fname == nullptr) {
    return {};
  }
  return std::filesystem::path(info.dli_fname).filename().string();
}

Status apply_timing(Config& config) {
  const char* timing = env_or_null("VENTUS_SIM_TIMING");
  if (timing == nullptr) {
    if (backend_selects_timing(own_file_name())) config.simulation.timing = true;
    return ok_status();
  }
  const std::string_view value = timing;
  if (value == "1" || value == "true") {
    config.simulation.timing = true;
  } else if (value == "0" || value == "false") {
    config.simulation.timing = false;
  } else {
    return Error{fmt::format("VENTUS_SIM_TIMING: '{}' is not 1, 0, true or false", value)};
  }
  return ok_status();
}

}  // namespace

bool backend_selects_timing(std::string_view name) {
  return name.starts_with("libcyclesim_driver.so") || name.starts_with("librtlsim_driver.so");
}

Result<Config> device_config_from_environment() {
  const char* path = env_or_null("VENTUS_SIM_CONFIG");
  if (path == nullptr) path = env_or_null("VENTUS_CONFIG");
  auto config = path == nullptr ? Result<Config>(Config{}) : Config::from_toml_file(path);
  if (!config) return config;
  if (const char* save_case = env_or_null("VENTUS_SAVE_CASE")) {
    config->simulation.save_case = save_case;
  }
  if (auto ok = apply_timing(*config); !ok) return ok.error();
  if (auto valid = config->validate(); !valid) return valid.error();
  return config;
}

}  // namespace ventus::vt
