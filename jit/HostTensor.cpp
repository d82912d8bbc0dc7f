//===- HostTensor.cpp - tensors in host memory -----------------------------===//

#include "jit/HostTensor.h"

#include "dialects/tiny/IR/TinyDialect.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"

#include <charconv>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tiny;

HostTensor HostTensor::zeros(Type dtype, ArrayRef<int64_t> shape) {
  HostTensor tensor{dtype, SmallVector<int64_t>(shape), {}};
  tensor.data.assign(tensor.getNumElements() * getDTypeByteSize(dtype), 0);
  return tensor;
}

std::optional<int64_t> mlir::tiny::getStorageBytes(Type dtype,
                                                   ArrayRef<int64_t> shape) {
  int64_t bytes = getDTypeByteSize(dtype);
  for (int64_t dim : shape) {
    if (dim < 0)
      return std::nullopt;
    std::optional<int64_t> product = llvm::checkedMul(bytes, dim);
    if (!product)
      return std::nullopt;
    bytes = *product;
  }
  return bytes;
}

// No tensor larger than physical memory can be allocated, whatever the
// allocator's overcommit would promise.
uint64_t mlir::tiny::getHostMemoryBytes() {
  // Asked once: sysconf costs a system call, and runs check on every call.
  static const uint64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0)
      return UINT64_MAX;
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
  }();
  return bytes;
}

static std::string formatType(Type dtype, ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tensor<";
  for (int64_t dim : shape)
    os << dim << "x";
  os << dtype << ">";
  return text;
}

FailureOr<HostTensor> HostTensor::allocate(Type dtype, ArrayRef<int64_t> shape,
                                           std::string &error) {
  std::optional<int64_t> bytes = getStorageBytes(dtype, shape);
  if (!bytes) {
    error = formatType(dtype, shape) + " has more bytes than an int64 counts";
    return failure();
  }
  uint64_t memory = getHostMemoryBytes();
  if (static_cast<uint64_t>(*bytes) > memory) {
    error = formatType(dtype, shape) + " needs " + std::to_string(*bytes) +
            " bytes, more than the host's " + std::to_string(memory) +
            " bytes of memory";
    return failure();
  }
  HostTensor tensor{dtype, SmallVector<int64_t>(shape), {}};
  tensor.data.assign(*bytes, 0);
  return tensor;
}

int64_t HostTensor::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

