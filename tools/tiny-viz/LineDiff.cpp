//===- LineDiff.cpp - what a pass changed, line by line -------------------===//

#include "tools/tiny-viz/LineDiff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tiny;

/// True for a character of an SSA value name or block label after its
/// sigil, as MLIR's printer spells them (suffix-id: letters, digits and
/// `$._-`).
static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}

std::string mlir::tiny::normalizeSSANames(StringRef line) {
  std::string result;
  result.reserve(line.size());
  SmallVector<StringRef> seen;
  bool inString = false;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    // Inside a string literal ("...%0..."), nothing is a name.
    if (c == '"' && (i == 0 || line[i - 1] != '\\'))
      inString = !inString;
    size_t end = i + 1;
    while (!inString && (c == '%' || c == '^') && end < line.size() &&
           isNameChar(line[end]))
      ++end;
    if (end == i + 1) {
      result += c;
      ++i;
      continue;
    }
    StringRef name = line.slice(i, end);
    size_t index = llvm::find(seen, name) - seen.begin();
    if (index == seen.size())
      seen.push_back(name);
    result += c;
    result += std::to_string(index);
    i = end;
  }
  return result;
}

std::vector<DiffLine> mlir::tiny::diffLines(StringRef before, StringRef after,
                                            size_t maxCells) {
  SmallVector<StringRef> a, b;
  before.split(a, '\n');
  after.split(b, '\n');
  // Lines are compared by these.
  std::vector<std::string> aKeys, bKeys;
  for (StringRef line : a)
    aKeys.push_back(normalizeSSANames(line));
  for (StringRef line : b)
    bKeys.push_back(normalizeSSANames(line));
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() &&
         aKeys[prefix] == bKeys[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         aKeys[a.size() - 1 - suffix] == bKeys[b.size() - 1 - suffix])
    ++suffix;
  ArrayRef<StringRef> oldMiddle =
      ArrayRef<StringRef>(a).slice(prefix, a.size() - prefix - suffix);
  ArrayRef<StringRef> newMiddle =
      ArrayRef<StringRef>(b).slice(prefix, b.size() - prefix - suffix);
  ArrayRef<std::string> oldKeys =
      ArrayRef<std::string>(aKeys).slice(prefix, oldMiddle.size());
  ArrayRef<std::string> newKeys =
      ArrayRef<std::string>(bKeys).slice(prefix, newMiddle.size());

  std::vector<DiffLine> lines;
  for (size_t i = 0; i < prefix; ++i)
    lines.push_back({DiffLine::Same, b[i]});
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
        at(i, j) = oldKeys[i] == newKeys[j]
                       ? at(i + 1, j + 1) + 1
                       : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && oldKeys[i] == newKeys[j]) {
        lines.push_back({DiffLine::Same, newMiddle[j]});
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
