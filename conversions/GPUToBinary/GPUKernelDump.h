//===- GPUKernelDump.h - a GPU kernel module's code in files ----*- C++ -*-===//
//
// The passes that compile kernel modules into gpu.binary objects
// (-tiny-nvvm-module-to-binary, -tiny-rocdl-module-to-binary) can write, for
// tiny-run --dump-dir, what each kernel module becomes on the way: its LLVM
// IR after LLVM's optimizer, which MLIR's serializer hands over (NVVM through
// gpu::TargetOptions' callback, ROCDL through a hook of its serializer
// class), and its assembly (PTX, AMDGCN), in files
// named after the kernel module (the kernel's name, see -tiny-outline-kernels
// and ConvertTinyToGPU).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_GPUTOBINARY_GPUKERNELDUMP_H
#define TINY_CONVERSIONS_GPUTOBINARY_GPUKERNELDUMP_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::tiny {

/// What compiling one kernel module made, kept for writing out.
struct GPUKernelDump {
  /// The kernel module's LLVM IR after LLVM's optimizer (device libraries
  /// linked in).
  std::string llvmIR;
  /// Its assembly text.
  std::string assembly;

  /// Keeps `module`'s text as `llvmIR`.
  void keepLLVMIR(llvm::Module &module);
};

/// Writes DIR/NAME.ll and DIR/NAME.EXTENSION (NAME: `kernels`' name) from
/// `dump`, creating DIR when missing. Fails with an error at `kernels`'
/// location when a file cannot be written or the serializer gave no LLVM IR.
LogicalResult writeGPUKernelDump(gpu::GPUModuleOp kernels, StringRef dir,
                                 const GPUKernelDump &dump,
                                 StringRef extension);

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_GPUTOBINARY_GPUKERNELDUMP_H
