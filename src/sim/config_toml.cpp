// ParamRegistry loading from TOML files: nested tables and dotted keys give dotted names.
#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "common/input_file.hpp"
#include "sim/config.hpp"
#include "sim/param_value.hpp"

namespace ventus::sim {
namespace {

// One value of the file with its dotted name and where its key was written.
struct TomlLeaf {
  std::string name;
  toml::source_position key_position;
  const toml::node* node;
};

void collect_leaves(const toml::table& table, const std::string& prefix,
                    std::vector<TomlLeaf>& leaves) {
  for (const auto& [key, node] : table) {
    std::string name =
        prefix.empty() ? std::string(key.str()) : fmt::format("{}.{}", prefix, key.str());
    if (const toml::table* child = node.as_table()) {
      collect_leaves(*child, name, leaves);
    } else {
      leaves.push_back({std::move(name), key.source().begin, &node});
    }
  }
}

std::string location(std::string_view source_name, const toml::source_position& position) {
  return fmt::format("{}:{}:{}", source_name, position.line, position.column);
}

}  // namespace

Status ParamRegistry::load_toml_file(const std::string& path) {
  auto text = read_input_file(path, {.what = "machine file"});
  if (!text) return text.error();
  return load_toml_text(*text, input_display_name(path));
}

Status ParamRegistry::load_toml_text(std::string_view text, std::string_view source_name) {
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& error) {
    return Error{
        fmt::format("{}: {}", location(source_name, error.source().begin), error.description())};
  }
  std::vector<TomlLeaf> leaves;
  collect_leaves(root, {}, leaves);
  // toml++ iterates keys in sorted order; report the first error in file order instead.
  std::stable_sort(leaves.begin(), leaves.end(), [](const TomlLeaf& a, const TomlLeaf& b) {
    return a.key_position < b.key_position;
  });
  // Check every value before assigning any, so a file with an error changes nothing.
  std::vector<std::pair<size_t, ParamValue>> staged;
  for (const TomlLeaf& leaf : leaves) {
    const size_t index = index_of(leaf.name);
    if (index == infos_.size()) {
      return Error{fmt::format("{}: {}", location(source_name, leaf.key_position),
                               unknown_param(leaf.name).message)};
    }
    Result<ParamValue> value = parse_param_toml(infos_[index], *leaf.node);
    if (!value) {
      return Error{fmt::format("{}: {}", location(source_name, leaf.node->source().begin),
                               value.error().message)};
    }
    staged.emplace_back(index, std::move(*value));
  }
  for (const auto& [index, value] : staged) write_param_field(bindings_[index].field, value);
  return ok_status();
}

}  // namespace ventus::sim
