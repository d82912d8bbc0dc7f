//===- Pipelines.cpp - tiny pass and pipeline registration -----------------===//

#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::tiny::buildTinySimplifyPipeline(OpPassManager &pm) {
  pm.addPass(createTinyResolveCalls());
  pm.addPass(createTinyDecompose());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTinyFoldMovement());
  pm.addPass(createTinyMulti());
}

void mlir::tiny::registerTinyPassesAndPipelines() {
  registerTinyPasses();
  PassPipelineRegistration<>(
      "tiny-simplify",
      "Resolve calls, decompose derived ops, canonicalize, fold movement ops, "
      "propagate sharding",
      buildTinySimplifyPipeline);
}
