//===- RegisterTile.cpp - register tiles of reduction nests ---------------===//
//
// registerTile (passes/ScheduleActions.h): the columns of a reduction-outside
// nest split into tiles whose accumulators are carried through the reduce
// ranges in vector registers. Only the reduce loop's own operands are
// loaded inside it: a column-contiguous source element is one vector load,
// an element that does not depend on the column is one scalar load
// broadcast to the lanes (a bf16 or f16 one widened to f32 after the
// broadcast). A padded read, whose column index rangeify clamps
// (select(ult(s, n), s, c) plus offsets), is one masked vector load of the
// consecutive elements, with the element at c for the lanes out of bounds.
// A column index base + s * column with a small constant stride s (a strided
// convolution's input) is one vector load of s * W consecutive elements,
// masked to every s-th one (so it reads no element the scalar loads do
// not), and a shuffle that picks those lanes; a padded read of that index
// masks out the clamped lanes too, as for s = 1. Other column-dependent
// indices are gathered.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/LinearSum.h"
#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstdlib>
#include <limits>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The largest column stride loaded as one wide masked vector load and a
/// shuffle of every stride-th lane; larger strides are gathered, as the
/// wide load would span too many registers per useful one.
constexpr int64_t kMaxShuffledStride = 4;

/// How a value in the column loop's body varies across the columns of a tile.
enum class Lanes {
  /// The same for every column.
  Uniform,
  /// An index equal to base + stride * column; the scalar clone is the base.
  Strided,
  /// An index equal to u + select(ult(s, n), s, c), with s = base + stride *
  /// column (1 <= stride <= kMaxShuffledStride) and u, n, c the same for
  /// every column: the clamped column index of a padded read, plus offsets.
  /// The select is `clamp`.
  Clamped,
  /// Anything else: a vector with one element per column.
  Vector,
};

struct LaneInfo {
  Lanes kind = Lanes::Uniform;
  int64_t stride = 0;
  arith::SelectOp clamp;
};

/// One accumulator of the nest: a value of the output that every reduce
/// iteration loads, combines and stores back at an address that does not
/// depend on the reduced indices.
struct Accumulator {
  k::IndexOp address;
  k::LoadOp load;
  k::StoreOp store;
};

/// A matched reduction nest and how each value of its column loop varies
/// across the columns of a tile.
class ReductionNest {
public:
  /// Matches the reduce ranges starting at `outer` (none of which carries
  /// values) around a column loop whose only stores update accumulators.
  static std::optional<ReductionNest> match(k::RangeOp outer);

  int64_t getNumColumns() const { return numColumns; }
  Type getAccumulatorType() { return accumulators.front().load.getType(); }
  size_t getNumAccumulators() const { return accumulators.size(); }

  /// Replaces the nest by tile loops of `width` columns (a multiple of
  /// `lanes`), then tiles of `lanes` columns, then one tile of the columns
  /// left.
  void rewrite(int64_t width, int64_t lanes);

private:
  ReductionNest() = default;
  LogicalResult analyze();
  LogicalResult findAccumulators();
  LogicalResult analyzeLanes();
  bool isHoistable(Value value, unsigned depth = 0);
  bool isInNest(Operation *op) const { return reduces.front()->isAncestor(op); }

  /// Emits one loop of `count` tiles of `width` columns from `start`.
  k::RangeOp emitTiles(OpBuilder &builder, int64_t width, int64_t start,
                       int64_t count);
  /// The value of `value` (defined in the nest, independent of the reduced
  /// indices) for the column mapped in `mapping`, cloned outside the
  /// reduce ranges.
  Value cloneOutside(OpBuilder &builder, Value value, IRMapping &mapping);
  /// The tile's lanes of a load at a Clamped index: consecutive elements
  /// where the clamp's condition holds (a masked load), the element at the
  /// clamped-to index elsewhere (its pass-through value), as the scalar
  /// loads read them.
  Value emitClampedLoad(OpBuilder &builder, k::LoadOp load, IRMapping &mapping,
                        function_ref<Value(Value)> getVector);
  /// The tile's lanes of a load at a Strided index of a small stride s: every
  /// s-th element of one masked load of s * width consecutive elements.
  Value emitShuffledLoad(OpBuilder &builder, k::LoadOp load, IRMapping &mapping,
                         int64_t width);
  /// Every `stride`-th element of `buffer` from `indices` on, `width` of
  /// them: a load of stride * width elements masked to those lanes (and to
  /// `mask`, of that many lanes, where given; `passThru` stands in for the
  /// lanes masked off), then a shuffle that picks them.
  Value emitEveryNth(OpBuilder &builder, Location loc, Value buffer,
                     ValueRange indices, Type element, int64_t width,
                     int64_t stride, Value mask, Value passThru);
  /// The tile's lanes of a load at an index that varies across the columns
  /// but not contiguously: one gather of the element each column reads.
  Value emitGather(OpBuilder &builder, k::LoadOp load, IRMapping &mapping,
                   function_ref<Value(Value)> getVector);
  /// The scalar value of the Clamped index `value` in the tile's first
  /// column with its clamp's result replaced by `replacement` (the clamp's
  /// true or false value).
  Value rebuildClamped(OpBuilder &builder, Value value, Value replacement,
                       IRMapping &mapping);
  /// Emits the column loop's body for one tile of `width` columns.
  SmallVector<Value> emitTileBody(OpBuilder &builder, int64_t width,
                                  IRMapping &mapping, ValueRange carried);

