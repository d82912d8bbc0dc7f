//===- TinyOps.cpp - tiny op type inference and verifiers ------------------===//
//
// The derived-property rules of tinygrad (dtype, shape, device) for each
// tensor-level op, as result type inference and verifiers.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <map>

using namespace mlir;
using namespace mlir::tiny;

//===----------------------------------------------------------------------===//
// Custom assembly directives
//===----------------------------------------------------------------------===//

/// device ::= string | `[` string (`,` string)* `]`
static ParseResult parseDevice(OpAsmParser &parser, DeviceAttr &device) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<StringAttr> names;
  auto parseName = [&]() -> ParseResult {
    std::string name;
    if (parser.parseString(&name))
      return failure();
    names.push_back(parser.getBuilder().getStringAttr(name));
    return success();
  };
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parser.parseCommaSeparatedList(parseName) || parser.parseRSquare())
      return failure();
  } else if (parseName()) {
    return failure();
  }
  device = DeviceAttr::getChecked([&] { return parser.emitError(loc); },
                                  parser.getContext(),
                                  ArrayRef<StringAttr>(names));
  return success(static_cast<bool>(device));
}

static void printDevice(OpAsmPrinter &printer, Operation *, DeviceAttr device) {
  auto printName = [&](StringAttr name) { printer.printString(name.getValue()); };
  if (!device.isMulti()) {
    printName(device.getNames().front());
    return;
  }
  printer << "[";
  llvm::interleaveComma(device.getNames(), printer, printName);
  printer << "]";
}

/// operand-types ::= type (`,` type)?  -- one type when both operands share it.
static ParseResult parseOperandTypes(OpAsmParser &parser, Type &lhs, Type &rhs) {
  if (parser.parseType(lhs))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return parser.parseType(rhs);
  rhs = lhs;
  return success();
}

static void printOperandTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                              Type rhs) {
  printer << lhs;
  if (rhs != lhs)
    printer << ", " << rhs;
}

/// stage-ranges ::= `[` (ssa-id `<` integer (`,` ssa-id `<` integer)*)? `]`
static ParseResult
parseStageRanges(OpAsmParser &parser,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ranges,
                 DenseI64ArrayAttr &extents) {
  SmallVector<int64_t> values;
  auto parseRange = [&]() -> ParseResult {
    int64_t extent;
    if (parser.parseOperand(ranges.emplace_back()) || parser.parseLess() ||
        parser.parseInteger(extent))
      return failure();
    values.push_back(extent);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseRange))
    return failure();
  extents = parser.getBuilder().getDenseI64ArrayAttr(values);
  return success();
}

static void printStageRanges(OpAsmPrinter &printer, Operation *,
                             OperandRange ranges, DenseI64ArrayAttr extents) {
  printer << "[";
  llvm::interleaveComma(
      llvm::zip(ranges, extents.asArrayRef()), printer, [&](auto range) {
        printer << std::get<0>(range) << " < " << std::get<1>(range);
      });
  printer << "]";
}

//===----------------------------------------------------------------------===//
// Shared inference helpers
//===----------------------------------------------------------------------===//

/// The operand's type as a tiny tensor, or an error at `loc`.
static FailureOr<RankedTensorType> getTinyTensor(std::optional<Location> loc,
                                                 Value value, StringRef what) {
  if (!value)
    return emitOptionalError(loc, "missing ", what);
  if (!isTensorOf(value.getType(), DTypeClass::Any))
    return emitOptionalError(loc, what,
                             " must be a statically shaped tensor of a tinygrad "
                             "dtype, got ",
                             value.getType());
  return cast<RankedTensorType>(value.getType());
}

/// The element count of `shape`, or nothing when it overflows int64_t.
static std::optional<int64_t> getElementCount(ArrayRef<int64_t> shape) {
  std::optional<int64_t> count = 1;
  for (int64_t dim : shape) {
    count = llvm::checkedMul(*count, dim);
    if (!count)
      return std::nullopt;
  }
  return count;
}

static LogicalResult emitTooLarge(std::optional<Location> loc,
                                  StringRef what) {
  return emitOptionalError(loc, what, " overflows a 64-bit size");
}

