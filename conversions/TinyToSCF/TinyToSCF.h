//===- TinyToSCF.h - kernel-level tiny to scf and memref --------*- C++ -*-===//
//
// The patterns of -convert-tiny-to-scf, for passes that lower kernel-level
// tiny ops together with other dialects, and the memory access lowering they
// share with -convert-tiny-to-gpu.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_TINYTOSCF_TINYTOSCF_H
#define TINY_CONVERSIONS_TINYTOSCF_TINYTOSCF_H


#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
class ConversionTarget;
class RewritePatternSet;
class RewriterBase;

namespace tiny {

/// Adds the patterns that lower kernel-level tiny ops on the CPU:
/// `tiny.k.kernel` to its body in place, `tiny.k.range` to `scf.for` (or
/// `scf.parallel` for a THREAD range that carries nothing) and the memory
/// accesses of `populateTinyMemoryToMemRefPatterns`. The GPU-only ops
/// (`special`, `barrier`, `wmma`), `custom` code and host function calls
/// have patterns that only report, as the op's error, why the CPU lowering
/// has no form for them.
void populateTinyToSCFPatterns(RewritePatternSet &patterns);

/// Adds the patterns that lower `tiny.k.load`, `tiny.k.store` and
/// `tiny.k.atomic_add` of a `tiny.k.index` to `memref.load` (under an
/// `scf.if` when gated), `memref.store` and `memref.atomic_rmw`. The
/// `tiny.k.index` itself is replaced by its buffer and indices (a 1:N
/// replacement). A pointer used by any other op, or an access through a
/// pointer no `tiny.k.index` made, is reported as the op's error.
void populateTinyMemoryToMemRefPatterns(RewritePatternSet &patterns);

/// Marks the kernel-level tiny ops illegal (the GPU-only ops, `custom` and
/// `custom_function` too, so that the conversion fails naming them), and
/// arith, memref and scf, which the patterns produce, legal.
void configureTinyToSCFTarget(ConversionTarget &target);

/// Loads `buffer[indices]` at the builder's insertion point; with a `gate`,
/// only where it holds, yielding `alt` elsewhere (an `scf.if`).
Value buildMemRefLoad(OpBuilder &builder, Location loc, Value buffer,
                      ValueRange indices, Value gate, Value alt);

/// Stores `value` to `buffer[indices]`; with a `gate`, under an `scf.if`.
void buildMemRefStore(OpBuilder &builder, Location loc, Value value,
                      Value buffer, ValueRange indices, Value gate);

/// Adds `value` to `buffer[indices]` atomically (`memref.atomic_rmw`, addf
/// or addi).
void buildMemRefAtomicAdd(OpBuilder &builder, Location loc, Value value,
                          Value buffer, ValueRange indices);

/// Moves the body of `range` into a new `scf.for` from `lowerBound` to
/// `upperBound` by `step` carrying `inits`, built at the rewriter's insertion
/// point; the range's `tiny.k.end` becomes the loop's `scf.yield`. The
/// range stays, with an empty body, for the caller to replace.
scf::ForOp moveRangeIntoFor(RewriterBase &rewriter, k::RangeOp range,
                            Value lowerBound, Value upperBound, Value step,
                            ValueRange inits);

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_TINYTOSCF_TINYTOSCF_H
