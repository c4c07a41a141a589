// Unit tests of the C++ runtime API: configs, devices, buffers, programs and kernels.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "ventus/runtime.hpp"

namespace ventus {
namespace {

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("ventus_rt_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(Config, TomlFileAndOverrides) {
  auto c = Config::from_toml_file(temp_file(
      "ok.toml", "[gpu]\nsm_count = 4\n[sm]\nthreads_per_warp = 16\n[run]\nref_compat = true\n"));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->machine.sm_count, 4u);
  EXPECT_EQ(c->machine.threads_per_warp, 16u);
  EXPECT_TRUE(c->simulation.ref_compat);
  EXPECT_EQ(c->machine.warp_slots_per_sm, 8u);  // untouched keys keep the defaults
  ASSERT_TRUE(c->set("sm.threads_per_warp=32"));
  EXPECT_EQ(c->machine.threads_per_warp, 32u);
  ASSERT_TRUE(c->set("driver.print_buffer_bytes=0x100"));
  EXPECT_EQ(c->machine.print_buffer_bytes, 0x100u);
  ASSERT_TRUE(c->set("run.max_warp_instructions=1000"));
  EXPECT_EQ(c->simulation.max_warp_instructions, 1000u);
}

TEST(Config, ErrorsNameFileLineAndKey) {
  const std::string unknown = temp_file("unknown.toml", "[gpu]\nsm_cont = 4\n");
  auto c = Config::from_toml_file(unknown);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().message,
            unknown + ":2:1: unknown parameter 'gpu.sm_cont' (did you mean 'gpu.sm_count'?)");
  EXPECT_FALSE(Config::from_toml_file(temp_file("bad.toml", "gpu.sm_count = \n")));
  EXPECT_FALSE(Config::from_toml_file(temp_file("neg.toml", "gpu.sm_count = -1\n")));
  auto t3 = Config::from_toml_file(temp_file("t3.toml", "sm.threads_per_warp = 3\n"));
  ASSERT_FALSE(t3);
  EXPECT_NE(t3.error().message.find("must be a power of two"), std::string::npos);
  EXPECT_FALSE(Config::from_toml_file("/nonexistent/ventus.toml"));
  Config m;
  EXPECT_FALSE(m.set("sm.threads_per_warp"));
  EXPECT_FALSE(m.set("nope=1"));
  EXPECT_FALSE(m.set("gpu.sm_count=x"));
  EXPECT_FALSE(m.set("run.ref_compat=maybe"));
  EXPECT_FALSE(m.set("gpu.sm_count=99999999999"));
  auto stacks = Config::from_toml_file(temp_file("stacks.toml", "sm.local_memory_bytes = 4096\n"));
  ASSERT_FALSE(stacks);
  EXPECT_NE(stacks.error().message.find("1 KiB stacks"), std::string::npos);
}

TEST(Config, DefaultTomlMatchesBuiltInDefaults) {
  auto c = Config::from_toml_file(VENTUS_SOURCE_DIR "/configs/default.toml");
  ASSERT_TRUE(c) << c.error().message;
  const Config d;
  EXPECT_EQ(c->values_json(), d.values_json());
}

TEST(Config, EveryShippedMachineLoads) {
  for (const char* name : {"default", "rtl-like", "small-debug"}) {
    auto c = Config::from_toml_file(std::string(VENTUS_SOURCE_DIR "/configs/") + name + ".toml");
    EXPECT_TRUE(c) << name << ": " << (c ? "" : c.error().message);
  }
}

TEST(Config, TableListsEveryParameterWithUnitAndDescription) {
  const std::string table = Config{}.format_table();
  for (const char* row :
       {"gpu.sm_count", "sm.warp_slots", "sm.work_group_slots", "sm.threads_per_warp",
        "sm.local_memory_bytes", "driver.private_memory_bytes_per_thread",
        "driver.print_buffer_bytes", "run.ref_compat", "run.max_warp_instructions"}) {
    EXPECT_NE(table.find(row), std::string::npos) << row;
  }
  const size_t row = table.find("\nsm.local_memory_bytes ");
  ASSERT_NE(row, std::string::npos) << table;
  const std::string line = table.substr(row + 1, table.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find(" 131072 "), std::string::npos) << line;
  EXPECT_NE(line.find(" bytes "), std::string::npos) << line;
}

