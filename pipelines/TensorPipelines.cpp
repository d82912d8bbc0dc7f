//===- TensorPipelines.cpp - tensor-level tiny to kernels -------------------===//

#include "pipelines/Pipelines.h"

#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::tiny::buildTinySimplifyPipeline(OpPassManager &pm) {
  pm.addPass(createTinyResolveCalls());
  pm.addPass(createTinyDecompose());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTinyFoldMovement());
  // One value per computation: a frontend may emit the same computation
  // twice (tinygrad's gradient graph repeats a layer's forward ops), and
  // rangeify would run each copy's kernels. Views are folded to one form
  // first, so that equal chains compare equal.
  pm.addPass(createCSEPass());
  // After movement folding: the constant 1 it matches may start as a view
  // of a scalar.
  pm.addPass(createTinyStabilizeRatios());
  pm.addPass(createTinyMulti());
}

/// After sharding propagation, allreduces become copies and each device gets
/// its own ops, so rangeify sees single-device values only; stores into
/// views become stores into storage, and reads of a buffer a store
/// overwrites read a copy taken before it; a long reduction on a GPU, or to
/// one element on the host, becomes two kernels (partials, then their
/// reduce). Then the kernels' index arithmetic is simplified by the ranges
/// of the loop indices, and sums of compare-gated values (an arange, a
/// one-hot gather) become index arithmetic and reads.
void mlir::tiny::buildTinyToKernelsPipeline(OpPassManager &pm,
                                            StringRef allreduceAlgorithm,
                                            bool splitOnHost) {
  buildTinySimplifyPipeline(pm);
  TinyLowerAllreduceOptions allreduce;
  allreduce.algorithm = allreduceAlgorithm.str();
  pm.addPass(createTinyLowerAllreduce(allreduce));
  pm.addPass(createTinyExpandMulti());
  pm.addPass(createTinyRemoveViews());
  pm.addPass(createTinySnapshotOverwritten());
  TinySplitReduceOptions split;
  split.host = splitOnHost;
  pm.addPass(createTinySplitReduce(split));
  // Host matmuls' f16 operands broadcast over the columns widened once,
  // wide convolution windows' padded inputs copied once, and sums narrowed
  // after an f32 accumulation accumulated in an f32 buffer (not where
  // every kernel compiles for a GPU).
  if (splitOnHost) {
    pm.addPass(createTinyRealizeWidenedOperands());
    pm.addPass(createTinyRealizePaddedWindows());
    pm.addPass(createTinyRealizeWideSums());
  }
  pm.addPass(createTinyRangeify());
  pm.addPass(createTinySimplifyIndices());
  pm.addPass(createTinyCollapseReduce());
  pm.addPass(createTinyGuardKernelsByRank());
}
