//===- ReductionCombiner.h - the combining op of a reduction ----*- C++ -*-===//
//
// A REDUCE range carries an accumulator: each iteration folds one value into
// it with an associative, commutative arith op (addf, maximumf, ori, ...).
// Splitting such a range across the threads of a block needs that op, to
// start each thread's part from its identity and to combine the parts.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECTS_TINY_UTILS_REDUCTIONCOMBINER_H
#define TINY_DIALECTS_TINY_UTILS_REDUCTIONCOMBINER_H

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::tiny {

/// The op that folds each iteration's value into the `index`-th value
/// `range` carries: the accumulator flows from the body argument to the
/// yielded value through ops of one associative, commutative arith kind
/// (`acc + x`, `(acc + x) + y`, or a nested range carrying it), each used
/// only by the next. Null when the carried value is anything else.
Operation *getReductionCombiner(k::RangeOp range, unsigned index);

/// The identity of `combiner`'s op on values of `type` (0 for addi, -inf
/// for maximumf, -0.0 for addf, ...).
TypedAttr getCombinerIdentity(Operation *combiner, Type type);

/// `lhs op rhs` with the op and attributes (fastmath flags) of `combiner`.
Value createCombine(OpBuilder &builder, Location loc, Operation *combiner,
                    Value lhs, Value rhs);

} // namespace mlir::tiny

#endif // TINY_DIALECTS_TINY_UTILS_REDUCTIONCOMBINER_H
