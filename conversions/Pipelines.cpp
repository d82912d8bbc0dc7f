//===- Pipelines.cpp - the tensor-level tiny to LLVM pipeline --------------===//

#include "conversions/Passes.h"

#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

using namespace mlir;

/// The tensor-level passes every target runs before its kernels lower:
/// after sharding propagation, allreduces become copies and each device
/// gets its own ops, so rangeify sees single-device values only; stores
/// into views become stores into storage, and reads of a buffer a store
/// overwrites read a copy taken before it. Then the kernels' index
/// arithmetic is simplified by the ranges of the loop indices.
static void addTensorLevelPasses(OpPassManager &pm,
                                 StringRef allreduceAlgorithm = "ring") {
  mlir::tiny::buildTinySimplifyPipeline(pm);
  mlir::tiny::TinyLowerAllreduceOptions allreduce;
  allreduce.algorithm = allreduceAlgorithm.str();
  pm.addPass(mlir::tiny::createTinyLowerAllreduce(allreduce));
  pm.addPass(mlir::tiny::createTinyExpandMulti());
  pm.addPass(mlir::tiny::createTinyRemoveViews());
  pm.addPass(mlir::tiny::createTinySnapshotOverwritten());
  pm.addPass(mlir::tiny::createTinyRangeify());
  pm.addPass(mlir::tiny::createTinySimplifyIndices());
}

void mlir::tiny::buildTinyToLLVMPipeline(OpPassManager &pm,
                                         StringRef allreduceAlgorithm) {
  buildTinyToKernelsPipeline(pm, allreduceAlgorithm);
  buildKernelsToLLVMPipeline(pm);
}

void mlir::tiny::buildTinyToKernelsPipeline(OpPassManager &pm,
                                            StringRef allreduceAlgorithm) {
  addTensorLevelPasses(pm, allreduceAlgorithm);
}

