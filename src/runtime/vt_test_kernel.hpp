// add_scaled (c = a * k + b, tests/runtime_kernels/add_scaled.s) set up on a vt_* device the
// way the driver's test programs do: the tests of the C ABI and of the golden model share it.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <vector>

#include "asm/assembler.hpp"
#include "elf/elf_writer.hpp"
#include "ventus.h"

namespace ventus::testing {

inline std::vector<uint8_t> add_scaled_elf() {
  std::stringstream text;
  text << std::ifstream(VENTUS_SOURCE_DIR "/tests/runtime_kernels/add_scaled.s").rdbuf();
  auto out = ventus::as::assemble_text("add_scaled.s", text.str());
  EXPECT_TRUE(out.ok());
  return ventus::elf::write_elf(out.image);
}

// 2 work-groups of 2 warps of 4 threads over 16 elements, k = 7.
struct AddScaled {
  static constexpr uint32_t kN = 16, kNumt = 4, kNumw = 2, kGroups = 2, kPds = 1024, kK = 7;
  int32_t a[kN], b[kN];
  uint64_t va = 0, vb = 0, vc = 0;
  vt_meta_data meta{};
};

// Allocates and fills the buffers, uploads the kernel and writes its arguments and metadata.
inline AddScaled set_up_add_scaled(vt_device_h dev) {
  AddScaled s;
  for (uint32_t i = 0; i < AddScaled::kN; ++i) {
    s.a[i] = static_cast<int32_t>(i) - 3;
    s.b[i] = static_cast<int32_t>(100 * i);
  }
  uint64_t vargs = 0, vpds = 0, vmeta = 0;
  EXPECT_EQ(vt_buf_alloc(dev, sizeof s.a, &s.va, 0, 0, 0), 0);
  EXPECT_EQ(vt_buf_alloc(dev, sizeof s.b, &s.vb, 0, 0, 0), 0);
  EXPECT_EQ(vt_buf_alloc(dev, sizeof s.a, &s.vc, 0, 0, 0), 0);
  EXPECT_EQ(vt_buf_alloc(dev, 16, &vargs, 0, 0, 0), 0);
  EXPECT_EQ(
      vt_buf_alloc(
          dev, uint64_t{AddScaled::kPds} * AddScaled::kNumt * AddScaled::kNumw * AddScaled::kGroups,
          &vpds, 0, 0, 0),
      0);
  EXPECT_EQ(vt_buf_alloc(dev, 14 * 4, &vmeta, 0, 0, 0), 0);
  EXPECT_EQ(vt_copy_to_dev(dev, s.va, s.a, sizeof s.a, 0, 0), 0);
  EXPECT_EQ(vt_copy_to_dev(dev, s.vb, s.b, sizeof s.b, 0, 0), 0);
  const auto elf = add_scaled_elf();
  EXPECT_EQ(vt_upload_kernel_bytes(dev, elf.data(), elf.size(), 0), 0) << vt_last_error(dev);
  const uint32_t args[4] = {static_cast<uint32_t>(s.va), static_cast<uint32_t>(s.vb),
                            static_cast<uint32_t>(s.vc), AddScaled::kK};
  EXPECT_EQ(vt_copy_to_dev(dev, vargs, args, sizeof args, 0, 0), 0);
  const uint32_t knl[14] = {0x800000a8,
                            static_cast<uint32_t>(vargs),
                            1,
                            AddScaled::kN,
                            1,
                            1,
                            AddScaled::kNumt * AddScaled::kNumw,
                            1,
                            1};
  EXPECT_EQ(vt_copy_to_dev(dev, vmeta, knl, sizeof knl, 0, 0), 0);
  s.meta = vt_meta_data{0,
                        {AddScaled::kGroups, 1, 1},
                        AddScaled::kNumt,
                        AddScaled::kNumw,
                        vmeta,
                        0x1000,
                        AddScaled::kPds,
                        32,
                        32,
                        vpds};
  return s;
}

}  // namespace ventus::testing
