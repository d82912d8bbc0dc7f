//===- RangeifyKernelBody.cpp - scalar code of a kernel -------------------===//
//
// KernelBodyEmitter: the scalar code that computes a tensor value at the
// indices of a kernel's loops. Movement ops become their index maps
// (Tiny_MovementOpInterface) and, for a pad, a validity mask; a reduce
// becomes REDUCE ranges carrying an accumulator; a gather, a stack and a
// bitcast their own index arithmetic; elementwise ops scalar ALU ops.
// Values already in buffers are loaded.
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "passes/Elementwise.h"
#include "passes/ScalarAlu.h"
#include "passes/Threefry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

Value KernelBodyEmitter::linearize(Location loc, ArrayRef<Value> indices,
                                   ArrayRef<int64_t> shape) {
  return buildLinearIndex(b, loc, indices, shape,
                          [&](int64_t c) { return indexConst(loc, c); });
}

Value KernelBodyEmitter::getKernelBuffer(Value buffer) {
  auto global = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!global)
    return buffer;
  Value &local = kernelGlobals[buffer];
  if (!local) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBody);
    local = memref::GetGlobalOp::create(b, global.getLoc(), global.getType(),
                                        global.getNameAttr());
  }
  return local;
}

Value KernelBodyEmitter::loadBuffer(Location loc, Value buffer,
                                    ArrayRef<Value> indices,
                                    ArrayRef<int64_t> shape) {
  Value offset = linearize(loc, indices, shape);
  Value ptr =
      k::IndexOp::create(b, loc, getKernelBuffer(buffer), ValueRange{offset});
  return k::LoadOp::create(b, loc, ptr, /*gate=*/Value(), /*alt=*/Value());
}

SmallVector<Value>
KernelBodyEmitter::broadcastIndices(Location loc, ArrayRef<Value> indices,
                                    ArrayRef<int64_t> shape) {
  SmallVector<Value> result;
  size_t offset = indices.size() - shape.size();
  for (auto [axis, dim] : llvm::enumerate(shape))
    result.push_back(dim == 1 ? indexConst(loc, 0) : indices[offset + axis]);
  return result;
}

Value KernelBodyEmitter::zeroOf(Location loc, Type dtype) {
  return createReduceIdentity(b, loc, ReduceKind::Add, dtype);
}

bool KernelBodyEmitter::isAvailable(Value value) {
  Block *block = b.getInsertionBlock();
  // The op of `block` that code at the insertion point comes before (null:
  // the block's end).
  Operation *anchor =
      b.getInsertionPoint() == block->end() ? nullptr : &*b.getInsertionPoint();
  Block *defBlock = value.getParentBlock();
  while (block != defBlock) {
    Operation *parent = block->getParentOp();
    if (!parent || !parent->getBlock())
      return false;
    anchor = parent;
    block = parent->getBlock();
  }
  Operation *def = value.getDefiningOp();
  return !def || !anchor || def->isBeforeInBlock(anchor);
}

FailureOr<Value> KernelBodyEmitter::emit(Value value,
                                         ArrayRef<Value> indices) {
  CacheKey key{value, SmallVector<Value, 4>(indices)};
  // A row value computed outside the ranges, or a value cached in a range
  // that a row value's code is emitted before, is reused where it is
  // defined before the insertion point only.
  for (Cache &scope : llvm::reverse(scopes))
    if (Value cached = scope.lookup(key); cached && isAvailable(cached))
      return cached;
  FailureOr<Value> result = rows.values.contains(value) && !buffers.count(value)
                                ? emitRowValue(value, indices)
                                : compute(value, indices);
  if (succeeded(result))
    scopes.back()[key] = *result;
  return result;
}

/// Whether `index` is defined inside `range`: its induction variable or
/// code in its body (taken to vary along it, though the code computing
/// the index of a reshape may not).
static bool isDefinedIn(Value index, k::RangeOp range) {
  Operation *def = index.getDefiningOp();
  if (!def)
    def = index.getParentBlock()->getParentOp();
  return range->isAncestor(def);
}

