// scan: inclusive prefix sum of uint32 in two launches (block scan, then add the totals of
// earlier blocks) — embedded kernels, CPU reference and host driver.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/common/harness.hpp"

namespace ventus::kernels {

std::string_view scan_assembly();  // kernels/scan/scan.s: scan_block, scan_add

struct ScanParams {
  uint32_t n = 1000;
  uint32_t local = 64;  // any size; both launches use it
};

// out[i] = in[0] + ... + in[i] modulo 2^32 (integers: exact whatever the order).
std::vector<uint32_t> scan_reference(std::span<const uint32_t> in);

Result<RunReport> run_scan(Device& device, const ScanParams& params);

}  // namespace ventus::kernels
