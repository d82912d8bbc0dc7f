//===- TinyMovementIndexing.cpp - index maps of tiny movement ops ---------===//
//
// Tiny_MovementOpInterface for reshape, permute, expand, pad, shrink and
// flip: each view's map from result indices to source indices (and back),
// stated once, on constants, on `index` SSA values and as tensor ops.
// Rangeify's kernel code, -tiny-remove-views and the multi-device rewrites
// read the maps from here.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tiny;

static ArrayRef<int64_t> getShapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// True when `op`'s result has its source's type: the view moves nothing.
static bool isIdentityView(Operation *op) {
  return op->getOperand(0).getType() == op->getResult(0).getType();
}

/// x - c, or x when c is 0.
static Value buildSub(OpBuilder &builder, Location loc, Value x, int64_t c,
                      IndexConstantFn getConstant) {
  if (c == 0)
    return x;
  return arith::SubIOp::create(builder, loc, x, getConstant(c));
}

/// x + c, or x when c is 0.
static Value buildAdd(OpBuilder &builder, Location loc, Value x, int64_t c,
                      IndexConstantFn getConstant) {
  if (c == 0)
    return x;
  return arith::AddIOp::create(builder, loc, x, getConstant(c));
}

/// `index` when it is below `bound` as an unsigned number (so neither
/// negative nor past the end), else 0; `valid` is and-ed with that test.
static Value buildInBounds(OpBuilder &builder, Location loc, Value index,
                           int64_t bound, IndexConstantFn getConstant,
                           Value &valid) {
  Value inBounds = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, index, getConstant(bound));
  valid = valid ? arith::AndIOp::create(builder, loc, valid, inBounds)
                      .getResult()
                : inBounds;
  return arith::SelectOp::create(builder, loc, inBounds, index,
                                 getConstant(0));
}

//===----------------------------------------------------------------------===//
// ReshapeOp: the same row-major flat position in the other shape
//===----------------------------------------------------------------------===//

/// The indices in `toShape` of the element at `indices` in `fromShape`, of
/// as many elements.
static SmallVector<Value> buildReshapedIndices(OpBuilder &builder,
                                               Location loc, ValueRange indices,
                                               ArrayRef<int64_t> fromShape,
                                               ArrayRef<int64_t> toShape,
                                               IndexConstantFn getConstant) {
  // When only unit axes differ, the non-unit indices carry over.
  SmallVector<int64_t> fromAxes, toAxes;
  for (auto [i, d] : llvm::enumerate(fromShape))
    if (d != 1)
      fromAxes.push_back(i);
  for (auto [i, d] : llvm::enumerate(toShape))
    if (d != 1)
      toAxes.push_back(i);
  bool unitOnly =
      fromAxes.size() == toAxes.size() &&
      llvm::all_of(llvm::seq<size_t>(0, fromAxes.size()), [&](size_t k) {
        return fromShape[fromAxes[k]] == toShape[toAxes[k]];
      });
  if (unitOnly) {
    SmallVector<Value> result(toShape.size(), getConstant(0));
    for (auto [to, from] : llvm::zip(toAxes, fromAxes))
      result[to] = indices[from];
    return result;
  }
  Value flat = buildLinearIndex(builder, loc, indices, fromShape, getConstant);
  SmallVector<Value> result(toShape.size());
  int64_t stride = 1;
  for (int64_t axis = toShape.size() - 1; axis >= 0; --axis) {
    Value index = flat;
    if (stride != 1)
      index = arith::DivUIOp::create(builder, loc, index, getConstant(stride));
    if (axis != 0)
      index = arith::RemUIOp::create(builder, loc, index,
                                     getConstant(toShape[axis]));
    result[axis] = toShape[axis] == 1 ? getConstant(0) : index;
    stride *= toShape[axis];
  }
  return result;
}

std::optional<SmallVector<int64_t>>
ReshapeOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  return getDelinearizedIndex(getLinearIndex(resultIndex, getShape()),
                              getShapeOf(getSrc()));
}

std::optional<SmallVector<int64_t>>
ReshapeOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  return getDelinearizedIndex(
      getLinearIndex(sourceIndex, getShapeOf(getSrc())), getShape());
}

SmallVector<Value> ReshapeOp::buildSourceIndices(OpBuilder &builder,
                                                 Location loc,
                                                 ValueRange resultIndices,
                                                 IndexConstantFn getConstant,
                                                 Value &valid) {
  return buildReshapedIndices(builder, loc, resultIndices, getShape(),
                              getShapeOf(getSrc()), getConstant);
}

FailureOr<SmallVector<Value>>
ReshapeOp::buildResultIndices(OpBuilder &builder, Location loc,
                              ValueRange sourceIndices,
                              IndexConstantFn getConstant, Value &valid) {
  return buildReshapedIndices(builder, loc, sourceIndices,
                              getShapeOf(getSrc()), getShape(), getConstant);
}

Value ReshapeOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return ReshapeOp::create(builder, loc, source, getShape());
}

Value ReshapeOp::createInverseOn(OpBuilder &builder, Location loc,
                                 Value value) {
  return ReshapeOp::create(builder, loc, value, getShapeOf(getSrc()));
}

