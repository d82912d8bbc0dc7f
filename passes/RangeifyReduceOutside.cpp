//===- RangeifyReduceOutside.cpp - matmul-like reduces --------------------===//
//
// The schedule -tiny-rangeify gives a large reduce that does not read its
// source contiguously along the reduction (a matmul): reduction loops
// outside the innermost output loop, accumulating in the output buffer, and
// what is computed from the reduce (a relu, a bias) applied to the
// accumulated row in place. The nest is plain LOOP and REDUCE ranges, one
// output row per iteration of its loops: -tiny-cpu-schedule UPCASTs rows,
// UNROLLs the last reduced axis and spreads the rows over threads.
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Elementwise.h"
#include "passes/ScalarAlu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

/// The last axis of `shape` longer than 1: the innermost one a loop walks.
static std::optional<size_t> getLastLongAxis(ArrayRef<int64_t> shape) {
  for (size_t axis = shape.size(); axis-- > 0;)
    if (shape[axis] > 1)
      return axis;
  return std::nullopt;
}

/// The indices (or axis labels) of the result of `op`, a unit reshape or a
/// permute, from those of its source: a unit reshape keeps the order of the
/// axes longer than 1 and puts `unit` at its own unit axes.
template <typename T>
static SmallVector<T> mapToResult(Operation *op, ArrayRef<T> indices, T unit) {
  if (auto permute = dyn_cast<PermuteOp>(op))
    return llvm::map_to_vector(permute.getOrder(),
                               [&](int64_t axis) { return indices[axis]; });
  auto reshape = cast<ReshapeOp>(op);
  SmallVector<T> longIndices;
  for (auto [index, dim] :
       llvm::zip(indices, getTensorType(reshape.getSrc()).getShape()))
    if (dim != 1)
      longIndices.push_back(index);
  SmallVector<T> result;
  auto next = longIndices.begin();
  for (int64_t dim : getTensorType(reshape.getResult()).getShape())
    result.push_back(dim == 1 ? unit : *next++);
  return result;
}

ReduceOp
FunctionRangeifier::getPermutedReduce(Value value,
                                      SmallVectorImpl<Operation *> &chain) {
  bool permuted = false;
  Value current = value;
  while (!buffers.count(current)) {
    Operation *op = current.getDefiningOp();
    if (auto reduce = dyn_cast_or_null<ReduceOp>(op))
      return permuted ? reduce : ReduceOp();
    auto reshape = dyn_cast_or_null<ReshapeOp>(op);
    auto permute = dyn_cast_or_null<PermuteOp>(op);
    if (!(reshape && isUnitReshape(reshape)) && !(permute && !permuted))
      return {};
    permuted |= bool(permute);
    chain.insert(chain.begin(), op);
    current = op->getOperand(0);
  }
  return {};
}

ReduceOp FunctionRangeifier::getPositionalReduce(Value value) {
  if (buffers.count(value))
    return {};
  int64_t size = getTensorType(value).getNumElements();
  // The ops that read their operands of `size` elements at the position of
  // the element of `value` being computed, from `value` up, and the reduces
  // they reach.
  DenseSet<Operation *> atPositions;
  SmallVector<ReduceOp> reduces;
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op || atPositions.contains(op))
      continue;
    if (auto found = dyn_cast<ReduceOp>(op)) {
      if (!llvm::is_contained(reduces, found))
        reduces.push_back(found);
      continue;
    }
    if (!keepsPositions(op, size))
      continue;
    atPositions.insert(op);
    for (Value operand : op->getOperands())
      if (getTensorType(operand).getNumElements() == size &&
          !buffers.count(operand))
        worklist.push_back(operand);
  }
  // The largest reduce is the one worth accumulating in place: of a
  // residual block's two convolutions added, the 3x3 one, not the 1x1
  // shortcut, which the epilogue then computes at each element.
  llvm::stable_sort(reduces, [&](ReduceOp a, ReduceOp b) {
    return getTensorType(a.getSrc()).getNumElements() >
           getTensorType(b.getSrc()).getNumElements();
  });
  for (ReduceOp reduce : reduces)
    if (isAccumulatedInPlace(value, reduce, atPositions, size))
      return reduce;
  return {};
}

bool FunctionRangeifier::isAccumulatedInPlace(
    Value value, ReduceOp reduce, const DenseSet<Operation *> &atPositions,
    int64_t size) {
  // The values computed from the reduce without a buffer between them.
  DenseSet<Value> fromReduce{reduce.getResult()};
  SmallVector<Value> worklist{reduce.getResult()};
  while (!worklist.empty())
    for (Operation *user : worklist.pop_back_val().getUsers())
      for (Value result : user->getResults())
        if (!buffers.count(result) && fromReduce.insert(result).second)
          worklist.push_back(result);
  // Every op of `value`'s computation that reads one of them must be one of
  // those reading it at the element being computed: a flip of it, say,
  // would read elements already replaced, or not yet accumulated.
  SmallVector<Value> cone{value};
  DenseSet<Value> seen;
  while (!cone.empty()) {
    Value current = cone.pop_back_val();
    if (!seen.insert(current).second || buffers.count(current) ||
        current == reduce.getResult())
      continue;
    Operation *op = current.getDefiningOp();
    if (!op)
      continue;
    for (Value operand : op->getOperands()) {
      if (fromReduce.contains(operand) &&
          (!atPositions.contains(op) ||
           getTensorType(operand).getNumElements() != size))
        return false;
      cone.push_back(operand);
    }
  }
  return true;
}