/// Checks that an op's dtype attribute names a tinygrad dtype.
static LogicalResult checkDType(std::optional<Location> loc, Type dtype) {
  if (!dtype)
    return emitOptionalError(loc, "expected a dtype");
  if (!isDType(dtype))
    return emitOptionalError(loc, "unsupported dtype ", dtype,
                             ": expected i1, i8..i64, ui8..ui64, f16, bf16, "
                             "f32, f64, f8E4M3FN, f8E5M2, f8E4M3FNUZ or "
                             "f8E5M2FNUZ");
  return success();
}

/// Checks that an index attribute holds a non-negative value below `bound`.
static LogicalResult checkIndex(std::optional<Location> loc, IntegerAttr index,
                                uint64_t bound, StringRef what,
                                const Twine &container) {
  if (!index)
    return emitOptionalError(loc, "expected ", what);
  if (index.getInt() < 0 || static_cast<uint64_t>(index.getInt()) >= bound)
    return emitOptionalError(loc, what, " ", index.getInt(),
                             " is out of range for ", container);
  return success();
}

static RankedTensorType withShape(RankedTensorType type,
                                  ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, type.getElementType(), type.getEncoding());
}

LogicalResult mlir::tiny::inferSameAsFirst(std::optional<Location> loc,
                                           ValueRange operands,
                                           SmallVectorImpl<Type> &results) {
  if (operands.empty())
    return emitOptionalError(loc, "expected an operand");
  results.push_back(operands.front().getType());
  return success();
}

/// Broadcasts the shapes of `operands` (right-aligned, each axis equal or 1)
/// and checks they share a device. Returns the type of the first operand
/// with the broadcast shape.
static FailureOr<RankedTensorType> broadcast(std::optional<Location> loc,
                                             ValueRange operands) {
  if (operands.empty())
    return emitOptionalError(loc, "expected operands");
  SmallVector<RankedTensorType> types;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    FailureOr<RankedTensorType> type =
        getTinyTensor(loc, operand, "operand #" + std::to_string(i));
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  SmallVector<int64_t> shape;
  for (RankedTensorType type : types) {
    if (type.getEncoding() != types.front().getEncoding())
      return emitOptionalError(loc, "operands are on different devices: ",
                               types.front(), " and ", type);
    ArrayRef<int64_t> other = type.getShape();
    if (other.size() > shape.size())
      shape.insert(shape.begin(), other.size() - shape.size(), 1);
    size_t offset = shape.size() - other.size();
    for (auto [i, dim] : llvm::enumerate(other)) {
      int64_t &out = shape[offset + i];
      if (out == dim || dim == 1)
        continue;
      if (out != 1)
        return emitOptionalError(
            loc, "shapes ", formatShape(types.front().getShape()), " and ",
            formatShape(other),
            " do not broadcast: axes must be equal or 1 (right-aligned)");
      out = dim;
    }
  }
  return withShape(types.front(), shape);
}

LogicalResult mlir::tiny::inferBroadcast(std::optional<Location> loc,
                                         ValueRange operands,
                                         SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = broadcast(loc, operands);
  if (failed(type))
    return failure();
  results.push_back(*type);
  return success();
}

LogicalResult mlir::tiny::inferBroadcastBool(std::optional<Location> loc,
                                             ValueRange operands,
                                             SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = broadcast(loc, operands);
  if (failed(type))
    return failure();
  results.push_back(RankedTensorType::get(
      type->getShape(), IntegerType::get(type->getContext(), 1),
      type->getEncoding()));
  return success();
}

LogicalResult mlir::tiny::inferWhere(std::optional<Location> loc,
                                     ValueRange operands,
                                     SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = broadcast(loc, operands);
  if (failed(type))
    return failure();
  auto valueType = cast<RankedTensorType>(operands[1].getType());
  results.push_back(withShape(valueType, type->getShape()));
  return success();
}