template <typename T>
static T readAs(const uint8_t *bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

template <typename T>
static void writeAs(uint8_t *bytes, T value) {
  std::memcpy(bytes, &value, sizeof(T));
}

/// A 16-bit float's value, from its bits.
static double halfToDouble(const llvm::fltSemantics &sem, uint16_t bits) {
  APFloat value(sem, APInt(16, bits));
  bool lost;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  return value.convertToDouble();
}

double HostTensor::getAsDouble(int64_t index) const {
  const uint8_t *p = data.data() + index * getDTypeByteSize(dtype);
  if (dtype.isF32())
    return readAs<float>(p);
  if (dtype.isF64())
    return readAs<double>(p);
  if (dtype.isF16())
    return halfToDouble(APFloat::IEEEhalf(), readAs<uint16_t>(p));
  if (dtype.isBF16())
    return halfToDouble(APFloat::BFloat(), readAs<uint16_t>(p));
  unsigned width = dtype.getIntOrFloatBitWidth();
  bool isUnsigned = dtype.isUnsignedInteger() || width == 1;
  switch (width) {
  case 1:
  case 8:
    return isUnsigned ? readAs<uint8_t>(p) : readAs<int8_t>(p);
  case 16:
    return isUnsigned ? readAs<uint16_t>(p) : readAs<int16_t>(p);
  case 32:
    return isUnsigned ? readAs<uint32_t>(p) : readAs<int32_t>(p);
  default:
    return isUnsigned ? static_cast<double>(readAs<uint64_t>(p))
                      : static_cast<double>(readAs<int64_t>(p));
  }
}

/// Parses one element of `dtype` into `out`.
static bool parseElement(StringRef text, Type dtype, uint8_t *out,
                         std::string &error) {
  std::string token = text.trim().str();
  if (isa<FloatType>(dtype)) {
    char *end = nullptr;
    double value = std::strtod(token.c_str(), &end);
    if (token.empty() || *end != '\0') {
      error = "'" + token + "' is not a number";
      return false;
    }
    if (dtype.isF32()) {
      writeAs<float>(out, static_cast<float>(value));
    } else if (dtype.isF64()) {
      writeAs<double>(out, value);
    } else {
      APFloat half(value);
      bool lost;
      half.convert(cast<FloatType>(dtype).getFloatSemantics(),
                   APFloat::rmNearestTiesToEven, &lost);
      writeAs<uint16_t>(out, half.bitcastToAPInt().getZExtValue());
    }
    return true;
  }
  unsigned width = dtype.getIntOrFloatBitWidth();
  if (width == 1) {
    if (token == "true" || token == "1")
      *out = 1;
    else if (token == "false" || token == "0")
      *out = 0;
    else {
      error = "'" + token + "' is not a boolean (true, false, 1 or 0)";
      return false;
    }
    return true;
  }
  // Parse into 64 bits (with one spare for the sign of unsigned input),
  // then check the range of the dtype.
  APInt value(65, 0);
  StringRef digits(token);
  bool negative = digits.consume_front("-");
  if (digits.empty() || digits.getAsInteger(10, value) ||
      value.getActiveBits() > 64) {
    error = "'" + token + "' is not an integer";
    return false;
  }
  value = value.zext(65);
  if (negative)
    value.negate();
  bool isUnsigned = dtype.isUnsignedInteger();
  bool fits = isUnsigned ? !negative && value.getActiveBits() <= width
                         : value.getSignificantBits() <= width;
  if (!fits) {
    error = "'" + token + "' is out of range for its dtype";
    return false;
  }
  APInt bits = value.trunc(width);
  uint64_t raw = bits.getZExtValue();
  std::memcpy(out, &raw, width / 8);
  return true;
}

FailureOr<HostTensor> mlir::tiny::parseHostTensor(StringRef text, Type dtype,
                                                  ArrayRef<int64_t> shape,
                                                  std::string &error) {
  // Commas or spaces separate the numbers (iree-run-module writes
  // "[1 2 3]"); brackets, as numpy nests them, are ignored.
  SmallVector<StringRef> items;
  llvm::SplitString(text, items, ", \t\n[]");
  // The count is checked before anything the shape sizes is allocated.
  std::optional<int64_t> bytes = getStorageBytes(dtype, shape);
  int64_t size = getDTypeByteSize(dtype);
  if (!bytes) {
    error = formatType(dtype, shape) + " has more bytes than an int64 counts";
    return failure();
  }
  if (*bytes / size != static_cast<int64_t>(items.size())) {
    error = "expected " + std::to_string(*bytes / size) + " values, got " +
            std::to_string(items.size());
    return failure();
  }
  HostTensor tensor = HostTensor::zeros(dtype, shape);
  for (auto [i, item] : llvm::enumerate(items))
    if (!parseElement(item, dtype, tensor.data.data() + i * size, error))
      return failure();
  return tensor;
}

/// The element at `index` as the bits of its dtype (one bit for i1).
static APInt readElementBits(const HostTensor &tensor, int64_t index) {
  int64_t size = getDTypeByteSize(tensor.dtype);
  uint64_t raw = 0;
  std::memcpy(&raw, tensor.data.data() + index * size, size);
  if (tensor.dtype.isInteger(1))
    return APInt(1, raw != 0);
  return APInt(tensor.dtype.getIntOrFloatBitWidth(), raw);
}

static void writeElementBits(HostTensor &tensor, int64_t index,
                             const APInt &bits) {
  int64_t size = getDTypeByteSize(tensor.dtype);
  uint64_t raw = bits.getZExtValue();
  std::memcpy(tensor.data.data() + index * size, &raw, size);
}

FailureOr<HostTensor> mlir::tiny::castHostTensor(const HostTensor &tensor,
                                                 Type dtype,
                                                 std::string &error) {
  FailureOr<HostTensor> result =
      HostTensor::allocate(dtype, tensor.shape, error);
  if (failed(result))
    return failure();
  auto fromFloat = dyn_cast<FloatType>(tensor.dtype);
  auto toFloat = dyn_cast<FloatType>(dtype);
  bool fromSigned = !fromFloat && !tensor.dtype.isUnsignedInteger() &&
                    !tensor.dtype.isInteger(1);
  unsigned toWidth = dtype.getIntOrFloatBitWidth();
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    APInt bits = readElementBits(tensor, i);
    APInt converted;
    if (dtype.isInteger(1)) {
      // bool(x) is x != 0, NaN included.
      bool isNonZero =
          fromFloat ? !APFloat(fromFloat.getFloatSemantics(), bits).isZero()
                    : !bits.isZero();
      converted = APInt(1, isNonZero);
    } else if (toFloat) {
      // Rounded once, to nearest even; beyond the range, to an infinity.
      bool lost;
      APFloat value(toFloat.getFloatSemantics());
      if (fromFloat) {
        value = APFloat(fromFloat.getFloatSemantics(), bits);
        value.convert(toFloat.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                      &lost);
      } else {
        value.convertFromAPInt(bits, fromSigned, APFloat::rmNearestTiesToEven);
      }
      converted = value.bitcastToAPInt();
    } else if (fromFloat) {
      // Truncated toward zero. C leaves NaN, infinities and values out of
      // the integer's range undefined (numpy's result depends on the
      // machine): they are refused.
      APFloat value(fromFloat.getFloatSemantics(), bits);
      APSInt integer(toWidth, dtype.isUnsignedInteger());
      bool isExact;
      if (value.convertToInteger(integer, APFloat::rmTowardZero, &isExact) &
          APFloat::opInvalidOp) {
        SmallString<16> text;
        value.toString(text);
        std::string name;
        llvm::raw_string_ostream(name) << dtype;
        error = "element " + std::to_string(i) + " is " + text.str().str() +
                ", which " + name + " cannot hold";
        return failure();
      }
      converted = integer;
    } else {
      // Integers keep their low bits, as C's conversions to unsigned do.
      converted =
          fromSigned ? bits.sextOrTrunc(toWidth) : bits.zextOrTrunc(toWidth);
    }
    writeElementBits(*result, i, converted);
  }
  return result;
}

