// Text and JSON forms of the sanitizers' findings (docs/sanitizers.md "The report").
#include "functional/sanitize/report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "functional/sanitize/sanitize_checks.hpp"
#include "isa/disassembler.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional {
namespace {

std::array<uint32_t, 3> group_id(const ReportContext& c, uint32_t linear) {
  const uint32_t x = c.num_groups[0], xy = x * c.num_groups[1];
  return {linear % x, (linear % xy) / x, linear / xy};  // x fastest (ISA.md §3)
}

std::string group_text(const ReportContext& c, uint32_t linear) {
  const auto id = group_id(c, linear);
  return fmt::format("work-group {} ({}, {}, {})", linear, id[0], id[1], id[2]);
}

std::string instruction(const ReportContext& c, uint32_t pc) {
  return fmt::format("pc 0x{:08x} [{}]", pc,
                     isa::disassemble_for_message(c.word_at(pc), pc, c.profile));
}

std::string who_text(const ReportContext& c, const FindingSite& s) {
  if (s.lane < 0) return fmt::format("warp {} (scalar)", s.warp);
  return fmt::format("work-item {} (warp {}, lane {})", s.warp * c.numt + s.lane, s.warp, s.lane);
}

std::string_view access_name(const FindingSite& s) {
  if (s.is_atomic) return "atomic";
  return s.is_write ? "write" : "read";
}

std::string_view space_name(MemSpace space) {
  switch (space) {
    case MemSpace::Local:
      return "local";
    case MemSpace::Private:
      return "private";
    case MemSpace::Global:
      return "global";
    case MemSpace::None:
      break;
  }
  return "";
}

std::string where_text(const ReportContext& c, const Finding& f) {
  return fmt::format("{} 0x{:08x} ({})", space_name(f.space), f.addr, describe_address(c, f.addr));
}

std::string race_text(const ReportContext& c, const Finding& f) {
  const bool between = f.interval == Finding::kBetweenGroups;
  const auto access = [&](const FindingSite& s) {
    return fmt::format("{} at {} by {}{}", access_name(s), instruction(c, s.pc),
                       between ? group_text(c, s.group) + " " : "", who_text(c, s));
  };
  const std::string scope =
      between ? "between work-groups"
              : fmt::format("{}, barrier interval {}", group_text(c, f.first.group), f.interval);
  return fmt::format("{} on {}, {}: {}; {}", finding_kind_name(f.kind), where_text(c, f), scope,
                     access(f.first), access(f.second));
}

std::string sync_text(const ReportContext& c, const Finding& f) {
  const std::string group = group_text(c, f.first.group);
  switch (f.kind) {
    case FindingKind::DivergentBarrier:
      return fmt::format("divergent barrier at {} in warp {} of {}: active mask 0x{:08x}",
                         instruction(c, f.first.pc), f.first.warp, group, f.mask);
    case FindingKind::BarrierMismatch:
      return fmt::format("barrier mismatch in {}: warp {} waited at {}, warp {} at {}", group,
                         f.first.warp, instruction(c, f.first.pc), f.second.warp,
                         instruction(c, f.second.pc));
    default:
      return fmt::format("ended before barrier in {}: warp {} waited at {}, warp {} ended at {}",
                         group, f.first.warp, instruction(c, f.first.pc), f.second.warp,
                         instruction(c, f.second.pc));
  }
}

std::string finding_text(const ReportContext& c, const Finding& f) {
  if (f.kind == FindingKind::UninitRegister) {
    return fmt::format("uninitialised register v{} read at {} by warp {} of {}: lanes 0x{:08x}",
                       f.addr, instruction(c, f.first.pc), f.first.warp,
                       group_text(c, f.first.group), f.mask);
  }
  if (f.kind == FindingKind::UninitRead) {
    return fmt::format("uninitialised read of {} at {} by {} of {}", where_text(c, f),
                       instruction(c, f.first.pc), who_text(c, f.first),
                       group_text(c, f.first.group));
  }
  if (finding_check_name(f.kind) == "sync") return sync_text(c, f);
  return race_text(c, f);
}

nlohmann::json site_json(const ReportContext& c, const FindingSite& s, std::string_view access) {
  nlohmann::json j;
  j["pc"] = s.pc;
  j["instruction"] = isa::disassemble_for_message(c.word_at(s.pc), s.pc, c.profile);
  j["work_group"] = s.group;
  j["work_group_id"] = group_id(c, s.group);
  j["warp"] = s.warp;
  j["lane"] = s.lane;
  j["work_item"] = s.lane < 0 ? -1 : static_cast<int64_t>(s.warp * c.numt + s.lane);
  j["access"] = access;
  return j;
}

nlohmann::json finding_json(const ReportContext& c, const Finding& f) {
  nlohmann::json j;
  const bool sync = finding_check_name(f.kind) == "sync";
  if (f.kind == FindingKind::UninitRegister) {
    j["register"] = fmt::format("v{}", f.addr);
    j["mask"] = f.mask;
    j["first"] = site_json(c, f.first, "read");
    return j;
  }
  if (!sync) {
    j["space"] = space_name(f.space);
    j["address"] = f.addr;
    j["buffer"] = describe_address(c, f.addr);
  }
  if (f.interval != Finding::kBetweenGroups) j["interval"] = f.interval;
  const std::string_view first = sync ? "barrier" : access_name(f.first);
  j["first"] = site_json(c, f.first, first);
  if (f.kind == FindingKind::DivergentBarrier) j["mask"] = f.mask;
  if (f.kind != FindingKind::UninitRead && f.kind != FindingKind::DivergentBarrier) {
    const std::string_view second = f.kind == FindingKind::EndedBeforeBarrier ? "endprg"
                                    : sync                                    ? "barrier"
                                           : access_name(f.second);
    j["second"] = site_json(c, f.second, second);
  }
  return j;
}

nlohmann::json memcheck_json(const ReportContext& c, const MemcheckEntry& e) {
  return {{"check", "memcheck"},
          {"kind", e.is_write ? "write outside every buffer" : "read outside every buffer"},
          {"error", true},
          {"count", e.count},
          {"examples",
           {{{"address", e.first_addr},
             {"detail", e.detail},
             {"first", site_json(c, FindingSite{e.pc, e.group, e.warp, e.lane, e.is_write, false},
                                 e.is_write ? "write" : "read")}}}}};
}

void add_entry(const ReportContext& c, const FindingEntry& e, SanitizeResult& out,
               nlohmann::json& array) {
  const bool error = finding_is_error(e.kind);
  (error ? out.errors : out.warnings) += e.count;
  nlohmann::json j{{"check", finding_check_name(e.kind)},
                   {"kind", finding_kind_name(e.kind)},
                   {"error", error},
                   {"count", e.count},
                   {"examples", nlohmann::json::array()}};
  for (const Finding& f : e.examples) {
    j["examples"].push_back(finding_json(c, f));
    out.lines.push_back(fmt::format("sanitize: {}: kernel '{}': {} [{} at this pc{}]",
                                    finding_check_name(e.kind), c.kernel, finding_text(c, f),
                                    e.count, e.second_pc != 0 ? " pair" : ""));
  }
  array.push_back(std::move(j));
}

}  // namespace

