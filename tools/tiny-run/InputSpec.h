//===- InputSpec.h - tiny-run's -i arguments --------------------*- C++ -*-===//
//
// An -i argument, in the forms iree-run-module's --input takes, read into
// the host tensor a param of the program receives:
//
//   1,2,3              numbers, for the param's dtype and shape
//   x.npy, @x.npy      a .npy file
//   6xi32=1,2,3,...    numbers for a given shape and dtype (commas or
//                      spaces; brackets are ignored)
//   32xf32=@x.npy      a .npy file of a given shape and dtype
//   f32=3.5            a scalar (rank 0)
//
// A given shape and dtype must be the param's, and a .npy file's must be
// those given (or the param's): a mismatch is an error, not a reshape. A
// param's shape is flat, (n,), or () for a scalar; an image param's is
// (h, w, 4).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_TINY_RUN_INPUTSPEC_H
#define TINY_TOOLS_TINY_RUN_INPUTSPEC_H

#include "jit/HostTensor.h"

namespace mlir::tiny {

/// Reads the -i argument `text` for a param of type `param`, which messages
/// call `paramName` (e.g. "@f's param slot 0"). A .npy file of another
/// dtype is converted to the param's with numpy's rules when `castNpy` is
/// set, and refused otherwise.
llvm::FailureOr<HostTensor> readInputArgument(MLIRContext *context,
                                              llvm::StringRef text,
                                              RankedTensorType param,
                                              llvm::StringRef paramName,
                                              bool castNpy, std::string &error);

} // namespace mlir::tiny

#endif // TINY_TOOLS_TINY_RUN_INPUTSPEC_H
