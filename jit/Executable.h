//===- Executable.h - JIT-compiled tiny programs ----------------*- C++ -*-===//
//
// The embedding API: compile a tensor-level tiny function for the host CPU
// (the -tiny-to-llvm pipeline, then LLVM's ORC JIT through MLIR's
// ExecutionEngine) and run it on host tensors. Compiled programs are cached
// by a hash of the module's text and the entry name for the life of the
// process, so compiling the same program twice costs one lookup.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_EXECUTABLE_H
#define TINY_JIT_EXECUTABLE_H

#include "jit/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>

namespace mlir {
class ExecutionEngine;

namespace tiny {

/// A param of a compiled program: its slot and the type of its flat storage.
struct ProgramParam {
  int64_t slot;
  RankedTensorType type;
};

class Executable {
public:
  ~Executable();

  /// Compiles `entry`, a `tiny.function` of `module`, which is left
  /// unchanged. Errors are reported as diagnostics on the module's context.
  static FailureOr<std::shared_ptr<Executable>> compile(ModuleOp module,
                                                        StringRef entry);

  /// The params in slot order: `run` takes one input per param.
  ArrayRef<ProgramParam> getParams() const { return params; }
  /// The types of the returned tensors (the elements of a returned tuple).
  ArrayRef<RankedTensorType> getResultTypes() const { return resultTypes; }
  /// Seconds spent lowering and JIT-compiling (0 for a cache hit's copy).
  double getCompileSeconds() const { return compileSeconds; }

  /// Runs the program. Each input must have its param's dtype and number of
  /// elements (any shape of that size); returns one tensor per result.
  FailureOr<SmallVector<HostTensor>> run(ArrayRef<HostTensor> inputs,
                                         std::string &error) const;

  /// Runs the program on raw buffers: one per param in slot order, then one
  /// per result, each sized for its flat storage. Inputs may be written to
  /// when the program stores into a param.
  LogicalResult invoke(ArrayRef<void *> buffers, std::string &error) const;

  /// The number of programs compiled (not served from the cache) so far.
  static unsigned getNumCompilations();

private:
  Executable() = default;

  std::string entry;
  SmallVector<ProgramParam> params;
  SmallVector<RankedTensorType> resultTypes;
  std::unique_ptr<ExecutionEngine> engine;
  /// The entry's packed wrapper: takes one pointer per argument.
  void (*function)(void **) = nullptr;
  double compileSeconds = 0;
};

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_EXECUTABLE_H