/// Checks that every entry of `axes` names an axis of a rank-`rank` tensor,
/// at most once.
static LogicalResult verifyAxes(std::optional<Location> loc,
                                ArrayRef<int64_t> axes, int64_t rank,
                                StringRef what) {
  llvm::SmallBitVector seen(rank);
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return emitOptionalError(loc, what, " axis ", axis,
                               " is out of range for rank ", rank);
    if (seen.test(axis))
      return emitOptionalError(loc, what, " axis ", axis, " appears twice");
    seen.set(axis);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Source ops
//===----------------------------------------------------------------------===//

/// Shape of flat storage: (size,), () without a size, (h, w, 4) for an image.
template <typename StorageOp>
static LogicalResult inferStorageType(MLIRContext *context,
                                      std::optional<Location> loc,
                                      typename StorageOp::Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Type dtype = adaptor.getDtype();
  DeviceAttr device = adaptor.getDevice();
  if (failed(checkDType(loc, dtype)))
    return failure();
  if (!device)
    return emitOptionalError(loc, "expected a device");
  SmallVector<int64_t> shape;
  if (std::optional<ArrayRef<int64_t>> image = adaptor.getImage()) {
    if (image->size() != 2)
      return emitOptionalError(loc, "image must be [h, w], got ",
                               image->size(), " values");
    if ((*image)[0] <= 0 || (*image)[1] <= 0)
      return emitOptionalError(loc, "image dimensions must be positive, got [",
                               (*image)[0], ", ", (*image)[1], "]");
    shape = {(*image)[0], (*image)[1], 4};
  } else if (std::optional<uint64_t> size = adaptor.getSize()) {
    shape = {static_cast<int64_t>(*size)};
  }
  if (llvm::any_of(shape, [](int64_t dim) { return dim < 0; }))
    return emitOptionalError(loc, "storage size must be non-negative");
  results.push_back(RankedTensorType::get(shape, dtype, device));
  return success();
}

template <typename StorageOp>
static LogicalResult verifyStorage(StorageOp op) {
  std::optional<ArrayRef<int64_t>> image = op.getImage();
  if (!image)
    return success();
  if (image->size() != 2)
    return op.emitOpError("image must be [h, w], got ")
           << image->size() << " values";
  int64_t h = (*image)[0], w = (*image)[1];
  if (h <= 0 || w <= 0)
    return op.emitOpError("image dimensions must be positive, got [")
           << h << ", " << w << "]";
  if (!getElementCount({h, w, 4}))
    return op.emitOpError("image [") << h << ", " << w << "] is too large";
  if (!op.getSize())
    return op.emitOpError("an image needs its flat size (h*w*4 = ")
           << h * w * 4 << ")";
  if (static_cast<int64_t>(*op.getSize()) != h * w * 4)
    return op.emitOpError("image [")
           << h << ", " << w << "] needs size " << h * w * 4 << ", got "
           << *op.getSize();
  if (!isa<Float16Type, Float32Type>(op.getDtype()))
    return op.emitOpError("an image holds f16 or f32, got ") << op.getDtype();
  return success();
}

LogicalResult ParamOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  return inferStorageType<ParamOp>(context, loc, adaptor, results);
}
LogicalResult ParamOp::verify() { return verifyStorage(*this); }

LogicalResult BufferOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  return inferStorageType<BufferOp>(context, loc, adaptor, results);
}
LogicalResult BufferOp::verify() { return verifyStorage(*this); }

LogicalResult ConstOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  auto value = dyn_cast_or_null<TypedAttr>(adaptor.getValueAttr());
  if (!value)
    return emitOptionalError(loc, "expected a splat value");
  results.push_back(value.getType());
  return success();
}

LogicalResult ConstOp::verify() {
  // Sparse and string elements have no flat storage a kernel could read.
  if (!isa<DenseIntOrFPElementsAttr, DenseResourceElementsAttr>(getValue()))
    return emitOpError("value must be dense<...> or dense_resource<...> "
                       "elements, got ")
           << getValue();
  if (getValue().getType() != getType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from result type " << getType();
  return success();
}

OpFoldResult ConstOp::fold(FoldAdaptor) { return getValueAttr(); }

LogicalResult BinaryOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  auto data = dyn_cast_or_null<TypedAttr>(adaptor.getDataAttr());
  if (!data)
    return emitOptionalError(loc, "expected byte data");
  results.push_back(data.getType());
  return success();
}

LogicalResult BinaryOp::verify() {
  auto type = getType();
  if (type.getRank() != 1 || !type.getElementType().isUnsignedInteger(8))
    return emitOpError("raw bytes must be a 1-D ui8 tensor, got ") << type;
  return success();
}

