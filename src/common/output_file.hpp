// check_output_file: whether a tool will be able to write an output path, asked before a
// long simulation so that a mistyped path fails at once rather than after the run.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace ventus {

// Ok when `path` can be opened for writing: an existing file (or device, or pipe with a
// reader) is opened without truncation and left as it was; a new one is created and removed
// again. "-" (standard output) is always ok. The error names `what` (e.g. "log file"), the
// path and the system's reason: "cannot write log file 'x/y.log' (No such file or directory)".
Status check_output_file(const std::string& path, std::string_view what);

// Ok when `path` names a file for output that a run writes while it reports (a timeline, an
// event log): not empty and not "-", because the run's own lines go to standard output as it
// goes. The error starts with the option: "--events -: the event log cannot go to standard
// output, where the run reports as it goes; give a file name".
Status check_file_beside_report(const std::string& path, std::string_view option,
                                std::string_view what);

// One output a tool writes: the option that names it ("--events", "--arg 3") and its path.
struct NamedOutput {
  std::string option;
  std::string path;
};

// Ok when no two of `outputs` name one file, so that none overwrites another: paths are
// compared after resolving "." and ".." and symbolic links. Empty paths, "-" (standard
// output) and existing files that are not regular files (/dev/null, a pipe) may repeat.
// The error names both options: "--timeline t.json and --events t.json name the same file".
Status check_distinct_outputs(const std::vector<NamedOutput>& outputs);

}  // namespace ventus
