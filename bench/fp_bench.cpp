// Micro-benchmarks of ventus::fp: throughput of add/mul/fma/div/sqrt over batches of
// varied normal operands (the per-lane cost in the simulator), with the host FPU as a
// baseline. Reported time is per operation (items_per_second inverted).
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "fp/fp.hpp"

namespace {

using ventus::fp::FpResult;
using ventus::fp::RoundingMode;

constexpr size_t kBatch = 4096;

struct Inputs {
  std::vector<uint32_t> a, b, c;
};

// Normal operands of moderate magnitude (exponents 2^-20 .. 2^20), the common case.
const Inputs& inputs() {
  static const Inputs kInputs = [] {
    Inputs in;
    std::mt19937 rng(42);
    auto next = [&rng] { return static_cast<uint32_t>(rng()); };
    auto operand = [&next] {
      const uint32_t field = 107 + next() % 41;
      return (next() & 0x80000000u) | (field << 23) | (next() & 0x7FFFFFu);
    };
    for (size_t i = 0; i < kBatch; ++i) {
      in.a.push_back(operand());
      in.b.push_back(operand());
      in.c.push_back(operand());
    }
    return in;
  }();
  return kInputs;
}

template <typename Op>
void run(benchmark::State& state, Op op) {
  const Inputs& in = inputs();
  const auto rm = static_cast<RoundingMode>(state.range(0));
  for (auto _ : state) {
    uint32_t acc = 0;
    uint8_t flags = 0;
    for (size_t i = 0; i < kBatch; ++i) {
      const FpResult r = op(in.a[i], in.b[i], in.c[i], rm);
      acc ^= r.value;
      flags |= r.flags;
    }
    benchmark::DoNotOptimize(acc);
    benchmark::DoNotOptimize(flags);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

void BM_Add(benchmark::State& s) {
  run(s,
      [](uint32_t a, uint32_t b, uint32_t, RoundingMode rm) { return ventus::fp::add(a, b, rm); });
}
void BM_Mul(benchmark::State& s) {
  run(s,
      [](uint32_t a, uint32_t b, uint32_t, RoundingMode rm) { return ventus::fp::mul(a, b, rm); });
}
void BM_Fma(benchmark::State& s) {
  run(s, [](uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) {
    return ventus::fp::fmadd(a, b, c, rm);
  });
}
void BM_Div(benchmark::State& s) {
  run(s,
      [](uint32_t a, uint32_t b, uint32_t, RoundingMode rm) { return ventus::fp::div(a, b, rm); });
}
void BM_Sqrt(benchmark::State& s) {
  run(s, [](uint32_t a, uint32_t, uint32_t, RoundingMode rm) {
    return ventus::fp::sqrt(a & 0x7FFFFFFFu, rm);
  });
}

// Host baseline: the same loop with native float arithmetic and no flags.
void BM_HostAdd(benchmark::State& s) {
  run(s, [](uint32_t a, uint32_t b, uint32_t, RoundingMode) {
    return FpResult{std::bit_cast<uint32_t>(std::bit_cast<float>(a) + std::bit_cast<float>(b)), 0};
  });
}
void BM_HostDiv(benchmark::State& s) {
  run(s, [](uint32_t a, uint32_t b, uint32_t, RoundingMode) {
    return FpResult{std::bit_cast<uint32_t>(std::bit_cast<float>(a) / std::bit_cast<float>(b)), 0};
  });
}

}  // namespace

BENCHMARK(BM_Add)->Arg(0)->Arg(4);
BENCHMARK(BM_Mul)->Arg(0)->Arg(4);
BENCHMARK(BM_Fma)->Arg(0)->Arg(4);
BENCHMARK(BM_Div)->Arg(0)->Arg(4);
BENCHMARK(BM_Sqrt)->Arg(0);
BENCHMARK(BM_HostAdd)->Arg(0);
BENCHMARK(BM_HostDiv)->Arg(0);
