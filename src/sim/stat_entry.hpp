// Internal to sim/stats*: what a StatRegistry entry points to.
#pragma once

#include <functional>
#include <variant>

#include "sim/stats.hpp"

namespace ventus::sim {

struct StatRegistry::Entry {
  std::variant<Counter*, VectorStat*, Distribution*, std::function<double()>> stat;
};

// The dump name of element `index` of a vector: its label, or its index without labels.
std::string vector_element_name(const VectorStat& vector, size_t index);

}  // namespace ventus::sim
