//===- Executable.cpp - JIT-compiled tiny programs -------------------------===//

#include "jit/Executable.h"
#include "jit/HostFunctions.h"

#include "jit/Artifact.h"
#include "jit/DiskCache.h"
#include "jit/DumpKernels.h"
#include "jit/KernelCompiler.h"
#include "jit/KernelSearch.h"
#include "jit/ObjectLoader.h"
#include "jit/VectorMath.h"

#include "conversions/RuntimeCalls/RuntimeCalls.h"

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "dialects/tiny/Utils/KernelWork.h"
#include "pipelines/Pipelines.h"
#include "runtime/src/Status.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <limits>
#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::tiny;

namespace mlir::tiny {
/// The machine code of one program: what the cache shares. It holds no IR,
/// so it outlives the MLIRContext it was compiled from.
struct CompiledCode {
  std::unique_ptr<ExecutionEngine> engine;
  /// The entry's packed wrapper: takes one pointer per argument.
  void (*function)(void **) = nullptr;
  /// The entry's arguments: params, outputs, then scratch buffers.
  SmallVector<BufferArgument> arguments;
  /// The kernels the entry launches on GPU devices.
  GpuKernels kernels;
  /// The host functions it calls, by name, with their libraries.
  SmallVector<ArtifactContents::HostFunction> hostFunctions;
  double seconds = 0;
  /// The bytes of the temporaries the entry allocates on the host.
  uint64_t temporaryBytes = 0;
  /// Where code loaded from the disk cache or an artifact lives (instead
  /// of `engine`).
  std::unique_ptr<llvm::orc::LLJIT> jit;
  bool fromDiskCache = false;
  bool fromArtifact = false;
  /// The host function's object code, when kept (keepObjectCode, the disk
  /// cache) for an artifact.
  std::string objectCode;
  /// What compiling the CPU kernels apart did (all zero when they were
  /// compiled with the host function).
  KernelCompileStats kernelStats;
  /// The kernels and copies one run launches; unknown for loaded code.
  std::optional<SmallVector<ProgramLaunch>> launches;
};
} // namespace mlir::tiny

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

/// The libraries compiled code links against: THREAD loops run on OpenMP,
/// whose runtime the JIT resolves from the LLVM the project builds against
/// (WORKSPACE), or from $TINY_LIBOMP where a binary runs without that
/// installation (scripts/gpu-bundle.sh).
ArrayRef<StringRef> getJITSharedLibs() {
  static const char *libompOverride = std::getenv("TINY_LIBOMP");
  static const StringRef libs[] = {
      libompOverride ? StringRef(libompOverride)
                     : "/usr/lib/llvm-22/lib/libomp.so"};
  return libs;
}

void initializeNativeTarget() {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// Merges the functions of `llvmModule` whose code is the same (LLVM's
/// MergeFunctions: one keeps its body, the others become calls of it), so
/// that the optimizer and the code generator work on each distinct kernel
/// once: a program often holds kernels that differ only in their names
/// (a training step's per-layer updates, a model's repeated blocks).
void mergeIdenticalFunctions(llvm::Module &llvmModule) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes;
  passes.addPass(llvm::MergeFunctionsPass());
  passes.run(llvmModule, modules);
}

/// Links the code of `contents` (from the disk cache or an artifact) for
/// running: no compilation.
FailureOr<std::shared_ptr<CompiledCode>>
linkCompiledCode(ArtifactContents &&contents, std::string &error) {
  initializeNativeTarget();
  SymbolMapFunction symbols[] = {getHostCallSymbols, getHostFunctionSymbols};
  FailureOr<LoadedObject> loaded =
      loadObjectCode(contents.objectCode, contents.entry, getJITSharedLibs(),
                     symbols, error);
  if (failed(loaded))
    return failure();
  auto code = std::make_shared<CompiledCode>();
  code->jit = std::move(loaded->jit);
  code->function = loaded->function;
  code->arguments = std::move(contents.arguments);
  code->kernels = std::move(contents.kernels);
  code->hostFunctions = std::move(contents.hostFunctions);
  code->temporaryBytes = contents.temporaryBytes;
  code->objectCode = std::move(contents.objectCode);
  return code;
}

