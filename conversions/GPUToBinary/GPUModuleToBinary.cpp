//===- GPUModuleToBinary.cpp - shared steps of module-to-binary ----------===//

#include "conversions/GPUToBinary/GPUModuleToBinary.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

LogicalResult tiny::checkKernelTargets(gpu::GPUModuleOp kernels,
                                       function_ref<bool(Attribute)> isTarget,
                                       StringRef pass, StringRef dialect) {
  if (!kernels.getTargetsAttr() || kernels.getTargetsAttr().empty())
    return emitError(kernels.getLoc())
           << "kernel module @" << kernels.getName()
           << " has no target to compile for";
  for (Attribute target : kernels.getTargetsAttr()) {
    bool ours = isTarget(target);
    if (ours && isa<gpu::TargetAttrInterface>(target))
      continue;
    InFlightDiagnostic error = emitError(kernels.getLoc())
                               << "kernel module @" << kernels.getName()
                               << " has the target " << target << ", which "
                               << pass << " does not compile";
    if (ours)
      error << " (the " << dialect << " target interface is not registered)";
    return failure();
  }
  return success();
}

void tiny::replaceWithBinary(gpu::GPUModuleOp kernels,
                             ArrayRef<Attribute> objects) {
  OpBuilder builder(kernels);
  gpu::BinaryOp::create(builder, kernels.getLoc(), kernels.getName(),
                        kernels.getOffloadingHandlerAttr(), objects);
  kernels.erase();
}
