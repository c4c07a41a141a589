// Left-aligned text columns for the parameter and statistics tables.
#include "sim/text_table.hpp"

#include <algorithm>

namespace ventus::sim {

void TextTable::add_row(std::vector<std::string> cells, size_t measured_columns) {
  const size_t measured = std::min(measured_columns, cells.size());
  if (widths_.size() < measured) widths_.resize(measured, 0);
  for (size_t i = 0; i < measured; ++i) widths_[i] = std::max(widths_[i], cells[i].size());
  rows_.push_back({std::move(cells), measured_columns});
}

std::string TextTable::str() const {
  std::string out;
  for (const Row& row : rows_) {
    std::string line;
    for (size_t i = 0; i < row.cells.size(); ++i) {
      line += row.cells[i];
      if (i + 1 == row.cells.size()) break;
      const size_t width = i < widths_.size() ? widths_[i] : 0;
      if (row.cells[i].size() < width) line.append(width - row.cells[i].size(), ' ');
      line += "  ";
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace ventus::sim
