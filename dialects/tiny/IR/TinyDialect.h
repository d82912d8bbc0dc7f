//===- TinyDialect.h - tiny dialect, attributes and types -------*- C++ -*-===//
//
// The `tiny` dialect, its enums, attributes and types, and the type
// predicates that its op definitions use.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECT_TINY_IR_TINYDIALECT_H
#define TINY_DIALECT_TINY_IR_TINYDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"

#include "dialects/tiny/IR/TinyDialect.h.inc"
#include "dialects/tiny/IR/TinyEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tiny/IR/TinyAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tiny/IR/TinyTypes.h.inc"

namespace mlir::tiny {

/// Groups of dtypes that op operands are constrained to.
enum class DTypeClass { Any, Float, Int, Bool, IntOrBool, Numeric, U64 };

/// True for the element types tinygrad has a dtype for.
bool isDType(Type type);

/// True for a statically shaped ranked tensor whose element type is a dtype
/// of `dtypeClass` and whose encoding, if any, is a `#tiny.device`.
bool isTensorOf(Type type, DTypeClass dtypeClass);

/// True for a tiny tensor whose device encoding is a tuple of devices.
bool isMultiDeviceTensor(Type type);

/// The device of a tiny tensor type, or null when it has none.
DeviceAttr getDevice(Type type);

/// The canonical spelling of device name `name` (tiny/DeviceName.h): "CPU"
/// for "CPU:0", as tinygrad's `Device.canonicalize`. `name` itself when it
/// is canonical already or is no device name (the verifiers report that).
/// Every `#tiny.device` and `#tiny.buffer` is built from canonical names,
/// so two attributes of one device are equal.
StringAttr getCanonicalDeviceName(StringAttr name);

/// Fails, with a diagnostic, unless `name` is a device name
/// (tiny/DeviceName.h), in either spelling.
LogicalResult verifyDeviceName(function_ref<InFlightDiagnostic()> emitError,
                               StringAttr name);

/// The type of a tensor-level value, which the verifiers make a ranked
/// tensor.
inline RankedTensorType getTensorType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// Size in bytes of one element of a dtype (i1 takes one byte, as in
/// tinygrad).
int64_t getDTypeByteSize(Type dtype);

/// Formats a shape the way tinygrad prints one, e.g. "(2, 4)" or "()".
std::string formatShape(ArrayRef<int64_t> shape);

} // namespace mlir::tiny

#endif // TINY_DIALECT_TINY_IR_TINYDIALECT_H
