// private_spill kernel: host driver, CPU reference and embedded assembly (see private_spill.s).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view private_spill_assembly();  // private_spill.s, embedded by kernels/CMakeLists.txt

// out[i] for every input, computed as the kernel does (32-bit wrap-around arithmetic).
std::vector<uint32_t> private_spill_reference(std::span<const uint32_t> in);

using PrivateSpillRun = MapRun<uint32_t>;  // out[i] for every input, launch statistics

// Runs private_spill on `device`: 1-D ND-range of round_up(in.size(), local_size) work-items.
Result<PrivateSpillRun> private_spill_run(Device& device, std::span<const uint32_t> in,
                                          uint32_t local_size);

}  // namespace ventus::kernels