  /// The reduce ranges, outermost first, and the column loop they hold.
  SmallVector<k::RangeOp> reduces;
  k::RangeOp columns;
  int64_t numColumns = 0;
  SmallVector<Accumulator> accumulators;
  DenseMap<Operation *, unsigned> accumulatorOf;
  DenseMap<Value, LaneInfo> lanes;
  /// k.index results that address one vector of consecutive elements.
  DenseSet<Value> contiguous;
  /// k.index results whose last index is Clamped: consecutive elements
  /// (every stride-th one) where the column is in bounds, the element at the
  /// clamp elsewhere.
  DenseSet<Value> clampedContiguous;
  /// k.index results whose last index is Strided with a stride from 2 to
  /// kMaxShuffledStride: every stride-th element of one wide masked load.
  DenseSet<Value> shuffled;
  /// k.index results whose last index varies across the columns otherwise
  /// (a stride above kMaxShuffledStride, or negative; a clamp of such an
  /// index): the elements the columns read, gathered.
  DenseSet<Value> gathered;
  DenseSet<Value> dependsOnReduce;
};

std::optional<ReductionNest> ReductionNest::match(k::RangeOp outer) {
  ReductionNest nest;
  k::RangeOp current = outer;
  while (true) {
    if (current.getAxis() != AxisType::Reduce || !current.getInitArgs().empty())
      return std::nullopt;
    nest.reduces.push_back(current);
    Block &body = current.getBody().front();
    if (body.getOperations().size() < 2)
      return std::nullopt;
    Operation *last = body.getTerminator()->getPrevNode();
    for (Operation &op : body.without_terminator())
      if (&op != last && (op.getNumRegions() != 0 || !isPure(&op)))
        return std::nullopt;
    auto inner = dyn_cast<k::RangeOp>(last);
    if (!inner || !inner.getInitArgs().empty())
      return std::nullopt;
    if (inner.getAxis() == AxisType::Loop) {
      nest.columns = inner;
      break;
    }
    current = inner;
  }
  std::optional<int64_t> bound = getConstantInt(nest.columns.getBound());
  if (!bound || *bound < 1)
    return std::nullopt;
  nest.numColumns = *bound;
  if (failed(nest.analyze()))
    return std::nullopt;
  return nest;
}

LogicalResult ReductionNest::analyze() {
  for (k::RangeOp reduce : reduces)
    dependsOnReduce.insert(reduce.getInductionVar());
  reduces.front()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (llvm::any_of(op->getOperands(),
                     [&](Value v) { return dependsOnReduce.contains(v); }))
      dependsOnReduce.insert(op->getResults().begin(), op->getResults().end());
  });
  for (Operation &op : columns.getBody().front().without_terminator())
    if (op.getNumRegions() != 0)
      return failure();
  if (failed(findAccumulators()) || failed(analyzeLanes()))
    return failure();
  return success();
}