bool FunctionRangeifier::reducesContiguously(ReduceOp reduce) {
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  std::optional<size_t> lastAxis = getLastLongAxis(srcShape);
  if (!lastAxis || !llvm::is_contained(reduce.getAxes(), int64_t(*lastAxis)))
    return false;
  SmallVector<Value> worklist{reduce.getSrc()};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second || buffers.count(value))
      continue;
    Operation *op = value.getDefiningOp();
    if (!op || isa<ParamOp, ConstOp, ReduceOp>(op))
      continue;
    if (!isElementwise(op) && !isa<ReshapeOp, ExpandOp, ShrinkOp>(op))
      return false;
    // A value broadcast along an output axis (a matmul's operands) is what
    // the reduction-outside form loads once for several rows; one broadcast
    // along the reduced axes (a softmax's row maximum) is not.
    if (auto expand = dyn_cast<ExpandOp>(op)) {
      ArrayRef<int64_t> from = getTensorType(expand.getSrc()).getShape();
      if (getTensorType(expand.getResult()).getShape() != srcShape)
        return false;
      for (auto [axis, dim] : llvm::enumerate(srcShape))
        if (from[axis] == 1 && dim > 1 &&
            !llvm::is_contained(reduce.getAxes(), int64_t(axis)))
          return false;
    }
    llvm::append_range(worklist, op->getOperands());
  }
  return true;
}

// Matmul-like reductions read their source along the reduced axis, which is
// rarely the contiguous one. With the reduction outside the innermost output
// loop, that loop walks the output and (usually) the source contiguously, so
// it vectorizes; the accumulator lives in the output row, which stays in
// cache.
FailureOr<bool> FunctionRangeifier::emitReduceOutside(OpBuilder &builder,
                                                      Value value,
                                                      Value buffer) {
  ReduceOp reduce = getPositionalReduce(value);
  // A reduce stored with its axes permuted (a convolution's input gradient
  // before its col2im sum) accumulates in the permuted buffer: `toBuffer`,
  // the permute and unit reshapes from the reduce up to `value`.
  SmallVector<Operation *> toBuffer;
  if (!reduce)
    reduce = getPermutedReduce(value, toBuffer);
  if (!reduce)
    return false;
  // The reduce itself, seen through reshapes that keep the row-major order,
  // is stored as accumulated; anything else computed from it (a relu, a
  // bias) is computed from the accumulators, in their place.
  Value core = toBuffer.empty() ? value : reduce.getResult();
  while (auto reshape = core.getDefiningOp<ReshapeOp>()) {
    if (!isUnitReshape(reshape) || buffers.count(core))
      break;
    core = reshape.getSrc();
  }
  Value epilogue = core == reduce.getResult() ? Value() : value;
  if (epilogue && getTensorType(value).getElementType() !=
                      reduce.getType().getElementType())
    return false;
  RankedTensorType type = reduce.getType();
  Type dtype = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  // The innermost output loop runs over the last axis longer than 1 (the
  // reduced axes have length 1 in the result).
  std::optional<size_t> lastLong = getLastLongAxis(shape);
  if (!lastLong || reduce.getAxes().empty() ||
      isa<Float16Type, BFloat16Type>(dtype) ||
      getTensorType(reduce.getSrc()).getNumElements() <
          kMinReduceOutsideElements)
    return false;
  // This is the CPU's schedule: a few threads, each computing a block of
  // rows. On a GPU every output element is a thread of its own already;
  // the CPU's blocks would leave all but a few hundred of them idle.
  if (isOnOneGpu(type))
    return false;
  // A row sum (a softmax's, a layernorm's) reads each row contiguously:
  // with the reduction outside, the inner loop would stride across rows.
  if (reducesContiguously(reduce))
    return false;
  // A sum over a one-hot mask (an embedding) becomes a read in
  // -tiny-collapse-reduce, which needs the reduction inside the output loops.
  if (readsReduceOfIndices(reduce, buffers))
    return false;
  // The innermost loop walks the buffer's last long axis, whichever axis of
  // the reduce is stored there.
  size_t innerAxis = *lastLong;
  if (!toBuffer.empty()) {
    SmallVector<int64_t> axes = llvm::to_vector(
        llvm::seq<int64_t>(0, static_cast<int64_t>(shape.size())));
    for (Operation *op : toBuffer)
      axes = mapToResult<int64_t>(op, axes, -1);
    std::optional<size_t> storedLast =
        getLastLongAxis(getTensorType(value).getShape());
    if (!storedLast || axes[*storedLast] < 0)
      return false;
    innerAxis = axes[*storedLast];
  }

  if (failed(emitReduceOutsideNest(builder, reduce, epilogue, buffer, toBuffer,
                                   innerAxis)))
    return failure();
  return true;
}

