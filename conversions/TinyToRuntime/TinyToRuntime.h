//===- TinyToRuntime.h - host-schedule ops to runtime calls -----*- C++ -*-===//
//
// The patterns of -convert-tiny-to-runtime: the host schedule's copies and
// host function calls become calls into the tiny runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_TINYTORUNTIME_TINYTORUNTIME_H
#define TINY_CONVERSIONS_TINYTORUNTIME_TINYTORUNTIME_H

namespace mlir {
class ConversionTarget;
class ModuleOp;
class RewritePatternSet;

namespace tiny {

/// Adds the patterns that lower, in the functions of `module`,
/// `tiny.k.copy` between buffer arguments to a `tiny_host_copy` call and
/// `tiny.k.custom_function` to a `tiny_host_call_function` call (its name
/// in a private global of `module`, one per name). The callees must be
/// declared in `module` (`declareTinyToRuntimeCallees`). A copy of a buffer
/// that is not an argument of the enclosing func.func, or a host function
/// buffer with no runtime dtype, is reported as the op's error and left
/// alone (so a conversion that marks it illegal fails naming it).
void populateTinyToRuntimePatterns(RewritePatternSet &patterns,
                                   ModuleOp module);

/// Declares in `module` the runtime entry points that the ops of `module`
/// will call once lowered: `tiny_host_call_function` if it has a
/// `tiny.k.custom_function`, then `tiny_host_copy` if it has a `tiny.k.copy`.
void declareTinyToRuntimeCallees(ModuleOp module);

/// Marks `tiny.k.copy` and `tiny.k.custom_function` illegal, and the ops the
/// patterns produce (arith, func, memref) legal.
void configureTinyToRuntimeTarget(ConversionTarget &target);

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_TINYTORUNTIME_TINYTORUNTIME_H
