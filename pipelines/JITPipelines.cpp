//===- JITPipelines.cpp - the stages Executable::compile runs ---------------===//

#include "pipelines/Pipelines.h"

#include "conversions/Passes.h"
#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

void mlir::tiny::buildJITKernelsPipeline(OpPassManager &pm, StringRef entry,
                                         StringRef allreduceAlgorithm) {
  TinySelectEntryOptions select;
  select.entry = entry.str();
  pm.addPass(createTinySelectEntry(select));
  buildTinyToKernelsPipeline(pm, allreduceAlgorithm);
}

void mlir::tiny::buildJITCPUPipeline(OpPassManager &pm, bool profileKernels) {
  buildKernelsToLLVMPipeline(pm, profileKernels);
  pm.addPass(createTinyStripBufferRoles());
}

void mlir::tiny::buildJITHostPipeline(OpPassManager &pm) {
  buildHostToLLVMPipeline(pm);
  pm.addPass(createTinyStripBufferRoles());
}
