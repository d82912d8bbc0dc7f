//===- OpenMPRuntime.h - where the JIT finds OpenMP's runtime --*- C++ -*-===//
//
// THREAD loops run on OpenMP: the code the JIT compiles calls LLVM's
// runtime (libomp), which the JIT loads for it. Whoever else must reach
// that same runtime (a benchmark setting its thread count) asks here.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_OPENMPRUNTIME_H
#define TINY_JIT_OPENMPRUNTIME_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tiny {

/// The path of the OpenMP runtime compiled code links against: the LLVM the
/// project builds against (WORKSPACE), or $TINY_LIBOMP where a binary runs
/// without that installation (scripts/gpu-bundle.sh).
llvm::StringRef getOpenMPRuntimePath();

} // namespace mlir::tiny

#endif // TINY_JIT_OPENMPRUNTIME_H
