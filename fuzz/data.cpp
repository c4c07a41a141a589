// Fuzz target: a .metadata and a .data/.out file together (input = metadata NUL data): the
// data parser must not trust the sizes the metadata claims (issue 13 item 2), and what it
// accepts must survive a format/parse round trip.
#include <cstdlib>

#include "fuzz_target.hpp"
#include "loader/data_file.hpp"
#include "loader/metadata.hpp"
#include "metadata_seed.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::loader;
  const std::string_view input = ventus::fuzz::as_text(data, size);
  const size_t split = input.find('\0');
  if (split == std::string_view::npos) return 0;
  auto meta = parse_metadata(input.substr(0, split), "fuzz.metadata");
  if (!meta) return 0;
  auto parsed = parse_data(input.substr(split + 1), "fuzz.data", *meta);
  if (!parsed) return 0;
  auto again = parse_data(format_data(*parsed), "again.data", *meta);
  if (!again || !(*again == *parsed)) std::abort();
  // A dump reads every word the metadata lists; the data parsed, so they are few.
  (void)format_dump(*meta, [](uint32_t addr) { return addr; });
  return 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {
      metadata_seed(1) + '\0' + "00000001\n",
      metadata_seed(3) + '\0' + "00000001\n00000002\n00000003\n00000004\n00000005\n" + "00000006\n",
      metadata_seed(0) + '\0'};
}

std::vector<std::string> tokens() {
  return {"\n", "00000000\n", "ffffffff\n", "fffffffd\n", "00100000\n", std::string(1, '\0')};
}

}  // namespace ventus::fuzz
