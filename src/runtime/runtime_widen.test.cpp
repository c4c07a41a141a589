// Issue 47: a launch whose work-group the configured SM does not hold runs on a widened
// machine in the functional mode (run.widen_machine), and is refused naming the --set on the
// cycle model or with the key off.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ventus/runtime.hpp"

namespace ventus {
namespace {

// add_scaled (tests/runtime_kernels) over 256 work-items in one work-group: 32 warps of 8.
struct WideLaunch {
  std::unique_ptr<Device> device;
  std::optional<Kernel> kernel;
  std::optional<Buffer> a, b, c;
  static constexpr uint32_t kItems = 256;

  explicit WideLaunch(const Config& config) {
    device = std::move(Device::create(config).value());
    auto program = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/add_scaled.s");
    kernel = program.value().kernel("add_scaled").value();
    std::vector<int32_t> ones(kItems, 1);
    a = device->allocate(4 * kItems).value();
    b = device->allocate(4 * kItems).value();
    c = device->allocate(4 * kItems).value();
    EXPECT_TRUE(a->write(std::span<const int32_t>(ones)));
    EXPECT_TRUE(b->write(std::span<const int32_t>(ones)));
    EXPECT_TRUE(c->fill(0));
    kernel->arg(*a).arg(*b).arg(*c).arg(int32_t{5});
  }
  Result<Event> launch(uint32_t local) {
    NDRange range;
    range.global = {kItems, 1, 1};
    range.local = {local, 1, 1};
    return device->launch(*kernel, range);
  }
};

TEST(Widen, TheFunctionalModeWidensTheWarpSlotsToTheWorkGroupAndSaysSo) {
  WideLaunch t{Config{}};
  auto event = t.launch(WideLaunch::kItems);
  ASSERT_TRUE(event) << event.error().message;
  auto stats = event->wait();
  ASSERT_TRUE(stats) << stats.error().message;
  EXPECT_EQ(stats->warps, 32u);
  EXPECT_EQ(t.c->read_as<int32_t>(WideLaunch::kItems).value(),
            std::vector<int32_t>(WideLaunch::kItems, 6));
  ASSERT_EQ(stats->notes.size(), 1u);
  EXPECT_EQ(stats->notes[0], "machine widened: sm.warp_slots 8 → 32 for launch add_scaled");
  // The statistics' configuration holds the machine the launch ran on; the device keeps its own.
  const auto doc = nlohmann::json::parse(stats->stats_json());
  EXPECT_EQ(doc["config"]["sm.warp_slots"], 32);
  EXPECT_EQ(t.device->config().warp_slots_per_sm, 8u);
  // A launch that fits says nothing and reports the configured machine.
  auto small = t.launch(64).value().wait();
  ASSERT_TRUE(small);
  EXPECT_TRUE(small->notes.empty());
  EXPECT_EQ(nlohmann::json::parse(small->stats_json())["config"]["sm.warp_slots"], 8);
}

// Off (run.widen_machine = false) and on the cycle model (run.timing) alike.
TEST(Widen, WithoutWideningTheLaunchIsRefusedNamingTheSet) {
  for (bool timing : {false, true}) {
    Config config;
    config.simulation.widen_machine = timing;  // the cycle model never widens
    config.simulation.timing = timing;
    WideLaunch t{config};
    auto refused = t.launch(128);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message,
              "local size of 128 threads exceeds the device maximum of 64 (8 warps x 8 threads; "
              "--set sm.warp_slots=16 makes it fit)");
    config.machine.warp_slots_per_sm = 16;
    WideLaunch fits{config};
    auto ran = fits.launch(128);
    ASSERT_TRUE(ran) << ran.error().message;
    auto stats = ran->wait();
    ASSERT_TRUE(stats) << stats.error().message;
    EXPECT_TRUE(stats->notes.empty());
    EXPECT_EQ(stats->cycles != 0, timing);
  }
}

TEST(Widen, TheCycleModelRefusesRegistersItsMachineDoesNotHold) {
  Config config;
  config.simulation.timing = true;
  config.machine.vgpr_slots_per_sm = 256;  // 4 warps of POCL's 64 vector registers
  WideLaunch t{config};
  auto refused = t.launch(64);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("--set sm.vgpr_slots=512 makes it fit"), std::string::npos)
      << refused.error().message;
}

}  // namespace
}  // namespace ventus
