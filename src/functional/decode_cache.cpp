// DecodeCache slow paths: creating a page and fetching + predecoding one word.
#include "functional/decode_cache.hpp"

namespace ventus::functional {

DecodeCache::Page& DecodeCache::page_for(uint32_t page) {
  auto& table = directory_[page >> kTableBits];
  if (!table) table = std::make_unique<Table>();
  auto& slot = (*table)[page & ((1u << kTableBits) - 1)];
  if (!slot) slot = std::make_unique<Page>();
  return *slot;
}

const Insn* DecodeCache::fill(uint32_t pc, Insn& slot) {
  const auto word = memory_.read<uint32_t>(pc);
  if (!word) return nullptr;
  slot = predecode(word.value());
  return &slot;
}

}  // namespace ventus::functional
