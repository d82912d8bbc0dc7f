//===- Passes.h - tiny conversion passes and pipelines ----------*- C++ -*-===//

#ifndef TINY_CONVERSIONS_PASSES_H
#define TINY_CONVERSIONS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace tiny {

#define GEN_PASS_DECL
#include "conversions/Passes.h.inc"

/// The module attribute -convert-gpu-launch-to-runtime writes: an array of
/// `{kernel = @module::@kernel, arguments = array<i64: ...>}`, one per
/// `tiny_host_launch` id.
constexpr StringLiteral kGpuLaunchesAttrName = "tiny.gpu_launches";

/// Adds the passes that take tensor-level tiny to the LLVM dialect on the
/// CPU: simplify, rangeify, -convert-tiny-to-scf, then upstream to LLVM.
/// Function arguments become bare pointers to the buffers' elements;
/// THREAD loops become OpenMP parallel loops (the JIT loads libomp).
void buildTinyToLLVMPipeline(OpPassManager &pm,
                             StringRef allreduceAlgorithm = "ring");

/// Options of the CPU pipeline (-tiny-to-llvm).
struct TinyToLLVMPipelineOptions
    : public PassPipelineOptions<TinyToLLVMPipelineOptions> {
  PassOptions::Option<std::string> allreduce{
      *this, "allreduce",
      llvm::cl::desc("How an allreduce combines its shards: ring, all2all or "
                     "naive (-tiny-lower-allreduce)"),
      llvm::cl::init("ring")};
};

/// The first half of -tiny-to-llvm: tensor-level tiny to kernel-level
/// functions over flat buffers (what a caller reads the buffer roles and
/// devices from). Allreduces are lowered with `allreduceAlgorithm`.
void buildTinyToKernelsPipeline(OpPassManager &pm,
                                StringRef allreduceAlgorithm = "ring");

/// The second half of -tiny-to-llvm: kernel-level functions to the LLVM
/// dialect (-tiny-optimize, -convert-tiny-to-runtime, -convert-tiny-to-scf,
/// then buildHostToLLVMPipeline).
void buildKernelsToLLVMPipeline(OpPassManager &pm);

/// Host functions whose kernels are loops already (and calls into the
/// runtime) to the LLVM dialect for the JIT.
void buildHostToLLVMPipeline(OpPassManager &pm);

/// Options of the GPU pipelines (-tiny-to-nvvm, -tiny-to-rocdl).
struct TinyToGPUPipelineOptions
    : public PassPipelineOptions<TinyToGPUPipelineOptions> {
  PassOptions::Option<std::string> chip{*this, "chip",
                                        llvm::cl::desc("Target chip")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Kernel binary format: isa (assembly text, needs no "
                     "toolkit) or bin"),
      llvm::cl::init("isa")};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size", llvm::cl::desc("Threads per block"),
      llvm::cl::init(256)};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit whose libdevice the NVVM kernels link "
                     "(default: $CUDA_HOME, $CUDA_ROOT or $CUDA_PATH, else "
                     "/usr/local/cuda)")};
};

/// Adds the passes that take tensor-level tiny to gpu kernels compiled for
/// NVIDIA (`nvvm`, chip sm_90 unless set) or AMD (`rocdl`, gfx942 unless
/// set) GPUs, attached to the module as gpu.binary objects.
void buildTinyToGPUPipeline(OpPassManager &pm, StringRef target,
                            const TinyToGPUPipelineOptions &options);

/// Kernel-level functions whose kernels name GPU devices, for the JIT's
/// host schedule: kernels on CUDA or HIP devices become gpu.binary objects
/// for `target` (`nvvm` or `rocdl`, with `options`' chip, format and block
/// size) and their launches `tiny_host_launch` calls
/// (-convert-gpu-launch-to-runtime); copies become runtime calls and the
/// other kernels loops in place. buildHostToLLVMPipeline finishes the host
/// code once the binaries are taken out.
void buildKernelsToGPUBinariesPipeline(OpPassManager &pm, StringRef target,
                                       const TinyToGPUPipelineOptions &options);

/// Registers the conversion passes and the -tiny-to-llvm pipeline.
void registerTinyConversionPassesAndPipelines();

#define GEN_PASS_REGISTRATION
#include "conversions/Passes.h.inc"

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_PASSES_H
