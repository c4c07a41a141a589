// ICache: lookups, miss tracking and fills.
#include "timing/icache.hpp"

#include <algorithm>

namespace ventus::timing {

ICache::ICache(const CacheParams& params, uint32_t fill_cycles, CacheStats& stats)
    : tags_(params),
      line_bytes_(params.line_bytes),
      mshr_entries_(params.mshr_entries),
      fill_cycles_(fill_cycles),
      stats_(stats) {}

bool ICache::lookup(uint32_t address, Cycle now) {
  (void)now;
  ++stats_.accesses;
  const uint32_t line = tags_.line_of(address);
  if (tags_.access(line)) {
    ++stats_.hits;
    return true;
  }
  ++stats_.misses;
  const bool pending =
      std::any_of(mshr_.begin(), mshr_.end(), [line](const Miss& m) { return m.line == line; });
  if (pending) {
    ++stats_.mshr_merges;
  } else if (mshr_.size() < mshr_entries_) {
    mshr_.push_back(Miss{line});
    MemRequest request;
    request.kind = MemKind::Get;
    request.client = MemClient::ICache;
    request.address = line * line_bytes_;
    requests_.push_back(request);
  } else {
    ++stats_.mshr_full;
  }
  return false;
}

void ICache::on_response(const MemResponse& response, Cycle now) {
  const uint32_t line = response.request.address / line_bytes_;
  for (Miss& m : mshr_) {
    if (m.line == line) m.fill_at = now + fill_cycles_;
  }
}

void ICache::tick(Cycle now) {
  for (size_t i = 0; i < mshr_.size();) {
    if (mshr_[i].fill_at <= now) {
      tags_.fill(mshr_[i].line);
      mshr_.erase(mshr_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

Cycle ICache::next_fill() const {
  Cycle next = ~Cycle{0};
  for (const Miss& m : mshr_) next = std::min(next, m.fill_at);
  return next;
}

void ICache::invalidate() {
  tags_.invalidate_all();
  mshr_.clear();
  requests_.clear();
}

}  // namespace ventus::timing
