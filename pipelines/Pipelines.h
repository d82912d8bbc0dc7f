//===- Pipelines.h - tiny's named pass pipelines ----------------*- C++ -*-===//
//
// Every pipeline tiny runs, by stage. The JIT (jit/Executable.cpp) builds
// its pass managers with these functions and nothing else, and each is
// registered under a name, so `tiny-opt --pass-pipeline=...` runs exactly
// what `tiny-run` runs:
//
//   tensor-level tiny         tiny-jit-kernels{entry=f}: select the entry,
//        |                    then tiny-to-kernels
//   kernel-level functions    tiny-jit-cpu when every kernel is on the CPU;
//        |                    else tiny-jit-nvvm or tiny-jit-rocdl, after
//        |                    which the JIT takes the kernels' binaries
//        v                    out, then tiny-jit-host
//   the LLVM dialect, which the JIT translates to LLVM IR and compiles
//
// `tiny-jit{entry=f}` is the whole CPU path in one.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PIPELINES_PIPELINES_H
#define TINY_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace tiny {

/// Options of the CPU pipelines (-tiny-to-llvm, -tiny-to-kernels).
struct TinyToLLVMPipelineOptions
    : public PassPipelineOptions<TinyToLLVMPipelineOptions> {
  PassOptions::Option<std::string> allreduce{
      *this, "allreduce",
      llvm::cl::desc("How an allreduce combines its shards: ring, all2all, "
                     "naive, hierarchical or auto (-tiny-lower-allreduce)"),
      llvm::cl::init("ring")};
};

/// Options of the GPU pipelines (-tiny-to-nvvm, -tiny-to-rocdl and the
/// -tiny-to-*-host ones).
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
                     "/usr/local/cuda); for ROCDL, the folder whose "
                     "amdgcn/bitcode holds the ROCm device libraries "
                     "(default: $ROCM_PATH, $ROCM_ROOT, $ROCM_HOME, "
                     "/opt/rocm, else Debian's rocm-device-libs)")};
  PassOptions::Option<std::string> dumpDir{
      *this, "dump-dir",
      llvm::cl::desc("Also write each kernel module's optimized LLVM IR and "
                     "assembly to DIR/NAME.ll and DIR/NAME.ptx (NVVM) or "
                     "DIR/NAME.s (ROCDL), NAME being the kernel's")};
};

/// Options of the JIT's second stage on the CPU (-tiny-jit-cpu).
struct TinyJITCPUPipelineOptions
    : public PassPipelineOptions<TinyJITCPUPipelineOptions> {
  PassOptions::Option<bool> profile{
      *this, "profile",
      llvm::cl::desc("Time each kernel call (-tiny-profile-kernels), as "
                     "tiny-run --profile does"),
      llvm::cl::init(false)};
};

/// Options of the JIT's first stage (-tiny-jit-kernels) and of -tiny-jit.
struct TinyJITPipelineOptions
    : public PassPipelineOptions<TinyJITPipelineOptions> {
  PassOptions::Option<std::string> entry{
      *this, "entry", llvm::cl::desc("The tiny.function to compile")};
  PassOptions::Option<std::string> allreduce{
      *this, "allreduce",
      llvm::cl::desc("How an allreduce combines its shards: ring, all2all, "
                     "naive, hierarchical or auto (-tiny-lower-allreduce)"),
      llvm::cl::init("ring")};
  PassOptions::Option<bool> profile{
      *this, "profile",
      llvm::cl::desc("-tiny-jit only: time each kernel call "
                     "(-tiny-profile-kernels), as tiny-run --profile does"),
      llvm::cl::init(false)};
};

//===----------------------------------------------------------------------===//
// Tensor level (TensorPipelines.cpp)
//===----------------------------------------------------------------------===//

/// The tensor-level simplifications every lowering starts with
/// (-tiny-simplify): resolve calls, decompose, canonicalize, fold movement,
/// eliminate common subexpressions, stabilize ratios, propagate sharding.
void buildTinySimplifyPipeline(OpPassManager &pm);

/// Tensor-level tiny to kernel-level functions over flat buffers
/// (-tiny-to-kernels): simplify, lower allreduces with
/// `allreduceAlgorithm`, expand multi-device values, remove views,
/// snapshot overwritten buffers, split long reductions, realize host
/// matmuls' widened f16 operands, rangeify, simplify indices, collapse
/// compare-gated sums, guard each kernel of a program across MPI ranks by
/// its rank. Without `splitOnHost`, long reductions to one element on the
/// host are not split and no operand is realized (their kernels will run on
/// a GPU).
void buildTinyToKernelsPipeline(OpPassManager &pm,
                                StringRef allreduceAlgorithm = "ring",
                                bool splitOnHost = true);

