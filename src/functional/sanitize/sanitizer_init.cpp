// Sanitizer, init: reads of local, private and global bytes nothing wrote before them, and
// vector register lanes read before the warp wrote them (docs/sanitizers.md).
#include <optional>

#include "functional/sanitize/classify.hpp"
#include "functional/sanitize/sanitizer.hpp"
#include "functional/sanitize/sanitizer_group.hpp"

namespace ventus::functional {

using sanitize::AccessKey;
using sanitize::ByteAccesses;
using namespace sanitize::classify;

namespace {

// The reads of `m` of bytes `defined` does not cover that neither the reading work-item nor
// its warp's scalar code (which runs in program order with it) wrote before in this
// interval: the smallest such read per byte is the byte's uninit_read.
template <class Shadow, class Defined>
bool note_uninit(Shadow& shadow, const ExecutedInstr& r, const MemAccess& m, Defined defined) {
  bool noted = false;
  const uint32_t actor = actor_of(r.warp, m.lane);
  const uint32_t scalar = actor_of(r.warp, -1);
  const AccessKey key = AccessKey::make(0, actor, r.pc);
  for (uint32_t i = 0; i < m.size; ++i) {
    const uint32_t addr = m.addr + i;
    if (defined(addr)) continue;
    auto& b = shadow.at(addr);
    const auto& w = b.writes;
    const auto& a = b.atomics;
    if (w.owned_by(actor) || w.owned_by(scalar) || a.owned_by(actor) || a.owned_by(scalar)) {
      continue;
    }
    if (key < b.uninit_read) b.uninit_read = key;
    noted = true;
  }
  return noted;
}

}  // namespace

// A local or private byte is defined once a closed interval of the work-group wrote it.
void Sanitizer::check_init(Group& g, const ExecutedInstr& r, const MemAccess& m) {
  (void)note_uninit(g.local, r, m, [&g](uint32_t addr) { return g.defined.test(addr); });
}

// A global byte is defined when the host or an earlier launch wrote it (defined_), or a
// closed global interval of the work-group did.
void Sanitizer::check_global_init(Group& g, const ExecutedInstr& r, const MemAccess& m) {
  if (note_uninit(g.global, r, m, [&](uint32_t addr) {
        return defined_->defined(addr) || g.global_defined.test(addr);
      })) {
    g.global_uninit = true;
  }
}

// Lanes of a vector register a vector instruction reads that no instruction of the warp
// wrote before: a compiler bug (or a hand-written kernel's). Reported once per register and
// warp (the lanes count as written after). Not checked, so that nothing is reported falsely:
// a store's registers (a spill copies whatever a register holds), v0 read as the v0.t mask
// (bit-packed in lane 0), and registers of rows that are not per-lane. A destination counts
// as written on the lanes the instruction ran, every lane for other rows.
void Sanitizer::check_registers(Group& g, const ExecutedInstr& r) {
  std::array<LaneMask, 256>& written = g.written.at(r.warp);
  const bool per_lane = r.row != nullptr && r.row->has(isa::flag::kVector);
  const bool store = r.row != nullptr && r.row->has(isa::flag::kStore);
  for (unsigned k = 0; per_lane && !store && k < r.operands.source_count; ++k) {
    const RegRef s = r.operands.sources[k];
    if (s.file != RegFile::Vector || (s.index == 0 && r.masked)) continue;
    const LaneMask unwritten = r.lanes & ~written[s.index];
    if (unwritten == 0) continue;
    Finding f;
    f.kind = FindingKind::UninitRegister;
    f.addr = s.index;
    f.interval = g.local_interval;
    f.first = FindingSite{r.pc, g.linear, r.warp, -1, false, false};
    f.mask = unwritten;
    g.log.add(f);
    written[s.index] |= unwritten;
  }
  const RegRef d = r.operands.destination;
  if (d.file == RegFile::Vector) written[d.index] |= per_lane ? r.lanes : ~LaneMask{0};
}

// The interval's uninitialised global reads no other work-item of it wrote (classify_init),
// as keys of the work-group's owner, the smallest per byte.
void Sanitizer::keep_global_uninit(Group& g, uint32_t interval) {
  if (!g.global_uninit) return;
  g.global_uninit = false;
  g.global.for_each([&](uint32_t addr, const ByteAccesses<sanitize::kActorOwner>& b) {
    if (!classify_init(b, Where{g.linear, pc_base_})) return;
    const AccessKey key{b.uninit_read.bits | uint64_t{g.linear + 1} << 40};
    auto [it, added] = global_uninit_.try_emplace(addr, Uninit{key, interval});
    if (!added && key < it->second.key) it->second = Uninit{key, interval};
  });
}

// Uninitialised global reads in address order, but those of bytes another work-group wrote
// or updated in the launch: that read races with the write (one bug, one finding).
void Sanitizer::report_global_uninit(FindingLog& log) {
  std::optional<Finding> last;
  for (const auto& [addr, u] : global_uninit_) {
    const sanitize::LaunchShadow::Bytes b = launch_global_.bytes_at(addr);
    if (!b.writes.other_than(u.key).empty() || !b.atomics.other_than(u.key).empty()) continue;
    Finding f;
    f.kind = FindingKind::UninitRead;
    f.space = MemSpace::Global;
    f.addr = addr;
    f.interval = u.interval;
    f.first = site_of(u.key, Where{0, pc_base_}, false, false);
    if (!(last && same_hazard(*last, f) && last->addr + 1 == addr)) log.add(f);
    last = f;
  }
  global_uninit_.clear();
}

// The launch's stores define their bytes for the launches after it; a launch whose global
// stores were not followed may have written anything.
void Sanitizer::update_defined() {
  if (defined_ == nullptr || defined_->all_defined()) return;
  if (!fill_launch_) {
    defined_->define_all();
    return;
  }
  launch_global_.for_each_written_run(
      [this](uint32_t start, uint32_t bytes) { defined_->define(start, bytes); });
}

}  // namespace ventus::functional
