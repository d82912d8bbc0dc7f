//===- CPUPipelines.cpp - kernels to the LLVM dialect on the CPU ------------===//

#include "pipelines/Pipelines.h"

#include "conversions/Passes.h"
#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

/// Whether the host runs vdpbf16ps on 512-bit vectors and narrower ones
/// (-tiny-x86-dot-bf16 emits both).
static bool hostHasBF16DotProduct() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512bf16") && features.lookup("avx512vl");
}

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
  // Pairs of the tiles' bf16 products, one instruction each.
  if (hostHasBF16DotProduct())
    pm.addPass(createTinyX86DotBF16());
  // A costly value a reduce computes per element (softmax's exp2) kept in
  // the output for the loop that reads it again, on the ranges as they will
  // run: after the schedule, so its choices (and the search's) see the
  // kernel as rangeify wrote it.
  pm.addPass(createTinyReuseReduceValues());
  // After the reuse, which keeps exp2 by its name as a costly value.
  pm.addPass(createTinyInlineExp2());
  // Reads of padded tensors left to LLVM's loop vectorizer (not in register
  // tiles, which mask their own) as gated loads: masked loads, not gathers.
  pm.addPass(createTinyGatePaddedLoads());
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
  ConvertVectorToLLVMPassOptions vectorOptions;
  // -tiny-x86-dot-bf16's dot products.
  vectorOptions.x86Vector = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
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
