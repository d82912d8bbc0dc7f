//===- Pipelines.cpp - tiny pass and pipeline registration -----------------===//

#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::tiny::registerTinyPassesAndPipelines() {
  registerTinyPasses();
  PassPipelineRegistration<>(
      "tiny-simplify",
      "Decompose derived ops, canonicalize and fold movement ops",
      [](OpPassManager &pm) {
        pm.addPass(createTinyDecompose());
        pm.addPass(createCanonicalizerPass());
        pm.addPass(createTinyFoldMovement());
      });
}
