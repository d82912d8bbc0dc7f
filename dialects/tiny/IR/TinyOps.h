//===- TinyOps.h - tiny operations ------------------------------*- C++ -*-===//

#ifndef TINY_DIALECT_TINY_IR_TINYOPS_H
#define TINY_DIALECT_TINY_IR_TINYOPS_H

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tiny {

/// Result type of an op whose result has its first operand's type.
LogicalResult inferSameAsFirst(std::optional<Location> loc, ValueRange operands,
                               SmallVectorImpl<Type> &results);

/// Result type of an elementwise op: the operands' broadcast shape (shapes
/// right-aligned, each axis equal or 1), their dtype and their device.
LogicalResult inferBroadcast(std::optional<Location> loc, ValueRange operands,
                             SmallVectorImpl<Type> &results);

/// As inferBroadcast, with an i1 result (comparisons).
LogicalResult inferBroadcastBool(std::optional<Location> loc,
                                 ValueRange operands,
                                 SmallVectorImpl<Type> &results);

/// As inferBroadcast, with the dtype of the selected values (where).
LogicalResult inferWhere(std::optional<Location> loc, ValueRange operands,
                         SmallVectorImpl<Type> &results);

} // namespace mlir::tiny

namespace mlir::OpTrait::tiny {

/// Marks ops that compute each result element from the same-index elements
/// of their operands broadcast to the result's shape: the unary, binary and
/// ternary ALU ops and cast. Unlike upstream's `Elementwise`, operand shapes
/// may differ (broadcasting), so it verifies nothing; passes that move ops
/// across elementwise ops (movement pushing, sharding, fusion) key on it.
template <typename ConcreteType>
class BroadcastElementwise
    : public TraitBase<ConcreteType, BroadcastElementwise> {};

} // namespace mlir::OpTrait::tiny

#define GET_OP_CLASSES
#include "dialects/tiny/IR/TinyOps.h.inc"

namespace mlir::tiny {

/// The inputs of `function`: for each slot its params use, in ascending slot
/// order, the first param of that slot (the verifier makes all params of a
/// slot one type). Input i of a call or a run is entry i.
SmallVector<ParamOp> getParamsInSlotOrder(FunctionOp function);

} // namespace mlir::tiny

#endif // TINY_DIALECT_TINY_IR_TINYOPS_H
