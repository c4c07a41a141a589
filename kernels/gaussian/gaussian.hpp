// gaussian kernels (Rodinia Fan1/Fan2): host driver, CPU reference and embedded assembly.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus::kernels {

std::string_view gaussian_assembly();  // gaussian.s, embedded by kernels/CMakeLists.txt

// State of the elimination of the system a·x = b (size × size, row-major).
struct GaussianState {
  uint32_t size = 0;
  std::vector<float> m;  // multipliers, size × size
  std::vector<float> a;  // upper-triangular after the forward phase
  std::vector<float> b;
  std::vector<float> x;  // back substitution (host, as Rodinia does)
  LaunchStats stats;     // summed over all launches
};

// Forward elimination with the kernels' float operations (division; fma with the negated
// multiplier), then back substitution.
GaussianState gaussian_reference(uint32_t size, std::span<const float> a, std::span<const float> b);

// Back substitution on the eliminated state (fills state.x); shared by driver and reference.
void gaussian_back_substitute(GaussianState& state);

// Runs Fan1 (1-D, fan1_local work-items per group) and Fan2 (2-D, fan2_local) for every
// pivot t = 0 .. size-2 on `device`; global sizes are size rounded up to the local sizes.
Result<GaussianState> gaussian_run(Device& device, uint32_t size, std::span<const float> a,
                                   std::span<const float> b, uint32_t fan1_local,
                                   std::array<uint32_t, 2> fan2_local);

}  // namespace ventus::kernels
