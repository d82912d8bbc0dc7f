//===- GpuKernels.cpp - a program's kernels compiled for GPUs -------------===//

#include "jit/GpuKernels.h"

#include "conversions/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tiny;

FailureOr<GpuKernels> mlir::tiny::takeGpuKernels(ModuleOp module) {
  GpuKernels kernels;
  llvm::StringMap<unsigned> imageOf;
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  for (gpu::BinaryOp binary : binaries) {
    ArrayRef<Attribute> objects = binary.getObjects().getValue();
    auto object = objects.size() == 1
                      ? dyn_cast<gpu::ObjectAttr>(objects.front())
                      : gpu::ObjectAttr();
    if (!object)
      return binary.emitOpError("has ")
             << objects.size()
             << " objects: the JIT loads one code object per kernel module";
    imageOf[binary.getSymName()] = kernels.images.size();
    kernels.images.push_back(object.getObject().str());
  }

  if (auto table = module->getAttrOfType<ArrayAttr>(kGpuLaunchesAttrName)) {
    for (auto [id, entry] : llvm::enumerate(table)) {
      auto launch = dyn_cast<DictionaryAttr>(entry);
      auto kernel = launch ? launch.getAs<SymbolRefAttr>("kernel") : nullptr;
      auto arguments =
          launch ? launch.getAs<DenseI64ArrayAttr>("arguments") : nullptr;
      if (!kernel || !arguments)
        return module.emitError("launch ")
               << id << " of " << kGpuLaunchesAttrName
               << " is not {kernel = @binary::@kernel, arguments = ...}";
      auto image = imageOf.find(kernel.getRootReference());
      if (image == imageOf.end())
        return module.emitError("launch ")
               << id << " names " << kernel << ", which is no gpu.binary";
      GpuKernels::Launch &out = kernels.launches.emplace_back();
      out.image = image->second;
      out.kernel = kernel.getLeafReference().str();
      for (int64_t position : arguments.asArrayRef())
        out.arguments.push_back(position);
    }
  }

  for (gpu::BinaryOp binary : binaries)
    binary.erase();
  module->removeAttr(kGpuLaunchesAttrName);
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  return kernels;
}