LogicalResult ReductionNest::findAccumulators() {
  Block &body = columns.getBody().front();
  DenseSet<Value> accumulatorBuffers;
  for (Operation &op : body.without_terminator()) {
    auto store = dyn_cast<k::StoreOp>(op);
    if (!store)
      continue;
    auto address = store.getPtr().getDefiningOp<k::IndexOp>();
    if (store.getGate() || !address || !isInNest(address) ||
        address.getIndices().size() != 1 ||
        dependsOnReduce.contains(address.getIndices().front()))
      return failure();
    // Vectors of i1 are bit-packed in memory, buffers of i1 are not.
    Type type = store.getValue().getType();
    if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() % 8 != 0)
      return failure();
    k::LoadOp load = getAccumulatorLoad(store);
    if (!load || !isHoistable(address.getIndices().front()))
      return failure();
    accumulatorOf[load] = accumulatorOf[store] = accumulators.size();
    accumulators.push_back({address, load, store});
    accumulatorBuffers.insert(address.getBuffer());
  }
  if (accumulators.empty())
    return failure();
  Type type = getAccumulatorType();
  for (Accumulator acc : accumulators)
    if (acc.load.getType() != type)
      return failure();

  // Nothing else in the nest may touch memory the accumulators hold.
  WalkResult touches = reduces.front()->walk([&](Operation *op) {
    if (accumulatorOf.count(op))
      return WalkResult::advance();
    if (isa<k::StoreOp, k::AtomicAddOp>(op))
      return WalkResult::interrupt();
    if (auto load = dyn_cast<k::LoadOp>(op)) {
      auto address = load.getPtr().getDefiningOp<k::IndexOp>();
      if (!address || accumulatorBuffers.contains(address.getBuffer()))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (touches.wasInterrupted())
    return failure();

  // Interchanging the column loop with the reduce ranges is sound when no
  // two (accumulator, column) pairs share an element: each accumulator
  // walks `numColumns` consecutive elements, so their starts must be at
  // least that far apart.
  for (auto [i, a] : llvm::enumerate(accumulators)) {
    for (Accumulator b : llvm::drop_begin(accumulators, i + 1)) {
      if (a.address.getBuffer() != b.address.getBuffer())
        continue;
      std::optional<int64_t> distance = getConstantDifference(
          a.address.getIndices().front(), b.address.getIndices().front());
      if (!distance || *distance == std::numeric_limits<int64_t>::min() ||
          std::abs(*distance) < numColumns)
        return failure();
    }
  }
  return success();
}

bool ReductionNest::isHoistable(Value value, unsigned depth) {
  if (value == columns.getInductionVar())
    return true;
  Operation *op = value.getDefiningOp();
  if (!op)
    return !isInNest(value.getParentBlock()->getParentOp());
  if (!isInNest(op))
    return true;
  if (depth > 64 || op->getNumRegions() != 0 || !isPure(op) ||
      dependsOnReduce.contains(value))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return isHoistable(operand, depth + 1);
  });
}

