// The registers GDB sees for a warp (see gdb_registers.hpp).
#include "debug/gdb_registers.hpp"

#include <array>

#include <fmt/format.h>

#include "debug/rsp.hpp"
#include "isa/names.hpp"

namespace ventus::debug {
namespace {

constexpr std::array<const char*, 12> kCsrNames = {"tid", "numw", "numt", "knl",  "wgid", "wid",
                                                   "lds", "pds",  "gidx", "gidy", "gidz", "rpc"};
constexpr unsigned kGdbFirstCsr = 65;

uint32_t csr_value(const functional::WarpCsrs& c, unsigned index) {
  const std::array<uint32_t, 12> values = {c.tid, c.numw, c.numt, c.knl,  c.wgid, c.wid,
                                           c.lds, c.pds,  c.gidx, c.gidy, c.gidz, c.rpc};
  return values[index];
}

std::string reg(std::string_view name, unsigned regnum, std::string_view type = "uint32",
                unsigned bits = 32) {
  return fmt::format("<reg name=\"{}\" bitsize=\"{}\" regnum=\"{}\" type=\"{}\"/>\n", name, bits,
                     regnum, type);
}

}  // namespace

std::string target_description(unsigned lanes) {
  std::string xml =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target>\n"
      "<architecture>riscv:rv32</architecture>\n<feature name=\"org.gnu.gdb.riscv.cpu\">\n";
  for (unsigned i = 0; i < 32; ++i) {
    xml += reg(isa::x_abi_name(i), i, i == 1 ? "code_ptr" : i == 2 ? "data_ptr" : "int");
  }
  xml += reg("pc", kGdbPc, "code_ptr") + "</feature>\n<feature name=\"org.ventus.gpu\">\n";
  for (unsigned i = 32; i < 64; ++i) xml += reg(fmt::format("x{}", i), i + 1, "int");
  for (unsigned i = 0; i < kCsrNames.size(); ++i) xml += reg(kCsrNames[i], kGdbFirstCsr + i);
  xml += reg("vl", 77) + reg("vtype", 78) + reg("simtmask", 79);
  xml += fmt::format("<vector id=\"lanes\" type=\"uint32\" count=\"{}\"/>\n", lanes);
  for (unsigned i = 0; i < 256; ++i) {
    xml += reg(fmt::format("v{}", i), kGdbFirstVector + i, "lanes", 32 * lanes);
  }
  return xml + "</feature>\n</target>\n";
}

std::optional<std::string> register_hex(const functional::WarpState& w, unsigned regnum) {
  if (regnum < 32) return rsp::le32_hex(w.x[regnum]);
  if (regnum == kGdbPc) return rsp::le32_hex(w.pc);
  if (regnum < kGdbFirstCsr) return rsp::le32_hex(w.x[regnum - 1]);
  if (regnum < kGdbFirstCsr + kCsrNames.size()) {
    return rsp::le32_hex(csr_value(w.csr, regnum - kGdbFirstCsr));
  }
  if (regnum == 77) return rsp::le32_hex(w.vl);
  if (regnum == 78) return rsp::le32_hex(w.vtype);
  if (regnum == 79) return rsp::le32_hex(w.mask);
  if (regnum >= kGdbRegisterCount) return std::nullopt;
  std::string out;
  const functional::VReg& v = w.v[regnum - kGdbFirstVector];
  for (unsigned i = 0; i < w.numt; ++i) out += rsp::le32_hex(v.lane[i]);
  return out;
}

std::string general_registers_hex(const functional::WarpState& warp) {
  std::string out;
  for (unsigned i = 0; i <= kGdbPc; ++i) out += *register_hex(warp, i);
  return out;
}

}  // namespace ventus::debug
