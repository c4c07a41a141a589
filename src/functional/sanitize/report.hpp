// The sanitizers' report (docs/sanitizers.md): one text line per example and a JSON array
// for tools, naming addresses by buffer and offset as memcheck does.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "functional/memcheck.hpp"
#include "functional/sanitize/findings.hpp"
#include "memory/address_map.hpp"

namespace ventus::functional {

// What a launch's sanitizers found, ready for the tools (LaunchResult::sanitize).
struct SanitizeResult {
  uint8_t checks = 0;              // sanitize:: bits that ran; 0 = off
  std::vector<std::string> lines;  // the text report, a summary line last
  std::string json;                // the findings as a JSON array
  uint64_t errors = 0;             // findings that fail the run (memcheck included)
  uint64_t warnings = 0;           // benign write-write pairs
  uint64_t shadow_bytes = 0;       // peak shadow memory allocated
};

// Where the report looks things up.
struct ReportContext {
  std::string kernel;
  std::array<uint32_t, 3> num_groups{1, 1, 1};
  uint32_t numt = 1;
  std::function<uint32_t(uint32_t)> word_at;    // an instruction word
  isa::Profile profile = isa::kDefaultProfile;  // the launch's, for the disassembly
  const memory::AddressMap* global_map = nullptr;
  const memory::AddressMap* local_map = nullptr;  // null: the local window is global's
};

// "'buffer 1' [0x90000000, 0x90000040) + 0x10", or memcheck's description when no buffer
// holds the byte.
std::string describe_address(const ReportContext& context, uint32_t addr);

// The report of `findings` and of memcheck's `memcheck` entries (counted when `checks` has
// sanitize::kMemcheck; their lines are memcheck's own).
SanitizeResult make_sanitize_result(uint8_t checks, const FindingLog& findings,
                                    const std::vector<MemcheckEntry>& memcheck,
                                    const ReportContext& context);

}  // namespace ventus::functional