LogicalResult ReductionNest::analyzeLanes() {
  Value column = columns.getInductionVar();
  lanes[column] = {Lanes::Strided, 1};
  auto info = [&](Value value) { return lanes.lookup(value); };
  auto isUniform = [&](Value value) {
    return info(value).kind == Lanes::Uniform;
  };
  for (Operation &op : columns.getBody().front().without_terminator()) {
    if (auto it = accumulatorOf.find(&op); it != accumulatorOf.end()) {
      if (auto load = dyn_cast<k::LoadOp>(op))
        lanes[load] = {Lanes::Vector};
      continue;
    }
    if (auto index = dyn_cast<k::IndexOp>(op)) {
      ValueRange indices = index.getIndices();
      if (llvm::all_of(indices, isUniform))
        continue;
      LaneInfo last = info(indices.back());
      if (!llvm::all_of(indices.drop_back(), isUniform))
        return failure();
      if (last.kind == Lanes::Clamped) {
        clampedContiguous.insert(index);
        continue;
      }
      if (last.kind == Lanes::Strided && last.stride == 1)
        contiguous.insert(index);
      else if (last.kind == Lanes::Strided && last.stride > 1 &&
               last.stride <= kMaxShuffledStride)
        shuffled.insert(index);
      else
        gathered.insert(index);
      continue;
    }
    if (auto load = dyn_cast<k::LoadOp>(op)) {
      if (contiguous.contains(load.getPtr())) {
        if (load.getGate() || !load.getType().isIntOrFloat() ||
            load.getType().getIntOrFloatBitWidth() % 8 != 0)
          return failure();
        lanes[load] = {Lanes::Vector};
        continue;
      }
      if (clampedContiguous.contains(load.getPtr()) ||
          shuffled.contains(load.getPtr()) ||
          gathered.contains(load.getPtr())) {
        if (load.getGate() || !load.getType().isIntOrFloat() ||
            load.getType().getIntOrFloatBitWidth() % 8 != 0)
          return failure();
        lanes[load] = {Lanes::Vector};
        continue;
      }
      if (!llvm::all_of(load->getOperands(), isUniform))
        return failure();
      continue;
    }
    if (!isMemoryEffectFree(&op) || op.getNumResults() != 1)
      return failure();
    if (llvm::all_of(op.getOperands(), isUniform))
      continue;
    Value result = op.getResult(0);
    // select(ult(s, n), s, c) with s = base + stride * column, a small
    // positive stride, n and c the same for every column; then offsets added
    // to it.
    if (auto select = dyn_cast<arith::SelectOp>(op);
        select && result.getType().isIndex()) {
      auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
      LaneInfo taken = info(select.getTrueValue());
      if (cmp && cmp.getPredicate() == arith::CmpIPredicate::ult &&
          cmp.getLhs() == select.getTrueValue() && isUniform(cmp.getRhs()) &&
          isUniform(select.getFalseValue()) && taken.kind == Lanes::Strided &&
          taken.stride >= 1 && taken.stride <= kMaxShuffledStride) {
        lanes[result] = {Lanes::Clamped, taken.stride, select};
        continue;
      }
    }
    if (llvm::any_of(op.getOperands(), [&](Value operand) {
          return info(operand).kind == Lanes::Clamped;
        })) {
      Value lhs = op.getNumOperands() == 2 ? op.getOperand(0) : Value();
      Value rhs = op.getNumOperands() == 2 ? op.getOperand(1) : Value();
      bool offset =
          (isa<arith::AddIOp>(op) && (isUniform(lhs) || isUniform(rhs))) ||
          (isa<arith::SubIOp>(op) && isUniform(rhs));
      if (!offset)
        return failure();
      LaneInfo clamped = info(isUniform(lhs) ? rhs : lhs);
      lanes[result] = {Lanes::Clamped, clamped.stride, clamped.clamp};
      continue;
    }
    auto strideOf = [&](Value value) -> std::optional<int64_t> {
      LaneInfo operand = info(value);
      if (operand.kind == Lanes::Vector)
        return std::nullopt;
      return operand.stride;
    };
    std::optional<int64_t> stride;
    if (result.getType().isIndex() && op.getNumOperands() == 2) {
      std::optional<int64_t> lhs = strideOf(op.getOperand(0));
      std::optional<int64_t> rhs = strideOf(op.getOperand(1));
      if (lhs && rhs) {
        if (isa<arith::AddIOp>(op))
          stride = llvm::checkedAdd(*lhs, *rhs);
        else if (isa<arith::SubIOp>(op))
          stride = llvm::checkedSub(*lhs, *rhs);
        else if (isa<arith::MulIOp>(op)) {
          std::optional<int64_t> lhsConst = getConstantInt(op.getOperand(0));
          std::optional<int64_t> rhsConst = getConstantInt(op.getOperand(1));
          if (rhsConst)
            stride = llvm::checkedMul(*lhs, *rhsConst);
          else if (lhsConst)
            stride = llvm::checkedMul(*rhs, *lhsConst);
        }
      }
    }
    if (stride) {
      lanes[result] = *stride == 0 ? LaneInfo{Lanes::Uniform}
                                   : LaneInfo{Lanes::Strided, *stride};
      continue;
    }
    auto isScalar = [](Type type) { return type.isIntOrIndexOrFloat(); };
    if (!op.hasTrait<OpTrait::Elementwise>() ||
        !op.hasTrait<OpTrait::Vectorizable>() ||
        !llvm::all_of(op.getOperandTypes(), isScalar) ||
        !isScalar(result.getType()))
      return failure();
    lanes[result] = {Lanes::Vector};
  }
  for (Accumulator acc : accumulators)
    if (!contiguous.contains(acc.address.getResult()))
      return failure();
  return success();
}

Value ReductionNest::cloneOutside(OpBuilder &builder, Value value,
                                  IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *op = value.getDefiningOp();
  if (!op || !isInNest(op))
    return value;
  for (Value operand : op->getOperands())
    cloneOutside(builder, operand, mapping);
  return builder.clone(*op, mapping)
      ->getResult(cast<OpResult>(value).getResultNumber());
}

Value ReductionNest::rebuildClamped(OpBuilder &builder, Value value,
                                    Value replacement, IRMapping &mapping) {
  LaneInfo info = lanes.lookup(value);
  if (value == info.clamp.getResult())
    return replacement;
  // An offset of the clamped index (analyzeLanes): addi or subi with one
  // operand the same for every column.
  Operation *op = value.getDefiningOp();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(
        lanes.lookup(operand).kind == Lanes::Clamped
            ? rebuildClamped(builder, operand, replacement, mapping)
            : mapping.lookupOrDefault(operand));
  return mlir::clone(builder, op, {value.getType()}, operands)->getResult(0);
}