void mlir::tiny::buildKernelsToLLVMPipeline(OpPassManager &pm) {
  // Register tiles for the host's vector registers (vector ops from here).
  pm.addPass(mlir::tiny::createTinyOptimize());
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

/// Outlines the module's gpu.launch regions into kernels and compiles them
/// for `target` (`nvvm` or `rocdl`) into gpu.binary objects of
/// `options.format`. With `barePointers`, a buffer argument of a kernel is
/// the address of its first element (what the tiny runtime passes), not a
/// memref descriptor.
/// The CUDA toolkit NVVM kernels link libdevice from: `option` when given,
/// else the environment variables MLIR itself reads, else the usual install
/// path where it exists, else none (MLIR's own default). Left to MLIR, an
/// unset environment (a Bazel test, a bare shell) links no libdevice and
/// leaves calls such as __nv_fabs unresolved, which ptxas and the driver
/// reject; a toolkit path that does not exist is an error, so the usual
/// path is only taken where it is there.
static std::string getCUDAToolkit(StringRef option) {
  if (!option.empty())
    return option.str();
  for (const char *name : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (const char *path = std::getenv(name); path && *path)
      return path;
  constexpr const char *kUsualPath = "/usr/local/cuda";
  return llvm::sys::fs::is_directory(kUsualPath) ? kUsualPath : "";
}

static void addGPUKernelPasses(OpPassManager &pm, StringRef target,
                               const tiny::TinyToGPUPipelineOptions &options,
                               bool barePointers) {
  bool nvvm = target == "nvvm";
  // Constants go into the kernels instead of becoming kernel arguments.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  if (nvvm) {
    GpuNVVMAttachTargetOptions attach;
    attach.chip = options.chip.empty() ? "sm_90" : options.chip.getValue();
    pm.addPass(createGpuNVVMAttachTarget(attach));
    ConvertGpuOpsToNVVMOpsOptions toNVVM;
    toNVVM.useBarePtrCallConv = barePointers;
    kernels.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
    // The NVVM conversion sends math ops to libdevice but leaves those it
    // has no function for (math.trunc in LLVM 22); as LLVM intrinsics the
    // NVPTX backend selects them itself (trunc is cvt.rzi).
    kernels.addPass(createConvertMathToLLVMPass());
  } else {
    GpuROCDLAttachTargetOptions attach;
    attach.chip = options.chip.empty() ? "gfx942" : options.chip.getValue();
    pm.addPass(createGpuROCDLAttachTarget(attach));
    ConvertGpuOpsToROCDLOpsOptions toROCDL;
    toROCDL.useBarePtrCallConv = barePointers;
    kernels.addPass(createConvertGpuOpsToROCDLOps(toROCDL));
  }
  kernels.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  if (nvvm)
    binary.toolkitPath = getCUDAToolkit(options.toolkit);
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::tiny::buildTinyToGPUPipeline(
    OpPassManager &pm, StringRef target,
    const TinyToGPUPipelineOptions &options) {
  addTensorLevelPasses(pm);
  pm.addPass(createTinyGroupReduce());
  ConvertTinyToGPUOptions gpuOptions;
  gpuOptions.blockSize = options.blockSize;
  pm.addPass(createConvertTinyToGPU(gpuOptions));
  pm.addPass(createConvertTinyToSCF());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addGPUKernelPasses(pm, target, options, /*barePointers=*/false);
}

void mlir::tiny::buildKernelsToGPUBinariesPipeline(
    OpPassManager &pm, StringRef target,
    const TinyToGPUPipelineOptions &options) {
  // CPU kernels get the host's register tiles; GPU kernels are left alone.
  pm.addPass(mlir::tiny::createTinyOptimize());
  TinyGroupReduceOptions groupReduce;
  groupReduce.gpuKernelsOnly = true;
  pm.addPass(createTinyGroupReduce(groupReduce));
  ConvertTinyToGPUOptions gpuOptions;
  gpuOptions.blockSize = options.blockSize;
  gpuOptions.gpuKernelsOnly = true;
  pm.addPass(createConvertTinyToGPU(gpuOptions));
  pm.addPass(createConvertTinyToRuntime());
  pm.addPass(createConvertTinyToSCF());
  // Before canonicalize, for the CPU kernels' sake (see
  // buildHostToLLVMPipeline).
  pm.addPass(createTinyExpandArith());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addGPUKernelPasses(pm, target, options, /*barePointers=*/true);
  pm.addPass(createConvertGpuLaunchToRuntime());
}

void mlir::tiny::registerTinyConversionPassesAndPipelines() {
  registerTinyConversionPasses();
  PassPipelineRegistration<TinyToLLVMPipelineOptions>(
      "tiny-to-llvm",
      "Lower tensor-level tiny to the LLVM dialect for the CPU: simplify, "
      "lower allreduces, expand multi-device values, rangeify, convert to "
      "scf and runtime calls, then upstream conversions to LLVM",
      [](OpPassManager &pm, const TinyToLLVMPipelineOptions &options) {
        buildTinyToLLVMPipeline(pm, options.allreduce);
      });
  PassPipelineRegistration<TinyToGPUPipelineOptions>(
      "tiny-to-nvvm",
      "Lower tensor-level tiny to gpu kernels compiled for NVIDIA GPUs (PTX "
      "for sm_90 unless chip= says otherwise), attached as gpu.binary",
      [](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
        buildTinyToGPUPipeline(pm, "nvvm", options);
      });
  for (StringRef target : {"nvvm", "rocdl"})
    PassPipelineRegistration<TinyToGPUPipelineOptions>(
        target == "nvvm" ? "tiny-to-nvvm-host" : "tiny-to-rocdl-host",
        target == "nvvm"
            ? "What the JIT compiles a program with kernels on CUDA devices "
              "into, before its host code goes to LLVM: those kernels as "
              "gpu.binary objects (PTX for sm_90 unless chip= says "
              "otherwise) launched by tiny_host_launch calls, copies as "
              "tiny_host_copy calls, CPU kernels as loops"
            : "What the JIT compiles a program with kernels on HIP devices "
              "into, before its host code goes to LLVM: those kernels as "
              "gpu.binary objects (gfx942 unless chip= says otherwise) "
              "launched by tiny_host_launch calls, copies as tiny_host_copy "
              "calls, CPU kernels as loops",
        [target](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
          buildTinyToKernelsPipeline(pm);
          buildKernelsToGPUBinariesPipeline(pm, target, options);
        });
  PassPipelineRegistration<TinyToGPUPipelineOptions>(
      "tiny-to-rocdl",
      "Lower tensor-level tiny to gpu kernels compiled for AMD GPUs (gfx942 "
      "unless chip= says otherwise: gfx90a, gfx1100...), attached as "
      "gpu.binary",
      [](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
        buildTinyToGPUPipeline(pm, "rocdl", options);
      });
}