/// The object code `engine` (made with enableObjectDump) compiled, which
/// it writes to files only.
FailureOr<std::string> getObjectCode(ExecutionEngine &engine) {
  SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("tiny-object", "o", path))
    return failure();
  engine.dumpToObjectFile(path);
  auto object = llvm::MemoryBuffer::getFile(path);
  (void)llvm::sys::fs::remove(path);
  if (!object)
    return failure();
  return (*object)->getBuffer().str();
}

/// Whether CPU kernels are compiled apart from the host function
/// (jit/KernelCompiler.h): unless $TINY_KERNEL_JIT is 0, which compiles
/// each program as one LLVM module, as tiny did before (for comparing).
bool compilesKernelsApart() {
  static const bool apart = [] {
    const char *value = std::getenv("TINY_KERNEL_JIT");
    return !value || StringRef(value) != "0";
  }();
  return apart;
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
    return success();
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

/// JIT-compiles `lowered`, in the LLVM dialect, into `code`'s engine and
/// entry function, with LLVM's -O3 (identical functions merged first), the
/// CPU kernels compiled apart in `kernels` (when they were) linked in, and
/// the object code kept when `keepObject`. Errors are reported at `module`.
static LogicalResult
createEngine(ModuleOp module, ModuleOp lowered, StringRef entry,
             const CompileOptions &options, bool keepObject,
             ArrayRef<std::string> dumpedKernels,
             std::optional<CompiledKernels> &kernels, CompiledCode &code) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return module.emitError("cannot target the host: ")
           << llvm::toString(builder.takeError());
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine)
    return module.emitError("cannot create a target machine: ")
           << llvm::toString(machine.takeError());
  // The engine owns the machine, and outlives the transformer.
  llvm::TargetMachine *target = machine->get();
  std::function<llvm::Error(llvm::Module *)> transformer =
      [optimize = makeOptimizingTransformer(3, 0, target),
       target](llvm::Module *llvmModule) -> llvm::Error {
    mergeIdenticalFunctions(*llvmModule);
    if (llvm::Error error = optimize(llvmModule))
      return error;
    useVectorMathLibrary(*llvmModule, *target);
    return llvm::Error::success();
  };
  if (!options.dumpDir.empty()) {
    // A machine of its own: the JIT takes `machine`.
    auto dumpMachine = builder->createTargetMachine();
    if (!dumpMachine)
      return module.emitError("cannot create a target machine: ")
             << llvm::toString(dumpMachine.takeError());
    std::shared_ptr<llvm::TargetMachine> shared = std::move(*dumpMachine);
    transformer = [optimize = std::move(transformer), shared,
                   entry = entry.str(),
                   dumped = SmallVector<std::string>(dumpedKernels),
                   dir = options.dumpDir](llvm::Module *llvmModule) {
      if (llvm::Error error = optimize(llvmModule))
        return error;
      return dumpKernelCode(*llvmModule, *shared, entry, dumped, dir);
    };
  }
  ExecutionEngineOptions engineOptions;
  engineOptions.enableObjectDump = keepObject;
  engineOptions.sharedLibPaths = getJITSharedLibs();
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  auto engine =
      ExecutionEngine::create(lowered, engineOptions, std::move(*machine));
  if (!engine)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(engine.takeError());
  code.engine = std::move(*engine);
  code.engine->registerSymbols(getHostCallSymbols);
  code.engine->registerSymbols(getHostFunctionSymbols);
  if (kernels)
    code.engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
      return kernels->getSymbols(interner);
    });
  // Looking the entry up makes the JIT compile it now, so the compile time
  // is all paid here.
  auto function = code.engine->lookupPacked(entry);
  if (!function)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(function.takeError());
  code.function = *function;
  if (keepObject) {
    FailureOr<std::string> object = getObjectCode(*code.engine);
    if (failed(object) && options.keepObjectCode)
      return module.emitError("cannot keep the object code of @") << entry;
    if (succeeded(object))
      code.objectCode = std::move(*object);
  }
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

