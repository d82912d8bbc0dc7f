//===- HostFunctions.cpp - host functions programs call -------------------===//

#include "jit/HostFunctions.h"

#include "dialects/tiny/IR/TinyOps.h"
#include "tiny/HostCalls.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <memory>
#include <utility>
#include <mutex>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The functions by name. A call takes its own reference, so a function
/// replaced or removed meanwhile stays alive until the call returns.
struct Registry {
  std::mutex mutex;
  llvm::StringMap<std::shared_ptr<const HostFunction>> functions;
  /// The library each function came from, for those a library registered.
  llvm::StringMap<std::string> libraries;
};

/// Never destroyed: programs may call host functions until the process
/// ends (as the JIT's program cache lives that long).
Registry &getRegistry() {
  static Registry *registry = new Registry();
  return *registry;
}

std::shared_ptr<const HostFunction> lookUp(StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.functions.find(name);
  return it == registry.functions.end() ? nullptr : it->second;
}

/// The run of the program on this thread. Host functions are called by the
/// program's own thread, between its kernels (never from a THREAD loop).
thread_local HostFunctionScope *currentScope = nullptr;

/// The library whose tiny_register_host_functions runs on this thread.
thread_local const std::string *loadingLibrary = nullptr;

/// The registrar a library of host functions gets.
void registerFromLibrary(const char *name, tiny_host_function_t function,
                         void *userData) {
  registerHostFunction(name, function, userData);
}

} // namespace

void mlir::tiny::registerHostFunction(StringRef name, HostFunction function) {
  auto shared = std::make_shared<const HostFunction>(std::move(function));
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.functions[name] = std::move(shared);
  if (loadingLibrary)
    registry.libraries[name] = *loadingLibrary;
  else
    registry.libraries.erase(name);
}

void mlir::tiny::registerHostFunction(StringRef name,
                                      tiny_host_function_t function,
                                      void *userData) {
  registerHostFunction(
      name,
      [function, userData](ArrayRef<tiny_host_buffer_t> inputs,
                           ArrayRef<tiny_host_buffer_t> outputs,
                           std::string &error) -> LogicalResult {
        char message[1024] = "";
        if (function(inputs.data(), inputs.size(), outputs.data(),
                     outputs.size(), userData, message, sizeof(message)) == 0)
          return success();
        message[sizeof(message) - 1] = '\0';
        error = message;
        return failure();
      });
}

bool mlir::tiny::unregisterHostFunction(StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.libraries.erase(name);
  return registry.functions.erase(name);
}

bool mlir::tiny::isHostFunctionRegistered(StringRef name) {
  return static_cast<bool>(lookUp(name));
}

std::string mlir::tiny::getHostFunctionLibrary(StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.libraries.find(name);
  return it == registry.libraries.end() ? "" : it->second;
}

LogicalResult mlir::tiny::loadHostFunctionLibrary(StringRef path,
                                                  std::string &error) {
  std::string loadError;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                     &loadError);
  if (!library.isValid()) {
    error = "cannot load '" + path.str() + "': " + loadError;
    return failure();
  }
  auto entry = reinterpret_cast<tiny_register_host_functions_t>(
      library.getAddressOfSymbol(TINY_REGISTER_HOST_FUNCTIONS));
  if (!entry) {
    error =
        "'" + path.str() + "' does not export " + TINY_REGISTER_HOST_FUNCTIONS;
    return failure();
  }
  std::string libraryPath = path.str();
  loadingLibrary = &libraryPath;
  entry(registerFromLibrary);
  loadingLibrary = nullptr;
  return success();
}

LogicalResult
mlir::tiny::checkHostFunctionsRegistered(Operation *op,
                                         SmallVectorImpl<std::string> *names) {
  // The function and, through its calls, every function it reaches.
  SmallVector<Operation *> worklist{op};
  llvm::SmallPtrSet<Operation *, 4> seen{op};
  bool missing = false;
  while (!worklist.empty()) {
    Operation *function = worklist.pop_back_val();
    function->walk([&](Operation *nested) {
      if (auto custom = dyn_cast<CustomFunctionOp>(nested)) {
        if (names && !llvm::is_contained(*names, custom.getName()))
          names->push_back(custom.getName().str());
        if (isHostFunctionRegistered(custom.getName()))
          return;
        custom.emitOpError("calls host function '")
            << custom.getName()
            << "', which is not registered: register it with "
               "mlir::tiny::registerHostFunction (tiny-run: load a library "
               "of host functions with --host-functions=lib.so)";
        missing = true;
      } else if (auto call = dyn_cast<CallOp>(nested)) {
        Operation *callee =
            SymbolTable::lookupNearestSymbolFrom(call, call.getCalleeAttr());
        if (callee && seen.insert(callee).second)
          worklist.push_back(callee);
      }
    });
  }
  return failure(missing);
}

