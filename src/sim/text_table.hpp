// Left-aligned text columns for the parameter and statistics tables.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace ventus::sim {

// Rows of cells printed with every column padded to its widest cell and two spaces between
// columns; the last cell of a row is not padded and lines carry no trailing spaces.
class TextTable {
 public:
  // Only the first `measured_columns` cells of the row widen their columns; a wider cell
  // after those pushes the rest of its own row to the right instead of widening every row.
  void add_row(std::vector<std::string> cells,
               size_t measured_columns = std::numeric_limits<size_t>::max());
  std::string str() const;

 private:
  struct Row {
    std::vector<std::string> cells;
    size_t measured_columns;
  };
  std::vector<Row> rows_;
  std::vector<size_t> widths_;
};

}  // namespace ventus::sim