LogicalResult Executable::checkHostMemory(std::string &error) const {
  uint64_t bytes = code->temporaryBytes;
  for (const BufferArgument &argument : code->arguments)
    if (getDeviceKind(argument.device) == "CPU")
      bytes += argument.numElements * tiny_dtype_size(argument.dtype);
  uint64_t memory = getHostMemoryBytes();
  if (bytes <= memory)
    return success();
  error = "the program's buffers need " + std::to_string(bytes) +
          " bytes, more than the host's " + std::to_string(memory) +
          " bytes of memory";
  return failure();
}

FailureOr<std::unique_ptr<DeviceBuffers>>
Executable::prepare(tiny_runtime_t runtime, std::string &error) const {
  if (failed(checkHostMemory(error)))
    return failure();
  return DeviceBuffers::allocate(runtime, code->arguments, error);
}

LogicalResult Executable::launch(DeviceBuffers &buffers,
                                 std::string &error) const {
  HostFunctionScope hostFunctions;
  if (failed(buffers.launch(code->function, code->kernels, error)))
    return failure();
  return hostFunctions.check(error);
}

bool Executable::needsRuntime() const {
  return tiny::needsRuntime(code->arguments);
}

ArrayRef<BufferArgument> Executable::getBufferArguments() const {
  return code->arguments;
}

LogicalResult Executable::invoke(ArrayRef<void *> buffers,
                                 std::string &error) const {
  if (needsRuntime()) {
    error = "the program spans several devices: its buffers come from the "
            "runtime (use run)";
    return failure();
  }
  if (failed(checkHostMemory(error)))
    return failure();
  if (buffers.size() != params.size() + resultTypes.size()) {
    error = "expected " + std::to_string(params.size() + resultTypes.size()) +
            " buffers, got " + std::to_string(buffers.size());
    return failure();
  }
  // The compiled function takes the buffers its arguments bind, which are
  // not all of the caller's when it reads only some params.
  SmallVector<void *> pointers;
  for (const BufferArgument &argument : code->arguments) {
    int64_t index = argument.binding;
    if (argument.role == BufferRole::Output)
      index += params.size();
    pointers.push_back(buffers[index]);
  }
  SmallVector<void *> packed;
  for (void *&pointer : pointers)
    packed.push_back(&pointer);
  HostFunctionScope hostFunctions;
  code->function(packed.data());
  return hostFunctions.check(error);
}

FailureOr<SmallVector<HostTensor>>
Executable::run(ArrayRef<HostTensor> inputs, std::string &error,
                tiny_runtime_t runtime) const {
  if (inputs.size() != params.size()) {
    error = "expected " + std::to_string(params.size()) + " inputs, got " +
            std::to_string(inputs.size());
    return failure();
  }
  if (failed(checkHostMemory(error)))
    return failure();
  SmallVector<HostTensor> copies;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    RankedTensorType type = params[i].type;
    std::string slot = "input " + std::to_string(i) + " (param slot " +
                       std::to_string(params[i].slot) + ")";
    if (input.dtype != type.getElementType()) {
      std::string expected, got;
      llvm::raw_string_ostream(expected) << type.getElementType();
      llvm::raw_string_ostream(got) << input.dtype;
      error = slot + " has dtype " + got + ", expected " + expected;
      return failure();
    }
    if (input.getNumElements() != type.getNumElements()) {
      error = slot + " has " + std::to_string(input.getNumElements()) +
              " elements, expected " + std::to_string(type.getNumElements()) +
              " (shape " + formatShape(type.getShape()) + ")";
      return failure();
    }
    copies.push_back(input);
  }
  SmallVector<HostTensor> results;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    FailureOr<HostTensor> result =
        HostTensor::allocate(type.getElementType(), type.getShape(), error);
    if (failed(result)) {
      error = "result " + std::to_string(i) + ": " + error;
      return failure();
    }
    results.push_back(std::move(*result));
  }

  SmallVector<void *> inputData, outputData;
  for (HostTensor &tensor : copies)
    inputData.push_back(tensor.data.data());
  for (HostTensor &tensor : results)
    outputData.push_back(tensor.data.data());
  if (failed(execute(inputData, outputData, error, runtime)))
    return failure();
  return results;
}

