//===- Executable.cpp - compiling tiny programs ---------------------------===//
//
// Executable::compile and the program cache: the JIT's pipelines run on a
// clone of the module, what the host needs to run the result is read from
// the kernel-level entry, and the machine code is made (jit/CompiledCode.h)
// or found in the process's cache or on disk. Running is in
// ExecutableRun.cpp, artifacts in ExecutableArtifact.cpp.
//
//===----------------------------------------------------------------------===//

#include "jit/Executable.h"

#include "jit/CompiledCode.h"
#include "jit/DiskCache.h"
#include "jit/DumpKernels.h"
#include "jit/HostFunctions.h"
#include "jit/KernelCompiler.h"
#include "jit/KernelSearch.h"
#include "jit/VectorMath.h"

#include "conversions/RuntimeCalls/RuntimeCalls.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "dialects/tiny/Utils/KernelWork.h"
#include "pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace mlir::tiny;

namespace {
struct ExecutableCache {
  std::mutex mutex;
  llvm::StringMap<std::shared_ptr<CompiledCode>> programs;
  unsigned numCompilations = 0;
};

/// Compiled programs live as long as the process: the cache is never
/// destroyed, so no JIT is torn down after LLVM's own globals at exit.
ExecutableCache &getCache() {
  static ExecutableCache *cache = new ExecutableCache();
  return *cache;
}

/// The GPU pipeline the kernels of `function` need: "" when none is on a
/// GPU device, "nvvm" for CUDA devices, "rocdl" for HIP devices. A kernel
/// on another kind of GPU than the first one is reported.
FailureOr<StringRef> getGPUTarget(Operation *function) {
  k::KernelOp first;
  WalkResult walk = function->walk([&](k::KernelOp kernel) {
    if (!isGpuKernel(kernel))
      return WalkResult::advance();
    if (!first) {
      first = kernel;
      return WalkResult::advance();
    }
    if (getDeviceKind(*kernel.getDevice()) ==
        getDeviceKind(*first.getDevice()))
      return WalkResult::advance();
    kernel.emitError("kernel '")
        << kernel.getName() << "' runs on " << *kernel.getDevice()
        << " and kernel '" << first.getName() << "' on " << *first.getDevice()
        << ": the JIT compiles one program's GPU kernels for one kind of GPU";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!first)
    return StringRef();
  return StringRef(getDeviceKind(*first.getDevice()) == "CUDA" ? "nvvm"
                                                                 : "rocdl");
}

/// Checks that every buffer of the kernel-level `function` lowered from
/// `tinyFunction` (its `arguments` and the temporaries it allocates) has a
/// byte size that fits in int64_t, reporting the first that does not, and
/// returns the bytes of its temporaries, which the host must hold besides
/// the arguments.
FailureOr<uint64_t> checkBufferSizes(FunctionOp tinyFunction,
                                     Operation *function,
                                     ArrayRef<BufferArgument> arguments) {
  auto checkBytes = [](MemRefType type) {
    return getStorageBytes(type.getElementType(), type.getShape());
  };
  for (const BufferArgument &argument : arguments) {
    if (llvm::checkedMul(argument.numElements,
                         int64_t(tiny_dtype_size(argument.dtype))))
      continue;
    StringRef role = argument.role == BufferRole::Param ? "param slot "
                     : argument.role == BufferRole::Output
                         ? "result "
                         : "scratch buffer ";
    return tinyFunction.emitOpError()
           << role << argument.binding << " of " << argument.numElements
           << " elements has more bytes than an int64 counts";
  }
  uint64_t temporaryBytes = 0;
  WalkResult walk = function->walk([&](memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    std::optional<int64_t> bytes =
        type.hasStaticShape() ? checkBytes(type) : std::nullopt;
    std::optional<int64_t> total =
        bytes ? llvm::checkedAdd(*bytes, int64_t(temporaryBytes))
              : std::nullopt;
    if (!total) {
      alloc.emitError("a temporary buffer of type ")
          << type << " has more bytes than an int64 counts";
      return WalkResult::interrupt();
    }
    temporaryBytes = *total;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return temporaryBytes;
}

std::string getCacheKey(ModuleOp module, StringRef entry) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  return llvm::utohexstr(llvm::xxh3_64bits(text)) + "/" + entry.str();
}
} // namespace

Executable::~Executable() = default;

unsigned Executable::getNumCompilations() {
  ExecutableCache &cache = getCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.numCompilations;
}

/// The inputs `function` takes (its params, in slot order, even those the
/// lowering finds it never reads) and the tensors it returns.
static LogicalResult getSignature(FunctionOp function,
                                  SmallVectorImpl<ProgramParam> &params,
                                  SmallVectorImpl<RankedTensorType> &results) {
  for (ParamOp param : getParamsInSlotOrder(function))
    params.push_back({static_cast<int64_t>(param.getSlot()), param.getType()});
  Type resultType = function.getResultType();
  auto tuple = dyn_cast<TupleType>(resultType);
  if (!tuple) {
    results.push_back(cast<RankedTensorType>(resultType));
    return success();
  }
  for (Type element : tuple.getTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(element);
    if (!tensor)
      return function.emitOpError("returns a nested tuple, which the JIT "
                                  "does not flatten yet");
    results.push_back(tensor);
  }
  return success();
}

/// What a compiled program is cached under: the program's text and the
/// options that change its code.
static std::string getProgramKey(ModuleOp module, StringRef entry,
                                 const CompileOptions &options) {
  return getCacheKey(module, entry) + "/" + options.allreduce + "/" +
         options.gpuChip + (options.profileKernels ? "/profile" : "") +
         (options.beam ? "/beam=" + std::to_string(options.beam) : "") +
         (options.cpuSchedule.empty()
              ? ""
              : "/cpu-schedule=" + options.cpuSchedule) +
         (options.keepObjectCode ? "/object" : "") +
         // Code compiled to call the vector math library and code compiled
         // without it ($TINY_VECTOR_MATH=0) are not each other's.
         (usesVectorMathLibrary() ? "" : "/scalar-math");
}

/// The code of `entry` from the disk cache, linked; failure when it is not
/// there or does not link (then it is compiled again).
static FailureOr<std::shared_ptr<CompiledCode>>
loadFromDisk(StringRef dir, StringRef name, StringRef entry) {
  std::optional<ArtifactContents> cached = loadFromDiskCache(dir, name);
  if (!cached || cached->entry != entry)
    return failure();
  std::string error;
  FailureOr<std::shared_ptr<CompiledCode>> linked =
      linkCompiledCode(std::move(*cached), error);
  if (succeeded(linked))
    (*linked)->fromDiskCache = true;
  return linked;
}

/// Reads the buffer arguments of `kernelEntry`, rangeify's function for
/// `function`, into `code`: each param argument bound to the index of its
/// slot's input in `params`, each output to a result of `numResults`; and
/// the bytes of the temporaries it allocates.
static LogicalResult bindBufferArguments(FunctionOp function,
                                         Operation *kernelEntry,
                                         ArrayRef<ProgramParam> params,
                                         size_t numResults,
                                         CompiledCode &code) {
  FailureOr<SmallVector<BufferArgument>> arguments =
      mlir::tiny::getBufferArguments(kernelEntry);
  if (failed(arguments))
    return failure();
  FailureOr<uint64_t> temporaryBytes =
      checkBufferSizes(function, kernelEntry, *arguments);
  if (failed(temporaryBytes))
    return failure();
  code.temporaryBytes = *temporaryBytes;
  for (BufferArgument &argument : *arguments) {
    if (argument.role == BufferRole::Output &&
        (argument.binding < 0 ||
         argument.binding >= static_cast<int64_t>(numResults)))
      return function.emitOpError("was lowered to write result ")
             << argument.binding << " of " << numResults;
    if (argument.role != BufferRole::Param)
      continue;
    const auto *it = llvm::find_if(params, [&](const ProgramParam &param) {
      return param.slot == argument.binding;
    });
    if (it == params.end())
      return function.emitOpError("was lowered to read param slot ")
             << argument.binding << ", which it does not declare";
    argument.binding = it - params.begin();
  }
  code.arguments = std::move(*arguments);
  return success();
}

/// The kernels and copies between devices `kernelEntry`, rangeify's
/// function, runs, in order, with their static costs.
static SmallVector<ProgramLaunch> collectLaunches(Operation *kernelEntry) {
  SmallVector<ProgramLaunch> launches;
  kernelEntry->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto kernel = dyn_cast<k::KernelOp>(op)) {
      KernelWork work = estimateKernelWork(kernel);
      launches.push_back(
          {false, kernel.getName().str(), work.flops, work.bytes});
      return WalkResult::skip();
    }
    if (auto copy = dyn_cast<k::CopyOp>(op)) {
      auto type = cast<MemRefType>(copy.getSrc().getType());
      int64_t elementBytes = (type.getElementTypeBitWidth() + 7) / 8;
      std::optional<int64_t> bytes =
          llvm::checkedMul(int64_t(copy.getCount()), elementBytes);
      launches.push_back({true, "", 0,
                          bytes ? *bytes
                                : std::numeric_limits<int64_t>::max()});
    }
    return WalkResult::advance();
  });
  return launches;
}