OpFoldResult BinaryOp::fold(FoldAdaptor) { return getDataAttr(); }

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ArrayRef<int64_t> shape = adaptor.getShape();
  if (llvm::any_of(shape, [](int64_t dim) { return dim < 0; }))
    return emitOptionalError(loc, "reshape to ", formatShape(shape),
                             ": sizes must be non-negative");
  std::optional<int64_t> count = getElementCount(shape);
  if (!count)
    return emitTooLarge(loc, "reshape to " + formatShape(shape));
  if (*count != src->getNumElements())
    return emitOptionalError(loc, "reshape from ", formatShape(src->getShape()),
                             " to ", formatShape(shape),
                             " changes the element count: ",
                             src->getNumElements(), " vs ", *count);
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult PermuteOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ArrayRef<int64_t> order = adaptor.getOrder();
  if (static_cast<int64_t>(order.size()) != src->getRank())
    return emitOptionalError(loc, "permutation has ", order.size(),
                             " entries for rank ", src->getRank());
  if (failed(verifyAxes(loc, order, src->getRank(), "permutation")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t axis : order)
    shape.push_back(src->getDimSize(axis));
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult ExpandOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ArrayRef<int64_t> shape = adaptor.getShape();
  if (static_cast<int64_t>(shape.size()) != src->getRank())
    return emitOptionalError(loc, "expand keeps the rank: ",
                             formatShape(src->getShape()), " to ",
                             formatShape(shape));
  for (auto [from, to] : llvm::zip_equal(src->getShape(), shape))
    if (from != to && from != 1)
      return emitOptionalError(loc, "cannot expand ",
                               formatShape(src->getShape()), " to ",
                               formatShape(shape),
                               ": only axes of size 1 can grow");
  if (llvm::any_of(shape, [](int64_t dim) { return dim < 0; }))
    return emitOptionalError(loc, "expand to ", formatShape(shape),
                             ": sizes must be non-negative");
  if (!getElementCount(shape))
    return emitTooLarge(loc, "expand to " + formatShape(shape));
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *context,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ArrayRef<int64_t> low = adaptor.getLow(), high = adaptor.getHigh();
  if (static_cast<int64_t>(low.size()) != src->getRank() ||
      static_cast<int64_t>(high.size()) != src->getRank())
    return emitOptionalError(loc, "pad needs one low and one high amount per "
                                  "axis of ",
                             formatShape(src->getShape()));
  SmallVector<int64_t> shape;
  for (auto [dim, before, after] : llvm::zip_equal(src->getShape(), low, high)) {
    if (before < 0 || after < 0)
      return emitOptionalError(loc, "pad amounts must be non-negative");
    std::optional<int64_t> padded = llvm::checkedAdd(dim, before);
    if (padded)
      padded = llvm::checkedAdd(*padded, after);
    if (!padded)
      return emitTooLarge(loc, "padded axis");
    shape.push_back(*padded);
  }
  if (!getElementCount(shape))
    return emitTooLarge(loc, "padded shape " + formatShape(shape));
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult ShrinkOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ArrayRef<int64_t> starts = adaptor.getStarts(), ends = adaptor.getEnds();
  if (static_cast<int64_t>(starts.size()) != src->getRank() ||
      static_cast<int64_t>(ends.size()) != src->getRank())
    return emitOptionalError(loc, "shrink needs one start and one end per "
                                  "axis of ",
                             formatShape(src->getShape()));
  SmallVector<int64_t> shape;
  for (auto [axis, bounds] : llvm::enumerate(llvm::zip_equal(starts, ends))) {
    auto [start, end] = bounds;
    int64_t dim = src->getDimSize(axis);
    if (start < 0 || start > end || end > dim)
      return emitOptionalError(loc, "shrink of axis ", axis, " to [", start,
                               ", ", end, ") is out of range for size ", dim);
    shape.push_back(end - start);
  }
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult FlipOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src) ||
      failed(verifyAxes(loc, adaptor.getAxes(), src->getRank(), "flip")))
    return failure();
  results.push_back(*src);
  return success();
}

LogicalResult IndexOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  ValueRange indices = adaptor.getIndices();
  if (src->getRank() == 0)
    return emitOptionalError(loc, "cannot index a scalar source");
  if (indices.empty() || static_cast<int64_t>(indices.size()) > src->getRank())
    return emitOptionalError(loc, "expected 1 to ", src->getRank(),
                             " index tensors for source ",
                             formatShape(src->getShape()), ", got ",
                             indices.size());
  FailureOr<RankedTensorType> indexShape = broadcast(loc, indices);
  if (failed(indexShape))
    return failure();
  if (indexShape->getEncoding() != src->getEncoding())
    return emitOptionalError(loc, "indices and source are on different "
                                  "devices");
  SmallVector<int64_t> shape(indexShape->getShape());
  llvm::append_range(shape, src->getShape().drop_front(indices.size()));
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult StackOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  ValueRange srcs = adaptor.getSrcs();
  if (srcs.empty())
    return emitOptionalError(loc, "stack needs at least one operand");
  FailureOr<RankedTensorType> first = getTinyTensor(loc, srcs.front(), "operand");
  if (failed(first))
    return failure();
  SmallVector<int64_t> shape = {static_cast<int64_t>(srcs.size())};
  llvm::append_range(shape, first->getShape());
  results.push_back(withShape(*first, shape));
  return success();
}

