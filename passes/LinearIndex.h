//===- LinearIndex.h - indices as linear sums of values ---------*- C++ -*-===//
//
// Kernel indices seen as sums of values times constant coefficients, over
// arith's addi / subi / muli-by-constant: what schedule passes use to prove
// that two addresses of a nest never name the same element.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_LINEARINDEX_H
#define TINY_PASSES_LINEARINDEX_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::tiny {

/// An index as a sum of (leaf value * coefficient) plus a constant. A leaf
/// is any value that is not a constant, an addi, a subi, or a muli by a
/// constant.
struct LinearIndex {
  llvm::SmallDenseMap<Value, int64_t> terms;
  int64_t constant = 0;
};

/// The value of `value` when it is an integer or index constant that fits
/// in 64 bits.
std::optional<int64_t> getConstantIndex(Value value);

/// Adds `scale` times `value` to `into`; fails on overflow.
LogicalResult addLinear(Value value, int64_t scale, LinearIndex &into,
                        unsigned depth = 0);

/// a - b, when the two indices differ by a constant.
std::optional<int64_t> getConstantDifference(Value a, Value b);

} // namespace mlir::tiny

#endif // TINY_PASSES_LINEARINDEX_H
