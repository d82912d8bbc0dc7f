//===- LineDiff.h - what a pass changed, line by line ----------*- C++ -*-===//

#ifndef TINY_TOOLS_TINYVIZ_LINEDIFF_H
#define TINY_TOOLS_TINYVIZ_LINEDIFF_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
namespace tiny {

struct DiffLine {
  enum Kind { Same, Added, Removed };
  Kind kind;
  StringRef text;
};

/// `line` with its SSA names normalized: each value name (`%0`, `%arg1`,
/// `%cst_2`; a result number `#1` is kept) and block label (`^bb2`) becomes
/// `%` or `^` and the order in which the name first appears in the line
/// (`%5 = arith.addf %3, %3` is `%0 = arith.addf %1, %1`). A pass that only
/// renumbers values leaves a line's normalized form as it was; so does one
/// that swaps a line's operands for others in the same pattern (`%3, %4`
/// to `%4, %3`), which the diff then does not show.
std::string normalizeSSANames(StringRef line);

/// The lines of `after` and those of `before` it lost, in order: a longest
/// common subsequence of lines between the common prefix and suffix, lines
/// compared with their SSA names normalized (normalizeSSANames), so that
/// lines a pass only renumbered are the same (shown as they are after it).
/// A middle too long to compare (`maxCells` line pairs) is shown as all
/// removed, then all added.
std::vector<DiffLine> diffLines(StringRef before, StringRef after,
                                size_t maxCells = 4'000'000);

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_TINYVIZ_LINEDIFF_H
