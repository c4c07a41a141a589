// CTest driver of a fuzz target: a fixed-seed generator of mutated seeds and token soup,
// fed to LLVMFuzzerTestOneInput under ASan and UBSan (a crash, leak or UB report fails the
// test; an input slower than 2 s is reported as a hang). `--write-seeds DIR` writes the
// seeds as libFuzzer's starting corpus.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "fuzz_target.hpp"

namespace {

constexpr uint32_t kInteresting[] = {
    0,        1,          2,          3,          4,          7,          8,         31,
    32,       33,         0x7f,       0x80,       0xff,       0x100,      0xffff,    0x10000,
    0x100000, 0x10000000, 0x7fffffff, 0x80000000, 0xfffffffd, 0xfffffffe, 0xffffffff};

// One edit of `s`: a random byte, a deleted or duplicated span, a token, a number made
// interesting (text or binary), or the tail of another seed.
void mutate_once(std::string& s, std::mt19937& rng, const std::vector<std::string>& seeds,
                 const std::vector<std::string>& tokens) {
  const size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
  switch (rng() % 7) {
    case 0:
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), static_cast<char>(rng()));
      break;
    case 1:
      if (!s.empty()) s.erase(std::min(at, s.size() - 1), 1 + rng() % 16);
      break;
    case 2:
      if (!tokens.empty()) s.insert(at, tokens[rng() % tokens.size()]);
      break;
    case 3:
      if (!s.empty()) s.insert(at, s.substr(rng() % s.size(), rng() % 64));
      break;
    case 4: {  // an interesting value, as hex text
      char text[16];
      std::snprintf(text, sizeof text, "%08x", kInteresting[rng() % std::size(kInteresting)]);
      s.insert(at, text);
      break;
    }
    case 5:  // an interesting value, as 4 little-endian bytes over what is there
      if (s.size() >= 4) {
        const uint32_t v = kInteresting[rng() % std::size(kInteresting)];
        const size_t pos = rng() % (s.size() - 3);
        for (int b = 0; b < 4; ++b) s[pos + b] = static_cast<char>(v >> (8 * b));
      }
      break;
    default: {  // splice: our head, another seed's tail
      const std::string& other = seeds[rng() % seeds.size()];
      s = s.substr(0, at) + other.substr(other.empty() ? 0 : rng() % other.size());
    }
  }
}

std::string generate(std::mt19937& rng, const std::vector<std::string>& seeds,
                     const std::vector<std::string>& tokens, uint64_t i) {
  std::string s;
  if (i % 4 == 3 && !tokens.empty()) {  // token soup
    for (auto n = rng() % 48; n > 0; --n) s += tokens[rng() % tokens.size()];
    return s;
  }
  s = seeds[rng() % seeds.size()];
  for (auto edits = 1 + rng() % 8; edits > 0; --edits) mutate_once(s, rng, seeds, tokens);
  return s;
}

int write_seeds(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const auto all = ventus::fuzz::seeds();
  for (size_t i = 0; i < all.size(); ++i) {
    std::ofstream(dir / ("seed" + std::to_string(i)), std::ios::binary) << all[i];
  }
  std::printf("%zu seeds written to %s\n", all.size(), dir.string().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t inputs = 100000;
  uint64_t seed = 12345;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--inputs") inputs = std::strtoull(argv[i + 1], nullptr, 10);
    if (flag == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    if (flag == "--write-seeds") return write_seeds(argv[i + 1]);
  }
  const auto seeds = ventus::fuzz::seeds();
  const auto tokens = ventus::fuzz::tokens();
  std::mt19937 rng(static_cast<uint32_t>(seed));
  for (const std::string& s : seeds) {
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  }
  for (uint64_t i = 0; i < inputs; ++i) {
    const std::string input = generate(rng, seeds, tokens, i);
    const auto start = std::chrono::steady_clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(2)) {
      std::ofstream("fuzz-" VENTUS_FUZZ_TARGET "-slow-input", std::ios::binary) << input;
      std::fprintf(stderr, "%s: input %llu took more than 2 s (saved as fuzz-%s-slow-input)\n",
                   VENTUS_FUZZ_TARGET, static_cast<unsigned long long>(i), VENTUS_FUZZ_TARGET);
      return 1;
    }
  }
  std::printf("%s: %llu generated inputs (seed %llu) and %zu seeds, no failure\n",
              VENTUS_FUZZ_TARGET, static_cast<unsigned long long>(inputs),
              static_cast<unsigned long long>(seed), seeds.size());
  return 0;
}