FailureOr<Value> KernelBodyEmitter::emitRowValue(Value value,
                                                 ArrayRef<Value> indices) {
  // The ranges around the insertion point, innermost first, that no index is
  // defined in: the row value is computed before the outermost of them, once
  // per iteration of the ranges around it (`trips` in all).
  k::RangeOp outermost;
  uint64_t trips = 1;
  bool placed = true;
  for (Operation *op = b.getInsertionBlock()->getParentOp(); op;
       op = op->getParentOp()) {
    auto range = dyn_cast<k::RangeOp>(op);
    if (!range)
      break;
    bool varies = llvm::any_of(
        indices, [&](Value index) { return isDefinedIn(index, range); });
    if (!varies && placed) {
      outermost = range;
      continue;
    }
    placed = false;
    std::optional<int64_t> bound = getConstantIntValue(range.getBound());
    if (!bound) {
      trips = UINT64_MAX;
      break;
    }
    trips = llvm::SaturatingMultiply(trips, static_cast<uint64_t>(*bound));
  }
  // Computed more times than it has elements, it is a reduction computed
  // again for each element of a row: it gets a buffer instead.
  if (!placeRows ||
      trips > static_cast<uint64_t>(getTensorType(value).getNumElements())) {
    rows.unplaced.push_back(value);
    return failure();
  }
  if (!outermost)
    return compute(value, indices);

  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(outermost);
  return compute(value, indices);
}

FailureOr<Value> KernelBodyEmitter::emitReduce(ReduceOp reduce,
                                               ArrayRef<Value> indices) {
  Location loc = reduce.getLoc();
  Type dtype = getTensorType(reduce.getSrc()).getElementType();
  // Half floats accumulate in f32, as tinygrad's sum does.
  Type accType = isa<Float16Type, BFloat16Type>(dtype) ? b.getF32Type() : dtype;
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  SmallVector<int64_t> axes(reduce.getAxes());
  llvm::sort(axes);
  SmallVector<Value> srcIndices(indices);
  hasReduce = true;

  std::function<FailureOr<Value>(size_t, Value)> build =
      [&](size_t level, Value init) -> FailureOr<Value> {
    auto range = k::RangeOp::create(b, loc, AxisType::Reduce,
                                    indexConst(loc, srcShape[axes[level]]),
                                    ValueRange{init});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&range.getBody().front());
    scopes.emplace_back();
    srcIndices[axes[level]] = range.getInductionVar();
    Value acc = range.getRegionIterArgs()[0];
    FailureOr<Value> next = failure();
    if (level + 1 < axes.size()) {
      next = build(level + 1, acc);
    } else {
      FailureOr<Value> element = emit(reduce.getSrc(), srcIndices);
      if (succeeded(element)) {
        Value wide = createScalarCast(b, loc, *element, dtype, accType);
        next = createReduceCombine(b, loc, reduce.getKind(), accType, acc,
                                   wide);
      }
    }
    scopes.pop_back();
    if (failed(next))
      return failure();
    k::EndOp::create(b, loc, ValueRange{*next});
    return range.getResult(0);
  };

  if (axes.empty())
    return emit(reduce.getSrc(), indices);
  Value init = createReduceIdentity(b, loc, reduce.getKind(), accType);
  FailureOr<Value> total = build(0, init);
  if (failed(total))
    return failure();
  return createScalarCast(b, loc, *total, accType, dtype);
}

FailureOr<Value> KernelBodyEmitter::emitGather(IndexOp gather,
                                               ArrayRef<Value> indices) {
  Location loc = gather.getLoc();
  ArrayRef<int64_t> srcShape = getTensorType(gather.getSrc()).getShape();
  size_t numIndexed = gather.getIndices().size();
  size_t batchRank = getTensorType(gather.getResult()).getRank() -
                     (srcShape.size() - numIndexed);
  ArrayRef<Value> batch = indices.take_front(batchRank);
  SmallVector<Value> srcIndices;
  Value valid;
  for (auto [axis, indexTensor] : llvm::enumerate(gather.getIndices())) {
    RankedTensorType type = getTensorType(indexTensor);
    FailureOr<Value> raw =
        emit(indexTensor, broadcastIndices(loc, batch, type.getShape()));
    if (failed(raw))
      return failure();
    Value index =
        type.getElementType().isUnsignedInteger()
            ? arith::IndexCastUIOp::create(b, loc, b.getIndexType(), *raw)
                  .getResult()
            : arith::IndexCastOp::create(b, loc, b.getIndexType(), *raw)
                  .getResult();
    // An index outside the axis reads zero instead of stray memory (a
    // negative one wraps to a large unsigned value).
    Value inBounds =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                              indexConst(loc, srcShape[axis]));
    valid = valid ? arith::AndIOp::create(b, loc, valid, inBounds).getResult()
                  : inBounds;
    srcIndices.push_back(arith::SelectOp::create(b, loc, inBounds, index,
                                                 indexConst(loc, 0)));
  }
  llvm::append_range(srcIndices, indices.drop_front(batchRank));
  FailureOr<Value> element = emit(gather.getSrc(), srcIndices);
  if (failed(element))
    return failure();
  Type dtype = getTensorType(gather.getResult()).getElementType();
  return arith::SelectOp::create(b, loc, valid, *element, zeroOf(loc, dtype))
      .getResult();
}

