//===- GpuLaunchToRuntime.h - kernel launches to runtime calls --*- C++ -*-===//
//
// The patterns of -convert-gpu-launch-to-runtime: outlined GPU kernel
// launches become calls into the tiny runtime, with a table of what each
// launch runs on.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_GPULAUNCHTORUNTIME_GPULAUNCHTORUNTIME_H
#define TINY_CONVERSIONS_GPULAUNCHTORUNTIME_GPULAUNCHTORUNTIME_H

#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Attribute;
class ConversionTarget;
class ModuleOp;
class RewritePatternSet;

namespace tiny {

/// Adds the pattern that lowers each synchronous `gpu.launch_func` without
/// a cluster size, whose kernel operands are all buffer arguments of the
/// enclosing func.func (at least one), to a `tiny_host_launch` call; any
/// other launch is reported as the op's error and left alone. The callee
/// must be declared in `module` (`declareGpuLaunchToRuntimeCallee`). Each
/// lowered launch appends its entry (`{kernel, arguments}`) to `launches`,
/// whose index is the call's launch id; the caller stores them as the
/// module's `tiny.gpu_launches` once the conversion succeeds.
void populateGpuLaunchToRuntimePatterns(
    RewritePatternSet &patterns, ModuleOp module,
    llvm::SmallVectorImpl<Attribute> &launches);

/// Declares `tiny_host_launch` in `module` if it has a `gpu.launch_func`.
void declareGpuLaunchToRuntimeCallee(ModuleOp module);

/// Marks `gpu.launch_func` illegal, and arith and func, which the pattern
/// produces, legal.
void configureGpuLaunchToRuntimeTarget(ConversionTarget &target);

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_GPULAUNCHTORUNTIME_GPULAUNCHTORUNTIME_H
