//===- Npy.h - read and write numpy .npy files ------------------*- C++ -*-===//

#ifndef TINY_JIT_NPY_H
#define TINY_JIT_NPY_H

#include "jit/HostTensor.h"

namespace mlir::tiny {

/// Reads a little-endian, C-order .npy file (format 1.0 to 3.0). bf16 has no
/// numpy dtype and is not supported.
FailureOr<HostTensor> readNpy(MLIRContext *context, llvm::StringRef path,
                              std::string &error);

/// Writes `tensor` as a .npy file (format 1.0).
LogicalResult writeNpy(llvm::StringRef path, const HostTensor &tensor,
                       std::string &error);

} // namespace mlir::tiny

#endif // TINY_JIT_NPY_H