LogicalResult StackOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  return success();
}

LogicalResult BitcastOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  Type dtype = adaptor.getDtype();
  if (failed(src))
    return failure();
  if (failed(checkDType(loc, dtype)))
    return failure();
  int64_t from = getDTypeByteSize(src->getElementType());
  int64_t to = getDTypeByteSize(dtype);
  SmallVector<int64_t> shape(src->getShape());
  if (from != to) {
    if (shape.empty())
      return emitOptionalError(loc, "bitcast of a scalar ",
                               src->getElementType(), " to ", dtype,
                               " changes its byte size");
    std::optional<int64_t> checkedBytes = llvm::checkedMul(shape.back(), from);
    if (!checkedBytes)
      return emitTooLarge(loc, "bitcast");
    int64_t bytes = *checkedBytes;
    if (bytes % to != 0)
      return emitOptionalError(loc, "bitcast ", *src, " to ", dtype,
                               ": last axis of ", bytes,
                               " bytes is not a multiple of ", to);
    shape.back() = bytes / to;
  }
  results.push_back(RankedTensorType::get(shape, dtype, src->getEncoding()));
  return success();
}

LogicalResult UnshardOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  DeviceAttr device = getDevice(*src);
  if (!device || !device.isMulti())
    return emitOptionalError(loc, "unshard needs a value on a device tuple, "
                                  "got ",
                             *src);
  int64_t axis = adaptor.getAxis();
  if (axis < 0 || axis >= src->getRank())
    return emitOptionalError(loc, "unshard axis ", axis,
                             " is out of range for rank ", src->getRank());
  SmallVector<int64_t> shape(src->getShape());
  std::optional<int64_t> full = llvm::checkedMul<int64_t>(
      shape[axis], static_cast<int64_t>(device.getNumDevices()));
  if (!full)
    return emitTooLarge(loc, "unsharded axis");
  shape[axis] = *full;
  results.push_back(withShape(*src, shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Reduce and cast
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src) ||
      failed(verifyAxes(loc, adaptor.getAxes(), src->getRank(), "reduce")))
    return failure();
  SmallVector<int64_t> shape(src->getShape());
  for (int64_t axis : adaptor.getAxes())
    shape[axis] = 1;
  results.push_back(withShape(*src, shape));
  return success();
}

LogicalResult CastOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  Type dtype = adaptor.getDtype();
  if (failed(src))
    return failure();
  if (failed(checkDType(loc, dtype)))
    return failure();
  results.push_back(
      RankedTensorType::get(src->getShape(), dtype, src->getEncoding()));
  return success();
}

//===----------------------------------------------------------------------===//
// Call ops
//===----------------------------------------------------------------------===//

