// Example host program: runs examples/vecadd/vecadd.s on the simulated Ventus GPU.
//
// Build: part of the normal CMake build (target example_vecadd).
// Run:   example_vecadd [path/to/vecadd.s]
// The steps are those of any OpenCL-style host program: create a device, load a program,
// allocate and fill buffers, set the kernel's arguments in order, launch an ND-range, wait,
// read the results back.
#include <cstdio>
#include <string>
#include <vector>

#include "ventus/runtime.hpp"

namespace {
// Every runtime call returns a Result (value or Error): report the error and stop.
int fail(const std::string& message) {
  std::fprintf(stderr, "example_vecadd: %s\n", message.c_str());
  return 1;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : EXAMPLE_KERNEL_PATH;
  const uint32_t n = 1000;  // not a multiple of the work-group size: the kernel guards

  // 1. A device with the default machine (2 SMs, 8 threads per warp, ...).
  auto device = ventus::Device::create();
  if (!device) return fail(device.error().message);

  // 2. The program: an assembly file is assembled on the fly (an ELF works too).
  auto program = ventus::Program::from_file(path);
  if (!program) return fail(program.error().message);
  auto kernel = program->kernel("vecadd");
  if (!kernel) return fail(kernel.error().message);

  // 3. Input data and device buffers.
  std::vector<float> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 0.5f * static_cast<float>(i);
  }
  auto da = (*device)->allocate(n * sizeof(float));
  auto db = (*device)->allocate(n * sizeof(float));
  auto dc = (*device)->allocate(n * sizeof(float));
  if (!da || !db || !dc) return fail("allocation failed");
  if (!da->write(std::span<const float>(a)) || !db->write(std::span<const float>(b))) {
    return fail("upload failed");
  }

  // 4. Arguments in the kernel's order: three buffer addresses and n (ISA.md §7.2).
  kernel->arg(*da).arg(*db).arg(*dc).arg(n);

  // 5. Launch 1-D: global size = n rounded up to the work-group size of 64.
  ventus::NDRange range;
  range.work_dim = 1;
  range.local = {64, 1, 1};
  range.global = {(n + 63) / 64 * 64, 1, 1};
  auto event = (*device)->launch(*kernel, range);
  if (!event) return fail(event.error().message);
  auto stats = event->wait();  // the launch's statistics, or the guest fault that stopped it
  if (!stats) return fail(stats.error().message);

  // 6. Read back and check against the same computation on the host.
  auto c = dc->read_as<float>(n);
  if (!c) return fail(c.error().message);
  for (uint32_t i = 0; i < n; ++i) {
    if ((*c)[i] != a[i] + b[i]) {
      std::fprintf(stderr, "vecadd: c[%u] = %g, expected %g\n", i, static_cast<double>((*c)[i]),
                   static_cast<double>(a[i] + b[i]));
      return 1;
    }
  }
  std::printf("vecadd: OK, %u elements, %llu work-groups, %llu warp instructions\n", n,
              static_cast<unsigned long long>(stats->work_groups),
              static_cast<unsigned long long>(stats->warp_instructions));
  return 0;
}
