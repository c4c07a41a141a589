// Fuzz target: the .metadata parser (ISA.md §9.1); what it accepts must survive a
// format/parse round trip unchanged.
#include <cstdlib>

#include "fuzz_target.hpp"
#include "loader/metadata.hpp"
#include "metadata_seed.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::loader;
  auto meta = parse_metadata(ventus::fuzz::as_text(data, size), "fuzz.metadata");
  if (!meta) return 0;
  auto again = parse_metadata(format_metadata(*meta), "again.metadata");
  if (!again || !(*again == *meta)) std::abort();  // the writer must give the same launch
  return 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {metadata_seed(0), metadata_seed(1), metadata_seed(3)};
}

std::vector<std::string> tokens() {
  return {"\n", "\r\n", "00000000\n", "ffffffff\n", "FFFFFFFD\n", "0000000g", " ", "\t", "0x"};
}

}  // namespace ventus::fuzz
