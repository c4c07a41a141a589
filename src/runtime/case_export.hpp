// CaseExporter: writes a device's launches as a reference test case (run.save_case, issue 47):
// <kernel>_<n>.metadata / .data (ISA.md §9), cases.ini, object.riscv and expected/*.out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "elf/elf_file.hpp"
#include "loader/metadata.hpp"
#include "runtime/launch_core.hpp"

namespace ventus::runtime_detail {

// The .metadata of a launch about to run (docs/runtime.md "Saving launches as a test case"):
// the device's live buffers in address order, the __local arguments, the argument buffer,
// the code image (.text, alloc 0x10000000), private memory (moved past every buffer and sized
// for every work-group, as the case runner indexes it by work-group), the metadata buffer and
// the print buffer (no contents).
loader::LaunchMetadata case_metadata(const Device::State& state, const elf::ElfFile& elf,
                                     const LaunchPlan& plan);

class CaseExporter {
 public:
  explicit CaseExporter(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // Writes the launch's .metadata and .data (the buffers as they are now) and the ELF.
  Status before_launch(const Device::State& state, const elf::ElfFile& elf, const LaunchPlan& plan);
  // Writes expected/<launch>.out from the memory the launch left, and cases.ini.
  Status after_launch(const Device::State& state);

 private:
  std::filesystem::path dir_;
  std::map<std::string, unsigned> per_kernel_;  // launches so far of each kernel
  std::vector<std::string> launches_;           // cases.ini order
  loader::LaunchMetadata pending_;              // the launch between before and after
};

}  // namespace ventus::runtime_detail
