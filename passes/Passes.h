//===- Passes.h - tiny-to-tiny rewrite passes -------------------*- C++ -*-===//

#ifndef TINY_PASSES_PASSES_H
#define TINY_PASSES_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class OpPassManager;
class RewritePatternSet;

namespace tiny {

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

/// Patterns that rewrite derived ops into primitives (-tiny-decompose).
void populateDecomposePatterns(RewritePatternSet &patterns);

/// Patterns that rewrite exp2, log2 and sin into polynomial approximations
/// made of primitive ALU ops (-tiny-decompose=approximate-transcendentals=1).
void populateTranscendentalApproxPatterns(RewritePatternSet &patterns);

/// The patterns of -tiny-fold-movement: movement ops moved across
/// elementwise ops where that removes work. Chains of movement ops compose
/// in the ops' folders, which the pass applies with these.
void populateFoldMovementPatterns(RewritePatternSet &patterns);

/// Patterns that propagate sharding through the users of unshard
/// (-tiny-multi).
void populateMultiPatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace tiny
} // namespace mlir

#endif // TINY_PASSES_PASSES_H
