//===- HostFunctions.h - host functions programs call -----------*- C++ -*-===//
//
// The registry behind `tiny.custom_function`: a process-wide table from
// names to host functions (their ABI is jit/HostFunctionABI.h). A program
// that calls a name with no function is refused when it is compiled; a
// function that fails while the program runs makes the run fail with its
// message.
//
//   registerHostFunction("double", [](ArrayRef<tiny_host_buffer_t> in,
//                                     ArrayRef<tiny_host_buffer_t> out,
//                                     std::string &error) {
//     auto *x = static_cast<const float *>(in[0].data);
//     auto *y = static_cast<float *>(out[0].data);
//     for (int64_t i = 0; i < out[0].num_elements; ++i)
//       y[i] = 2 * x[i];
//     return success();
//   });
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_HOSTFUNCTIONS_H
#define TINY_JIT_HOSTFUNCTIONS_H

#include "jit/HostFunctionABI.h"

#include "mlir/IR/Operation.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace tiny {

/// A host function in C++: reads `inputs`, writes every element of
/// `outputs`; on failure says why in `error`.
using HostFunction = std::function<LogicalResult(
    ArrayRef<tiny_host_buffer_t> inputs, ArrayRef<tiny_host_buffer_t> outputs,
    std::string &error)>;

/// Registers `function` under `name` for every program of the process,
/// replacing the function registered under that name before. Thread-safe;
/// a program running meanwhile calls one or the other.
void registerHostFunction(StringRef name, HostFunction function);
/// Registers a host function of the C ABI, called with `userData`.
void registerHostFunction(StringRef name, tiny_host_function_t function,
                          void *userData);
/// Removes the function registered under `name`; false when there is none.
bool unregisterHostFunction(StringRef name);
/// True when a function is registered under `name`.
bool isHostFunctionRegistered(StringRef name);

/// The shared library whose tiny_register_host_functions registered the
/// function under `name` (its path as given to loadHostFunctionLibrary), or
/// "" for a function registered otherwise or not at all.
std::string getHostFunctionLibrary(StringRef name);

/// Loads the shared library at `path` and registers its host functions
/// (it exports tiny_register_host_functions). The library stays loaded.
LogicalResult loadHostFunctionLibrary(StringRef path, std::string &error);

/// Reports, at the op, each tiny.custom_function in `op` (a tiny.function)
/// and in the functions it calls whose name has no registered function.
/// With `names`, appends the names they call, each once.
LogicalResult
checkHostFunctionsRegistered(Operation *op,
                             SmallVectorImpl<std::string> *names = nullptr);

/// Collects the failures of the host functions that the programs running on
/// this thread call, for the duration of one run; after a failure, the
/// run's later host function calls are skipped.
class HostFunctionScope {
public:
  HostFunctionScope();
  ~HostFunctionScope();
  HostFunctionScope(const HostFunctionScope &) = delete;
  HostFunctionScope &operator=(const HostFunctionScope &) = delete;

  /// Fails, with the first failure's message in `error`, when a host
  /// function failed.
  LogicalResult check(std::string &error) const;

  /// The first failure of the run, or "".
  std::string failure;

private:
  HostFunctionScope *saved;
};

/// One call of a kernel function by profiled code (-tiny-profile-kernels):
/// the kernel's name, its wall-clock seconds and the static estimates of
/// its work (-tiny-outline-kernels).
struct KernelLaunch {
  std::string name;
  double seconds = 0;
  int64_t flops = 0;
  int64_t bytes = 0;
};

/// The kernel launches profiled code has recorded since the last call, in
/// the order they ended, from every thread; the record is emptied.
std::vector<KernelLaunch> takeKernelLaunches();

/// The entry points compiled programs call (tiny_host_call_function and
/// the profiling calls tiny_host_kernel_begin / tiny_host_kernel_end), for
/// the JIT.
llvm::orc::SymbolMap
getHostFunctionSymbols(llvm::orc::MangleAndInterner interner);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_HOSTFUNCTIONS_H
