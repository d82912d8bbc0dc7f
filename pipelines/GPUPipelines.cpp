//===- GPUPipelines.cpp - tiny to kernels compiled for GPUs -----------------===//

#include "pipelines/Pipelines.h"

#include "conversions/Passes.h"
#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

using namespace mlir;

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
  // MLIR's -gpu-module-to-binary, one kernel module at a time (for the
  // dumps' file names); for ROCDL, it finds neither Debian's device
  // libraries nor its ld.lld (see ROCmToolchain.h).
  if (nvvm) {
    tiny::TinyNVVMModuleToBinaryOptions binary;
    binary.format = options.format;
    binary.toolkit = getCUDAToolkit(options.toolkit);
    binary.dumpDir = options.dumpDir;
    pm.addPass(tiny::createTinyNVVMModuleToBinary(binary));
  } else {
    tiny::TinyROCDLModuleToBinaryOptions binary;
    binary.format = options.format;
    binary.rocmPath = options.toolkit;
    binary.dumpDir = options.dumpDir;
    pm.addPass(tiny::createTinyROCDLModuleToBinary(binary));
  }
}

void mlir::tiny::buildTinyToGPUPipeline(
    OpPassManager &pm, StringRef target,
    const TinyToGPUPipelineOptions &options) {
  // Every kernel is compiled for the GPU, whatever device its tensors name.
  buildTinyToKernelsPipeline(pm, "ring", /*splitOnHost=*/false);
  TinyGPUScheduleOptions schedule;
  schedule.blockSize = options.blockSize;
  pm.addPass(createTinyGPUSchedule(schedule));
  pm.addPass(createTinyExpandUpcast());
  ConvertTinyToGPUOptions gpuOptions;
  gpuOptions.blockSize = options.blockSize;
  pm.addPass(createConvertTinyToGPU(gpuOptions));
  pm.addPass(createTinyGPUInsertBarriers());
  pm.addPass(createConvertTinyToSCF());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addGPUKernelPasses(pm, target, options, /*barePointers=*/false);
}

void mlir::tiny::buildKernelsToGPUBinariesPipeline(
    OpPassManager &pm, StringRef target,
    const TinyToGPUPipelineOptions &options) {
  // Each kernel is scheduled for its device (CPU kernels get the host's
  // threads, GPU kernels their grid), then UPCAST and UNROLL ranges are
  // materialized in both, then CPU kernels get register tiles.
  pm.addPass(createTinyCPUSchedule());
  TinyGPUScheduleOptions schedule;
  schedule.blockSize = options.blockSize;
  schedule.gpuKernelsOnly = true;
  pm.addPass(createTinyGPUSchedule(schedule));
  pm.addPass(createTinyExpandUpcast());
  pm.addPass(createTinyOptimize());
  ConvertTinyToGPUOptions gpuOptions;
  gpuOptions.blockSize = options.blockSize;
  gpuOptions.gpuKernelsOnly = true;
  pm.addPass(createConvertTinyToGPU(gpuOptions));
  pm.addPass(createTinyGPUInsertBarriers());
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
