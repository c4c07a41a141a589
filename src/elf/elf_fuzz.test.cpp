// Robustness: thousands of corrupted ELF files (fixed seeds) never crash the reader, and
// every view it returns lies inside the file image.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "elf/elf_reader.hpp"
#include "elf/elf_test_util.hpp"

namespace ventus::elf {
namespace {

using testing::put16;
using testing::put32;

constexpr uint32_t kInteresting[] = {0,          1,          0x7f,       0xff,       0xffff,
                                     0x10000,    0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff,
                                     0x00001000, 0x28,       0x34,       0xfff1,     0xff00};

// Base files to corrupt: the writer's sample and, when present, a real kernel.
std::vector<std::vector<uint8_t>> seeds() {
  std::vector<std::vector<uint8_t>> result{write_elf(testing::sample_image())};
  const auto ref = std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases/vecadd-4w16t/object.riscv";
  std::ifstream in(ref, std::ios::binary);
  if (in) result.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return result;
}

bool inside(const ElfFile& f, const void* data, size_t size) {
  const auto* begin = f.image->data();
  const auto* p = static_cast<const uint8_t*>(data);
  return size == 0 || (p >= begin && p + size <= begin + f.image->size());
}

// Reads `bytes`; on success touches every view (so ASan sees any stray one) and checks
// that each lies inside the image; on failure checks the error is one named line.
void check_read(const std::vector<uint8_t>& bytes) {
  auto file = read_elf(bytes, "fuzz.elf");
  if (!file.ok()) {
    const std::string& message = file.error().message;
    ASSERT_EQ(message.rfind("fuzz.elf: ", 0), 0u) << message;
    ASSERT_EQ(message.find('\n'), std::string::npos) << message;
    return;
  }
  const ElfFile& f = *file;
  unsigned sum = 0;
  for (const Section& s : f.sections) {
    ASSERT_TRUE(inside(f, s.bytes.data(), s.bytes.size()));
    ASSERT_TRUE(inside(f, s.name.data(), s.name.size()));
    for (uint8_t b : s.bytes) sum += b;
    sum += static_cast<unsigned>(f.symbols_in_section(s.index).size());
  }
  for (const Symbol& s : f.symbols) {
    ASSERT_TRUE(inside(f, s.name.data(), s.name.size()));
    for (char c : s.name) sum += static_cast<unsigned char>(c);
  }
  for (const Segment& s : f.load_segments()) {
    ASSERT_TRUE(inside(f, s.bytes.data(), s.bytes.size()));
    ASSERT_LE(s.filesz, s.memsz);
    for (uint8_t b : s.bytes) sum += b;
  }
  static volatile unsigned sink;
  sink = sum;
  (void)sink;
}

TEST(ElfFuzz, RandomByteFlipsNeverCrash) {
  std::mt19937 rng(20240601);
  for (const auto& seed : seeds()) {
    for (int iteration = 0; iteration < 4000; ++iteration) {
      std::vector<uint8_t> bytes = seed;
      const int flips = 1 + static_cast<int>(rng() % 8);
      for (int i = 0; i < flips; ++i) {
        // Half the flips hit the ELF header and program headers, where fields matter most.
        const size_t limit = (rng() % 2 == 0) ? std::min<size_t>(bytes.size(), 256) : bytes.size();
        bytes[rng() % limit] ^= static_cast<uint8_t>(1u << (rng() % 8));
      }
      ASSERT_NO_FATAL_FAILURE(check_read(bytes)) << "iteration " << iteration;
    }
  }
}

// Random 32-bit fields set to boundary values anywhere in the section header table.
TEST(ElfFuzz, RandomFieldValuesNeverCrash) {
  std::mt19937 rng(7);
  for (const auto& seed : seeds()) {
    const uint32_t shoff = testing::get32(seed, 32);
    const size_t table = seed.size() - shoff;
    for (int iteration = 0; iteration < 4000; ++iteration) {
      std::vector<uint8_t> bytes = seed;
      for (int i = 0; i < 3; ++i) {
        const size_t at = shoff + (rng() % (table / 4)) * 4;
        put32(bytes, at, kInteresting[rng() % std::size(kInteresting)]);
      }
      if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
      ASSERT_NO_FATAL_FAILURE(check_read(bytes)) << "iteration " << iteration;
    }
  }
}

// Every 16- and 32-bit field position of the ELF header, program header table and section
// header table set to every boundary value.
TEST(ElfFuzz, EveryHeaderFieldAtEveryBoundaryValue) {
  for (const auto& seed : seeds()) {
    const uint32_t phoff = testing::get32(seed, 28);
    const uint32_t shoff = testing::get32(seed, 32);
    std::vector<size_t> positions;
    for (size_t at = 16; at < kEhdrSize; at += 2) positions.push_back(at);
    for (size_t at = phoff; at + 4 <= phoff + 5 * kPhdrSize && at + 4 <= shoff; at += 4) {
      positions.push_back(at);
    }
    for (size_t at = shoff; at + 4 <= seed.size(); at += 4) positions.push_back(at);
    for (size_t at : positions) {
      for (uint32_t value : kInteresting) {
        std::vector<uint8_t> bytes = seed;
        if (at < kEhdrSize) {
          put16(bytes, at, static_cast<uint16_t>(value));
        } else {
          put32(bytes, at, value);
        }
        ASSERT_NO_FATAL_FAILURE(check_read(bytes)) << "offset " << at << " value " << value;
      }
    }
  }
}

}  // namespace
}  // namespace ventus::elf
