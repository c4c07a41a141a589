// GoldenModel::open_case: the memory image and configuration of one launch of a test case
// (ISA.md §9), prepared as the case runner prepares it (src/runner/case_runner.cpp), the
// launches before it in cases.ini run first on the same memory.
#include <fmt/format.h>

#include "elf/elf_reader.hpp"
#include "functional/launch.hpp"
#include "loader/test_case.hpp"
#include "runner/case_limits.hpp"
#include "runner/case_memory.hpp"
#include "runner/case_setup.hpp"
#include "runtime/golden_setup.hpp"
#include "ventus/runtime.hpp"

namespace ventus::golden {

namespace {

using functional::Mode;

// The case's ELF (when it has one): its segments and symbols.
struct CaseProgram {
  std::optional<elf::ElfFile> elf;

  const elf::ElfFile* file() const { return elf ? &*elf : nullptr; }
};

Status prepare_memory(const loader::Launch& launch, const CaseProgram& program, Mode mode,
                      memory::DeviceMemory& memory) {
  if (mode == Mode::Default) {
    if (auto mapped = loader::map_launch_buffers(launch.metadata, memory); !mapped) return mapped;
  }
  loader::write_launch_data(launch.data, memory);
  if (mode == Mode::Default) {
    runner::map_elf_segments(program.file(), memory);
    runner::write_elf_segments(program.file(), memory);
    return ok_status();
  }
  return functional::install_boot_rom(memory, launch.metadata.start_addr);
}

functional::LaunchConfig launch_config(const loader::Launch& launch) {
  const loader::LaunchMetadata& m = launch.metadata;
  functional::LaunchConfig config;
  config.kernel_name = launch.name;
  config.start_pc = m.start_addr;
  config.num_groups = m.kernel_size;
  config.numt = m.wf_size;
  config.numw = m.wg_size;
  config.knl_base = m.metadata_base;
  config.pds_base = m.pds_base;
  config.pds_size = m.pds_size;
  config.sgpr_usage = m.sgpr_usage;
  config.vgpr_usage = m.vgpr_usage;
  return config;
}

// Fills `p` for `launch`: its memory, configuration, machine and engine options.
Status prepare_launch(const loader::Launch& launch, const CaseProgram& program,
                      const functional::MachineShape& machine, Mode mode, PreparedLaunch& p) {
  auto fit = runner::launch_machine(launch, machine, true);
  if (!fit) return fit.error();
  p.shape = fit->shape;
  if (auto ok = prepare_memory(launch, program, mode, p.memory); !ok) return ok;
  p.config = launch_config(launch);
  if (auto valid = functional::check_launch_config(p.config); !valid) return valid;
  p.local.reset();
  if (mode == Mode::Default) p.local.emplace(runner::case_local_layout(launch.metadata));
  p.engine = functional::EngineOptions{};
  p.engine.mode = mode;
  p.engine.memcheck = functional::Memcheck::Report;
  p.engine.tohost_addr = runner::tohost_address(program.file());
  auto profile = runner::case_profile(program.file());
  if (!profile) return profile.error();
  p.engine.profile = *profile;
  return ok_status();
}

// Runs a launch before the checked one (unchecked, it only sets up the memory).
Status run_before(const loader::Launch& launch, PreparedLaunch& p) {
  functional::FunctionalStats stats(p.shape.sm_count);
  functional::LaunchHooks hooks;
  hooks.before_group = p.before_group;
  auto result = functional::run_launch(p.config, p.shape, p.engine, p.memory,
                                       p.local ? &*p.local : nullptr, stats, nullptr, hooks);
  if (!result.fault) return ok_status();
  return Error{fmt::format("launch {} (before the checked one) faulted: {}", launch.name,
                           result.fault->message())};
}

Result<size_t> launch_index(const loader::TestCase& test_case, const std::string& name) {
  std::string known;
  for (size_t i = 0; i < test_case.launches.size(); ++i) {
    if (test_case.launches[i].name == name) return i;
    known += (known.empty() ? "" : ", ") + test_case.launches[i].name;
  }
  return Error{fmt::format("{}: no launch '{}' in cases.ini (launches: {})", test_case.dir.string(),
                           name, known)};
}

}  // namespace

Result<std::unique_ptr<PreparedLaunch>> prepare_case_launch(const CaseLaunch& c) {
  auto config =
      c.config_path.empty() ? Result<Config>(Config{}) : Config::from_toml_file(c.config_path);
  if (!config) return config.error();
  runner::CaseOptions options;
  options.mode = c.mode;
  auto test_case = runner::load_case(c.dir, options);
  if (!test_case) return test_case.error();
  auto index = launch_index(*test_case, c.launch);
  if (!index) return index.error();
  CaseProgram program;
  if (test_case->elf_path) {
    auto elf = elf::read_elf_file(test_case->elf_path->string());
    if (!elf) return elf.error();
    program.elf = std::move(elf.value());
  }
  auto p = std::make_unique<PreparedLaunch>();
  p->memory = c.mode == Mode::RefCompat ? memory::DeviceMemory::flat() : memory::DeviceMemory();
  auto shared_program = std::make_shared<CaseProgram>(std::move(program));
  if (c.mode == Mode::RefCompat && shared_program->elf) {
    // REF rewrites the ELF's segments at the start of every work-group (reference README).
    p->before_group = [shared_program, memory = &p->memory](uint32_t) {
      runner::write_elf_segments(shared_program->file(), *memory);
    };
  }
  for (size_t i = 0; i <= *index; ++i) {
    const loader::Launch& launch = test_case->launches[i];
    if (auto ok = prepare_launch(launch, *shared_program, config->machine, c.mode, *p); !ok) {
      return Error{fmt::format("{}: {}", launch.name, ok.error().message)};
    }
    if (i < *index) {
      if (auto ran = run_before(launch, *p); !ran) return ran.error();
    }
  }
  return p;
}

Result<std::unique_ptr<GoldenModel>> GoldenModel::open_case(const CaseLaunch& c) {
  auto prepared = prepare_case_launch(c);
  if (!prepared) return prepared.error();
  return make_model(std::move(prepared.value()));
}

}  // namespace ventus::golden