TEST(Device, RejectsInvalidConfig) {
  MachineConfig c;
  c.threads_per_warp = 12;
  EXPECT_FALSE(Device::create(c));
  c = {};
  c.warp_slots_per_sm = 0;
  EXPECT_FALSE(Device::create(c));
}

TEST(Device, AllocatesLikeTheReferenceDriver) {
  auto device = Device::create();
  ASSERT_TRUE(device);
  auto a = (*device)->allocate(64);
  auto b = (*device)->allocate(0x1001);
  auto c = (*device)->allocate(4);
  ASSERT_TRUE(a && b && c);
  // ISA.md §8: 4 KiB aligned, allocation order, from 0x90000000.
  EXPECT_EQ(a->address(), 0x90000000u);
  EXPECT_EQ(b->address(), 0x90001000u);
  EXPECT_EQ(c->address(), 0x90003000u);
  EXPECT_EQ(b->size(), 0x1001u);
  EXPECT_FALSE((*device)->allocate(0));
  EXPECT_TRUE((*device)->free(*b));
  EXPECT_FALSE((*device)->free(*b));  // double free
  auto other = Device::create();
  ASSERT_TRUE(other);
  EXPECT_FALSE((*other)->free(*a));  // another device's buffer
}

// Freed space: the reference driver never hands it out again (ISA.md §8), so --ref-compat
// does not; the default mode does (the lowest free block that fits), reading zeros there.
TEST(Device, ReusesFreedSpaceExceptInRefCompat) {
  for (bool ref : {false, true}) {
    Config config;
    config.simulation.ref_compat = ref;
    auto device = Device::create(config).value();
    auto a = device->allocate(0x2000).value();
    auto b = device->allocate(4).value();
    ASSERT_TRUE(a.fill(0x5A5A5A5Au));
    ASSERT_TRUE(device->free(a));
    auto c = device->allocate(0x1800).value();
    EXPECT_EQ(b.address(), 0x90002000u);
    EXPECT_EQ(c.address(), ref ? 0x90003000u : 0x90000000u) << "ref_compat " << ref;
    if (!ref) {
      EXPECT_EQ(c.read_as<uint32_t>(0x600).value(), std::vector<uint32_t>(0x600, 0u));
    }
  }
}

TEST(Buffer, WriteReadFillCopy) {
  auto device = Device::create();
  ASSERT_TRUE(device);
  auto a = (*device)->allocate(16);
  auto b = (*device)->allocate(16);
  ASSERT_TRUE(a && b);
  const std::vector<uint32_t> values{1, 2, 3, 4};
  ASSERT_TRUE(a->write(std::span<const uint32_t>(values)));
  auto back = a->read_as<uint32_t>(4);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, values);
  ASSERT_TRUE(b->fill(0xdeadbeef));
  ASSERT_TRUE(b->fill(0x01020304, 4, 4));
  auto filled = b->read_as<uint32_t>(4);
  ASSERT_TRUE(filled);
  EXPECT_EQ(*filled, (std::vector<uint32_t>{0xdeadbeef, 0x01020304, 0xdeadbeef, 0xdeadbeef}));
  ASSERT_TRUE(b->copy_from(*a, 4, 8, 8));  // a[1..2] -> b[2..3]
  filled = b->read_as<uint32_t>(2, 8);
  ASSERT_TRUE(filled);
  EXPECT_EQ(*filled, (std::vector<uint32_t>{2, 3}));
  const std::vector<uint8_t> one{0xaa};
  ASSERT_TRUE(a->write(std::span<const uint8_t>(one), 15));
  auto last = a->read_as<uint8_t>(1, 15);
  ASSERT_TRUE(last);
  EXPECT_EQ((*last)[0], 0xaa);
}