/// Sets `schedule` (CompileOptions::cpuSchedule) on the -tiny-cpu-schedule
/// pass of `pm`; an option the pass refuses is an error on `lowered`.
static LogicalResult setCPUScheduleOptions(PassManager &pm, ModuleOp lowered,
                                           StringRef schedule) {
  if (schedule.empty())
    return success();
  for (Pass &pass : pm.getPasses()) {
    if (pass.getArgument() != "tiny-cpu-schedule")
      continue;
    std::string message;
    if (failed(pass.initializeOptions(schedule, [&](const Twine &error) {
          message = error.str();
          return failure();
        })))
      return lowered.emitError("-tiny-cpu-schedule options '")
             << schedule << "': " << message;
  }
  return success();
}

/// Fills `toLLVM` with the stage that takes `lowered`'s kernel-level
/// functions to the LLVM dialect. GPU kernels are compiled here first, into
/// code objects the runtime loads (PTX text for CUDA, which the driver
/// compiles itself; a code object for HIP, whose driver loads no assembly
/// text), taken out of `lowered` into `code`.
static LogicalResult
buildToLLVM(PassManager &toLLVM, ModuleOp lowered, StringRef gpuTarget,
            const CompileOptions &options, CompiledCode &code,
            function_ref<LogicalResult(PassManager &)> runPipeline) {
  if (gpuTarget.empty()) {
    buildJITCPUPipeline(toLLVM, options.profileKernels);
    return setCPUScheduleOptions(toLLVM, lowered, options.cpuSchedule);
  }
  // The GPU dialects' conversions to LLVM, their LLVM IR translations and
  // the NVVM/ROCDL serializers.
  MLIRContext *context = lowered.getContext();
  DialectRegistry gpuRegistry;
  registerAllExtensions(gpuRegistry);
  registerAllToLLVMIRTranslations(gpuRegistry);
  NVVM::registerNVVMTargetInterfaceExternalModels(gpuRegistry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(gpuRegistry);
  context->appendDialectRegistry(gpuRegistry);
  TinyToGPUPipelineOptions gpuOptions;
  gpuOptions.chip = options.gpuChip;
  gpuOptions.format = gpuTarget == "nvvm" ? "isa" : "bin";
  gpuOptions.dumpDir = options.dumpDir;
  PassManager toGPU(context);
  buildKernelsToGPUBinariesPipeline(toGPU, gpuTarget, gpuOptions);
  if (failed(runPipeline(toGPU)))
    return failure();
  FailureOr<GpuKernels> kernels = takeGpuKernels(lowered);
  if (failed(kernels))
    return failure();
  code.kernels = std::move(*kernels);
  buildJITHostPipeline(toLLVM);
  return success();
}

FailureOr<std::shared_ptr<Executable>>
Executable::compile(ModuleOp module, StringRef entry,
                    const CompileOptions &options) {
  auto tinyFunction = SymbolTable::lookupNearestSymbolFrom<FunctionOp>(
      module, StringAttr::get(module.getContext(), entry));
  if (!tinyFunction)
    return module.emitError("no tiny.function named '") << entry << "'";
  // Before any code runs, and whether the code is cached or not: the host
  // functions are looked up when the program runs.
  SmallVector<std::string> hostFunctionNames;
  if (failed(checkHostFunctionsRegistered(tinyFunction, &hostFunctionNames)))
    return failure();

  std::shared_ptr<Executable> program(new Executable());
  program->entry = entry.str();
  if (failed(getSignature(tinyFunction, program->params, program->resultTypes)))
    return failure();

  ExecutableCache &cache = getCache();
  std::string key = getProgramKey(module, entry, options);
  if (!options.hasHooks()) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.programs.find(key);
    if (it != cache.programs.end()) {
      program->code = it->second;
      return program;
    }
  }
  auto start = std::chrono::steady_clock::now();
  auto secondsSinceStart = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  auto finish = [&](std::shared_ptr<CompiledCode> code) {
    code->seconds = secondsSinceStart();
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (!code->fromDiskCache)
      ++cache.numCompilations;
    program->code = cache.programs.try_emplace(key, code).first->second;
    return program;
  };

  initializeNativeTarget();
  std::optional<std::string> diskDir;
  if (!options.hasHooks() && !options.profileKernels)
    diskDir = getDiskCacheDir();
  std::string diskName = diskDir ? getDiskCacheName(key) : "";
  if (diskDir)
    if (FailureOr<std::shared_ptr<CompiledCode>> cached =
            loadFromDisk(*diskDir, diskName, entry);
        succeeded(cached))
      return finish(std::move(*cached));

  auto code = std::make_shared<CompiledCode>();
  for (std::string &name : hostFunctionNames) {
    std::string library = getHostFunctionLibrary(name);
    code->hostFunctions.push_back({std::move(name), std::move(library)});
  }
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  auto runPipeline = [&](PassManager &pm) {
    if (options.configurePassManager &&
        failed(options.configurePassManager(pm)))
      return failure();
    return pm.run(*lowered);
  };
  {
    // Gone before the next stage runs, so the stages' timing reports
    // (--mlir-timing) print in order.
    PassManager toKernels(context);
    buildJITKernelsPipeline(toKernels, entry, options.allreduce);
    if (failed(runPipeline(toKernels)))
      return failure();
  }
  Operation *kernelEntry = SymbolTable::lookupSymbolIn(*lowered, entry);
  if (!kernelEntry)
    return module.emitError("rangeify left no function named '")
           << entry << "'";
  if (failed(bindBufferArguments(tinyFunction, kernelEntry, program->params,
                                 program->resultTypes.size(), *code)))
    return failure();
  code->launches = collectLaunches(kernelEntry);
  FailureOr<StringRef> gpuTarget = getGPUTarget(kernelEntry);
  if (failed(gpuTarget))
    return failure();
  if (!gpuTarget->empty() && options.profileKernels)
    return module.emitError("kernel profiles are made for CPU kernels only, "
                            "and @")
           << entry << " has kernels on GPU devices";
  if (options.beam && !options.cpuSchedule.empty())
    return module.emitError("-tiny-cpu-schedule's options cannot be given "
                            "with a kernel search, which chooses them");
  if (options.beam && gpuTarget->empty()) {
    KernelSearchOptions search;
    search.width = options.beam;
    search.verbose = options.beamVerbose;
    if (failed(searchKernelSchedules(*lowered, search)))
      return failure();
  }
  // The GPU kernels' code is written as it is compiled (gpuOptions.dumpDir).
  SmallVector<std::string> dumpedKernels;
  if (!options.dumpDir.empty() &&
      failed(dumpKernelIR(*lowered, options.dumpDir, dumpedKernels)))
    return failure();
  PassManager toLLVM(context);
  if (failed(buildToLLVM(toLLVM, *lowered, *gpuTarget, options, *code,
                         runPipeline)) ||
      failed(runPipeline(toLLVM)))
    return failure();
  if (options.inspectLowered)
    options.inspectLowered(*lowered);

  bool keepObject = diskDir || options.keepObjectCode;
  // The CPU kernels are compiled apart, each once per process, unless the
  // program's object code is kept whole (an artifact, the disk cache) or
  // its kernels dumped with it.
  std::optional<CompiledKernels> kernels;
  if (gpuTarget->empty() && options.dumpDir.empty() && !keepObject &&
      compilesKernelsApart()) {
    FailureOr<CompiledKernels> compiled = compileKernelsApart(*lowered);
    if (failed(compiled))
      return failure();
    kernels = std::move(*compiled);
    code->kernelStats = kernels->stats;
  }
  if (failed(createEngine(module, *lowered, entry, options, keepObject,
                          dumpedKernels, kernels, *code)))
    return failure();
  program->code = code;
  if (diskDir && !code->objectCode.empty())
    storeToDiskCache(*diskDir, diskName, program->getArtifactContents());
  return finish(code);
}