// Bytes are little-endian, as on every target tinygrad runs on: element j of
// a narrower result is bits [w*(j%r), w*(j%r+1)) of element j/r of the
// source, and a wider result packs r consecutive source elements.
FailureOr<Value> KernelBodyEmitter::emitBitcast(BitcastOp bitcast,
                                                ArrayRef<Value> indices) {
  Location loc = bitcast.getLoc();
  Type from = getTensorType(bitcast.getSrc()).getElementType();
  Type to = getTensorType(bitcast.getResult()).getElementType();
  if (from.isInteger(1) || to.isInteger(1))
    return bitcast.emitOpError("of a bool (i1) is not supported by rangeify "
                               "yet");
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  auto asBits = [&](Value value, unsigned width) -> Value {
    Type bits = b.getIntegerType(width);
    return value.getType() == bits
               ? value
               : arith::BitcastOp::create(b, loc, bits, value).getResult();
  };
  auto fromBits = [&](Value value) -> Value {
    Type storage = getStorageType(to);
    return value.getType() == storage
               ? value
               : arith::BitcastOp::create(b, loc, storage, value).getResult();
  };
  if (fromWidth == toWidth) {
    FailureOr<Value> element = emit(bitcast.getSrc(), indices);
    if (failed(element))
      return failure();
    return fromBits(asBits(*element, fromWidth));
  }

  SmallVector<Value> srcIndices(indices);
  Value last = indices.back();
  if (fromWidth > toWidth) {
    unsigned ratio = fromWidth / toWidth;
    srcIndices.back() =
        arith::DivUIOp::create(b, loc, last, indexConst(loc, ratio));
    FailureOr<Value> element = emit(bitcast.getSrc(), srcIndices);
    if (failed(element))
      return failure();
    Type wide = b.getIntegerType(fromWidth);
    Value part = arith::RemUIOp::create(b, loc, last, indexConst(loc, ratio));
    Value shift = arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, wide, part),
        arith::ConstantOp::create(b, loc, IntegerAttr::get(wide, toWidth)));
    Value shifted =
        arith::ShRUIOp::create(b, loc, asBits(*element, fromWidth), shift);
    return fromBits(
        arith::TruncIOp::create(b, loc, b.getIntegerType(toWidth), shifted));
  }
  unsigned ratio = toWidth / fromWidth;
  Type wide = b.getIntegerType(toWidth);
  Value base = arith::MulIOp::create(b, loc, last, indexConst(loc, ratio));
  Value packed;
  for (unsigned part = 0; part < ratio; ++part) {
    srcIndices.back() =
        part == 0 ? base
                  : arith::AddIOp::create(b, loc, base, indexConst(loc, part))
                        .getResult();
    FailureOr<Value> element = emit(bitcast.getSrc(), srcIndices);
    if (failed(element))
      return failure();
    Value bits = arith::ExtUIOp::create(b, loc, wide,
                                        asBits(*element, fromWidth));
    if (part != 0)
      bits = arith::ShLIOp::create(
          b, loc, bits,
          arith::ConstantOp::create(
              b, loc, IntegerAttr::get(wide, part * fromWidth)));
    packed = packed ? arith::OrIOp::create(b, loc, packed, bits).getResult()
                    : bits;
  }
  return fromBits(packed);
}

