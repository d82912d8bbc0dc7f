//===- CompiledCode.cpp - compiling and linking programs' machine code ----===//

#include "jit/CompiledCode.h"

#include "jit/DumpKernels.h"
#include "jit/HostFunctions.h"
#include "jit/ObjectLoader.h"
#include "jit/OpenMPRuntime.h"
#include "jit/VectorMath.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"

#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::tiny;

/// The libraries compiled code links against: THREAD loops run on OpenMP.
static ArrayRef<StringRef> getJITSharedLibs() {
  static const StringRef libs[] = {getOpenMPRuntimePath()};
  return libs;
}

void mlir::tiny::initializeNativeTarget() {
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
static void mergeIdenticalFunctions(llvm::Module &llvmModule) {
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

FailureOr<std::shared_ptr<CompiledCode>>
mlir::tiny::linkCompiledCode(ArtifactContents &&contents, std::string &error) {
  initializeNativeTarget();
  SymbolMapFunction symbols[] = {getHostCallSymbols, getHostFunctionSymbols};
  FailureOr<LoadedObject> loaded = loadObjectCode(
      contents.objectCode, contents.entry, getJITSharedLibs(), symbols, error);
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
static FailureOr<std::string> getObjectCode(ExecutionEngine &engine) {
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

bool mlir::tiny::compilesKernelsApart() {
  static const bool apart = [] {
    const char *value = std::getenv("TINY_KERNEL_JIT");
    return !value || StringRef(value) != "0";
  }();
  return apart;
}

LogicalResult mlir::tiny::createEngine(ModuleOp module, ModuleOp lowered,
                                       StringRef entry,
                                       const CompileOptions &options,
                                       bool keepObject,
                                       ArrayRef<std::string> dumpedKernels,
                                       std::optional<CompiledKernels> &kernels,
                                       CompiledCode &code) {
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
