//===- Executable.h - JIT-compiled tiny programs ----------------*- C++ -*-===//
//
// The embedding API: compile a tensor-level tiny function for the host CPU
// (the -tiny-to-llvm pipeline, then LLVM's ORC JIT through MLIR's
// ExecutionEngine) and run it on host tensors. Kernels on CUDA or HIP
// devices are compiled for the GPU (PTX, or a HIP code object) and launched
// by the host code through the runtime. Compiled programs are cached
// by a hash of the module's text and the entry name for the life of the
// process, so compiling the same program twice costs one lookup (and works
// across MLIRContexts: the cache holds machine code, not IR); with
// $TINY_CACHE_DIR set, also on disk across processes (jit/DiskCache.h).
// Below that, each CPU kernel is compiled apart and once per process,
// however many programs and names hold it (jit/KernelCompiler.h).
// A compiled program saved as an artifact (tiny-compile, jit/Artifact.h)
// is loaded and run with no compilation.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_EXECUTABLE_H
#define TINY_JIT_EXECUTABLE_H

#include "jit/HostSchedule.h"
#include "jit/HostTensor.h"
#include "jit/KernelCompiler.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>

namespace mlir {
class PassManager;

namespace tiny {
struct ArtifactContents;
struct CompiledCode;
class FunctionOp;

/// A param of a compiled program: its slot and the type of its flat storage.
struct ProgramParam {
  int64_t slot;
  RankedTensorType type;
};

/// One launch a program makes when it runs: a kernel, or a copy of `bytes`
/// bytes between devices (its `flops` are 0).
struct ProgramLaunch {
  bool isCopy = false;
  /// The kernel's name (tinygrad's: E_4_3, r_4_1); empty for a copy.
  std::string name;
  int64_t flops = 0;
  int64_t bytes = 0;
};

/// Choices the lowering leaves to the caller.
struct CompileOptions {
  /// How an allreduce combines its shards: "ring", "all2all", "naive",
  /// "hierarchical" or "auto" (-tiny-lower-allreduce).
  std::string allreduce = "ring";
  /// The chip kernels on GPU devices are compiled for; empty means sm_90
  /// for CUDA devices and gfx942 for HIP devices.
  std::string gpuChip;
  /// Called on each pass manager of the lowering before it runs (tiny-run
  /// applies MLIR's command-line pass-manager options here: IR printing,
  /// timing, crash reproducers); its failure fails the compilation.
  std::function<LogicalResult(PassManager &)> configurePassManager;
  /// Called with the LLVM-dialect module the JIT is about to translate to
  /// LLVM IR.
  std::function<void(ModuleOp)> inspectLowered;
  /// Time each kernel call (-tiny-profile-kernels): each run records its
  /// launches, which takeKernelLaunches (jit/HostFunctions.h) returns. CPU
  /// kernels only; a program with GPU kernels is refused.
  bool profileKernels = false;
  /// Write each kernel's kernel-level IR, LLVM IR and assembly into this
  /// directory as it is compiled: CPU kernels' (jit/DumpKernels.h), and GPU
  /// kernels' with their PTX or AMDGCN assembly
  /// (conversions/GPUToBinary/GPUKernelDump.h).
  std::string dumpDir;
  /// The beam width of the kernel search (jit/KernelSearch.h): each CPU
  /// kernel's schedule is the fastest of the candidates timed on this
  /// machine, or read from the search's cache. 0 keeps the heuristic's
  /// (-tiny-cpu-schedule). Programs with GPU kernels are not searched.
  unsigned beam = 0;
  /// With `beam`, write a line per kernel to stderr saying what the search
  /// chose and whether it came from the cache.
  bool beamVerbose = false;
  /// Options of -tiny-cpu-schedule for the CPU kernels, as a pass pipeline
  /// spells them ("pack=off hoist-threads=true"); empty keeps its defaults.
  /// An option the pass does not take, or a value it refuses, fails the
  /// compilation, as does giving them with `beam` (the search chooses
  /// them).
  std::string cpuSchedule;
  /// Keep the object code of the host function, so that `writeArtifact`
  /// can save the program (tiny-compile, the C API): a copy of it in
  /// memory.
  bool keepObjectCode = false;
  /// With either hook or a dump directory set, the program is compiled
  /// afresh: a cached one would run no pass manager and have no module to
  /// show.
  bool hasHooks() const {
    return configurePassManager || inspectLowered || !dumpDir.empty();
  }
};

/// The runtime's name of the device a tensor of `type` lives on: its
/// `#tiny.device` names joined by commas, "CPU" when it has none.
std::string getRuntimeDeviceName(RankedTensorType type);

/// Adds the dialects a program's source may hold (tiny's, and the upstream
/// dialects tiny's kernels and lowered code are written in) to `registry`,
/// for the context tools and the C API parse programs into.
void registerProgramDialects(DialectRegistry &registry);

/// The tiny.function of `module` named `entry`, or its only one when
/// `entry` is empty. Returns null, saying why in `error`; for a module of
/// several functions and no `entry`, the message ends with `howToChoose`
/// ("choose one with --entry").
FunctionOp findEntryFunction(ModuleOp module, StringRef entry,
                             StringRef howToChoose, std::string &error);

class Executable {
public:
  ~Executable();

