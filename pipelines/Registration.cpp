//===- Registration.cpp - the pipelines' names for tiny-opt -----------------===//

#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tiny;

void mlir::tiny::registerTinyPipelines() {
  PassPipelineRegistration<>(
      "tiny-simplify",
      "Resolve calls, decompose derived ops, canonicalize, fold movement ops, "
      "eliminate common subexpressions, stabilize x/(1+x) ratios, propagate "
      "sharding",
      buildTinySimplifyPipeline);
  PassPipelineRegistration<TinyToLLVMPipelineOptions>(
      "tiny-to-kernels",
      "Lower tensor-level tiny to kernel-level functions over flat buffers: "
      "simplify, lower allreduces, expand multi-device values, remove views, "
      "snapshot overwritten buffers, rangeify, guard kernels of programs "
      "across MPI ranks by rank",
      [](OpPassManager &pm, const TinyToLLVMPipelineOptions &options) {
        buildTinyToKernelsPipeline(pm, options.allreduce);
      });
  PassPipelineRegistration<TinyToLLVMPipelineOptions>(
      "tiny-to-llvm",
      "Lower tensor-level tiny to the LLVM dialect for the CPU: "
      "tiny-to-kernels, then optimize, convert to scf and runtime calls, and "
      "upstream conversions to LLVM",
      [](OpPassManager &pm, const TinyToLLVMPipelineOptions &options) {
        buildTinyToLLVMPipeline(pm, options.allreduce);
      });
  for (StringRef target : {"nvvm", "rocdl"}) {
    bool nvvm = target == "nvvm";
    PassPipelineRegistration<TinyToGPUPipelineOptions>(
        nvvm ? "tiny-to-nvvm" : "tiny-to-rocdl",
        nvvm ? "Lower tensor-level tiny to gpu kernels compiled for NVIDIA "
               "GPUs (PTX for sm_90 unless chip= says otherwise), attached "
               "as gpu.binary"
             : "Lower tensor-level tiny to gpu kernels compiled for AMD GPUs "
               "(gfx942 unless chip= says otherwise: gfx90a, gfx1100...), "
               "attached as gpu.binary",
        [target](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
          buildTinyToGPUPipeline(pm, target, options);
        });
    PassPipelineRegistration<TinyToGPUPipelineOptions>(
        nvvm ? "tiny-to-nvvm-host" : "tiny-to-rocdl-host",
        nvvm ? "Lower tensor-level tiny as the JIT does for a program with "
               "kernels on CUDA devices, up to its host code: those kernels "
               "as gpu.binary objects (PTX for sm_90 unless chip= says "
               "otherwise) launched by tiny_host_launch calls, copies as "
               "tiny_host_copy calls, CPU kernels as loops"
             : "Lower tensor-level tiny as the JIT does for a program with "
               "kernels on HIP devices, up to its host code: those kernels "
               "as gpu.binary objects (gfx942 unless chip= says otherwise) "
               "launched by tiny_host_launch calls, copies as tiny_host_copy "
               "calls, CPU kernels as loops",
        [target](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
          buildTinyToKernelsPipeline(pm);
          buildKernelsToGPUBinariesPipeline(pm, target, options);
        });
    PassPipelineRegistration<TinyToGPUPipelineOptions>(
        nvvm ? "tiny-jit-nvvm" : "tiny-jit-rocdl",
        nvvm ? "The JIT's second stage for kernels on CUDA devices: "
               "kernel-level functions to gpu.binary objects and "
               "tiny_host_launch calls"
             : "The JIT's second stage for kernels on HIP devices: "
               "kernel-level functions to gpu.binary objects and "
               "tiny_host_launch calls",
        [target](OpPassManager &pm, const TinyToGPUPipelineOptions &options) {
          buildKernelsToGPUBinariesPipeline(pm, target, options);
        });
  }
  PassPipelineRegistration<TinyJITPipelineOptions>(
      "tiny-jit-kernels",
      "The JIT's first stage: keep the entry and its callees, then "
      "tiny-to-kernels",
      [](OpPassManager &pm, const TinyJITPipelineOptions &options) {
        buildJITKernelsPipeline(pm, options.entry, options.allreduce);
      });
  PassPipelineRegistration<TinyJITCPUPipelineOptions>(
      "tiny-jit-cpu",
      "The JIT's second stage when every kernel is on the CPU: kernel-level "
      "functions to the LLVM dialect, each kernel a function of its own, "
      "without the buffer roles",
      [](OpPassManager &pm, const TinyJITCPUPipelineOptions &options) {
        buildJITCPUPipeline(pm, options.profile);
      });
  PassPipelineRegistration<>(
      "tiny-jit-host",
      "The JIT's last stage for a program with GPU kernels, once their "
      "binaries are taken out: host code to the LLVM dialect, without the "
      "buffer roles",
      buildJITHostPipeline);
  PassPipelineRegistration<TinyJITPipelineOptions>(
      "tiny-jit",
      "What the JIT compiles a program with CPU kernels only into, up to "
      "the LLVM dialect: tiny-jit-kernels, then tiny-jit-cpu",
      [](OpPassManager &pm, const TinyJITPipelineOptions &options) {
        buildJITKernelsPipeline(pm, options.entry, options.allreduce);
        buildJITCPUPipeline(pm, options.profile);
      });
}
