//===- VectorMath.h - vector math library calls for CPU code ----*- C++ -*-===//
//
// LLVM's code generator scalarizes a transcendental intrinsic on a vector
// (llvm.exp2 of <16 x float>) into one libm call per lane. On x86-64 with
// glibc, the JIT instead calls glibc's vector math library, libmvec, whose
// functions take a whole vector: the host CPU decides which of its variants
// (SSE `_ZGVb`, AVX2 `_ZGVd`, AVX-512 `_ZGVe`) a vector width maps to.
// libmvec ($TINY_LIBMVEC names another file) is loaded into the process (with
// global symbol visibility) the first time it is asked for, so every JIT that
// resolves the process's symbols (the kernel JIT, ExecutionEngine's, loaded
// artifacts) finds its functions. Where it is not there, or $TINY_VECTOR_MATH
// is 0, the calls stay scalarized (code loaded from an artifact that calls it
// then fails to link, saying so).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_VECTORMATH_H
#define TINY_JIT_VECTORMATH_H

#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::tiny {

/// Loads the vector math library into the process, once: code that calls
/// it links after this. Returns false, saying why in `error`, when it cannot
/// be loaded.
bool loadVectorMathLibrary(std::string &error);

/// Whether compiled CPU code calls the vector math library: it is loaded
/// (loadVectorMathLibrary) and $TINY_VECTOR_MATH is not 0.
bool usesVectorMathLibrary();

/// Rewrites the calls of vector transcendental intrinsics in `module`
/// (exp, exp2, exp10, log, log2, log10, sin, cos, tan, asin, acos, atan,
/// sinh, cosh, tanh, pow, atan2 on f32 and f64 vectors of a width the
/// vector math library has for `machine`'s CPU) into calls of the
/// library's functions. Run after optimization, before code generation.
/// Does nothing unless usesVectorMathLibrary().
void useVectorMathLibrary(llvm::Module &module, llvm::TargetMachine &machine);

} // namespace mlir::tiny

#endif // TINY_JIT_VECTORMATH_H
