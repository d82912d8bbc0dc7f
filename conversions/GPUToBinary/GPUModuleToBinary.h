//===- GPUModuleToBinary.h - shared steps of module-to-binary -*- C++ -*-===//
//
// -tiny-nvvm-module-to-binary and -tiny-rocdl-module-to-binary compile each
// gpu.module into a gpu.binary one module at a time; they check the module's
// targets and replace it by its binary the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_GPUTOBINARY_GPUMODULETOBINARY_H
#define TINY_CONVERSIONS_GPUTOBINARY_GPUMODULETOBINARY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tiny {

/// Fails, with an error at `kernels`, unless it has targets and each is a
/// target attribute `isTarget` accepts whose serializer interface is
/// registered. `pass` (the pass's flag) and `dialect` (the target's
/// dialect, as the user knows it: "NVVM") name them in the message.
LogicalResult checkKernelTargets(gpu::GPUModuleOp kernels,
                                 function_ref<bool(Attribute)> isTarget,
                                 StringRef pass, StringRef dialect);

/// Replaces `kernels` by a gpu.binary of its name and offloading handler
/// holding `objects`.
void replaceWithBinary(gpu::GPUModuleOp kernels, ArrayRef<Attribute> objects);

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_GPUTOBINARY_GPUMODULETOBINARY_H
