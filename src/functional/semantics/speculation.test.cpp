// A speculative run (docs/host-threads.md) reaches global memory through its overlay only: an
// access the overlay cannot serve stops the run before it happens, whatever memcheck says.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

constexpr uint32_t kOutside = 0xA0000000u;  // outside every buffer of the harness

// Without an overlay, memcheck's report mode lets the store reach flat memory and logs it:
// what a speculative run must not do on a thread of its own.
TEST(Speculation, WithoutAnOverlayAReportedStoreReachesFlatMemory) {
  Harness h(4);
  MemcheckLog log;
  h.memcheck = {Memcheck::Report, &log};
  h.warp.x[5] = kOutside;
  h.warp.x[6] = 0x1234u;
  ASSERT_TRUE(h.run_unrecorded(enc("sw", {6, 0, 5})));
  EXPECT_EQ(h.global.store().read32(kOutside), 0x1234u);
  EXPECT_FALSE(log.empty());
}

// The checked path goes to global memory directly: a speculative store there raced another
// thread's (ASan saw a page directory freed under it in HostThreads.*). Now the run stops,
// memory and the log untouched; the group runs again serially and reports the access then.
TEST(Speculation, AnAccessOutsideEveryBufferStopsTheRunBeforeItHappens) {
  for (const Memcheck policy : {Memcheck::Off, Memcheck::Report, Memcheck::Strict}) {
    for (const bool is_store : {true, false}) {
      SCOPED_TRACE(::testing::Message()
                   << "policy " << static_cast<int>(policy) << ", store " << is_store);
      Harness h(4);
      MemcheckLog log;
      h.memcheck = {policy, &log};
      memory::PageOverlay overlay(h.global);
      h.wg.set_overlay(&overlay);
      h.warp.x[5] = kOutside;
      h.warp.x[6] = 0x1234u;
      const uint32_t word = is_store ? enc("sw", {6, 0, 5}) : enc("lw", {7, 0, 5});
      EXPECT_FALSE(h.run_unrecorded(word));
      EXPECT_EQ(h.trap.detail, "speculative run stopped");
      EXPECT_TRUE(overlay.aborted());
      EXPECT_EQ(h.global.store().read32(kOutside), 0u);
      EXPECT_EQ(h.warp.x[7], 0u);
      EXPECT_TRUE(log.empty());
    }
  }
}

}  // namespace
}  // namespace ventus::functional::testing
