//===- InputSpec.cpp - tiny-run's -i arguments ----------------------------===//

#include "tools/tiny-run/InputSpec.h"

#include "jit/Npy.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tiny;

/// The dtype `name` spells as MLIR prints it ("f32", "ui8", "i1", "bf16"),
/// or null when it names no tiny dtype.
static Type parseDTypeName(MLIRContext *context, StringRef name) {
  Builder b(context);
  if (name == "f16")
    return b.getF16Type();
  if (name == "bf16")
    return b.getBF16Type();
  if (name == "f32")
    return b.getF32Type();
  if (name == "f64")
    return b.getF64Type();
  bool isUnsigned = name.consume_front("ui");
  if (!isUnsigned && !name.consume_front("i"))
    return {};
  unsigned width;
  if (name.getAsInteger(10, width))
    return {};
  if (width == 1 && !isUnsigned)
    return b.getI1Type();
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return {};
  // tiny's signed integers are MLIR's signless ones.
  return isUnsigned ? b.getIntegerType(width, /*isSigned=*/false)
                    : b.getIntegerType(width);
}

/// Parses iree-run-module's "4x8xf32" (or "f32" for rank 0) into `shape`
/// and `dtype`; false when `spec` is not of that form.
static bool parseTensorSpec(MLIRContext *context, StringRef spec,
                            SmallVectorImpl<int64_t> &shape, Type &dtype) {
  SmallVector<StringRef> parts;
  spec.split(parts, 'x');
  for (StringRef dim : ArrayRef(parts).drop_back()) {
    int64_t size;
    if (dim.getAsInteger(10, size) || size < 0)
      return false;
    shape.push_back(size);
  }
  dtype = parseDTypeName(context, parts.back());
  return static_cast<bool>(dtype);
}

/// "4x8xf32", or "f32" for a scalar: how the typed form spells a tensor.
static std::string formatTensorSpec(ArrayRef<int64_t> shape, Type dtype) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t dim : shape)
    os << dim << "x";
  os << dtype;
  return text;
}

FailureOr<HostTensor>
mlir::tiny::readInputArgument(MLIRContext *context, StringRef text,
                              RankedTensorType param, StringRef paramName,
                              bool castNpy, std::string &error) {
  Type dtype = param.getElementType();
  ArrayRef<int64_t> shape = param.getShape();
  std::string expected = formatTensorSpec(shape, dtype);
  StringRef value = text;
  bool typed = false;
  // A '=' may also be part of a file's name (untyped, "a=b.npy").
  if (text.contains('=')) {
    auto [spec, rest] = text.split('=');
    SmallVector<int64_t> givenShape;
    Type givenDType;
    if (parseTensorSpec(context, spec, givenShape, givenDType)) {
      if (givenDType != dtype || ArrayRef(givenShape) != shape) {
        error = "given " + formatTensorSpec(givenShape, givenDType) + ", but " +
                paramName.str() + " is " + expected;
        // Sizes from the command line are multiplied with overflow checks.
        std::optional<int64_t> givenBytes =
            getStorageBytes(givenDType, givenShape);
        if (givenDType == dtype && shape.size() == 1 && givenBytes &&
            givenBytes == getStorageBytes(dtype, shape))
          error += " (params are flat: give it as " + expected + ")";
        return failure();
      }
      typed = true;
      value = rest;
    } else if (!text.ends_with(".npy")) {
      error = "'" + spec.str() +
              "' is not a shape and dtype such as 32xf32 (or f32 for a "
              "scalar)";
      return failure();
    }
  }

  bool isFile = value.consume_front("@");
  if (!isFile && !value.ends_with(".npy"))
    return parseHostTensor(value, dtype, shape, error);
  if (!value.ends_with(".npy")) {
    error = "'" + value.str() + "' is not a .npy file, the only files read";
    return failure();
  }
  FailureOr<HostTensor> tensor = readNpy(context, value, error);
  if (failed(tensor))
    return failure();
  std::string holds = "'" + value.str() + "' holds " +
                      formatTensorSpec(tensor->shape, tensor->dtype) + ", but ";
  std::string target = typed ? "the input is given as " + expected
                             : paramName.str() + " is " + expected;
  if (ArrayRef(tensor->shape) != shape) {
    error = holds + target;
    return failure();
  }
  if (tensor->dtype == dtype)
    return tensor;
  if (!castNpy) {
    error =
        holds + target + "; --cast-inputs converts it as numpy's astype does";
    return failure();
  }
  FailureOr<HostTensor> cast = castHostTensor(*tensor, dtype, error);
  if (failed(cast))
    error = "'" + value.str() + "': " + error;
  return cast;
}
