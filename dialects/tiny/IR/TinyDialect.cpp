//===- TinyDialect.cpp - tiny dialect, attributes and types ----------------===//

#include "dialects/tiny/IR/TinyDialect.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "tiny/DeviceName.h"

using namespace mlir;
using namespace mlir::tiny;

#include "dialects/tiny/IR/TinyDialect.cpp.inc"
#include "dialects/tiny/IR/TinyEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tiny/IR/TinyAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tiny/IR/TinyTypes.cpp.inc"

void TinyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/tiny/IR/TinyOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/tiny/IR/TinyKernelOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/tiny/IR/TinyAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tiny/IR/TinyTypes.cpp.inc"
      >();
}

Operation *TinyDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto splat = dyn_cast<SplatElementsAttr>(value);
  if (!splat || splat.getType() != type || !isTensorOf(type, DTypeClass::Any))
    return nullptr;
  return ConstOp::create(builder, loc, splat);
}

//===----------------------------------------------------------------------===//
// DeviceAttr
//===----------------------------------------------------------------------===//

StringAttr mlir::tiny::getCanonicalDeviceName(StringAttr name) {
  if (!name)
    return name;
  std::optional<::tiny::DeviceName> parsed =
      ::tiny::parseDeviceName(name.getValue().str());
  if (!parsed)
    return name;
  std::string canonical = parsed->getCanonicalName();
  return canonical == name.getValue()
             ? name
             : StringAttr::get(name.getContext(), canonical);
}

/// The one check of a device name, for `#tiny.device`, `#tiny.buffer` and
/// a kernel's `on`.
LogicalResult
mlir::tiny::verifyDeviceName(function_ref<InFlightDiagnostic()> emitError,
                             StringAttr name) {
  if (::tiny::parseDeviceName(name.getValue().str()))
    return success();
  return emitError() << "unknown device syntax '" << name.getValue()
                     << "': expected KIND or KIND:N with KIND in upper "
                        "case, optionally followed by @R for a device of "
                        "MPI rank R, e.g. \"CPU\", \"CUDA:1\" or "
                        "\"CUDA:1@2\"";
}

/// verifyDeviceName, and the canonical spelling the attributes hold: their
/// builders canonicalize, so only a name that bypassed them (Base::get)
/// fails here.
static LogicalResult
verifyCanonicalDeviceName(function_ref<InFlightDiagnostic()> emitError,
                          StringAttr name) {
  if (failed(verifyDeviceName(emitError, name)))
    return failure();
  if (getCanonicalDeviceName(name) != name)
    return emitError() << "device '" << name.getValue() << "' is spelled '"
                       << getCanonicalDeviceName(name).getValue()
                       << "': KIND:0 and KIND name one device, and so do a "
                          "name with @0 and without";
  return success();
}

LogicalResult DeviceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<StringAttr> names) {
  if (names.empty())
    return emitError() << "a device tuple needs at least one device";
  llvm::SmallDenseSet<StringAttr> seen;
  for (StringAttr name : names) {
    if (!name)
      return emitError() << "a device name must be a string";
    if (failed(verifyCanonicalDeviceName(emitError, name)))
      return failure();
    if (!seen.insert(name).second)
      return emitError() << "device '" << name.getValue()
                         << "' appears twice in a device tuple (KIND:0 and "
                            "KIND name one device)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BufferAttr
//===----------------------------------------------------------------------===//

LogicalResult BufferAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 BufferRole role, int64_t index,
                                 StringAttr device) {
  if (index < 0)
    return emitError() << "a buffer's " << stringifyBufferRole(role)
                       << " index must be non-negative, got " << index;
  if (device)
    return verifyCanonicalDeviceName(emitError, device);
  return success();
}

/// `tiny.buffer` marks a function argument as one of the program's buffers
/// (see BufferAttr); no other `tiny.` attribute goes on a region argument.
LogicalResult TinyDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attribute) {
  if (attribute.getName() != BufferAttr::getArgAttrName())
    return op->emitOpError("unknown argument attribute '")
           << attribute.getName().getValue() << "'";
  auto buffer = dyn_cast<BufferAttr>(attribute.getValue());
  if (!buffer)
    return op->emitOpError("argument ")
           << argIndex << ": '" << attribute.getName().getValue()
           << "' must be a #tiny.buffer, got " << attribute.getValue();
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function || regionIndex != 0)
    return op->emitOpError("'") << attribute.getName().getValue()
                                << "' goes on a function's arguments only";
  // While the buffer is a memref it is the flat storage the runtime
  // allocates; after lowering it is whatever the lowering made it (a
  // pointer).
  Type type = function.getArgumentTypes()[argIndex];
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (memref.getRank() != 1 || !memref.hasStaticShape() ||
        !memref.getLayout().isIdentity())
      return op->emitOpError("argument ")
             << argIndex << " is a " << buffer
             << " and must be a flat, statically shaped memref, got " << type;
  }
  for (unsigned other = 0; other < argIndex; ++other) {
    auto previous = function.getArgAttrOfType<BufferAttr>(
        other, BufferAttr::getArgAttrName());
    if (previous && previous.getRole() == buffer.getRole() &&
        previous.getIndex() == buffer.getIndex())
      return op->emitOpError("arguments ")
             << other << " and " << argIndex << " both bind "
             << stringifyBufferRole(buffer.getRole()) << " "
             << buffer.getIndex();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Type predicates
//===----------------------------------------------------------------------===//

bool mlir::tiny::isDType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.isSigned())
      return false;
    unsigned width = intType.getWidth();
    if (width == 1)
      return intType.isSignless();
    return width == 8 || width == 16 || width == 32 || width == 64;
  }
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(type);
}

static bool isInClass(Type dtype, DTypeClass dtypeClass) {
  bool isBool = dtype.isInteger(1);
  bool isInt = isa<IntegerType>(dtype) && !isBool;
  bool isFloat = isa<FloatType>(dtype);
  switch (dtypeClass) {
  case DTypeClass::Any:
    return true;
  case DTypeClass::Float:
    return isFloat;
  case DTypeClass::Int:
    return isInt;
  case DTypeClass::Bool:
    return isBool;
  case DTypeClass::IntOrBool:
    return isInt || isBool;
  case DTypeClass::Numeric:
    return isInt || isFloat;
  case DTypeClass::U64:
    return dtype.isUnsignedInteger(64);
  }
  return false;
}

bool mlir::tiny::isTensorOf(Type type, DTypeClass dtypeClass) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || !isDType(tensor.getElementType()))
    return false;
  if (tensor.getEncoding() && !isa<DeviceAttr>(tensor.getEncoding()))
    return false;
  return isInClass(tensor.getElementType(), dtypeClass);
}

bool mlir::tiny::isMultiDeviceTensor(Type type) {
  DeviceAttr device = getDevice(type);
  return device && device.isMulti() && isTensorOf(type, DTypeClass::Any);
}

DeviceAttr mlir::tiny::getDevice(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? dyn_cast_or_null<DeviceAttr>(tensor.getEncoding())
                : DeviceAttr();
}

int64_t mlir::tiny::getDTypeByteSize(Type dtype) {
  unsigned bits = dtype.getIntOrFloatBitWidth();
  return bits < 8 ? 1 : bits / 8;
}

std::string mlir::tiny::formatShape(ArrayRef<int64_t> shape) {
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  if (shape.size() == 1)
    os << ",";
  os << ")";
  return text;
}
