//===- LineDiff.cpp - what a pass changed, line by line -------------------===//

#include "tools/tiny-viz/LineDiff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace mlir::tiny;

std::vector<DiffLine> mlir::tiny::diffLines(StringRef before, StringRef after,
                                            size_t maxCells) {
  SmallVector<StringRef> a, b;
  before.split(a, '\n');
  after.split(b, '\n');
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  ArrayRef<StringRef> oldMiddle =
      ArrayRef<StringRef>(a).slice(prefix, a.size() - prefix - suffix);
  ArrayRef<StringRef> newMiddle =
      ArrayRef<StringRef>(b).slice(prefix, b.size() - prefix - suffix);

  std::vector<DiffLine> lines;
  for (size_t i = 0; i < prefix; ++i)
    lines.push_back({DiffLine::Same, a[i]});
  size_t n = oldMiddle.size(), m = newMiddle.size();
  if (n * m > maxCells) {
    for (StringRef line : oldMiddle)
      lines.push_back({DiffLine::Removed, line});
    for (StringRef line : newMiddle)
      lines.push_back({DiffLine::Added, line});
  } else {
    // lcs[i][j]: the longest common subsequence of oldMiddle[i:] and
    // newMiddle[j:].
    std::vector<unsigned> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> unsigned & {
      return lcs[i * (m + 1) + j];
    };
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        at(i, j) = oldMiddle[i] == newMiddle[j]
                       ? at(i + 1, j + 1) + 1
                       : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && oldMiddle[i] == newMiddle[j]) {
        lines.push_back({DiffLine::Same, oldMiddle[i]});
        ++i, ++j;
      } else if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
        lines.push_back({DiffLine::Added, newMiddle[j++]});
      } else {
        lines.push_back({DiffLine::Removed, oldMiddle[i++]});
      }
    }
  }
  for (size_t k = b.size() - suffix; k < b.size(); ++k)
    lines.push_back({DiffLine::Same, b[k]});
  return lines;
}
