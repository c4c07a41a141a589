// Program and Kernel: kernel ELFs (toolchain or `ventus as`), kernels by symbol, arguments.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "asm/assembler.hpp"
#include "common/input_file.hpp"
#include "elf/elf_reader.hpp"
#include "elf/elf_writer.hpp"
#include "runtime/device_lib.hpp"
#include "runtime/device_state.hpp"
#include "ventus/opencl.hpp"

namespace ventus {
namespace {

bool is_elf(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' &&
         bytes[3] == 'F';
}

// A symbol that names a function in an executable section.
bool is_code_symbol(const elf::ElfFile& file, const elf::Symbol& s) {
  if (s.type != elf::kSttFunc && s.type != elf::kSttNotype) return false;
  if (s.section_index == 0 || s.section_index >= file.sections.size()) return false;
  return (file.sections[s.section_index].flags & elf::kShfExecinstr) != 0;
}

// Kernels are the global functions that are not crt0, compiler builtins (`_Z...`,
// `__builtin_...`) or the runtime's device library (POCL: `nm | grep -w T`, ISA.md §7.8).
bool is_kernel_symbol(const elf::ElfFile& file, const elf::Symbol& s) {
  if (s.bind != elf::kStbGlobal || !is_code_symbol(file, s) || s.name.empty()) return false;
  if (s.name.front() == '_' || s.name.front() == '.') return false;
  return s.name != "spike_end" && !is_device_library_symbol(s.name);
}

}  // namespace

Result<Program> Program::from_elf_bytes(std::vector<uint8_t> bytes, std::string name) {
  auto file = elf::read_elf(bytes, name);
  if (!file) return file.error();
  if (file->load_segments().empty()) {
    return Error{fmt::format("{}: the ELF has no loadable segment", name)};
  }
  auto image = std::make_shared<Image>();
  image->name = std::move(name);
  image->elf = std::move(file.value());
  return Program(std::move(image));
}

Result<Program> Program::from_assembly(std::string_view source, std::string name) {
  std::vector<as::SourceFile> sources{{name, std::string(source)}};
  // Kernels that call the printf routine get the device library linked in (docs/printf.md).
  if (source.find("vt_printf") != std::string_view::npos) {
    sources.push_back({"<ventus device library>", std::string(device_library_source())});
  }
  as::AssembleOutput out = as::assemble(sources);
  if (!out.ok()) return Error{as::format_diagnostics(out.diagnostics, as::kErrorLimit)};
  return from_elf_bytes(elf::write_elf(out.image), std::move(name));
}

Result<Program> Program::from_file(const std::string& path) {
  auto text = read_input_file(path, {.what = "kernel file"});
  if (!text) return text.error();
  const std::string name = input_display_name(path);
  std::vector<uint8_t> bytes(text->begin(), text->end());
  if (is_elf(bytes)) return from_elf_bytes(std::move(bytes), name);
  // OpenCL C is compiled on the fly (docs/opencl.md), as `ventus cc` would.
  if (name.size() > 3 && name.ends_with(".cl")) return program_from_opencl(*text, name);
  return from_assembly(*text, name);
}

std::vector<std::string> Program::kernel_names() const {
  std::vector<std::string> names;
  for (const elf::Symbol& s : image_->elf.symbols) {
    if (is_kernel_symbol(image_->elf, s)) names.emplace_back(s.name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// Only kernel symbols may be launched: crt0's `_start`, `spike_end` or a local label would
// re-enter crt0 or run code that never ends the warps (issue 13 item 6).
Result<Kernel> Program::kernel(std::string_view name) const {
  for (const elf::Symbol& s : image_->elf.symbols) {
    if (s.name == name && is_kernel_symbol(image_->elf, s)) {
      return Kernel(*this, std::string(name), s.value);
    }
  }
  const auto names = kernel_names();
  const std::string list = names.empty() ? "(none)" : fmt::format("{}", fmt::join(names, ", "));
  if (image_->elf.find_symbol(name) != nullptr) {
    return Error{
        fmt::format("'{}' in '{}' is not a kernel (crt0, local and device-library "
                    "symbols cannot be launched); kernels: {}",
                    name, image_->name, list)};
  }
  return Error{fmt::format("no kernel '{}' in '{}'; kernels: {}", name, image_->name, list)};
}

const std::string& Program::name() const {
  return image_->name;
}

// Kernel --------------------------------------------------------------------------------

Kernel& Kernel::arg(const Buffer& buffer) {
  const uint32_t address = buffer.address();
  Arg a{Arg::Kind::Buffer, {}, 0};
  const auto* p = reinterpret_cast<const std::byte*>(&address);
  a.bytes.assign(p, p + sizeof(address));
  args_.push_back(std::move(a));
  return *this;
}

Kernel& Kernel::arg_bytes(std::span<const std::byte> value) {
  args_.push_back(Arg{Arg::Kind::Value, std::vector<std::byte>(value.begin(), value.end()), 0});
  return *this;
}

Kernel& Kernel::arg_local(uint32_t bytes) {
  args_.push_back(Arg{Arg::Kind::Local, {}, bytes});
  return *this;
}

void Kernel::clear_args() {
  args_.clear();
}

const std::vector<KernelParam>* Kernel::params() const {
  const auto& all = program_.image().params;
  const auto it = all.find(name_);
  return it == all.end() ? nullptr : &it->second;
}

}  // namespace ventus
