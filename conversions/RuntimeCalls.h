//===- RuntimeCalls.h - declaring the runtime's host calls ------*- C++ -*-===//
//
// Host schedules call back into the tiny runtime (jit/HostSchedule.cpp) for
// what compiled code cannot do itself: copies between devices and GPU kernel
// launches. Each entry point takes only i64 operands, so one declaration
// helper serves them all. Buffers cross that boundary with the runtime's
// dtype codes (tiny/runtime.h), mapped here once for every caller.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_RUNTIMECALLS_H
#define TINY_CONVERSIONS_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "tiny/runtime.h"

namespace mlir::tiny {

/// The private declaration `func.func @name(i64 x numOperands)` in `module`,
/// made at the module's end unless it exists.
func::FuncOp getOrDeclareRuntimeCall(ModuleOp module, StringRef name,
                                     unsigned numOperands);

/// The runtime's dtype for a tiny dtype (signless integers read as
/// signed); 0, which is never a dtype, when the runtime has none.
tiny_dtype_t getRuntimeDtype(Type dtype);

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_RUNTIMECALLS_H
