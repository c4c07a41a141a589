// `cc_quality`: the code quality of `ventus cc` — warp-instructions and cycles (cycle model
// on configs/ventus-rtl-tb.toml) of every suite kernel compiled from OpenCL C against its
// hand-written assembly, same drivers, same inputs. Prints a Markdown table (docs/opencl.md).
#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "kernels/bfs/bfs.hpp"
#include "kernels/conv2d/conv2d.hpp"
#include "kernels/divergence/divergence.hpp"
#include "kernels/gaussian/gaussian.hpp"
#include "kernels/matmul/matmul.hpp"
#include "kernels/matmul_tiled/matmul_tiled.hpp"
#include "kernels/nn/nn.hpp"
#include "kernels/private_spill/private_spill.hpp"
#include "kernels/reduction/reduction.hpp"
#include "kernels/saxpy/saxpy.hpp"
#include "kernels/scan/scan.hpp"
#include "kernels/softmax/softmax.hpp"
#include "kernels/transpose/transpose.hpp"
#include "kernels/vecadd/vecadd.hpp"

namespace ventus::kernels {
namespace {

using Runner = std::function<Result<LaunchStats>(Device&)>;

template <typename Run>
Result<LaunchStats> stats_of(Result<Run> run) {
  if (!run) return run.error();
  return run->stats;
}

std::vector<std::pair<std::string, Runner>> kernels() {
  const auto words = random_words(512, 7, 1000);
  const auto floats = random_floats(4096, 3);
  return {
      {"vecadd", [](Device& d) { return stats_of(run_vecadd(d, {1024, 64})); }},
      {"saxpy", [](Device& d) { return stats_of(run_saxpy(d, {1024, 64, 1.5f})); }},
      {"matmul", [](Device& d) { return stats_of(run_matmul(d, {16, 16, 16, 8, 8})); }},
      {"matmul_tiled", [](Device& d) { return stats_of(run_matmul_tiled(d, {16, 16, 16, 8})); }},
      {"reduction", [](Device& d) { return stats_of(run_reduction(d, {1024, 64})); }},
      {"scan", [](Device& d) { return stats_of(run_scan(d, {1024, 64})); }},
      {"transpose", [](Device& d) { return stats_of(run_transpose(d, {32, 32, 8})); }},
      {"gaussian", [floats](Device& d) {
         std::vector<float> a(floats.begin(), floats.begin() + 256), b(floats.begin() + 256, floats.begin() + 272);
         for (size_t i = 0; i < 16; ++i) a[i * 16 + i] += 20.0f;  // diagonally dominant
         return stats_of(gaussian_run(d, 16, a, b, 16, {4, 4}));
       }},
      {"nn", [floats](Device& d) {
         std::vector<LatLong> r(512);
         for (size_t i = 0; i < r.size(); ++i) r[i] = {floats[2 * i], floats[2 * i + 1]};
         return stats_of(nn_run(d, r, 0.5f, -1.0f, 64));
       }},
      {"bfs", [](Device& d) { return stats_of(bfs_run(d, random_graph(512, 1024, 5), 0, 64)); }},
      {"conv2d", [floats](Device& d) {
         Image img{32, 32, std::vector<float>(floats.begin(), floats.begin() + 1024)};
         std::vector<float> mask(floats.begin() + 1024, floats.begin() + 1033);
         return stats_of(conv2d_run(d, img, mask, 3, {8, 8}));
       }},
      {"divergence", [words](Device& d) { return stats_of(divergence_run(d, words, 64)); }},
      {"private_spill", [words](Device& d) { return stats_of(private_spill_run(d, words, 64)); }},
      {"softmax", [floats](Device& d) {
         return stats_of(softmax_run(d, std::vector<float>(floats.begin(), floats.begin() + 640), 160, 4, 32));
       }},
  };
}

Result<std::unique_ptr<Device>> device(const std::string& config, bool timing) {
  auto c = Config::from_toml_file(config);
  if (!c) return c.error();
  if (auto s = c->set("sm.threads_per_warp=8"); !s) return s.error();
  if (timing) {
    if (auto s = c->set("run.timing=true"); !s) return s.error();
  }
  return Device::create(*c);
}

// One kernel in one form: warp-instructions (functional) and cycles (cycle model).
Result<std::pair<uint64_t, uint64_t>> measure(const Runner& run, const std::string& config,
                                              const char* opencl_dir) {
  if (opencl_dir != nullptr) {
    setenv("VENTUS_TEST_OPENCL_DIR", opencl_dir, 1);
  } else {
    unsetenv("VENTUS_TEST_OPENCL_DIR");
  }
  auto functional = device(config, false);
  if (!functional) return functional.error();
  auto f = run(**functional);
  if (!f) return f.error();
  auto timed = device(config, true);
  if (!timed) return timed.error();
  auto t = run(**timed);
  if (!t) return t.error();
  return std::pair{f->warp_instructions, t->cycles};
}

}  // namespace
}  // namespace ventus::kernels

int main(int argc, char** argv) {
  using namespace ventus::kernels;
  const std::string root = argc > 1 ? argv[1] : VENTUS_SOURCE_DIR;
  const std::string build = argc > 2 ? argv[2] : VENTUS_BINARY_DIR;
  const std::string config = root + "/configs/ventus-rtl-tb.toml";
  fmt::print("| kernel | hand-written warp-instr | compiled | ratio | hand-written cycles | "
             "compiled | ratio |\n|---|---:|---:|---:|---:|---:|---:|\n");
  int status = 0;
  for (const auto& [name, run] : kernels()) {
    const std::string dir = build + "/kernels/" + name + "/opencl";
    auto hand = measure(run, config, nullptr);
    auto compiled = measure(run, config, dir.c_str());
    if (!hand || !compiled) {
      fmt::print("| {} | {} |\n", name, !hand ? hand.error().message : compiled.error().message);
      status = 1;
      continue;
    }
    fmt::print("| {} | {} | {} | {:.2f} | {} | {} | {:.2f} |\n", name, hand->first,
               compiled->first, double(compiled->first) / double(hand->first), hand->second,
               compiled->second, double(compiled->second) / double(hand->second));
  }
  return status;
}