std::string describe_address(const ReportContext& c, uint32_t addr) {
  const memory::AddressMap* map =
      memory::is_local_window(addr) && c.local_map != nullptr ? c.local_map : c.global_map;
  if (map == nullptr) return "no memory map";
  if (const memory::Region* r = map->find(addr)) {
    return fmt::format("{} + 0x{:x}", memory::format_region(*r), addr - r->base);
  }
  return map->describe_fault(addr, 1);
}

SanitizeResult make_sanitize_result(uint8_t checks, const FindingLog& findings,
                                    const std::vector<MemcheckEntry>& memcheck,
                                    const ReportContext& c) {
  SanitizeResult out;
  out.checks = checks;
  nlohmann::json array = nlohmann::json::array();
  for (const FindingEntry& e : findings.entries()) add_entry(c, e, out, array);
  if ((checks & sanitize::kMemcheck) != 0) {
    for (const MemcheckEntry& e : memcheck) {
      out.errors += e.count;
      array.push_back(memcheck_json(c, e));
    }
  }
  out.json = array.dump();
  out.lines.push_back(fmt::format("sanitize: kernel '{}': {} error{}, {} warning{} ({})", c.kernel,
                                  out.errors, out.errors == 1 ? "" : "s", out.warnings,
                                  out.warnings == 1 ? "" : "s", sanitize_checks_name(checks)));
  return out;
}

}  // namespace ventus::functional
