//===- CompiledCode.h - the machine code of a compiled program --*- C++ -*-===//
//
// What Executable (jit/Executable.h) holds of a compiled program, shared by
// every Executable of the same program through the program cache, and the
// two ways it comes to be: compiled by MLIR's ExecutionEngine from the
// LLVM dialect, or linked from object code (the disk cache, an artifact).
// Private to the JIT library.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_COMPILEDCODE_H
#define TINY_JIT_COMPILEDCODE_H

#include "jit/Artifact.h"
#include "jit/Executable.h"
#include "jit/GpuKernels.h"
#include "jit/KernelCompiler.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::tiny {

/// The machine code of one program: what the cache shares. It holds no IR,
/// so it outlives the MLIRContext it was compiled from.
struct CompiledCode {
  std::unique_ptr<ExecutionEngine> engine;
  /// The entry's packed wrapper: takes one pointer per argument.
  void (*function)(void **) = nullptr;
  /// The entry's arguments: params, outputs, then scratch buffers.
  SmallVector<BufferArgument> arguments;
  /// The kernels the entry launches on GPU devices.
  GpuKernels kernels;
  /// The host functions it calls, by name, with their libraries.
  SmallVector<ArtifactContents::HostFunction> hostFunctions;
  double seconds = 0;
  /// The bytes of the temporaries the entry allocates on the host.
  uint64_t temporaryBytes = 0;
  /// Where code loaded from the disk cache or an artifact lives (instead
  /// of `engine`).
  std::unique_ptr<llvm::orc::LLJIT> jit;
  bool fromDiskCache = false;
  bool fromArtifact = false;
  /// The host function's object code, when kept (keepObjectCode, the disk
  /// cache) for an artifact.
  std::string objectCode;
  /// What compiling the CPU kernels apart did (all zero when they were
  /// compiled with the host function).
  KernelCompileStats kernelStats;
  /// The kernels and copies one run launches; unknown for loaded code.
  std::optional<SmallVector<ProgramLaunch>> launches;
};

/// Makes the host's target available to LLVM, once per process.
void initializeNativeTarget();

/// Links the code of `contents` (from the disk cache or an artifact) for
/// running: no compilation.
FailureOr<std::shared_ptr<CompiledCode>>
linkCompiledCode(ArtifactContents &&contents, std::string &error);

/// Whether CPU kernels are compiled apart from the host function
/// (jit/KernelCompiler.h): unless $TINY_KERNEL_JIT is 0, which compiles
/// each program as one LLVM module, as tiny did before (for comparing).
bool compilesKernelsApart();

/// JIT-compiles `lowered`, in the LLVM dialect, into `code`'s engine and
/// entry function, with LLVM's -O3 (identical functions merged first), the
/// CPU kernels compiled apart in `kernels` (when they were) linked in, and
/// the object code kept when `keepObject`. Errors are reported at `module`.
LogicalResult createEngine(ModuleOp module, ModuleOp lowered, StringRef entry,
                           const CompileOptions &options, bool keepObject,
                           ArrayRef<std::string> dumpedKernels,
                           std::optional<CompiledKernels> &kernels,
                           CompiledCode &code);

} // namespace mlir::tiny

#endif // TINY_JIT_COMPILEDCODE_H