static void printElement(llvm::raw_ostream &os, const HostTensor &tensor,
                         int64_t index) {
  Type dtype = tensor.dtype;
  if (dtype.isInteger(1)) {
    os << (tensor.data[index] ? "true" : "false");
    return;
  }
  if (auto intType = dyn_cast<IntegerType>(dtype)) {
    const uint8_t *p = tensor.data.data() + index * (intType.getWidth() / 8);
    uint64_t raw = 0;
    std::memcpy(&raw, p, intType.getWidth() / 8);
    APInt bits(intType.getWidth(), raw);
    os << (dtype.isUnsignedInteger() ? llvm::toString(bits, 10, false)
                                     : llvm::toString(bits, 10, true));
    return;
  }
  char buffer[64];
  double value = tensor.getAsDouble(index);
  std::to_chars_result result =
      dtype.isF64()
          ? std::to_chars(buffer, buffer + sizeof(buffer), value)
          : std::to_chars(buffer, buffer + sizeof(buffer),
                          static_cast<float>(value));
  os << StringRef(buffer, result.ptr - buffer);
}

/// numpy's defaults: a tensor of more than kSummaryThreshold elements prints
/// kEdgeItems entries at each end of every axis, with "..." between.
static constexpr int64_t kSummaryThreshold = 1000;
static constexpr int64_t kEdgeItems = 3;

static int64_t getStride(const HostTensor &tensor, size_t axis) {
  int64_t stride = 1;
  for (size_t i = axis + 1; i < tensor.shape.size(); ++i)
    stride *= tensor.shape[i];
  return stride;
}

/// Prints every element, on one line: `[[1, 2], [3, 4]]`.
static void printFull(llvm::raw_ostream &os, const HostTensor &tensor,
                      size_t axis, int64_t offset) {
  if (axis == tensor.shape.size()) {
    printElement(os, tensor, offset);
    return;
  }
  int64_t stride = getStride(tensor, axis);
  os << "[";
  for (int64_t i = 0; i < tensor.shape[axis]; ++i) {
    if (i)
      os << ", ";
    printFull(os, tensor, axis + 1, offset + i * stride);
  }
  os << "]";
}

/// The indices a summary shows along an axis of `size`: the first and last
/// kEdgeItems, with -1 for the "..." between, or all of them.
static SmallVector<int64_t> getShownIndices(int64_t size) {
  SmallVector<int64_t> indices;
  bool elide = size > 2 * kEdgeItems;
  for (int64_t i = 0; i < size; ++i) {
    if (elide && i == kEdgeItems) {
      indices.push_back(-1);
      i = size - kEdgeItems - 1;
      continue;
    }
    indices.push_back(i);
  }
  return indices;
}

static std::string formatElement(const HostTensor &tensor, int64_t index) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printElement(os, tensor, index);
  return text;
}

/// The width of the widest element a summary shows.
static size_t getShownWidth(const HostTensor &tensor, size_t axis,
                            int64_t offset) {
  if (axis == tensor.shape.size())
    return formatElement(tensor, offset).size();
  size_t width = 0;
  int64_t stride = getStride(tensor, axis);
  for (int64_t i : getShownIndices(tensor.shape[axis]))
    if (i >= 0)
      width =
          std::max(width, getShownWidth(tensor, axis + 1, offset + i * stride));
  return width;
}

/// Prints a summary in numpy's layout (np.array2string with separator ", ",
/// less its wrapping at 75 columns): elements right-aligned to `width`, the
/// innermost axis on one line, each entry of an outer axis on lines of its
/// own, indented past its brackets, with one empty line between them for
/// each axis below the innermost two.
static void printSummary(llvm::raw_ostream &os, const HostTensor &tensor,
                         size_t axis, int64_t offset, size_t width) {
  size_t rank = tensor.shape.size();
  if (axis == rank) {
    os << llvm::right_justify(formatElement(tensor, offset), width);
    return;
  }
  // An entry of an outer axis ends its line, and leaves an empty line per
  // axis below the innermost two; the next starts past the open brackets.
  std::string separator = ", ";
  if (axis + 1 < rank)
    separator =
        "," + std::string(rank - axis - 1, '\n') + std::string(axis + 1, ' ');
  int64_t stride = getStride(tensor, axis);
  os << "[";
  for (auto [n, i] : llvm::enumerate(getShownIndices(tensor.shape[axis]))) {
    if (n)
      os << separator;
    if (i < 0)
      os << "...";
    else
      printSummary(os, tensor, axis + 1, offset + i * stride, width);
  }
  os << "]";
}

void mlir::tiny::printHostTensor(llvm::raw_ostream &os,
                                 const HostTensor &tensor, bool full) {
  if (full || tensor.getNumElements() <= kSummaryThreshold) {
    printFull(os, tensor, 0, 0);
    return;
  }
  printSummary(os, tensor, 0, 0, getShownWidth(tensor, 0, 0));
}