Value ReductionNest::emitClampedLoad(OpBuilder &builder, k::LoadOp load,
                                     IRMapping &mapping,
                                     function_ref<Value(Value)> getVector) {
  Location loc = load.getLoc();
  auto address = load.getPtr().getDefiningOp<k::IndexOp>();
  Value last = address.getIndices().back();
  LaneInfo info = lanes.lookup(last);
  arith::SelectOp clamp = info.clamp;
  SmallVector<Value> first, other;
  for (Value index : address.getIndices().drop_back()) {
    first.push_back(mapping.lookupOrDefault(index));
    other.push_back(first.back());
  }
  // Lane j reads the element at the column's own index s + j where
  // ult(s + j, n), and the one at c elsewhere.
  first.push_back(rebuildClamped(
      builder, last, mapping.lookupOrDefault(clamp.getTrueValue()), mapping));
  Value mask = getVector(clamp.getCondition());
  auto type = VectorType::get(cast<VectorType>(mask.getType()).getShape(),
                              load.getType());
  // The element at c is read only where some lane is out of bounds, as the
  // scalar loads read it; where none is, the first lane's stands in.
  Value inBounds = vector::ReductionOp::create(
      builder, loc, vector::CombiningKind::AND, mask);
  Value atClamp = rebuildClamped(
      builder, last, mapping.lookupOrDefault(clamp.getFalseValue()), mapping);
  other.push_back(
      arith::SelectOp::create(builder, loc, inBounds, first.back(), atClamp));
  Value otherPtr = k::IndexOp::create(builder, loc, address.getBuffer(), other);
  Value otherElement =
      k::LoadOp::create(builder, loc, otherPtr, Value(), Value());
  if (info.stride == 1) {
    Value passThru =
        vector::BroadcastOp::create(builder, loc, type, otherElement);
    return vector::MaskedLoadOp::create(builder, loc, type, address.getBuffer(),
                                        first, mask, passThru);
  }
  // Lane m of the wide load is at s + m: in bounds where ult(s + m, n), the
  // same condition as the scalar loads' on the lanes the shuffle picks.
  int64_t width = type.getDimSize(0);
  auto wideIndices =
      VectorType::get({width * info.stride}, builder.getIndexType());
  auto cmp = clamp.getCondition().getDefiningOp<arith::CmpIOp>();
  Value wideColumns = arith::AddIOp::create(
      builder, loc,
      vector::BroadcastOp::create(builder, loc, wideIndices,
                                  mapping.lookupOrDefault(cmp.getLhs())),
      vector::StepOp::create(builder, loc, wideIndices));
  Value wideMask = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, wideColumns,
      vector::BroadcastOp::create(builder, loc, wideIndices,
                                  mapping.lookupOrDefault(cmp.getRhs())));
  Value passThru = vector::BroadcastOp::create(
      builder, loc, VectorType::get({width * info.stride}, load.getType()),
      otherElement);
  return emitEveryNth(builder, loc, address.getBuffer(), first, load.getType(),
                      width, info.stride, wideMask, passThru);
}

Value ReductionNest::emitEveryNth(OpBuilder &builder, Location loc,
                                  Value buffer, ValueRange indices,
                                  Type element, int64_t width, int64_t stride,
                                  Value mask, Value passThru) {
  int64_t wide = width * stride;
  auto wideType = VectorType::get({wide}, element);
  // Only the lanes the shuffle picks are read: the elements between them
  // may lie past the end of the buffer (the last column's), and a masked
  // off lane is never accessed.
  SmallVector<bool> picked(wide, false);
  SmallVector<int64_t> lanesPicked;
  for (int64_t lane = 0; lane < width; ++lane) {
    picked[lane * stride] = true;
    lanesPicked.push_back(lane * stride);
  }
  Value pattern = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(VectorType::get({wide}, builder.getI1Type()),
                             ArrayRef<bool>(picked)));
  if (mask)
    pattern = arith::AndIOp::create(builder, loc, pattern, mask);
  if (!passThru)
    passThru = arith::ConstantOp::create(builder, loc, wideType,
                                         builder.getZeroAttr(wideType));
  Value loaded = vector::MaskedLoadOp::create(builder, loc, wideType, buffer,
                                              indices, pattern, passThru);
  return vector::ShuffleOp::create(builder, loc, loaded, loaded, lanesPicked);
}

Value ReductionNest::emitShuffledLoad(OpBuilder &builder, k::LoadOp load,
                                      IRMapping &mapping, int64_t width) {
  auto address = load.getPtr().getDefiningOp<k::IndexOp>();
  SmallVector<Value> indices;
  for (Value index : address.getIndices())
    indices.push_back(mapping.lookupOrDefault(index));
  // The last index, mapped, is the tile's first column's.
  return emitEveryNth(builder, load.getLoc(), address.getBuffer(), indices,
                      load.getType(), width,
                      lanes.lookup(address.getIndices().back()).stride, Value(),
                      Value());
}

