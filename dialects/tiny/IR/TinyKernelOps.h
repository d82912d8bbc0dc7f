//===- TinyKernelOps.h - tiny kernel-level operations -----------*- C++ -*-===//

#ifndef TINY_DIALECT_TINY_IR_TINYKERNELOPS_H
#define TINY_DIALECT_TINY_IR_TINYKERNELOPS_H

#include "dialects/tiny/IR/TinyDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/tiny/IR/TinyKernelOps.h.inc"

#endif // TINY_DIALECT_TINY_IR_TINYKERNELOPS_H
