// The ISA profile v2.03 demonstration kernels (docs/isa-profiles.md) and their v2.02
// twins: drivers that assemble a version for its profile, run it and check it against a
// CPU reference.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "isa/profile.hpp"
#include "kernels/common/harness.hpp"

namespace ventus::kernels {

// reverse_blocks_*.s: the 16-byte blocks of each work-group of `local` items, reversed.
std::vector<uint32_t> reverse_blocks_reference(std::span<const uint32_t> in, uint32_t local);
Result<RunReport> run_reverse_blocks(Device& device, isa::Profile profile, uint32_t groups,
                                     uint32_t local);

// l1_score_*.s: out[i] = fma(s, -|a[i] - b[i]|, c[i]).
std::vector<float> l1_score_reference(std::span<const float> a, std::span<const float> b,
                                      std::span<const float> c, float s);
Result<RunReport> run_l1_score(Device& device, isa::Profile profile, uint32_t n, uint32_t local);

// sumsq64_*.s: out[i] = sum over k of x[k * n + i]^2 modulo 2^64.
std::vector<uint64_t> sumsq64_reference(std::span<const uint32_t> x, uint32_t n, uint32_t rows);
Result<RunReport> run_sumsq64(Device& device, isa::Profile profile, uint32_t n, uint32_t rows,
                              uint32_t local);

}  // namespace ventus::kernels