LogicalResult Executable::checkCounts(size_t numInputs, size_t numOutputs,
                                      std::string &error) const {
  if (numInputs == params.size() && numOutputs == resultTypes.size())
    return success();
  error = "expected " + std::to_string(params.size()) + " inputs and " +
          std::to_string(resultTypes.size()) + " outputs, got " +
          std::to_string(numInputs) + " and " + std::to_string(numOutputs);
  return failure();
}

LogicalResult Executable::execute(ArrayRef<void *> inputs,
                                  ArrayRef<void *> outputs, std::string &error,
                                  tiny_runtime_t runtime) const {
  if (failed(checkCounts(inputs.size(), outputs.size(), error)))
    return failure();
  if (!runtime && !needsRuntime()) {
    SmallVector<void *> buffers(inputs);
    buffers.append(outputs.begin(), outputs.end());
    return invoke(buffers, error);
  }
  if (failed(checkHostMemory(error)))
    return failure();
  tiny_runtime_t ownRuntime = nullptr;
  if (!runtime) {
    if (takeRuntimeError(tiny_runtime_create(&ownRuntime), error))
      return failure();
    runtime = ownRuntime;
  }
  SmallVector<const void *> inputData(inputs.begin(), inputs.end());
  HostFunctionScope hostFunctions;
  LogicalResult ran = runOnRuntime(runtime, code->function, code->kernels,
                                   code->arguments, inputData, outputs, error);
  if (succeeded(ran))
    ran = hostFunctions.check(error);
  if (ownRuntime)
    tiny_status_free(tiny_runtime_destroy(ownRuntime));
  return ran;
}

std::string mlir::tiny::getRuntimeDeviceName(RankedTensorType type) {
  DeviceAttr device = getDevice(type);
  if (!device)
    return "CPU";
  std::string name;
  llvm::interleave(
      device.getNames(), [&](StringAttr part) { name += part.str(); },
      [&] { name += ","; });
  return name;
}

/// Checks that `buffer` can stand for a tensor of `type`: a live buffer on
/// the tensor's device of `runtime`, with its dtype and element count.
static tiny_status_t checkRuntimeBuffer(tiny_runtime_t runtime,
                                        tiny_buffer_t buffer,
                                        RankedTensorType type,
                                        const std::string &name) {
  using ::tiny::runtime::makeStatus;
  tiny_device_t device = nullptr, expected = nullptr;
  tiny_dtype_t dtype = 0;
  size_t count = 0;
  if (tiny_status_t status = tiny_buffer_device(buffer, &device))
    return status;
  if (tiny_status_t status = tiny_buffer_dtype(buffer, &dtype))
    return status;
  if (tiny_status_t status = tiny_buffer_element_count(buffer, &count))
    return status;
  std::string deviceName = getRuntimeDeviceName(type);
  if (tiny_status_t status =
          tiny_device_get(runtime, deviceName.c_str(), &expected)) {
    tiny_status_free(status);
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " lives on '" + deviceName +
                          "', which this runtime has no single device for");
  }
  if (device != expected)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " must be a buffer on '" + deviceName +
                          "' of this runtime");
  tiny_dtype_t expectedDtype = getRuntimeDtype(type.getElementType());
  if (dtype != expectedDtype ||
      count != static_cast<size_t>(type.getNumElements()))
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " holds " + std::to_string(count) +
                          " elements of " + tiny_dtype_name(dtype) +
                          ", expected " +
                          std::to_string(type.getNumElements()) + " of " +
                          tiny_dtype_name(expectedDtype));
  return nullptr;
}