  /// Compiles `entry`, a `tiny.function` of `module`, which is left
  /// unchanged. Errors are reported as diagnostics on the module's context.
  static FailureOr<std::shared_ptr<Executable>>
  compile(ModuleOp module, StringRef entry, const CompileOptions &options = {});

  /// Loads a program compiled before from the artifact `bytes`, which
  /// `name` (its file name) labels in errors: its object code is linked,
  /// nothing is compiled. The signature's types are made in `context`,
  /// which must have the tiny dialect. Fails, saying why in one line in
  /// `error`, on bytes that are no artifact, a damaged or truncated one,
  /// one compiled by another tiny or LLVM or for another CPU, or one that
  /// calls a host function not registered now (the artifact names it and
  /// the library it came from when compiled).
  static FailureOr<std::shared_ptr<Executable>>
  load(MLIRContext *context, StringRef bytes, StringRef name,
       std::string &error);

  /// Writes the program to `path` as an artifact, which `load` reads back.
  /// Fails for a program compiled without `keepObjectCode`.
  LogicalResult writeArtifact(StringRef path, std::string &error) const;
  /// True when the program's object code is kept, so that `writeArtifact`
  /// can save it.
  bool hasObjectCode() const;

  /// The tiny.function the program was compiled from.
  StringRef getEntry() const { return entry; }

  /// The params in slot order: `run` takes one input per param.
  ArrayRef<ProgramParam> getParams() const { return params; }
  /// The types of the returned tensors (the elements of a returned tuple).
  ArrayRef<RankedTensorType> getResultTypes() const { return resultTypes; }
  /// Seconds spent lowering and JIT-compiling this program's code (when it
  /// came from the cache, by the compilation that first made it).
  double getCompileSeconds() const;
  /// True when the code was loaded from the on-disk cache ($TINY_CACHE_DIR)
  /// rather than compiled in this process.
  bool isFromDiskCache() const;
  /// True when the code was loaded from an artifact (`load`); then
  /// getCompileSeconds is the time loading took.
  bool isFromArtifact() const;
  /// How its CPU kernels were compiled (jit/KernelCompiler.h): how many
  /// apart from the host function, how many distinct, how many compiled
  /// then rather than taken from an earlier program of this process. All
  /// zero for code from the disk cache or an artifact, a program with GPU kernels,
  /// one compiled with its object code kept, dumped, or with
  /// $TINY_KERNEL_JIT=0, whose kernels are compiled with the host function.
  KernelCompileStats getKernelStats() const;