LogicalResult FunctionOp::verify() {
  Block &body = getBody().front();
  if (body.empty() || !isa<ReturnOp>(body.back()))
    return emitOpError("body must end with tiny.return");
  // One slot is one input buffer, so its params agree on its type.
  DenseMap<int64_t, ParamOp> firstOfSlot;
  WalkResult result = walk([&](ParamOp param) {
    auto [it, inserted] = firstOfSlot.try_emplace(param.getSlot(), param);
    if (inserted || it->second.getType() == param.getType())
      return WalkResult::advance();
    InFlightDiagnostic diag = param.emitOpError("slot ")
                              << param.getSlot() << " is declared as "
                              << it->second.getType() << " and as "
                              << param.getType();
    diag.attachNote(it->second.getLoc()) << "first declared here";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

SmallVector<ParamOp> mlir::tiny::getParamsInSlotOrder(FunctionOp function) {
  std::map<int64_t, ParamOp> firstOfSlot;
  function.walk(
      [&](ParamOp param) { firstOfSlot.try_emplace(param.getSlot(), param); });
  return llvm::to_vector(llvm::make_second_range(firstOfSlot));
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FunctionOp>((*this)->getParentOp());
  if (getValue().getType() != function.getResultType())
    return emitOpError("returns ")
           << getValue().getType() << " but @" << function.getSymName()
           << " returns " << function.getResultType();
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto function =
      symbolTable.lookupNearestSymbolFrom<FunctionOp>(*this, getCalleeAttr());
  if (!function)
    return emitOpError("'") << getCallee() << "' is not a tiny.function";
  if (function.getResultType() != getResult().getType())
    return emitOpError("result type ")
           << getResult().getType() << " differs from @" << getCallee()
           << "'s result type " << function.getResultType();
  return success();
}

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  results.push_back(
      TupleType::get(context, TypeRange(adaptor.getElements().getTypes())));
  return success();
}

LogicalResult GetTupleOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  auto tuple = adaptor.getTuple()
                   ? dyn_cast<TupleType>(adaptor.getTuple().getType())
                   : TupleType();
  if (!tuple)
    return emitOptionalError(loc, "expected a tuple operand");
  std::string container;
  llvm::raw_string_ostream(container) << tuple;
  if (failed(checkIndex(loc, adaptor.getIndexAttr(), tuple.size(), "index",
                        container)))
    return failure();
  results.push_back(tuple.getType(adaptor.getIndex()));
  return success();
}

// gettuple(tuple(x0, ..., xn), i) -> xi
OpFoldResult GetTupleOp::fold(FoldAdaptor) {
  if (auto tuple = getTuple().getDefiningOp<TupleOp>())
    return tuple.getElements()[getIndex()];
  return {};
}

LogicalResult CustomFunctionOp::verify() {
  if (getName().empty())
    return emitOpError("needs a function name");
  return success();
}

//===----------------------------------------------------------------------===//
// CustomKernelOp
//===----------------------------------------------------------------------===//

LogicalResult CustomKernelOp::inferReturnTypes(MLIRContext *context,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  llvm::append_range(results, adaptor.getArgs().getTypes());
  return success();
}

LogicalResult CustomKernelOp::verify() {
  if (getName().empty())
    return emitOpError("needs a kernel name");
  if (getArgs().empty())
    return emitOpError("needs at least one buffer for the kernel to write");
  Block &body = getBody().front();
  if (body.getNumArguments() != getArgs().size())
    return emitOpError("has ")
           << body.getNumArguments() << " buffers in its body for "
           << getArgs().size() << " arguments";
  for (auto [i, arg, buffer] :
       llvm::enumerate(getArgs(), body.getArguments())) {
    // The flat buffer of the argument, as -tiny-rangeify stores it.
    auto type = cast<RankedTensorType>(arg.getType());
    Type element = type.getElementType();
    if (auto integer = dyn_cast<IntegerType>(element))
      element = IntegerType::get(getContext(), integer.getWidth());
    auto expected = MemRefType::get({type.getNumElements()}, element);
    if (buffer.getType() != expected)
      return emitOpError("buffer #")
             << i << " must be " << expected << " (the flat buffer of " << type
             << "), not " << buffer.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement ops
//===----------------------------------------------------------------------===//

/// The source tensor's type moved to `device`.
static LogicalResult inferOnDevice(std::optional<Location> loc, Value src,
                                   DeviceAttr device,
                                   SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = getTinyTensor(loc, src, "source");
  if (failed(type))
    return failure();
  if (!device)
    return emitOptionalError(loc, "expected a target device");
  results.push_back(RankedTensorType::get(type->getShape(),
                                          type->getElementType(), device));
  return success();
}

LogicalResult CopyOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferOnDevice(loc, adaptor.getSrc(), adaptor.getDevice(), results);
}

LogicalResult CopyOp::verify() {
  std::optional<uint64_t> shard = getShard();
  if (!shard)
    return success();
  DeviceAttr target = getDevice();
  if (!target.isMulti())
    return emitOpError("shards onto one device; shard onto a tuple of "
                       "devices");
  if (DeviceAttr source = tiny::getDevice(getSrc().getType());
      source && source.isMulti())
    return emitOpError("shards a value that is on a device tuple already");
  ArrayRef<int64_t> shape = getTensorType(getSrc()).getShape();
  int64_t axis = static_cast<int64_t>(*shard);
  if (axis >= static_cast<int64_t>(shape.size()))
    return emitOpError("shard axis ")
           << axis << " is out of range for a rank-" << shape.size()
           << " value";
  int64_t shards = target.getNumDevices();
  if (shape[axis] % shards != 0)
    return emitOpError("axis ")
           << axis << " of length " << shape[axis] << " does not split into "
           << shards << " equal shards";
  return success();
}

LogicalResult LoadOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferOnDevice(loc, adaptor.getSrc(), adaptor.getDevice(), results);
}

LogicalResult StageOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src =
      getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  if (!adaptor.getDevice())
    return emitOptionalError(loc, "expected a target device");
  // The ranges' extents, then the source's shape.
  SmallVector<int64_t> shape(adaptor.getExtents());
  for (auto [i, extent] : llvm::enumerate(shape))
    if (extent <= 0)
      return emitOptionalError(loc, "range #", i, " has extent ", extent,
                               ": extents must be positive");
  llvm::append_range(shape, src->getShape());
  if (!getElementCount(shape))
    return emitTooLarge(loc, "stage");
  results.push_back(
      RankedTensorType::get(shape, src->getElementType(), adaptor.getDevice()));
  return success();
}