Value ReductionNest::emitGather(OpBuilder &builder, k::LoadOp load,
                                IRMapping &mapping,
                                function_ref<Value(Value)> getVector) {
  Location loc = load.getLoc();
  auto address = load.getPtr().getDefiningOp<k::IndexOp>();
  // The uniform leading indices address the gather's base; the last one,
  // a vector, each lane's element from there.
  SmallVector<Value> base;
  for (Value index : address.getIndices().drop_back())
    base.push_back(mapping.lookupOrDefault(index));
  base.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
  Value offsets = getVector(address.getIndices().back());
  auto shape = cast<VectorType>(offsets.getType()).getShape();
  auto type = VectorType::get(shape, load.getType());
  // Every lane is a column the scalar loop loads, so none is masked off.
  Value mask = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(VectorType::get(shape, builder.getI1Type()),
                             true));
  Value passThru =
      arith::ConstantOp::create(builder, loc, type, builder.getZeroAttr(type));
  return vector::GatherOp::create(builder, loc, type, address.getBuffer(), base,
                                  offsets, mask, passThru);
}

SmallVector<Value> ReductionNest::emitTileBody(OpBuilder &builder,
                                               int64_t width,
                                               IRMapping &mapping,
                                               ValueRange carried) {
  Location loc = columns.getLoc();
  SmallVector<Value> yields(accumulators.size());
  DenseMap<Value, Value> vectors;
  auto vectorType = [&](Type element) {
    return VectorType::get({width}, element);
  };
  // The lanes of `value`: the vector it became, its scalar broadcast, or
  // for a strided index base + stride * [0, 1, ...].
  auto getVector = [&](Value value) -> Value {
    if (width == 1)
      return mapping.lookupOrDefault(value);
    if (Value vector = vectors.lookup(value))
      return vector;
    LaneInfo info = lanes.lookup(value);
    // A bf16 or f16 element widened to f32, the same for every column (A's
    // element of a low-precision matmul), is broadcast before it is
    // widened, so that x86 loads it straight into the lanes
    // (vpbroadcastw) and widens it there with one instruction. Widening
    // the scalar first costs a scalar conversion in the reduce loop (f16:
    // vpinsrw, vcvtph2ps, vbroadcastss) or a shift in a general register
    // and a move to the lanes (bf16: movzwl, shll, vpbroadcastd).
    auto extend = value.getDefiningOp<arith::ExtFOp>();
    if (extend && info.kind == Lanes::Uniform &&
        isa<Float32Type>(value.getType())) {
      Value narrow = mapping.lookupOrDefault(extend.getIn());
      if (isa<Float16Type>(narrow.getType())) {
        // vpbroadcastw, then vcvtph2ps.
        Value splat = vector::BroadcastOp::create(
            builder, loc, vectorType(narrow.getType()), narrow);
        Value vector =
            arith::ExtFOp::create(builder, loc, vectorType(value.getType()),
                                  splat, extend.getFastmathAttr());
        vectors[value] = vector;
        return vector;
      }
      if (isa<BFloat16Type>(narrow.getType())) {
        // bf16 is f32's top half: the bits in both halves of every 32-bit
        // lane (a broadcast to twice the lanes of i16), then a shift left
        // by 16, vpbroadcastw and vpslld. extf on the broadcast would
        // zero-extend first (vpmovzxwd), a third instruction.
        Type i16 = builder.getIntegerType(16), i32 = builder.getI32Type();
        Value bits = arith::BitcastOp::create(builder, loc, i16, narrow);
        Value halves = vector::BroadcastOp::create(
            builder, loc, VectorType::get({2 * width}, i16), bits);
        auto wordType = VectorType::get({width}, i32);
        Value words = vector::BitCastOp::create(builder, loc, wordType, halves);
        Value sixteen = arith::ConstantOp::create(
            builder, loc, DenseElementsAttr::get(wordType, APInt(32, 16)));
        Value shifted = arith::ShLIOp::create(builder, loc, words, sixteen);
        Value vector = arith::BitcastOp::create(
            builder, loc, vectorType(value.getType()), shifted);
        vectors[value] = vector;
        return vector;
      }
    }
    Value scalar = mapping.lookupOrDefault(value);
    Value vector = vector::BroadcastOp::create(
        builder, loc, vectorType(value.getType()), scalar);
    if (info.kind == Lanes::Strided) {
      Type type = vectorType(value.getType());
      Value step = vector::StepOp::create(builder, loc, type);
      if (info.stride != 1) {
        Value stride = vector::BroadcastOp::create(
            builder, loc, type,
            arith::ConstantIndexOp::create(builder, loc, info.stride));
        step = arith::MulIOp::create(builder, loc, step, stride);
      }
      vector = arith::AddIOp::create(builder, loc, vector, step);
    }
    vectors[value] = vector;
    return vector;
  };

  for (Operation &op : columns.getBody().front().without_terminator()) {
    if (auto it = accumulatorOf.find(&op); it != accumulatorOf.end()) {
      if (auto load = dyn_cast<k::LoadOp>(op)) {
        if (width == 1)
          mapping.map(load.getResult(), carried[it->second]);
        else
          vectors[load] = carried[it->second];
      } else {
        yields[it->second] = getVector(cast<k::StoreOp>(op).getValue());
      }
      continue;
    }
    if (width == 1) {
      builder.clone(op, mapping);
      continue;
    }
    if (isa<k::IndexOp>(op) && (contiguous.contains(op.getResult(0)) ||
                                clampedContiguous.contains(op.getResult(0)) ||
                                shuffled.contains(op.getResult(0)) ||
                                gathered.contains(op.getResult(0))))
      continue;
    // Clamped indices are only read by the loads they address, which
    // rebuild them (emitClampedLoad); their condition is a vector here.
    if (op.getNumResults() == 1 &&
        lanes.lookup(op.getResult(0)).kind == Lanes::Clamped)
      continue;
    if (auto load = dyn_cast<k::LoadOp>(op);
        load && contiguous.contains(load.getPtr())) {
      auto address = load.getPtr().getDefiningOp<k::IndexOp>();
      SmallVector<Value> indices;
      for (Value index : address.getIndices())
        indices.push_back(mapping.lookupOrDefault(index));
      vectors[load] =
          vector::LoadOp::create(builder, loc, vectorType(load.getType()),
                                 address.getBuffer(), indices);
      continue;
    }
    if (auto load = dyn_cast<k::LoadOp>(op);
        load && clampedContiguous.contains(load.getPtr())) {
      vectors[load] = emitClampedLoad(builder, load, mapping, getVector);
      continue;
    }
    if (auto load = dyn_cast<k::LoadOp>(op);
        load && shuffled.contains(load.getPtr())) {
      vectors[load] = emitShuffledLoad(builder, load, mapping, width);
      continue;
    }
    if (auto load = dyn_cast<k::LoadOp>(op);
        load && gathered.contains(load.getPtr())) {
      vectors[load] = emitGather(builder, load, mapping, getVector);
      continue;
    }
    if (op.getNumResults() != 1 ||
        lanes.lookup(op.getResult(0)).kind != Lanes::Vector) {
      builder.clone(op, mapping);
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(getVector(operand));
    Operation *wide = mlir::clone(
        builder, &op, {vectorType(op.getResult(0).getType())}, operands);
    vectors[op.getResult(0)] = wide->getResult(0);
  }
  return yields;
}

k::RangeOp ReductionNest::emitTiles(OpBuilder &builder, int64_t width,
                                    int64_t start, int64_t count) {
  if (count == 0)
    return {};
  Location loc = columns.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  auto tiles =
      k::RangeOp::create(builder, loc, AxisType::Loop,
                         arith::ConstantIndexOp::create(builder, loc, count));
  builder.setInsertionPoint(tiles.getBody().front().getTerminator());
  // The tile's first column: start + tile * width.
  Value first = tiles.getInductionVar();
  if (width != 1)
    first = arith::MulIOp::create(
        builder, loc, first,
        arith::ConstantIndexOp::create(builder, loc, width));
  if (start != 0)
    first = arith::AddIOp::create(
        builder, loc, first,
        arith::ConstantIndexOp::create(builder, loc, start));
  Type element = getAccumulatorType();
  auto vectorType = VectorType::get({width}, element);

  // Load the tile's accumulators; their addresses do not depend on the
  // reduced indices.
  IRMapping outside;
  outside.map(columns.getInductionVar(), first);
  SmallVector<Value> starts, inits;
  for (Accumulator acc : accumulators) {
    Value index =
        cloneOutside(builder, acc.address.getIndices().front(), outside);
    starts.push_back(index);
    Value buffer = acc.address.getBuffer();
    if (width == 1) {
      Value ptr = k::IndexOp::create(builder, loc, buffer, ValueRange{index});
      inits.push_back(k::LoadOp::create(builder, loc, ptr, Value(), Value()));
    } else {
      inits.push_back(vector::LoadOp::create(builder, loc, vectorType, buffer,
                                             ValueRange{index}));
    }
  }

  // The reduce ranges, carrying the accumulators.
  IRMapping mapping;
  mapping.map(columns.getInductionVar(), first);
  SmallVector<k::RangeOp> newReduces;
  SmallVector<Value> carried = inits;
  for (k::RangeOp reduce : reduces) {
    auto newReduce =
        k::RangeOp::create(builder, loc, AxisType::Reduce,
                           mapping.lookupOrDefault(reduce.getBound()), carried);
    newReduces.push_back(newReduce);
    mapping.map(reduce.getInductionVar(), newReduce.getInductionVar());
    builder.setInsertionPointToStart(&newReduce.getBody().front());
    Block &body = reduce.getBody().front();
    for (Operation &op : body.without_terminator())
      if (!isa<k::RangeOp>(op))
        builder.clone(op, mapping);
    carried = SmallVector<Value>(newReduce.getRegionIterArgs());
  }
  SmallVector<Value> yields = emitTileBody(builder, width, mapping, carried);
  for (k::RangeOp newReduce : llvm::reverse(newReduces)) {
    builder.setInsertionPointToEnd(&newReduce.getBody().front());
    k::EndOp::create(builder, loc, yields);
    yields = SmallVector<Value>(newReduce.getResults());
  }

  builder.setInsertionPointAfter(newReduces.front());
  for (auto [acc, index, value] : llvm::zip(accumulators, starts, yields)) {
    Value buffer = acc.address.getBuffer();
    if (width == 1) {
      Value ptr = k::IndexOp::create(builder, loc, buffer, ValueRange{index});
      k::StoreOp::create(builder, loc, ptr, value, Value());
    } else {
      vector::StoreOp::create(builder, loc, value, buffer, ValueRange{index});
    }
  }
  return tiles;
}

void ReductionNest::rewrite(int64_t width, int64_t lanes) {
  OpBuilder builder(reduces.front());
  // Full tiles, then tiles of one vector of `lanes`, then the rest of the
  // columns as one tile of a vector of their count, which LLVM widens to a
  // register (its loads and stores split into pieces of half one, a
  // quarter...): a convolution's rows of 28 columns are then two passes
  // over the reduced indices, each loading the weights (16, then 12
  // columns), where a tile per narrower vector (16, 8, 4) made three.
  // Measured (bench-conv, batch 1, 1 thread, AVX-512): 3x3 128>128 @28 100
  // -> 141 GFLOP/s, 3x3 256>256 @14 53 -> 137, 3x3 512>512 @7 24 -> 74. A
  // rest wider than a register ran far slower: 28 columns as one tile of
  // vector<28xf32>, 103 -> 19 GFLOP/s; 56 as 32 and vector<24xf32>, 164
  // -> 40.
  SmallVector<k::RangeOp> tiles;
  int64_t done = 0;
  auto emit = [&](int64_t tileWidth) {
    int64_t count = (numColumns - done) / tileWidth;
    if (k::RangeOp loop = emitTiles(builder, tileWidth, done, count))
      tiles.push_back(loop);
    done += count * tileWidth;
  };
  emit(width);
  if (lanes < width)
    emit(lanes);
  if (done < numColumns)
    emit(numColumns - done);
  reduces.front()->erase();
  // The column loop's body was cloned whole; what only addressed the
  // accumulators inside it is dead now.
  for (k::RangeOp loop : tiles)
    loop->walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
      if (isOpTriviallyDead(op))
        op->erase();
    });
}

} // namespace