//===----------------------------------------------------------------------===//
// PermuteOp: result axis i is source axis order[i]
//===----------------------------------------------------------------------===//

/// `index` with its entries moved from result axes to source axes.
template <typename T>
static SmallVector<T> permuteToSource(ArrayRef<T> index,
                                      ArrayRef<int64_t> order) {
  SmallVector<T> result(index.size());
  for (auto [i, axis] : llvm::enumerate(order))
    result[axis] = index[i];
  return result;
}

/// `index` with its entries moved from source axes to result axes.
template <typename T>
static SmallVector<T> permuteToResult(ArrayRef<T> index,
                                      ArrayRef<int64_t> order) {
  SmallVector<T> result;
  for (int64_t axis : order)
    result.push_back(index[axis]);
  return result;
}

std::optional<SmallVector<int64_t>>
PermuteOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  return permuteToSource(resultIndex, getOrder());
}

std::optional<SmallVector<int64_t>>
PermuteOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  return permuteToResult(sourceIndex, getOrder());
}

SmallVector<Value> PermuteOp::buildSourceIndices(OpBuilder &builder,
                                                 Location loc,
                                                 ValueRange resultIndices,
                                                 IndexConstantFn getConstant,
                                                 Value &valid) {
  SmallVector<Value> indices(resultIndices);
  return permuteToSource(ArrayRef<Value>(indices), getOrder());
}

FailureOr<SmallVector<Value>>
PermuteOp::buildResultIndices(OpBuilder &builder, Location loc,
                              ValueRange sourceIndices,
                              IndexConstantFn getConstant, Value &valid) {
  SmallVector<Value> indices(sourceIndices);
  return permuteToResult(ArrayRef<Value>(indices), getOrder());
}

Value PermuteOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return PermuteOp::create(builder, loc, source, getOrder());
}

Value PermuteOp::createInverseOn(OpBuilder &builder, Location loc,
                                 Value value) {
  SmallVector<int64_t> axes = llvm::to_vector(
      llvm::seq<int64_t>(0, static_cast<int64_t>(getOrder().size())));
  return PermuteOp::create(builder, loc, value,
                           permuteToSource(ArrayRef<int64_t>(axes),
                                           getOrder()));
}

//===----------------------------------------------------------------------===//
// ExpandOp: a unit source axis is read at 0
//===----------------------------------------------------------------------===//

/// True when some unit axis of the source grows: then a source element is
/// several result elements, and the map has no inverse.
static bool broadcasts(ExpandOp op) {
  for (auto [from, to] : llvm::zip_equal(getShapeOf(op.getSrc()),
                                         op.getShape()))
    if (from != to)
      return true;
  return false;
}

std::optional<SmallVector<int64_t>>
ExpandOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  SmallVector<int64_t> index;
  for (auto [i, dim] : llvm::zip_equal(resultIndex, getShapeOf(getSrc())))
    index.push_back(dim == 1 ? 0 : i);
  return index;
}

std::optional<SmallVector<int64_t>>
ExpandOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  if (broadcasts(*this))
    return std::nullopt;
  return llvm::to_vector(sourceIndex);
}

SmallVector<Value> ExpandOp::buildSourceIndices(OpBuilder &builder,
                                                Location loc,
                                                ValueRange resultIndices,
                                                IndexConstantFn getConstant,
                                                Value &valid) {
  SmallVector<Value> indices;
  for (auto [index, dim] : llvm::zip_equal(resultIndices,
                                           getShapeOf(getSrc())))
    indices.push_back(dim == 1 ? getConstant(0) : index);
  return indices;
}

FailureOr<SmallVector<Value>>
ExpandOp::buildResultIndices(OpBuilder &builder, Location loc,
                             ValueRange sourceIndices,
                             IndexConstantFn getConstant, Value &valid) {
  if (broadcasts(*this))
    return failure();
  return SmallVector<Value>(sourceIndices);
}

Value ExpandOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return ExpandOp::create(builder, loc, source, getShape());
}

Value ExpandOp::createInverseOn(OpBuilder &builder, Location loc,
                                Value value) {
  return isIdentityView(*this) ? value : Value();
}

//===----------------------------------------------------------------------===//
// PadOp: result index i is source index i - low, zero outside the source
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
PadOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  SmallVector<int64_t> index;
  for (auto [i, low, dim] :
       llvm::zip_equal(resultIndex, getLow(), getShapeOf(getSrc()))) {
    if (i < low || i - low >= dim)
      return std::nullopt;
    index.push_back(i - low);
  }
  return index;
}

std::optional<SmallVector<int64_t>>
PadOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  SmallVector<int64_t> index;
  for (auto [i, low] : llvm::zip_equal(sourceIndex, getLow()))
    index.push_back(i + low);
  return index;
}