LogicalResult StageOp::verify() {
  ArrayRef<int64_t> extents = getExtents();
  if (extents.size() != getRanges().size())
    return emitOpError("has ") << getRanges().size() << " ranges but "
                               << extents.size() << " extents";
  for (auto [i, range, extent] : llvm::enumerate(getRanges(), extents)) {
    // A range is the induction variable of the tiny.k.range it closes.
    auto argument = dyn_cast<BlockArgument>(range);
    auto loop =
        argument
            ? dyn_cast_or_null<k::RangeOp>(argument.getOwner()->getParentOp())
            : k::RangeOp();
    if (!loop || argument != loop.getInductionVar())
      return emitOpError("range #")
             << i << " is not the induction variable of a tiny.k.range";
    if (llvm::is_contained(getRanges().take_front(i), range))
      return emitOpError("range #") << i << " closes a range twice";
    APInt bound;
    if (matchPattern(loop.getBound(), m_ConstantInt(&bound)) &&
        bound.getSExtValue() != extent)
      return emitOpError("range #") << i << " runs to " << bound.getSExtValue()
                                    << " but its extent is " << extent;
  }
  return success();
}

LogicalResult MStackOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ValueRange srcs = adaptor.getSrcs();
  if (srcs.size() < 2)
    return emitOptionalError(loc, "mstack needs a value for each of at least "
                                  "two devices");
  SmallVector<StringAttr> names;
  RankedTensorType first;
  for (auto [i, src] : llvm::enumerate(srcs)) {
    FailureOr<RankedTensorType> type =
        getTinyTensor(loc, src, "operand #" + std::to_string(i));
    if (failed(type))
      return failure();
    DeviceAttr device = getDevice(*type);
    if (!device || device.isMulti())
      return emitOptionalError(loc, "operand #", i,
                               " must be on a single device, got ", *type);
    if (!first)
      first = *type;
    if (type->getShape() != first.getShape() ||
        type->getElementType() != first.getElementType())
      return emitOptionalError(loc, "operand #", i, " ", *type,
                               " differs in shape or dtype from ", first);
    StringAttr name = device.getNames().front();
    if (llvm::is_contained(names, name))
      return emitOptionalError(loc, "device '", name.getValue(),
                               "' has more than one value in the mstack");
    names.push_back(name);
  }
  results.push_back(RankedTensorType::get(
      first.getShape(), first.getElementType(), DeviceAttr::get(context, ArrayRef<StringAttr>(names))));
  return success();
}

LogicalResult MSelectOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> src = getTinyTensor(loc, adaptor.getSrc(), "source");
  if (failed(src))
    return failure();
  DeviceAttr device = getDevice(*src);
  if (!device || !device.isMulti())
    return emitOptionalError(loc, "mselect needs a value on a device tuple");
  if (failed(checkIndex(loc, adaptor.getIndexAttr(), device.getNumDevices(),
                        "device index",
                        Twine(device.getNumDevices()) + " devices")))
    return failure();
  uint64_t index = adaptor.getIndex();
  results.push_back(RankedTensorType::get(src->getShape(),
                                          src->getElementType(),
                                          device.getDeviceAt(index)));
  return success();
}

LogicalResult AfterOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  return inferSameAsFirst(loc, adaptor.getOperands(), results);
}

LogicalResult AfterOp::verify() {
  if (getDeps().empty())
    return emitOpError("needs at least one dependency to order after");
  return success();
}

#define GET_OP_CLASSES
#include "dialects/tiny/IR/TinyOps.cpp.inc"