double Executable::getCompileSeconds() const { return code->seconds; }

bool Executable::isFromDiskCache() const { return code->fromDiskCache; }

bool Executable::isFromArtifact() const { return code->fromArtifact; }

bool Executable::hasObjectCode() const { return !code->objectCode.empty(); }

std::optional<ArrayRef<ProgramLaunch>> Executable::getLaunches() const {
  if (!code->launches)
    return std::nullopt;
  return ArrayRef<ProgramLaunch>(*code->launches);
}

KernelCompileStats Executable::getKernelStats() const {
  return code->kernelStats;
}

void mlir::tiny::registerProgramDialects(DialectRegistry &registry) {
  registry.insert<TinyDialect, arith::ArithDialect, func::FuncDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
}

FunctionOp mlir::tiny::findEntryFunction(ModuleOp module, StringRef entry,
                                         StringRef howToChoose,
                                         std::string &error) {
  SmallVector<FunctionOp> functions(module.getOps<FunctionOp>());
  if (!entry.empty()) {
    for (FunctionOp function : functions)
      if (function.getSymName() == entry)
        return function;
    error = "no tiny.function named '" + entry.str() + "'";
    return {};
  }
  if (functions.size() == 1)
    return functions.front();
  error = functions.empty()
              ? "the module has no tiny.function"
              : "the module has several tiny.functions; " + howToChoose.str();
  return {};
}