SmallVector<Value> PadOp::buildSourceIndices(OpBuilder &builder, Location loc,
                                             ValueRange resultIndices,
                                             IndexConstantFn getConstant,
                                             Value &valid) {
  ArrayRef<int64_t> srcShape = getShapeOf(getSrc());
  SmallVector<Value> indices;
  for (auto [axis, index] : llvm::enumerate(resultIndices)) {
    int64_t low = getLow()[axis];
    if (low == 0 && getHigh()[axis] == 0) {
      indices.push_back(index);
      continue;
    }
    // index - low is in the source when it is below the size as an
    // unsigned number (below low it wraps around).
    Value shifted = buildSub(builder, loc, index, low, getConstant);
    indices.push_back(buildInBounds(builder, loc, shifted, srcShape[axis],
                                    getConstant, valid));
  }
  return indices;
}

FailureOr<SmallVector<Value>>
PadOp::buildResultIndices(OpBuilder &builder, Location loc,
                          ValueRange sourceIndices,
                          IndexConstantFn getConstant, Value &valid) {
  SmallVector<Value> indices;
  for (auto [index, low] : llvm::zip_equal(sourceIndices, getLow()))
    indices.push_back(buildAdd(builder, loc, index, low, getConstant));
  return indices;
}

Value PadOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return PadOp::create(builder, loc, source, getLow(), getHigh());
}

Value PadOp::createInverseOn(OpBuilder &builder, Location loc, Value value) {
  return isIdentityView(*this) ? value : Value();
}

//===----------------------------------------------------------------------===//
// ShrinkOp: result index i is source index i + start
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
ShrinkOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  SmallVector<int64_t> index;
  for (auto [i, start] : llvm::zip_equal(resultIndex, getStarts()))
    index.push_back(i + start);
  return index;
}

std::optional<SmallVector<int64_t>>
ShrinkOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  SmallVector<int64_t> index;
  for (auto [i, start, end] :
       llvm::zip_equal(sourceIndex, getStarts(), getEnds())) {
    if (i < start || i >= end)
      return std::nullopt;
    index.push_back(i - start);
  }
  return index;
}

SmallVector<Value> ShrinkOp::buildSourceIndices(OpBuilder &builder,
                                                Location loc,
                                                ValueRange resultIndices,
                                                IndexConstantFn getConstant,
                                                Value &valid) {
  SmallVector<Value> indices;
  for (auto [index, start] : llvm::zip_equal(resultIndices, getStarts()))
    indices.push_back(buildAdd(builder, loc, index, start, getConstant));
  return indices;
}

FailureOr<SmallVector<Value>>
ShrinkOp::buildResultIndices(OpBuilder &builder, Location loc,
                             ValueRange sourceIndices,
                             IndexConstantFn getConstant, Value &valid) {
  ArrayRef<int64_t> srcShape = getShapeOf(getSrc());
  SmallVector<Value> indices;
  for (auto [axis, index] : llvm::enumerate(sourceIndices)) {
    int64_t start = getStarts()[axis], end = getEnds()[axis];
    if (start == 0 && end == srcShape[axis]) {
      indices.push_back(index);
      continue;
    }
    Value shifted = buildSub(builder, loc, index, start, getConstant);
    indices.push_back(
        buildInBounds(builder, loc, shifted, end - start, getConstant, valid));
  }
  return indices;
}

Value ShrinkOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return ShrinkOp::create(builder, loc, source, getStarts(), getEnds());
}

Value ShrinkOp::createInverseOn(OpBuilder &builder, Location loc,
                                Value value) {
  return isIdentityView(*this) ? value : Value();
}

//===----------------------------------------------------------------------===//
// FlipOp: index i of a flipped axis of size n is n - 1 - i; its own inverse
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
FlipOp::getSourceIndex(ArrayRef<int64_t> resultIndex) {
  SmallVector<int64_t> index(resultIndex);
  ArrayRef<int64_t> shape = getType().getShape();
  for (int64_t axis : getAxes())
    index[axis] = shape[axis] - 1 - resultIndex[axis];
  return index;
}

std::optional<SmallVector<int64_t>>
FlipOp::getResultIndex(ArrayRef<int64_t> sourceIndex) {
  return getSourceIndex(sourceIndex);
}

SmallVector<Value> FlipOp::buildSourceIndices(OpBuilder &builder,
                                              Location loc,
                                              ValueRange resultIndices,
                                              IndexConstantFn getConstant,
                                              Value &valid) {
  ArrayRef<int64_t> shape = getType().getShape();
  SmallVector<Value> indices(resultIndices);
  for (int64_t axis : getAxes())
    indices[axis] = arith::SubIOp::create(
        builder, loc, getConstant(shape[axis] - 1), resultIndices[axis]);
  return indices;
}

FailureOr<SmallVector<Value>>
FlipOp::buildResultIndices(OpBuilder &builder, Location loc,
                           ValueRange sourceIndices,
                           IndexConstantFn getConstant, Value &valid) {
  return buildSourceIndices(builder, loc, sourceIndices, getConstant, valid);
}

Value FlipOp::createOn(OpBuilder &builder, Location loc, Value source) {
  return FlipOp::create(builder, loc, source, getAxes());
}

Value FlipOp::createInverseOn(OpBuilder &builder, Location loc, Value value) {
  return FlipOp::create(builder, loc, value, getAxes());
}
