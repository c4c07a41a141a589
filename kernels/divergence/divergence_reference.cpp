// CPU reference of the divergence kernel: the nested loops and branches of divergence.s.
#include "divergence/divergence.hpp"

namespace ventus::kernels {

std::vector<uint32_t> divergence_reference(std::span<const uint32_t> in) {
  std::vector<uint32_t> out;
  out.reserve(in.size());
  for (size_t gid = 0; gid < in.size(); ++gid) {
    const uint32_t x = in[gid];
    auto acc = static_cast<uint32_t>(gid);
    for (uint32_t i = 0; i < (x & 7u); ++i) {
      if (((x + i) & 1u) != 0) {
        if (i % 3 == 0) {
          acc += x * i;
        } else {
          acc -= i;
        }
      } else {
        for (uint32_t j = 0; j < (i & 3u); ++j) acc = acc * 3 + j;
      }
    }
    out.push_back(acc);
  }
  return out;
}

}  // namespace ventus::kernels