std::optional<RegisterTileNest>
mlir::tiny::matchRegisterTile(k::RangeOp reduce) {
  std::optional<ReductionNest> nest = ReductionNest::match(reduce);
  if (!nest)
    return std::nullopt;
  return RegisterTileNest{nest->getNumColumns(), nest->getAccumulatorType(),
                          static_cast<int64_t>(nest->getNumAccumulators())};
}

/// Whether tiles of `width` columns, `lanes` to a vector, tile `nest`: a
/// whole number of vectors, or all the columns, fewer than `lanes`, in one
/// tile.
static bool fits(const ReductionNest &nest, int64_t width, int64_t lanes) {
  return lanes >= 1 && width >= 1 && width <= nest.getNumColumns() &&
         ((width >= lanes && width % lanes == 0) ||
          (width == nest.getNumColumns() && width < lanes));
}

bool mlir::tiny::canRegisterTile(k::RangeOp reduce, int64_t width,
                                 int64_t lanes) {
  std::optional<ReductionNest> nest = ReductionNest::match(reduce);
  return nest && fits(*nest, width, lanes);
}

LogicalResult mlir::tiny::registerTile(k::RangeOp reduce, int64_t width,
                                       int64_t lanes) {
  std::optional<ReductionNest> nest = ReductionNest::match(reduce);
  if (!nest || !fits(*nest, width, lanes))
    return failure();
  nest->rewrite(width, lanes);
  return success();
}
