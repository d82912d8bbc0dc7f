//===- Elementwise.h - rewriting elementwise ops generically -----*- C++ -*-===//
//
// Passes that move ops across elementwise ops (movement push-through,
// sharding propagation) rebuild an elementwise op on other operands; these
// helpers do that for any of them.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_ELEMENTWISE_H
#define TINY_PASSES_ELEMENTWISE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tiny {

/// True for ops that compute each element from the same-index elements of
/// their (broadcast) operands: the unary, binary and ternary ALU ops and
/// cast.
bool isElementwise(Operation *op);

/// The result type elementwise `op` would have on `operands`.
FailureOr<RankedTensorType> inferElementwiseOn(Operation *op,
                                               ValueRange operands);

/// A copy of elementwise `op` on `operands`, with result type `type`.
Value cloneElementwiseOn(PatternRewriter &rewriter, Operation *op,
                         ValueRange operands, Type type);

} // namespace mlir::tiny

#endif // TINY_PASSES_ELEMENTWISE_H