LogicalResult FunctionRangeifier::emitReduceOutsideNest(
    OpBuilder &builder, ReduceOp reduce, Value epilogue, Value buffer,
    ArrayRef<Operation *> toBuffer, size_t innerAxis) {
  RankedTensorType type = reduce.getType();
  Type dtype = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  SmallVector<int64_t> axes(reduce.getAxes());
  llvm::sort(axes);
  Location loc = reduce.getLoc();
  k::KernelOp kernel = createKernel(builder, loc, "r", buffer);
  Block *body = &kernel.getBody().front();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  // Its loops are the reduce's own schedule, which computes no row value.
  KernelBodyEmitter emitter(builder, body, buffers, rows,
                            /*placeRows=*/false);

  // The offset in `buffer` of the reduce's element at `indices`.
  auto getOffset = [&](SmallVector<Value> indices) {
    if (toBuffer.empty())
      return emitter.linearize(loc, indices, shape);
    for (Operation *op : toBuffer)
      indices = mapToResult<Value>(op, indices, emitter.indexConst(loc, 0));
    return emitter.linearize(
        loc, indices, getTensorType(toBuffer.back()->getResult(0)).getShape());
  };
  auto openRange = [&](AxisType axis, int64_t bound) {
    auto range =
        k::RangeOp::create(builder, loc, axis, emitter.indexConst(loc, bound));
    builder.setInsertionPoint(range.getBody().front().getTerminator());
    return range;
  };
  SmallVector<Value> outIndices(shape.size());
  for (auto [axis, dim] : llvm::enumerate(shape))
    if (axis != innerAxis)
      outIndices[axis] = openRange(AxisType::Loop, dim).getInductionVar();
  Block::iterator outerPoint = builder.getInsertionPoint();
  Block *outerBlock = builder.getInsertionBlock();

  // out[..., n, ...] = identity
  k::RangeOp init = openRange(AxisType::Loop, shape[innerAxis]);
  Value identity = createReduceIdentity(builder, loc, reduce.getKind(), dtype);
  SmallVector<Value> row(outIndices);
  row[innerAxis] = init.getInductionVar();
  k::StoreOp::create(
      builder, loc,
      k::IndexOp::create(builder, loc, buffer, ValueRange{getOffset(row)}),
      identity, Value());

  // for each reduced index: out[..., n, ...] = combine(out[...], src[...])
  builder.setInsertionPoint(outerBlock, outerPoint);
  SmallVector<Value> reduceIndices;
  for (int64_t axis : axes)
    reduceIndices.push_back(
        openRange(AxisType::Reduce, srcShape[axis]).getInductionVar());
  k::RangeOp inner = openRange(AxisType::Loop, shape[innerAxis]);
  emitter.openScope();
  row[innerAxis] = inner.getInductionVar();
  SmallVector<Value> srcIndices(row);
  for (auto [axis, index] : llvm::zip(axes, reduceIndices))
    srcIndices[axis] = index;
  Value ptr =
      k::IndexOp::create(builder, loc, buffer, ValueRange{getOffset(row)});
  Value acc = k::LoadOp::create(builder, loc, ptr, Value(), Value());
  FailureOr<Value> element = emitter.emit(reduce.getSrc(), srcIndices);
  if (failed(element))
    return failure();
  acc =
      createReduceCombine(builder, loc, reduce.getKind(), dtype, acc, *element);
  k::StoreOp::create(builder, loc, ptr, acc, Value());
  emitter.closeScope();
  kernel.setName(getKernelName(/*hasReduce=*/true, shape));
  if (!epilogue)
    return success();

  // for each output column: out[..., n, ...] = epilogue(out[...]). Every
  // read of the reduce is at the element being replaced (see
  // getPositionalReduce), so it reads the accumulated value.
  builder.setInsertionPoint(outerBlock, outerPoint);
  k::RangeOp columns = openRange(AxisType::Loop, shape[innerAxis]);
  ArrayRef<int64_t> outShape = getTensorType(epilogue).getShape();
  buffers[reduce.getResult()] = buffer;
  emitter.openScope();
  row[innerAxis] = columns.getInductionVar();
  // The same element of the epilogue: its shape differs from the reduce's
  // in unit axes only.
  SmallVector<Value> longIndices;
  for (auto [axis, dim] : llvm::enumerate(shape))
    if (dim != 1)
      longIndices.push_back(row[axis]);
  SmallVector<Value> epilogueIndices;
  auto next = longIndices.begin();
  for (int64_t dim : outShape)
    epilogueIndices.push_back(dim == 1 ? emitter.indexConst(loc, 0) : *next++);
  FailureOr<Value> finished = emitter.emit(epilogue, epilogueIndices);
  if (succeeded(finished)) {
    Value index = emitter.linearize(loc, epilogueIndices, outShape);
    Value ptr = k::IndexOp::create(builder, loc, buffer, ValueRange{index});
    k::StoreOp::create(builder, loc, ptr, *finished, Value());
  }
  emitter.closeScope();
  buffers.erase(reduce.getResult());
  return success(succeeded(finished));
}
