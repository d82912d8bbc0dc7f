//===- TinyFoldUtils.h - helpers shared by the tiny folders -----*- C++ -*-===//

#ifndef TINY_DIALECT_TINY_IR_TINYFOLDUTILS_H
#define TINY_DIALECT_TINY_IR_TINYFOLDUTILS_H

#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::tiny::detail {

/// A splat constant operand re-shaped to `resultType`, or null when the
/// operand is not a splat constant.
Attribute splatAs(Attribute operand, Type resultType);

/// True when `attr` is a splat whose every element equals `value` (for
/// floats, bit for bit: 0 matches +0.0, not -0.0).
bool isSplatOf(Attribute attr, int64_t value);

} // namespace mlir::tiny::detail

#endif // TINY_DIALECT_TINY_IR_TINYFOLDUTILS_H
