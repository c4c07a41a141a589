// Profile names and the .riscv.attributes arch string that records a profile (ISA.md §5.12).
#include "isa/profile.hpp"

#include <fmt/format.h>

#include <charconv>

namespace ventus::isa {
namespace {

// The standard extensions of Tag_RISCV_arch as the Ventus LLVM writes them (reference ELFs).
constexpr std::string_view kStandardArch =
    "rv32i2p0_m2p0_a2p0_zfinx1p0_zdinx1p0_zve32f1p0_zve32x1p0_zvl32b1p0_zhinx1p0";
constexpr std::string_view kExtension = "xventus";

struct Version {
  unsigned major = 0;
  unsigned minor = 0;
};

// "2p3" or "2p03" -> {2, 3}; the RISC-V arch-string version syntax (numbers, 'p').
std::optional<Version> parse_version(std::string_view text) {
  const size_t p = text.find('p');
  if (p == std::string_view::npos || p == 0 || p + 1 == text.size()) return std::nullopt;
  Version v;
  const char* end = text.data() + text.size();
  auto major = std::from_chars(text.data(), text.data() + p, v.major);
  auto minor = std::from_chars(text.data() + p + 1, end, v.minor);
  if (major.ptr != text.data() + p || minor.ptr != end) return std::nullopt;
  return v;
}

}  // namespace

std::string_view profile_name(Profile profile) {
  return profile == Profile::V203 ? "v2.03" : "v2.02";
}

std::string_view profile_names() {
  return "v2.02, v2.03";
}

std::optional<Profile> parse_profile(std::string_view text) {
  if (text.starts_with('v')) text.remove_prefix(1);
  if (text == "2.02") return Profile::V202;
  if (text == "2.03") return Profile::V203;
  return std::nullopt;
}

std::string arch_attribute(Profile profile) {
  return fmt::format("{}_{}2p{}", kStandardArch, kExtension, profile == Profile::V203 ? 3 : 2);
}

ArchProfile profile_from_arch(std::string_view arch) {
  size_t start = 0;
  while (start <= arch.size()) {
    size_t end = arch.find('_', start);
    if (end == std::string_view::npos) end = arch.size();
    const std::string_view ext = arch.substr(start, end - start);
    if (ext.starts_with(kExtension)) {
      const auto version = parse_version(ext.substr(kExtension.size()));
      if (version && version->major == 2 && version->minor == 2) return {Profile::V202, {}};
      if (version && version->major == 2 && version->minor == 3) return {Profile::V203, {}};
      return {std::nullopt, fmt::format("Tag_RISCV_arch names '{}', which is no Ventus ISA "
                                        "profile (known: xventus2p2 = v2.02, xventus2p3 = v2.03)",
                                        ext)};
    }
    start = end + 1;
  }
  return {};
}

ProfileChoice choose_profile(const std::optional<std::string>& arch,
                             std::optional<Profile> requested, std::string_view file) {
  const ArchProfile recorded = arch ? profile_from_arch(*arch) : ArchProfile{};
  if (!recorded.error.empty())
    return {kDefaultProfile, fmt::format("{}: {}", file, recorded.error)};
  if (requested && recorded.profile && *requested != *recorded.profile) {
    return {kDefaultProfile,
            fmt::format("ISA profile {} was asked for, but {} was built for {} (its "
                        ".riscv.attributes say '{}'); drop the option or rebuild the program",
                        profile_name(*requested), file, profile_name(*recorded.profile), *arch)};
  }
  return {requested.value_or(recorded.profile.value_or(kDefaultProfile)), {}};
}

}  // namespace ventus::isa