//===----------------------------------------------------------------------===//
// CPU (CPUPipelines.cpp)
//===----------------------------------------------------------------------===//

/// Kernel-level functions to the LLVM dialect on the CPU:
/// -tiny-outline-kernels (each kernel a function of its own), with
/// `profileKernels` -tiny-profile-kernels (each kernel call timed), then
/// -tiny-cpu-schedule, -tiny-expand-upcast, -tiny-optimize,
/// -convert-tiny-to-runtime, -convert-tiny-to-scf and
/// buildHostToLLVMPipeline.
void buildKernelsToLLVMPipeline(OpPassManager &pm,
                                bool profileKernels = false);

/// Host functions whose kernels are loops already (and calls into the
/// runtime) to the LLVM dialect. Function arguments become bare pointers to
/// the buffers' elements; THREAD loops become OpenMP parallel loops.
void buildHostToLLVMPipeline(OpPassManager &pm);

/// Tensor-level tiny to the LLVM dialect on the CPU (-tiny-to-llvm):
/// buildTinyToKernelsPipeline, then buildKernelsToLLVMPipeline.
void buildTinyToLLVMPipeline(OpPassManager &pm,
                             StringRef allreduceAlgorithm = "ring");

//===----------------------------------------------------------------------===//
// GPU (GPUPipelines.cpp)
//===----------------------------------------------------------------------===//

/// Tensor-level tiny to gpu kernels compiled for NVIDIA (`nvvm`, chip sm_90
/// unless set) or AMD (`rocdl`, gfx942 unless set) GPUs, attached to the
/// module as gpu.binary objects (-tiny-to-nvvm, -tiny-to-rocdl):
/// buildTinyToKernelsPipeline, -tiny-gpu-schedule, -tiny-expand-upcast,
/// -convert-tiny-to-gpu, -tiny-gpu-insert-barriers, then the kernels'
/// lowering to the target.
void buildTinyToGPUPipeline(OpPassManager &pm, StringRef target,
                            const TinyToGPUPipelineOptions &options);

/// Kernel-level functions whose kernels name GPU devices, for the JIT's
/// host schedule: kernels on CUDA or HIP devices become gpu.binary objects
/// for `target` (`nvvm` or `rocdl`) and their launches `tiny_host_launch`
/// calls; copies become runtime calls and the other kernels loops in place.
/// buildHostToLLVMPipeline finishes the host code once the binaries are
/// taken out.
void buildKernelsToGPUBinariesPipeline(OpPassManager &pm, StringRef target,
                                       const TinyToGPUPipelineOptions &options);

//===----------------------------------------------------------------------===//
// The JIT's stages (JITPipelines.cpp)
//===----------------------------------------------------------------------===//

/// The JIT's first stage (-tiny-jit-kernels): keep `entry` and its callees
/// (-tiny-select-entry), then buildTinyToKernelsPipeline. The JIT reads the
/// buffer roles and devices off the result.
void buildJITKernelsPipeline(OpPassManager &pm, StringRef entry,
                             StringRef allreduceAlgorithm = "ring");

/// The JIT's second stage for programs with CPU kernels only
/// (-tiny-jit-cpu): buildKernelsToLLVMPipeline (with `profileKernels`, each
/// kernel call timed), then the buffer roles go.
void buildJITCPUPipeline(OpPassManager &pm, bool profileKernels = false);

/// The JIT's last stage for programs with GPU kernels (-tiny-jit-host),
/// once it took the kernels' binaries out: buildHostToLLVMPipeline, then
/// the buffer roles go.
void buildJITHostPipeline(OpPassManager &pm);

/// Registers the named pipelines: -tiny-simplify, -tiny-to-kernels,
/// -tiny-to-llvm, -tiny-to-nvvm, -tiny-to-rocdl, -tiny-to-nvvm-host,
/// -tiny-to-rocdl-host, and the JIT's stages -tiny-jit-kernels,
/// -tiny-jit-cpu, -tiny-jit-nvvm, -tiny-jit-rocdl, -tiny-jit-host and the
/// whole CPU path -tiny-jit.
void registerTinyPipelines();

} // namespace tiny
} // namespace mlir

#endif // TINY_PIPELINES_PIPELINES_H
