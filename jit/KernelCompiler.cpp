//===- KernelCompiler.cpp - CPU kernels compiled one by one ---------------===//

#include "jit/KernelCompiler.h"

#include "jit/HostFunctions.h"
#include "jit/HostSchedule.h"
#include "jit/OpenMPRuntime.h"
#include "jit/VectorMath.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>
#include <optional>

using namespace mlir;
using namespace mlir::tiny;

namespace {
/// The name every kernel has while its code is printed, so that the code
/// that identifies it does not depend on its name.
constexpr StringLiteral kCanonicalName = "tiny_kernel";

/// The JIT holding every kernel compiled in this process, each in a
/// JITDylib of its own (so that the private symbols two kernels' objects
/// define never meet), and the kernels' addresses by their code: the whole
/// text, not a hash of it, so that two kernels never share code by a
/// collision.
/// It lives as long as the process, as the program cache does.
struct KernelJIT {
  std::mutex mutex;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  llvm::StringMap<llvm::orc::ExecutorAddr> kernels;
  unsigned numCompiled = 0;
  /// Names the next kernel compiled: tiny_kernel_<n>, one name per kernel
  /// the JIT was ever given, linked or not.
  unsigned nextName = 0;
};

KernelJIT &getKernelJIT() {
  static KernelJIT *kernelJIT = new KernelJIT();
  return *kernelJIT;
}

/// Makes the kernel JIT on first use: the kernels resolve this process's
/// symbols (libm's), OpenMP's runtime and the host calls.
llvm::Error createKernelJIT(KernelJIT &state) {
  if (state.jit)
    return llvm::Error::success();
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  std::string libomp = getOpenMPRuntimePath().str();
  auto omp =
      llvm::orc::DynamicLibrarySearchGenerator::Load(libomp.c_str(), prefix);
  if (!omp)
    return omp.takeError();
  main.addGenerator(std::move(*omp));
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  for (auto symbols : {getHostCallSymbols, getHostFunctionSymbols})
    if (llvm::Error error = main.define(llvm::orc::absoluteSymbols(
            symbols(mangle))))
      return error;
  state.jit = std::move(*jit);
  return llvm::Error::success();
}

/// A kernel of the program in a module of its own.
struct KernelUnit {
  LLVM::LLVMFuncOp kernel;
  OwningOpRef<ModuleOp> module;
  /// The module's generic form without locations: what identifies the
  /// kernel's code.
  std::string code;
};

/// Copies `kernel` into a module of its own with the symbols it refers to
/// (declarations as they are, definitions made internal), the kernel named
/// kCanonicalName. Returns null when the kernel cannot live apart from the
/// host function: it refers to a global that is not a constant.
OwningOpRef<ModuleOp> isolateKernel(ModuleOp module, LLVM::LLVMFuncOp kernel) {
  OpBuilder builder(module.getContext());
  OwningOpRef<ModuleOp> unit = ModuleOp::create(kernel.getLoc());
  // The module's attributes (data layout, target triple) hold for the
  // kernel too.
  for (NamedAttribute attribute : module->getAttrs())
    if (attribute.getName() != SymbolTable::getSymbolAttrName())
      (*unit)->setAttr(attribute.getName(), attribute.getValue());
  builder.setInsertionPointToEnd(unit->getBody());
  auto copy = cast<LLVM::LLVMFuncOp>(builder.clone(*kernel));
  copy.setSymName(kCanonicalName);
  copy.setLinkage(LLVM::Linkage::External);
  copy->removeAttr(SymbolTable::getVisibilityAttrName());

  llvm::StringSet<> copied;
  SmallVector<Operation *> worklist = {copy};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      return nullptr;
    for (const SymbolTable::SymbolUse &use : *uses) {
      StringRef name = use.getSymbolRef().getRootReference().getValue();
      if (name == kCanonicalName || !copied.insert(name).second)
        continue;
      Operation *symbol = SymbolTable::lookupSymbolIn(module, name);
      if (!symbol)
        return nullptr;
      if (auto global = dyn_cast<LLVM::GlobalOp>(symbol)) {
        if (!global.getConstant() ||
            (!global.getValueOrNull() && !global.getInitializerBlock()))
          return nullptr;
        auto clone = cast<LLVM::GlobalOp>(builder.clone(*global));
        clone.setLinkage(LLVM::Linkage::Internal);
        clone->removeAttr(SymbolTable::getVisibilityAttrName());
        worklist.push_back(clone);
        continue;
      }
      auto function = dyn_cast<LLVM::LLVMFuncOp>(symbol);
      if (!function)
        return nullptr;
      auto clone = cast<LLVM::LLVMFuncOp>(builder.clone(*function));
      if (!clone.isExternal()) {
        clone.setLinkage(LLVM::Linkage::Internal);
        clone->removeAttr(SymbolTable::getVisibilityAttrName());
        worklist.push_back(clone);
      }
    }
  }
  return unit;
}

/// The code of `unit`: its generic form, which holds no locations.
std::string printUnit(ModuleOp unit) {
  std::string text;
  llvm::raw_string_ostream os(text);
  unit->print(os, OpPrintingFlags().printGenericOpForm());
  return text;
}

/// A kernel translated to LLVM IR, to be optimized and compiled on a
/// thread of its own.
struct KernelJob {
  std::string code;
  std::string name;
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::string error;
};

