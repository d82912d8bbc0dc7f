//===- TinyInterfaces.h - tiny op interfaces --------------------*- C++ -*-===//
//
// The interfaces of TinyInterfaces.td and the index arithmetic their
// implementations share with their users.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECT_TINY_IR_TINYINTERFACES_H
#define TINY_DIALECT_TINY_IR_TINYINTERFACES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::tiny {

/// Gives the `index` constant of a value: how index-building code gets its
/// constants, so that its caller decides where they go and shares them.
using IndexConstantFn = llvm::function_ref<Value(int64_t)>;

/// The row-major flat position of `indices` (one `index` value per axis) in
/// a tensor of `shape`, built with arith ops; unit axes add nothing.
Value buildLinearIndex(OpBuilder &builder, Location loc, ValueRange indices,
                       ArrayRef<int64_t> shape, IndexConstantFn getConstant);

/// The row-major flat position of the constant `index` in `shape`.
int64_t getLinearIndex(ArrayRef<int64_t> index, ArrayRef<int64_t> shape);

/// The index in `shape` of the row-major flat position `position`.
SmallVector<int64_t> getDelinearizedIndex(int64_t position,
                                          ArrayRef<int64_t> shape);

} // namespace mlir::tiny

#include "dialects/tiny/IR/TinyInterfaces.h.inc"

#endif // TINY_DIALECT_TINY_IR_TINYINTERFACES_H
