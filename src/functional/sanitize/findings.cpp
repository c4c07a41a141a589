// FindingLog: aggregation of sanitizer findings per kind and pc pair; kind names.
#include "functional/sanitize/findings.hpp"

namespace ventus::functional {

std::string_view finding_kind_name(FindingKind kind) {
  switch (kind) {
    case FindingKind::WriteWrite:
      return "write-write";
    case FindingKind::WriteRead:
      return "write-read";
    case FindingKind::ReadWrite:
      return "read-write";
    case FindingKind::AtomicPlain:
      return "atomic-plain";
    case FindingKind::BenignWriteWrite:
      return "benign write-write";
    case FindingKind::UninitRead:
      return "uninitialised read";
    case FindingKind::UninitRegister:
      return "uninitialised register";
    case FindingKind::DivergentBarrier:
      return "divergent barrier";
    case FindingKind::BarrierMismatch:
      return "barrier mismatch";
    case FindingKind::EndedBeforeBarrier:
      return "ended before barrier";
  }
  return "?";
}

std::string_view finding_check_name(FindingKind kind) {
  if (kind == FindingKind::UninitRead || kind == FindingKind::UninitRegister) return "init";
  if (kind >= FindingKind::DivergentBarrier) return "sync";
  return "race";
}

bool finding_is_error(FindingKind kind) {
  return kind != FindingKind::BenignWriteWrite;
}

FindingEntry& FindingLog::entry(FindingKind kind, uint32_t first_pc, uint32_t second_pc) {
  for (FindingEntry& e : entries_) {
    if (e.kind == kind && e.first_pc == first_pc && e.second_pc == second_pc) return e;
  }
  FindingEntry& e = entries_.emplace_back();
  e.kind = kind;
  e.first_pc = first_pc;
  e.second_pc = second_pc;
  return e;
}

void FindingLog::add(const Finding& finding) {
  FindingEntry& e = entry(finding.kind, finding.first.pc, finding.second.pc);
  ++e.count;
  if (e.examples.size() < examples_) e.examples.push_back(finding);
}

void FindingLog::merge(const FindingLog& other) {
  for (const FindingEntry& o : other.entries_) {
    FindingEntry& e = entry(o.kind, o.first_pc, o.second_pc);
    e.count += o.count;
    for (const Finding& f : o.examples) {
      if (e.examples.size() < examples_) e.examples.push_back(f);
    }
  }
}

}  // namespace ventus::functional