/// Optimizes the kernel of `job` at -O3 and compiles it for the host CPU,
/// as the whole program would be. Each thread makes its target machine once
/// and keeps it for the kernels it compiles after: making one builds the
/// host CPU's subtarget tables, a cost a small kernel's compile feels.
void compileJob(KernelJob &job, llvm::orc::JITTargetMachineBuilder builder) {
  thread_local std::unique_ptr<llvm::TargetMachine> threadMachine;
  if (!threadMachine) {
    auto machine = builder.createTargetMachine();
    if (!machine) {
      job.error = llvm::toString(machine.takeError());
      return;
    }
    threadMachine = std::move(*machine);
  }
  llvm::TargetMachine *machine = threadMachine.get();
  ExecutionEngine::setupTargetTripleAndDataLayout(job.module.get(), machine);
  if (llvm::Error error = makeOptimizingTransformer(3, 0, machine)(
          job.module.get())) {
    job.error = llvm::toString(std::move(error));
    return;
  }
  useVectorMathLibrary(*job.module, *machine);
  llvm::orc::SimpleCompiler compile(*machine);
  auto object = compile(*job.module);
  if (!object) {
    job.error = llvm::toString(object.takeError());
    return;
  }
  job.object = std::move(*object);
}
} // namespace

llvm::orc::SymbolMap
CompiledKernels::getSymbols(llvm::orc::MangleAndInterner interner) const {
  llvm::orc::SymbolMap symbols;
  for (const auto &[name, address] : addresses)
    symbols[interner(name)] = {address, llvm::JITSymbolFlags::Exported};
  return symbols;
}

unsigned mlir::tiny::getNumKernelsCompiled() {
  KernelJIT &state = getKernelJIT();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.numCompiled;
}

FailureOr<CompiledKernels> mlir::tiny::compileKernelsApart(ModuleOp module) {
  SmallVector<KernelUnit> units;
  for (auto kernel : module.getOps<LLVM::LLVMFuncOp>()) {
    if (kernel.isExternal() || !kernel->hasAttr("tiny.kernel"))
      continue;
    OwningOpRef<ModuleOp> unit = isolateKernel(module, kernel);
    if (!unit)
      continue;
    std::string code = printUnit(*unit);
    units.push_back({kernel, std::move(unit), std::move(code)});
  }

  CompiledKernels result;
  result.stats.numKernels = units.size();
  if (units.empty())
    return result;
  KernelJIT &state = getKernelJIT();
  // Held while compiling: a kernel two programs compiled at once would be
  // compiled twice.
  std::lock_guard<std::mutex> lock(state.mutex);
  if (llvm::Error error = createKernelJIT(state))
    return module.emitError("cannot create the kernels' JIT: ")
           << llvm::toString(std::move(error));

  // The distinct kernels not compiled yet, in program order.
  SmallVector<KernelUnit *> pending;
  llvm::StringSet<> seen;
  for (KernelUnit &unit : units)
    if (seen.insert(unit.code).second && !state.kernels.count(unit.code))
      pending.push_back(&unit);
  result.stats.numDistinct = seen.size();
  result.stats.numCompiled = pending.size();

  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return module.emitError("cannot target the host: ")
           << llvm::toString(builder.takeError());
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  // Each kernel is translated here (translation reads the MLIR context,
  // which the threads must not share) and handed to the threads at once:
  // they optimize and compile one kernel while the next is translated.
  // The jobs outlive the pool, which waits for its tasks when it goes.
  std::vector<KernelJob> jobs(pending.size());
  {
    std::optional<llvm::DefaultThreadPool> pool;
    if (pending.size() > 1)
      pool.emplace(llvm::hardware_concurrency());
    for (size_t i = 0; i < jobs.size(); ++i) {
      KernelJob &job = jobs[i];
      KernelUnit *unit = pending[i];
      job.code = unit->code;
      job.name = "tiny_kernel_" + std::to_string(state.nextName++);
      job.context = std::make_unique<llvm::LLVMContext>();
      cast<LLVM::LLVMFuncOp>(unit->module->getBody()->front())
          .setSymName(job.name);
      job.module = translateModuleToLLVMIR(*unit->module, *job.context,
                                           job.name);
      if (!job.module)
        return unit->kernel.emitError(
            "cannot translate the kernel to LLVM IR");
      if (pool)
        pool->async([&job, &builder] { compileJob(job, *builder); });
      else
        compileJob(job, *builder);
    }
  }

  // Linked one by one, in program order.
  for (KernelJob &job : jobs) {
    if (!job.error.empty())
      return module.emitError("cannot compile a kernel: ") << job.error;
    const std::string &name = job.name;
    auto dylib = state.jit->createJITDylib(name);
    if (!dylib)
      return module.emitError("cannot link a kernel: ")
             << llvm::toString(dylib.takeError());
    dylib->addToLinkOrder(state.jit->getMainJITDylib());
    auto fail = [&](llvm::Error error) {
      return module.emitError("cannot link kernel ")
             << name << ": " << llvm::toString(std::move(error));
    };
    if (llvm::Error error =
            state.jit->addObjectFile(*dylib, std::move(job.object)))
      return fail(std::move(error));
    auto address = state.jit->lookup(*dylib, name);
    if (!address)
      return fail(address.takeError());
    state.kernels[job.code] = *address;
    ++state.numCompiled;
  }

  // The host function calls each kernel by its name, now a declaration.
  for (KernelUnit &unit : units) {
    result.addresses.push_back(
        {unit.kernel.getSymName().str(), state.kernels.lookup(unit.code)});
    LLVM::LLVMFuncOp kernel = unit.kernel;
    kernel.getBody().dropAllReferences();
    kernel.getBody().getBlocks().clear();
    kernel.setLinkage(LLVM::Linkage::External);
    kernel->removeAttr(SymbolTable::getVisibilityAttrName());
  }
  return result;
}
