//===- Realize.h - values made buffers before rangeify ----------*- C++ -*-===//
//
// What the -tiny-realize-* passes share: finding the sums of products on the
// host they look into, and making a value a buffer of its own
// (tiny.contiguous), which rangeify then computes once in a kernel of its
// own.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_REALIZE_H
#define TINY_PASSES_REALIZE_H

#include "dialects/tiny/IR/TinyOps.h"

namespace mlir::tiny {

/// The product that `reduce` sums, when it is an add-reduce on the host of a
/// tiny.mul (with `throughCast`, also of a tiny.cast of one: tinygrad's f16
/// and bf16 sums widen the product); null otherwise.
MulOp getHostSummedProduct(ReduceOp reduce, bool throughCast = false);

/// Makes `value` a buffer of its own: a tiny.contiguous right after its
/// definition, which every other use of `value` then reads.
void realizeAsBuffer(Value value);

} // namespace mlir::tiny

#endif // TINY_PASSES_REALIZE_H