tiny_status_t Executable::runOnBuffers(tiny_runtime_t runtime,
                                       ArrayRef<tiny_buffer_t> inputs,
                                       ArrayRef<tiny_buffer_t> outputs) const {
  using ::tiny::runtime::makeStatus;
  std::string error;
  if (failed(checkCounts(inputs.size(), outputs.size(), error)))
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, error);
  // Every input is checked, also those of params the lowering dropped: the
  // caller's promise is to the signature, which may read them tomorrow.
  llvm::SmallPtrSet<tiny_buffer_t, 8> seen;
  auto check = [&](tiny_buffer_t buffer, RankedTensorType type,
                   const std::string &name) -> tiny_status_t {
    if (!buffer)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT, name + " is NULL");
    if (!seen.insert(buffer).second)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        name + " is a buffer given twice");
    return checkRuntimeBuffer(runtime, buffer, type, name);
  };
  for (auto [i, buffer] : llvm::enumerate(inputs))
    if (tiny_status_t status =
            check(buffer, params[i].type, "input " + std::to_string(i)))
      return status;
  for (auto [i, buffer] : llvm::enumerate(outputs))
    if (tiny_status_t status =
            check(buffer, resultTypes[i], "output " + std::to_string(i)))
      return status;
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      DeviceBuffers::bind(runtime, code->arguments, inputs, outputs, error);
  if (failed(buffers) || failed(launch(**buffers, error)))
    return makeStatus(TINY_STATUS_INTERNAL, error);
  return nullptr;
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

ArtifactContents Executable::getArtifactContents() const {
  ArtifactContents contents;
  contents.entry = entry;
  auto print = [](Type type) {
    std::string text;
    llvm::raw_string_ostream(text) << type;
    return text;
  };
  for (const ProgramParam &param : params)
    contents.params.push_back({param.slot, print(param.type)});
  for (RankedTensorType type : resultTypes)
    contents.resultTypes.push_back(print(type));
  contents.arguments = code->arguments;
  contents.temporaryBytes = code->temporaryBytes;
  contents.kernels = code->kernels;
  contents.hostFunctions = code->hostFunctions;
  contents.objectCode = code->objectCode;
  return contents;
}

LogicalResult Executable::writeArtifact(StringRef path,
                                        std::string &error) const {
  if (code->objectCode.empty()) {
    error = "@" + entry +
            " was compiled without keeping its object code "
            "(CompileOptions::keepObjectCode)";
    return failure();
  }
  return writeArtifactFile(path, getArtifactContents(), error);
}

FailureOr<std::shared_ptr<Executable>>
Executable::load(MLIRContext *context, StringRef bytes, StringRef name,
                 std::string &error) {
  auto start = std::chrono::steady_clock::now();
  FailureOr<ArtifactContents> contents = readArtifact(bytes, name, error);
  if (failed(contents))
    return failure();
  // Refused now rather than when the program calls the function: the
  // program would have run up to the call.
  for (const ArtifactContents::HostFunction &function :
       contents->hostFunctions) {
    if (isHostFunctionRegistered(function.name))
      continue;
    error = name.str() + " calls host function '" + function.name + "'";
    if (!function.library.empty())
      error += " (of " + function.library + " when it was compiled)";
    error += ", which is not registered: register it with "
             "mlir::tiny::registerHostFunction (tiny-run: load its library "
             "with --host-functions=lib.so)";
    return failure();
  }
  std::shared_ptr<Executable> program(new Executable());
  program->entry = contents->entry;
  auto parseTensorType = [&](StringRef text) -> RankedTensorType {
    size_t numRead = 0;
    auto type = dyn_cast_or_null<RankedTensorType>(
        parseType(text, context, &numRead));
    if (!type || numRead != text.size())
      error = name.str() + " holds a type this tiny cannot read: " +
              text.str();
    return numRead == text.size() ? type : RankedTensorType();
  };
  for (const ArtifactContents::Param &param : contents->params) {
    RankedTensorType type = parseTensorType(param.type);
    if (!type)
      return failure();
    program->params.push_back({param.slot, type});
  }
  for (const std::string &text : contents->resultTypes) {
    RankedTensorType type = parseTensorType(text);
    if (!type)
      return failure();
    program->resultTypes.push_back(type);
  }
  FailureOr<std::shared_ptr<CompiledCode>> code =
      linkCompiledCode(std::move(*contents), error);
  if (failed(code)) {
    error = name.str() + ": " + error;
    return failure();
  }
  program->code = std::move(*code);
  program->code->fromArtifact = true;
  program->code->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return program;
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