HostFunctionScope::HostFunctionScope() : saved(currentScope) {
  currentScope = this;
}

HostFunctionScope::~HostFunctionScope() { currentScope = saved; }

LogicalResult HostFunctionScope::check(std::string &error) const {
  if (failure.empty())
    return success();
  error = failure;
  return LogicalResult::failure();
}

/// Called by compiled programs for each tiny.k.custom_function
/// (-convert-tiny-to-runtime): `name` is the address of the function's
/// NUL-terminated name, `descriptors` of the i64 words that describe each
/// input, then each output: its data address, its dtype, its rank and its
/// shape.
void tiny_host_call_function(int64_t name, int64_t numInputs,
                                        int64_t numOutputs,
                                        int64_t descriptors) {
  HostFunctionScope *scope = currentScope;
  if (scope && !scope->failure.empty())
    return;
  StringRef functionName(reinterpret_cast<const char *>(name));
  auto fail = [&](const Twine &message) {
    std::string text =
        ("host function '" + functionName + "' " + message).str();
    // Outside a run of the embedding API no one would see the failure.
    if (scope)
      scope->failure = std::move(text);
    else
      llvm::errs() << "tiny: " << text << "\n";
  };
  std::shared_ptr<const HostFunction> function = lookUp(functionName);
  if (!function)
    return fail("is not registered");
  SmallVector<tiny_host_buffer_t> buffers;
  const int64_t *word = reinterpret_cast<const int64_t *>(descriptors);
  for (int64_t i = 0; i < numInputs + numOutputs; ++i) {
    tiny_host_buffer_t buffer;
    buffer.data = reinterpret_cast<void *>(word[0]);
    buffer.dtype = static_cast<tiny_dtype_t>(word[1]);
    buffer.rank = word[2];
    buffer.shape = word + 3;
    buffer.num_elements = 1;
    for (int64_t dim = 0; dim < buffer.rank; ++dim)
      buffer.num_elements *= buffer.shape[dim];
    word += 3 + buffer.rank;
    buffers.push_back(buffer);
  }
  ArrayRef<tiny_host_buffer_t> all(buffers);
  std::string error;
  if (failed((*function)(all.take_front(numInputs), all.drop_front(numInputs),
                         error)))
    fail("failed: " + (error.empty() ? std::string("(no message)") : error));
}

namespace {
/// The launches recorded by profiled code. Never destroyed, like the
/// registry: profiled programs may run until the process ends.
struct KernelLaunchLog {
  std::mutex mutex;
  std::vector<KernelLaunch> launches;
};

KernelLaunchLog &getKernelLaunchLog() {
  static KernelLaunchLog *log = new KernelLaunchLog();
  return *log;
}

/// When this thread's current kernel started: kernel calls are made by the
/// host function's own thread, one at a time.
thread_local std::chrono::steady_clock::time_point kernelStart;
} // namespace

void tiny_host_kernel_begin() {
  kernelStart = std::chrono::steady_clock::now();
}

void tiny_host_kernel_end(int64_t name, int64_t flops, int64_t bytes) {
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - kernelStart)
                       .count();
  KernelLaunchLog &log = getKernelLaunchLog();
  std::lock_guard<std::mutex> lock(log.mutex);
  log.launches.push_back(
      {reinterpret_cast<const char *>(name), seconds, flops, bytes});
}

std::vector<KernelLaunch> mlir::tiny::takeKernelLaunches() {
  KernelLaunchLog &log = getKernelLaunchLog();
  std::lock_guard<std::mutex> lock(log.mutex);
  return std::exchange(log.launches, {});
}

llvm::orc::SymbolMap
mlir::tiny::getHostFunctionSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  symbols[interner(TINY_HOST_KERNEL_BEGIN)] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_kernel_begin),
      llvm::JITSymbolFlags::Exported};
  symbols[interner(TINY_HOST_KERNEL_END)] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_kernel_end),
      llvm::JITSymbolFlags::Exported};
  symbols[interner(TINY_HOST_CALL_FUNCTION)] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_call_function),
      llvm::JITSymbolFlags::Exported};
  return symbols;
}
