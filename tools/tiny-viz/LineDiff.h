//===- LineDiff.h - what a pass changed, line by line ----------*- C++ -*-===//

#ifndef TINY_TOOLS_TINYVIZ_LINEDIFF_H
#define TINY_TOOLS_TINYVIZ_LINEDIFF_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace mlir {
namespace tiny {

struct DiffLine {
  enum Kind { Same, Added, Removed };
  Kind kind;
  StringRef text;
};

/// The lines of `after` and those of `before` it lost, in order: a longest
/// common subsequence of lines between the common prefix and suffix. A
/// middle too long to compare (`maxCells` line pairs) is shown as all
/// removed, then all added.
std::vector<DiffLine> diffLines(StringRef before, StringRef after,
                                size_t maxCells = 4'000'000);

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_TINYVIZ_LINEDIFF_H
