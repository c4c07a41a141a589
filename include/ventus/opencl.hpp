// Programs from OpenCL C source, compiled by `ventus cc`'s library (docs/opencl.md), as
// clCreateProgramWithSource + clBuildProgram do on other OpenCL platforms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus {

struct OpenClBuildOptions {
  std::vector<std::string> defines;       // -D NAME[=VALUE]
  std::vector<std::string> include_dirs;  // -I DIR
  unsigned opt_level = 2;                 // -O0..-O3
};

// Compiles `source` (named `name` in diagnostics) and links it with crt0 and, when it calls
// printf, the device library. On failure the Error's message is the build log: clang's
// diagnostics or the back end's, each with file:line:col.
Result<Program> program_from_opencl(std::string_view source, std::string name,
                                    const OpenClBuildOptions& options = {});

}  // namespace ventus
