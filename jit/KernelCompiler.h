//===- KernelCompiler.h - CPU kernels compiled one by one -------*- C++ -*-===//
//
// The JIT compiles each CPU kernel of a program (a `tiny.kernel` function of
// the LLVM-dialect module, see -tiny-outline-kernels) as an LLVM module of
// its own, identified by its code with its own name left out (the whole
// text, not a hash that two kernels could share): kernels that differ only
// in name are compiled once, a kernel compiled for one
// program serves every later program of the process that holds it, and the
// kernels not compiled yet are optimized (-O3) and compiled concurrently,
// one per core. The compiled kernels live in a JIT of their own for the
// life of the process; the program's host function, compiled after, calls
// them by address.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_KERNELCOMPILER_H
#define TINY_JIT_KERNELCOMPILER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::tiny {

/// What compiling a program's CPU kernels did.
struct KernelCompileStats {
  /// The kernel functions compiled apart from the host function.
  unsigned numKernels = 0;
  /// Those of distinct code (kernels differing only in name count once).
  unsigned numDistinct = 0;
  /// Those of the distinct ones compiled now; the others were compiled for
  /// an earlier program of this process.
  unsigned numCompiled = 0;
};

/// The compiled kernels of one program, by the names its host function
/// calls them by.
struct CompiledKernels {
  KernelCompileStats stats;
  std::vector<std::pair<std::string, llvm::orc::ExecutorAddr>> addresses;

  /// The kernels' symbols, for ExecutionEngine::registerSymbols.
  llvm::orc::SymbolMap getSymbols(llvm::orc::MangleAndInterner interner) const;
};

/// Compiles the CPU kernels of `module`, an LLVM-dialect module ready for
/// translation to LLVM IR, and leaves each in `module` as an external
/// declaration of its name, which the returned addresses resolve. A kernel
/// that shares state with the host function (a global other than a
/// constant of its own) or calls a host function stays in `module`.
/// Errors are reported on the module's context.
FailureOr<CompiledKernels> compileKernelsApart(ModuleOp module);

/// The distinct kernels compiled in this process so far.
unsigned getNumKernelsCompiled();

} // namespace mlir::tiny

#endif // TINY_JIT_KERNELCOMPILER_H
