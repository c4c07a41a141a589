// ISA profiles (ISA.md §5.12): which rows of the instruction table a program may use.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ventus::isa {

// v2.02 (the default): what REF, the RTL and LLVM implement, plus REGPAIR/REGPAIRI (§5.13).
// v2.03: v2.02 minus REGPAIR/REGPAIRI, plus §5.14-§5.18.
enum class Profile : uint8_t { V202, V203 };
inline constexpr unsigned kProfileCount = 2;
inline constexpr Profile kDefaultProfile = Profile::V202;

// A row's profile set: one bit per Profile (the last column of a VENTUS_INSN_P row).
namespace profile_set {
inline constexpr uint8_t kV202 = 1u << 0;
inline constexpr uint8_t kV203 = 1u << 1;
inline constexpr uint8_t kAll = kV202 | kV203;
}  // namespace profile_set

constexpr uint8_t profile_bit(Profile profile) {
  return static_cast<uint8_t>(1u << static_cast<unsigned>(profile));
}

// "v2.02" / "v2.03".
std::string_view profile_name(Profile profile);
// Accepts "v2.02", "v2.03" (and "2.02", "2.03"); nullopt otherwise.
std::optional<Profile> parse_profile(std::string_view text);
// "v2.02, v2.03": for error messages.
std::string_view profile_names();

// The RISC-V arch string the assembler records as Tag_RISCV_arch in .riscv.attributes: the
// Ventus LLVM's standard extensions followed by the non-standard extension "xventus<M>p<m>"
// that names the profile (docs/isa-profiles.md), e.g. "..._zhinx1p0_xventus2p3".
std::string arch_attribute(Profile profile);
// The profile an arch string names through its xventus extension; nullopt when it names none
// (an ELF of the Ventus LLVM: the caller's default applies). An xventus version that is no
// profile is an error (the message names it).
struct ArchProfile {
  std::optional<Profile> profile;
  std::string error;  // non-empty: the arch string names an unknown xventus version
};
ArchProfile profile_from_arch(std::string_view arch);

// The profile to run or list a program in: `requested` (an option, isa.profile) when given,
// else the one its Tag_RISCV_arch `arch` names, else v2.02. An explicit request that the
// file's own profile contradicts is an error naming both and `file`.
struct ProfileChoice {
  Profile profile = kDefaultProfile;
  std::string error;  // non-empty: no choice (mismatch or unknown xventus version)
};
ProfileChoice choose_profile(const std::optional<std::string>& arch,
                             std::optional<Profile> requested, std::string_view file);

}  // namespace ventus::isa
