//===- ScalarAlu.h - tinygrad ALU semantics on scalars ----------*- C++ -*-===//
//
// Kernel bodies compute on scalars with `arith` and `math`. These helpers
// pick the upstream op that has the semantics of a tiny elementwise op for a
// dtype: signedness (tiny keeps ui8..ui64 in the type, arith is signless),
// C-style division, IEEE comparisons, and half-precision math done in f32.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_SCALARALU_H
#define TINY_PASSES_SCALARALU_H

#include "dialects/tiny/IR/TinyDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tiny {

/// The signless type a dtype is stored and computed as in a kernel.
Type getStorageType(Type dtype);

/// A scalar constant of `dtype` (stored as its storage type) from a splat
/// element attribute value.
Value createScalarConstant(OpBuilder &builder, Location loc, Type dtype,
                           Attribute value);

/// The identity of a reduction over `dtype`: 0 for add, 1 for mul, the
/// lowest value for max (-inf for floats).
Value createReduceIdentity(OpBuilder &builder, Location loc, ReduceKind kind,
                           Type dtype);

/// Combines an accumulator with a value for a reduction over `dtype`.
Value createReduceCombine(OpBuilder &builder, Location loc, ReduceKind kind,
                          Type dtype, Value acc, Value value);

/// Emits the scalar form of the tiny elementwise op `op` on `operands`
/// (already scalars of the storage types of the op's operand dtypes). Fails,
/// with a diagnostic on `op`, for an op that has no scalar form here.
FailureOr<Value> createScalarAlu(OpBuilder &builder, Operation *op,
                                 ValueRange operands);

/// Converts a scalar of dtype `from` to dtype `to` as tinygrad's CAST does.
Value createScalarCast(OpBuilder &builder, Location loc, Value value, Type from,
                       Type to);

} // namespace mlir::tiny

#endif // TINY_PASSES_SCALARALU_H
