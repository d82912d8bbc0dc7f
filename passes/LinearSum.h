//===- LinearSum.h - integer values as sums of terms ------------*- C++ -*-===//
//
// The integer value of an index or integer expression as a sum of terms
// times constant coefficients plus a constant, and the range of such a sum
// from its terms' ranges: what -tiny-simplify-indices splits divisions with,
// -tiny-collapse-reduce solves compares with, and -tiny-optimize's schedule
// actions prove two addresses of a nest apart with. addLinear splits index
// arithmetic into terms; a pass that reads more ops as sums (casts between
// integer widths) or bounds terms its own way builds on the same sums,
// overflow checks and loop index ranges.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_LINEARSUM_H
#define TINY_PASSES_LINEARSUM_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tiny {

/// An inclusive range of integers.
struct Interval {
  int64_t lo = 0;
  int64_t hi = 0;
};

/// sum(coefficient * term) + constant, over distinct terms in the order they
/// were added.
struct LinearSum {
  SmallVector<std::pair<Value, int64_t>> terms;
  int64_t constant = 0;

  static LinearSum ofConstant(int64_t c);
  static LinearSum ofTerm(Value term);

  /// Adds `coefficient` times `term` (merged with an equal term, kept when
  /// the coefficient becomes 0); false on overflow.
  [[nodiscard]] bool addTerm(Value term, int64_t coefficient);
  /// Adds `scale` times `other`, dropping terms whose coefficient becomes 0;
  /// false on overflow.
  [[nodiscard]] bool add(const LinearSum &other, int64_t scale);
  /// The coefficient of `term` (0 when it is not a term).
  int64_t coefficientOf(Value term) const;
};

/// `a + scale * b`, or nothing on overflow.
std::optional<LinearSum> combine(const LinearSum &a, const LinearSum &b,
                                 int64_t scale);

/// The range of `sum`'s values when each term ranges over `getTermRange`'s
/// interval; nothing when a term's range is unknown or a bound overflows.
std::optional<Interval>
getSumRange(const LinearSum &sum,
            function_ref<std::optional<Interval>(Value)> getTermRange);

/// The value of an integer or index constant that fits 64 bits.
std::optional<int64_t> getConstantInt(Value value);

/// Adds `scale` times `value` to `into`, split into terms through addi, subi
/// and muli by a constant (a term is any other value); fails on overflow.
LogicalResult addLinear(Value value, int64_t scale, LinearSum &into,
                        unsigned depth = 0);

/// a - b, when the two values differ by a constant.
std::optional<int64_t> getConstantDifference(Value a, Value b);

/// The range of `value` when it is the induction variable of a
/// `tiny.k.range` of a constant bound: [0, bound - 1] (a range of no
/// iterations runs no code that reads it).
std::optional<Interval> getInductionVarRange(Value value);

} // namespace mlir::tiny

#endif // TINY_PASSES_LINEARSUM_H