  /// What one run of the program launches, in the order its host code runs
  /// them, with their static costs (dialects/tiny/Utils/KernelWork.h): each
  /// kernel, and each copy between devices. None for code loaded from the
  /// disk cache or an artifact, which keeps no IR.
  std::optional<ArrayRef<ProgramLaunch>> getLaunches() const;

  /// Runs the program. Each input must have its param's dtype and number of
  /// elements (any shape of that size); returns one tensor per result.
  /// With `runtime`, or when the program spans several devices, its buffers
  /// are allocated on their devices through the runtime (one made for this
  /// run when none is given), so its counters see every byte.
  FailureOr<SmallVector<HostTensor>>
  run(ArrayRef<HostTensor> inputs, std::string &error,
      tiny_runtime_t runtime = nullptr) const;

  /// Runs the program on raw host buffers: one per param in slot order (also
  /// for params the program never reads), then one per result, each sized
  /// for its flat storage. Inputs may be written
  /// to when the program stores into a param. Programs that need the
  /// runtime (see `needsRuntime`) are refused: use `run`.
  LogicalResult invoke(ArrayRef<void *> buffers, std::string &error) const;

  /// Runs the program on host memory: one pointer per param in slot order
  /// and one per result, each holding its flat storage's bytes (the caller
  /// has checked their sizes). With `runtime`, or when the program spans
  /// several devices, its buffers come from the runtime, as for `run`.
  LogicalResult execute(ArrayRef<void *> inputs, ArrayRef<void *> outputs,
                        std::string &error,
                        tiny_runtime_t runtime = nullptr) const;

  /// Runs the program in place on the caller's buffers of `runtime`: one
  /// per param in slot order (also for params the program never reads) and
  /// one per result, each a distinct live buffer on its tensor's device
  /// with its dtype and element count. No host memory is copied to or from.
  /// Returns NULL on success, else the runtime's status for a released
  /// buffer (TINY_STATUS_INVALID_HANDLE), TINY_STATUS_INVALID_ARGUMENT for
  /// buffers that do not fit the signature (nothing has run then), or
  /// TINY_STATUS_INTERNAL for a failure while running.
  tiny_status_t runOnBuffers(tiny_runtime_t runtime,
                             ArrayRef<tiny_buffer_t> inputs,
                             ArrayRef<tiny_buffer_t> outputs) const;
  /// Runs the program on buffers allocated once with `prepare` (params
  /// uploaded and outputs downloaded by the caller), to run it repeatedly.
  LogicalResult launch(DeviceBuffers &buffers, std::string &error) const;
  /// Allocates the program's buffers on `runtime`, for `launch`.
  FailureOr<std::unique_ptr<DeviceBuffers>>
  prepare(tiny_runtime_t runtime, std::string &error) const;

  /// True when the program's buffers must come from the runtime: it spans
  /// several devices.
  bool needsRuntime() const;
  /// The program's arguments as the runtime allocates them.
  ArrayRef<BufferArgument> getBufferArguments() const;

  /// The number of programs compiled (not served from the cache) so far.
  static unsigned getNumCompilations();

private:
  Executable() = default;

  /// Fails, saying why, when the program's host buffers and temporaries
  /// together need more than the host's memory: an allocation the compiled
  /// code could not survive.
  LogicalResult checkHostMemory(std::string &error) const;
  /// Fails, saying why, unless there is one input per param and one output
  /// per result.
  LogicalResult checkCounts(size_t numInputs, size_t numOutputs,
                            std::string &error) const;
  /// The program as an artifact holds it.
  ArtifactContents getArtifactContents() const;

  std::string entry;
  SmallVector<ProgramParam> params;
  SmallVector<RankedTensorType> resultTypes;
  /// Shared by every Executable of the same program text and entry; the
  /// types above belong to the caller's context, the code to none.
  std::shared_ptr<CompiledCode> code;
};

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_EXECUTABLE_H