TEST(Buffer, BoundsAndLifetimeErrors) {
  auto device = Device::create();
  ASSERT_TRUE(device);
  auto a = (*device)->allocate(16);
  auto b = (*device)->allocate(8);
  ASSERT_TRUE(a && b);
  const std::vector<uint32_t> five(5, 7);
  auto too_big = a->write(std::span<const uint32_t>(five));
  ASSERT_FALSE(too_big);
  EXPECT_NE(too_big.error().message.find("does not fit"), std::string::npos);
  EXPECT_FALSE(a->read_as<uint32_t>(1, 16));
  EXPECT_FALSE(a->read_as<uint32_t>(1, SIZE_MAX));  // offset overflow
  EXPECT_FALSE(a->fill(0, 12, 8));
  EXPECT_FALSE(b->copy_from(*a, 0, 0, 16));  // destination too small
  EXPECT_FALSE(b->copy_from(*a, 12, 0, 8));  // source range too small
  ASSERT_TRUE((*device)->free(*a));
  auto freed = a->read_as<uint32_t>(1);
  ASSERT_FALSE(freed);
  EXPECT_NE(freed.error().message.find("freed"), std::string::npos);
}

constexpr const char* kTwoKernels = R"(
    .text
    .globl first
    .type first, @function
first:
    ret
    .globl second
    .type second, @function
second:
    ret
)";

TEST(Program, FromAssemblyListsKernels) {
  auto p = Program::from_assembly(kTwoKernels, "two.s");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->name(), "two.s");
  EXPECT_EQ(p->kernel_names(), (std::vector<std::string>{"first", "second"}));
  auto k = p->kernel("second");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->name(), "second");
  EXPECT_EQ(k->entry(), p->kernel("first")->entry() + 4);
  auto missing = p->kernel("third");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("kernels: first, second"), std::string::npos);
}

TEST(Program, ErrorsAndFiles) {
  auto bad = Program::from_assembly("    bogus x1\n", "bad.s");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("bad.s:1"), std::string::npos);
  EXPECT_FALSE(Program::from_file("/nonexistent/kernel.s"));
  EXPECT_FALSE(Program::from_elf_bytes({0x7f, 'E', 'L', 'F', 1}, "short.elf"));
  auto from_file = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/add_scaled.s");
  ASSERT_TRUE(from_file) << from_file.error().message;
  EXPECT_EQ(from_file->kernel_names(), std::vector<std::string>{"add_scaled"});
}

TEST(Program, PrintfKernelsGetTheDeviceLibrary) {
  auto p = Program::from_file(VENTUS_SOURCE_DIR "/tests/runtime_kernels/hello_printf.s");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->kernel_names(), std::vector<std::string>{"hello_printf"});  // not vt_printf
  // Linked in (the symbol exists) but not launchable: only kernels are (issue 13 item 6).
  auto library = p->kernel("vt_printf");
  ASSERT_FALSE(library);
  EXPECT_NE(library.error().message.find("'vt_printf' in '"), std::string::npos);
  EXPECT_NE(library.error().message.find("is not a kernel"), std::string::npos);
}

TEST(Kernel, ArgumentsInOrder) {
  auto device = Device::create();
  auto p = Program::from_assembly(kTwoKernels, "two.s");
  ASSERT_TRUE(device && p);
  auto buf = (*device)->allocate(4);
  auto k = p->kernel("first");
  ASSERT_TRUE(buf && k);
  const uint64_t wide = 0x1122334455667788ull;
  k->arg(*buf).arg(7u).arg(wide).arg_local(256);
  ASSERT_EQ(k->args().size(), 4u);
  EXPECT_EQ(k->args()[0].kind, Kernel::Arg::Kind::Buffer);
  EXPECT_EQ(k->args()[0].bytes.size(), 4u);
  EXPECT_EQ(k->args()[1].kind, Kernel::Arg::Kind::Value);
  EXPECT_EQ(k->args()[2].bytes.size(), 8u);
  EXPECT_EQ(k->args()[3].kind, Kernel::Arg::Kind::Local);
  EXPECT_EQ(k->args()[3].local_bytes, 256u);
  k->clear_args();
  EXPECT_TRUE(k->args().empty());
}

}  // namespace
}  // namespace ventus
