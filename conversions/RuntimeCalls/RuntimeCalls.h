//===- RuntimeCalls.h - declaring the runtime's host calls ------*- C++ -*-===//
//
// Host schedules call back into the process that runs them for what compiled
// code cannot do itself: copies between devices, GPU kernel launches, host
// functions (tiny/HostCalls.h). Each entry point takes only i64 operands, so
// one declaration helper serves them all. Buffers cross that boundary with the runtime's
// dtype codes (tiny/runtime.h), mapped here once for every caller.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_RUNTIMECALLS_RUNTIMECALLS_H
#define TINY_CONVERSIONS_RUNTIMECALLS_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "tiny/HostCalls.h"
#include "tiny/runtime.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdint>
#include <type_traits>

namespace mlir::tiny {

/// The private declaration `func.func @name(i64 x numOperands)` in `module`,
/// made at the module's end unless it exists.
func::FuncOp getOrDeclareRuntimeCall(ModuleOp module, StringRef name,
                                     unsigned numOperands);

namespace detail {
template <typename Traits, size_t... I>
constexpr bool areAllInt64(std::index_sequence<I...>) {
  return (std::is_same_v<typename Traits::template arg_t<I>, int64_t> && ...);
}
} // namespace detail

/// The declaration of the host call `name` (tiny/HostCalls.h), whose C
/// prototype has type `Prototype`: one i64 operand per parameter, so the
/// declaration cannot drift from the function the JIT defines.
template <typename Prototype>
func::FuncOp getOrDeclareHostCall(ModuleOp module, StringRef name) {
  using Traits = llvm::function_traits<Prototype *>;
  static_assert(std::is_void_v<typename Traits::result_t>,
                "host calls return nothing");
  static_assert(detail::areAllInt64<Traits>(
                    std::make_index_sequence<Traits::num_args>()),
                "every parameter of a host call is an int64_t");
  return getOrDeclareRuntimeCall(module, name, Traits::num_args);
}

/// A new private constant `memref.global` at the start of `module` holding
/// `text` and a NUL byte, for a host call that takes a C string; its symbol
/// is `symbolPrefix` followed by the first number no symbol has taken.
memref::GlobalOp createCStringGlobal(OpBuilder &builder, ModuleOp module,
                                     Location loc, StringRef text,
                                     StringRef symbolPrefix);

/// The runtime's dtype for a tiny dtype (signless integers read as
/// signed); 0, which is never a dtype, when the runtime has none.
tiny_dtype_t getRuntimeDtype(Type dtype);

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_RUNTIMECALLS_RUNTIMECALLS_H
