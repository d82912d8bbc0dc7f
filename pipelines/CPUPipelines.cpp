//===- CPUPipelines.cpp - kernels to the LLVM dialect on the CPU ------------===//

#include "pipelines/Pipelines.h"

#include "conversions/Passes.h"
#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::tiny::buildKernelsToLLVMPipeline(OpPassManager &pm,
                                             bool profileKernels) {
  // Each kernel its own function, named after it, which LLVM does not
  // inline back.
  pm.addPass(createTinyOutlineKernels());
  if (profileKernels)
    pm.addPass(createTinyProfileKernels());
  // The ranges that run on the host's threads and the ones copied per
  // index (UPCAST, UNROLL), then register tiles for its vector registers
  // (vector ops from here). A kernel the search scheduled
  // (jit/KernelSearch.h) has all three already and is kept.
  pm.addPass(createTinyCPUSchedule());
  pm.addPass(createTinyExpandUpcast());
  pm.addPass(createTinyOptimize());
  // A costly value a reduce computes per element (softmax's exp2) kept in
  // the output for the loop that reads it again, on the ranges as they will
  // run: after the schedule, so its choices (and the search's) see the
  // kernel as rangeify wrote it.
  pm.addPass(createTinyReuseReduceValues());
  // After the reuse, which keeps exp2 by its name as a costly value.
  pm.addPass(createTinyInlineExp2());
  pm.addPass(createConvertTinyToRuntime());
  pm.addPass(createConvertTinyToSCF());
  buildHostToLLVMPipeline(pm);
}

void mlir::tiny::buildHostToLLVMPipeline(OpPassManager &pm) {
  // bf16 has no arithmetic on most CPUs: its conversions become integer bit
  // manipulation instead of library calls. This runs before canonicalize,
  // which would otherwise fold sitofp-to-f32 + truncf-to-bf16 into one
  // sitofp-to-bf16 that only a library call implements. Float max stays
  // arith.maximumf, which LLVM lowers with IEEE signed zeros.
  pm.addPass(createTinyExpandArith());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createConvertSCFToOpenMPPass());
  // Inlines the memref.alloca_scope the OpenMP conversion wraps loop bodies
  // in (kernels allocate nothing on the stack); left in place it would hold
  // the several blocks of a lowered inner loop, which it cannot.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  ConvertFuncToLLVMPassOptions funcOptions;
  funcOptions.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(funcOptions));
  // After the function conversion: this pass converts func ops too, without
  // the bare-pointer calling convention.
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tiny::buildTinyToLLVMPipeline(OpPassManager &pm,
                                         StringRef allreduceAlgorithm) {
  buildTinyToKernelsPipeline(pm, allreduceAlgorithm);
  buildKernelsToLLVMPipeline(pm);
}