FailureOr<Value> KernelBodyEmitter::compute(Value value,
                                            ArrayRef<Value> indices) {
  if (Value buffer = buffers.lookup(value))
    return loadBuffer(value.getLoc(), buffer, indices,
                      getTensorType(value).getShape());
  Operation *op = value.getDefiningOp();
  if (!op)
    return emitError(value.getLoc(), "cannot index a block argument");
  Location loc = op->getLoc();
  RankedTensorType resultType = getTensorType(value);

  // A view: its source at the source indices, zero where the view reads
  // none (a pad's padding).
  if (auto view = dyn_cast<MovementOpInterface>(op)) {
    Value valid;
    SmallVector<Value> srcIndices = view.buildSourceIndices(
        b, loc, indices, [&](int64_t c) { return indexConst(loc, c); }, valid);
    FailureOr<Value> element = emit(view.getViewSource(), srcIndices);
    if (failed(element) || !valid)
      return element;
    return arith::SelectOp::create(b, loc, valid, *element,
                                   zeroOf(loc, resultType.getElementType()))
        .getResult();
  }

  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](ConstOp constant) -> FailureOr<Value> {
        // Other constants are global buffers (FunctionRangeifier::run).
        if (!constant.getValue().isSplat())
          return constant.emitOpError("has no global buffer (internal error)");
        return createScalarConstant(
            b, loc, resultType.getElementType(),
            constant.getValue().getSplatValue<Attribute>());
      })
      .Case([&](IndexOp gather) { return emitGather(gather, indices); })
      .Case([&](StackOp stack) -> FailureOr<Value> {
        ArrayRef<Value> rest = indices.drop_front();
        FailureOr<Value> selected = emit(stack.getSrcs().back(), rest);
        for (int64_t k = stack.getSrcs().size() - 2; k >= 0; --k) {
          if (failed(selected))
            return failure();
          FailureOr<Value> candidate = emit(stack.getSrcs()[k], rest);
          if (failed(candidate))
            return failure();
          Value isK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            indices.front(),
                                            indexConst(loc, k));
          selected =
              arith::SelectOp::create(b, loc, isK, *candidate, *selected)
                  .getResult();
        }
        return selected;
      })
      .Case([&](BitcastOp bitcast) { return emitBitcast(bitcast, indices); })
      .Case([&](CastOp cast) -> FailureOr<Value> {
        FailureOr<Value> element = emit(cast.getSrc(), indices);
        if (failed(element))
          return failure();
        return createScalarCast(b, loc, *element,
                                getTensorType(cast.getSrc()).getElementType(),
                                resultType.getElementType());
      })
      .Case([&](ReduceOp reduce) { return emitReduce(reduce, indices); })
      .Case([&](ThreefryOp threefry) -> FailureOr<Value> {
        FailureOr<Value> counter =
            emit(threefry.getLhs(),
                 broadcastIndices(loc, indices,
                                  getTensorType(threefry.getLhs()).getShape()));
        if (failed(counter))
          return failure();
        FailureOr<Value> key =
            emit(threefry.getRhs(),
                 broadcastIndices(loc, indices,
                                  getTensorType(threefry.getRhs()).getShape()));
        if (failed(key))
          return failure();
        return createThreefry2x32(b, loc, *counter, *key);
      })
      .Case<DetachOp, ContiguousBackwardOp>([&](Operation *marker) {
        return emit(marker->getOperand(0), indices);
      })
      .Case([&](AfterOp after) { return emit(after.getSrc(), indices); })
      .Case<ParamOp, BufferOp>([&](Operation *storage) -> FailureOr<Value> {
        return storage->emitOpError("has no buffer (internal error)");
      })
      .Default([&](Operation *other) -> FailureOr<Value> {
        // Elementwise: every operand broadcast to the result's indices.
        if (!isElementwise(other))
          return other->emitOpError("is not supported by rangeify yet");
        SmallVector<Value> scalars;
        for (Value operand : other->getOperands()) {
          FailureOr<Value> scalar = emit(
              operand,
              broadcastIndices(loc, indices,
                               getTensorType(operand).getShape()));
          if (failed(scalar))
            return failure();
          scalars.push_back(*scalar);
        }
        return createScalarAlu(b, other, scalars);
      });
}
