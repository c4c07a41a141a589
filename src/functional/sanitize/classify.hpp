// The sanitizers' classification of one byte's accesses (docs/sanitizers.md): which hazard or
// uninitialised read they make, as findings, whatever order the accesses came in.
#pragma once

#include <cstdint>
#include <optional>

#include "functional/sanitize/byte_shadow.hpp"
#include "functional/sanitize/findings.hpp"
#include "functional/sanitize/sanitize_checks.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional::sanitize::classify {

// Work-item key of an access: warp·64 + lane + 1; 0 is the scalar access of warp 0.
inline uint32_t actor_of(unsigned warp, int lane) {
  return warp * 64 + static_cast<uint32_t>(lane + 1);
}

// The pcs' upper bits, which keys leave out (AccessKey).
struct Where {
  uint32_t group = 0;  // of a work-group's own shadow
  uint32_t pc_base = 0;
};

inline FindingSite site_of(const AccessKey& key, const Where& where, bool is_write,
                           bool is_atomic) {
  const uint32_t actor = key.actor();
  FindingSite s;
  s.pc = key.pc(where.pc_base);
  s.group = key.group_plus_one() != 0 ? key.group_plus_one() - 1 : where.group;
  s.warp = static_cast<unsigned>(actor / 64);
  s.lane = static_cast<int>(actor % 64) - 1;
  s.is_write = is_write;
  s.is_atomic = is_atomic;
  return s;
}

// Scalar stores of one pc from several warps, all of the same value: every warp's copy of
// the start code's initialisation (crt0 stores the print buffer's address and clears .bss in
// every warp), not worth a warning.
template <unsigned kShift>
bool uniform_start_code(const sanitize::KeyPair<kShift>& writes) {
  const auto scalar = [](const AccessKey& k) { return (k.actor() & 63u) == 0; };
  return writes.a.pc(0) == writes.b.pc(0) && scalar(writes.a) && scalar(writes.b);
}

// The hazard one byte's accesses in one interval make, if any: unordered accesses of two
// owners, one of them a write (atomic pairs excepted); errors before the benign warning.
template <unsigned kShift>
std::optional<Finding> classify(const ByteAccesses<kShift>& b, const Where& group) {
  Finding f;
  const auto& w = b.writes;
  if (!w.b.empty() && b.values_differ) {
    f.kind = FindingKind::WriteWrite;
    f.first = site_of(w.a, group, true, false);
    f.second = site_of(w.b, group, true, false);
    return f;
  }
  AccessKey r = b.reads.other_than(w.a);
  if (r.empty() && b.values_differ) r = b.own_reads.other_than(w.a);
  if (!w.a.empty() && !r.empty()) {
    const bool write_first = w.a < r;
    f.kind = write_first ? FindingKind::WriteRead : FindingKind::ReadWrite;
    f.first = write_first ? site_of(w.a, group, true, false) : site_of(r, group, false, false);
    f.second = write_first ? site_of(r, group, false, false) : site_of(w.a, group, true, false);
    return f;
  }
  const AccessKey& a = b.atomics.a;
  AccessKey p = b.writes.other_than(a);
  const bool plain_write = !p.empty();
  if (!plain_write) p = b.reads.other_than(a);
  if (!a.empty() && !p.empty()) {
    f.kind = FindingKind::AtomicPlain;
    f.first = site_of(a < p ? a : p, group, a < p || plain_write, a < p);
    f.second = site_of(a < p ? p : a, group, !(a < p) || plain_write, !(a < p));
    return f;
  }
  if (!w.b.empty() && !uniform_start_code(w)) {
    f.kind = FindingKind::BenignWriteWrite;
    f.first = site_of(w.a, group, true, false);
    f.second = site_of(w.b, group, true, false);
    return f;
  }
  return std::nullopt;
}

inline bool same_hazard(const Finding& x, const Finding& y) {
  return x.kind == y.kind && x.first.pc == y.first.pc && x.second.pc == y.second.pc &&
         x.first.group == y.first.group && x.second.group == y.second.group &&
         x.first.warp == y.first.warp && x.second.warp == y.second.warp &&
         x.first.lane == y.first.lane && x.second.lane == y.second.lane;
}

// An uninitialised read, unless another work-item wrote the byte in the same interval: that
// read races with the write (a race, not an init finding, whatever ran first). The reader's
// own later write (c[i] += x on a buffer nothing filled) does not hide it.
template <unsigned kShift>
std::optional<Finding> classify_init(const ByteAccesses<kShift>& b, const Where& group) {
  const AccessKey& r = b.uninit_read;
  if (r.empty() || !b.writes.other_than(r).empty() || !b.atomics.other_than(r).empty()) {
    return std::nullopt;
  }
  Finding f;
  f.kind = FindingKind::UninitRead;
  f.first = site_of(b.uninit_read, group, false, false);
  return f;
}

// Adds the findings of a shadow in address order (`checks`: race, init); the bytes of one
// access pair next to each other (a word) are one finding.
template <class Shadow>
void add_hazards(const Shadow& shadow, const Where& group, MemSpace space, uint32_t interval,
                 uint8_t checks, FindingLog& log) {
  std::optional<Finding> last;
  shadow.for_each([&](uint32_t addr, const auto& bytes) {
    if (bytes.quiet()) return;
    std::optional<Finding> f;
    if ((checks & sanitize::kInit) != 0) f = classify_init(bytes, group);
    if (!f && (checks & sanitize::kRace) != 0) f = classify(bytes, group);
    if (!f) return;
    // The local shadow holds private bytes too (both belong to one work-group).
    f->space =
        space == MemSpace::Local && !memory::is_local_window(addr) ? MemSpace::Private : space;
    f->addr = addr;
    f->interval = interval;
    if (!(last && same_hazard(*last, *f) && last->addr + 1 == addr)) log.add(*f);
    last = f;
  });
}

}  // namespace ventus::functional::sanitize::classify
