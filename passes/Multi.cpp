//===- Multi.cpp - sharding propagation (-tiny-multi) ---------------------===//
//
// A sharded value is `unshard(x, axis)`: x holds one shard per device of a
// device tuple. Any other value on a tuple is held whole by every device (a
// copy to the tuple, a constant, a value computed from those, an
// allreduce). These patterns move `unshard` down through its users so the
// work runs per shard, as tinygrad's multi rules do:
//   - an elementwise op (and a stack) with a sharded operand runs per shard;
//     each other operand is read per shard: sharded alike, its shards; held
//     whole, each device's part of it (only its part is copied when it was
//     copied from one device); sharded along another axis, each device's
//     part gathered from the shards; broadcast along the axis, as it is
//   - a reduce over the sharded axis is a per-shard reduce and an allreduce;
//     over other axes it is a per-shard reduce
//   - permute, expand and reshape remap the sharded axis (a reshape that
//     would split a shard is reported); pad, shrink and flip that leave the
//     sharded axis alone run per shard; a flip of it swaps the shards; a
//     shrink of part of it leaves the window whole on every device; a pad of
//     it is reported
//   - contiguous, detach, contiguous_backward and bitcast run per shard; so
//     does a gather along another axis, and one of a whole source by
//     sharded indices
//   - a store into a sharded target stores each shard of the value (read
//     as an elementwise op's operand) into the target's shard; an after of
//     a sharded value waits per shard
//   - a copy to one device gathers the shards; a copy to a tuple gathers
//     them on each of its devices
// Sharding is only ever read from `unshard` ops in the graph.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Elementwise.h"
#include "passes/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYMULTI
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

int64_t numShards(UnshardOp unshard) {
  return getDevice(unshard.getSrc().getType()).getNumDevices();
}

/// `shape` with `axis` divided into `shards` (the shape of one shard).
SmallVector<int64_t> shardShape(ArrayRef<int64_t> shape, int64_t axis,
                                int64_t shards) {
  SmallVector<int64_t> result(shape);
  result[axis] /= shards;
  return result;
}

/// Part `index` of `count` equal consecutive parts of `value` along `axis`.
Value getPart(OpBuilder &builder, Location loc, Value value, int64_t axis,
              int64_t index, int64_t count) {
  ArrayRef<int64_t> shape = getTensorType(value).getShape();
  int64_t length = shape[axis] / count;
  SmallVector<int64_t> starts(shape.size(), 0), ends(shape);
  starts[axis] = index * length;
  ends[axis] = (index + 1) * length;
  return ShrinkOp::create(builder, loc, value, starts, ends);
}

/// `value` on `device`: the value itself when it is there already.
Value copyTo(OpBuilder &builder, Location loc, Value value, DeviceAttr device) {
  if (getDevice(value.getType()) == device)
    return value;
  return CopyOp::create(builder, loc, value, device);
}

/// Equally shaped `pieces` on one device, concatenated along `axis` in
/// order: moved to the front, stacked, merged with the axis and moved back.
/// No arithmetic, so every bit pattern survives.
Value concatenate(OpBuilder &builder, Location loc, ArrayRef<Value> pieces,
                  int64_t axis) {
  if (pieces.size() == 1)
    return pieces.front();
  int64_t rank = getTensorType(pieces.front()).getRank();
  SmallVector<int64_t> toFront{axis}, fromFront(rank, 0);
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      toFront.push_back(i);
  for (auto [i, a] : llvm::enumerate(toFront))
    fromFront[a] = i;
  SmallVector<Value> fronted;
  for (Value piece : pieces)
    fronted.push_back(
        axis == 0 ? piece
                  : Value(PermuteOp::create(builder, loc, piece, toFront)));
  Value stacked = StackOp::create(builder, loc, fronted);
  ArrayRef<int64_t> stackedShape = getTensorType(stacked).getShape();
  SmallVector<int64_t> merged{stackedShape[0] * stackedShape[1]};
  llvm::append_range(merged, stackedShape.drop_front(2));
  Value result = ReshapeOp::create(builder, loc, stacked, merged);
  if (axis != 0)
    result = PermuteOp::create(builder, loc, result, fromFront);
  return result;
}

/// True when `value`, on a device tuple, is computed from sharded values that
/// have not been run per shard yet (a tiny.unshard, or a copy that shards):
/// it is a logical value that becomes an unshard later, and cannot be read
/// per device until then. Values on one device and the operands of an
/// mstack are read per device already.
bool readsShards(Value value) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    Operation *def = next.getDefiningOp();
    if (!def || isa<MStackOp>(def))
      continue;
    auto copy = dyn_cast<CopyOp>(def);
    if (isa<UnshardOp>(def) || (copy && copy.getShard()))
      return true;
    for (Value operand : def->getOperands())
      if (isMultiDeviceTensor(operand.getType()))
        worklist.push_back(operand);
  }
  return false;
}

/// Reads the operands of an op that runs per shard along axis `axis` of
/// `shape` (the op's iteration shape; operands broadcast to it from the
/// right) on each device of `devices`.
class ShardedOperands {
public:
  ShardedOperands(ArrayRef<int64_t> shape, int64_t axis, DeviceAttr devices)
      : shape(shape), axis(axis), devices(devices) {}

  /// Whether every operand has a per-shard form now (an operand computed
  /// from shards that are not run per shard yet has to wait).
  bool canShard(ValueRange operands) const {
    return llvm::all_of(operands, [](Value operand) {
      return operand.getDefiningOp<UnshardOp>() || !readsShards(operand);
    });
  }

  /// The value of `operand` that each device reads for its shard.
  Value shard(OpBuilder &builder, Location loc, Value operand) const {
    RankedTensorType type = getTensorType(operand);
    int64_t local =
        axis - (static_cast<int64_t>(shape.size()) - type.getRank());
    // Whether the operand has the sharded axis (it may broadcast along it).
    bool spans = local >= 0 && type.getShape()[local] != 1;
    int64_t count = devices.getNumDevices();
    SmallVector<Value> parts;
    if (auto unshard = operand.getDefiningOp<UnshardOp>()) {
      // Sharded alike: the shards are the parts.
      if (spans && static_cast<int64_t>(unshard.getAxis()) == local)
        return unshard.getSrc();
      // Sharded along another axis (or broadcast along this one): each
      // device gathers its part from all shards.
      for (int64_t i = 0; i < count; ++i)
        parts.push_back(CopyOp::create(
            builder, loc,
            spans ? getPart(builder, loc, operand, local, i, count) : operand,
            devices.getDeviceAt(i)));
      return MStackOp::create(builder, loc, parts);
    }
    // Every device holds the whole value, which each shard broadcasts.
    if (!spans)
      return operand;
    // A splat is the same constant in every part.
    if (auto constant = operand.getDefiningOp<ConstOp>())
      if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
        return ConstOp::create(
            builder, constant.getLoc(),
            SplatElementsAttr::get(
                type.clone(shardShape(type.getShape(), local, count)),
                splat.getSplatValue<Attribute>()));
    // Copied to every device from one: each copies only its part.
    auto copy = operand.getDefiningOp<CopyOp>();
    if (copy && !copy.getShard() &&
        !getDevice(copy.getSrc().getType()).isMulti()) {
      for (int64_t i = 0; i < count; ++i)
        parts.push_back(copyTo(
            builder, loc, getPart(builder, loc, copy.getSrc(), local, i, count),
            devices.getDeviceAt(i)));
      return MStackOp::create(builder, loc, parts);
    }
    // Each device takes its part of its own whole value.
    for (int64_t i = 0; i < count; ++i)
      parts.push_back(getPart(builder, loc,
                              MSelectOp::create(builder, loc, operand, i),
                              local, i, count));
    return MStackOp::create(builder, loc, parts);
  }

private:
  ArrayRef<int64_t> shape;
  int64_t axis;
  DeviceAttr devices;
};

/// The first operand that is a tiny.unshard, and the axis of `shape` (which
/// the operands broadcast to) it shards.
std::optional<std::pair<UnshardOp, int64_t>>
findShardedOperand(ValueRange operands, ArrayRef<int64_t> shape) {
  for (Value operand : operands)
    if (auto unshard = operand.getDefiningOp<UnshardOp>())
      return std::make_pair(unshard, static_cast<int64_t>(unshard.getAxis()) +
                                         static_cast<int64_t>(shape.size()) -
                                         getTensorType(operand).getRank());
  return std::nullopt;
}

// op(unshard(a, k), b, ...) -> unshard(op(a, b_shard, ...), k), where each
// other operand b is read per shard: sharded alike, its shards; a value every
// device holds whole (a replicating copy, a constant, a value computed from
// those), each device's part of it; sharded along another axis, each
// device's part gathered from the shards; broadcast along k, as it is.
struct ShardElementwise : RewritePattern {
  ShardElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return failure();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(op->getResult(0).getType()).getShape();
    auto sharded = findShardedOperand(op->getOperands(), shape);
    if (!sharded)
      return rewriter.notifyMatchFailure(op, "no sharded operand");
    auto [first, axis] = *sharded;
    ShardedOperands reader(shape, axis, getDevice(first.getSrc().getType()));
    if (!reader.canShard(op->getOperands()))
      return rewriter.notifyMatchFailure(
          op, "an operand is computed from shards not yet run per shard");
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(reader.shard(rewriter, op->getLoc(), operand));
    FailureOr<RankedTensorType> shardType = inferElementwiseOn(op, operands);
    if (failed(shardType))
      return rewriter.notifyMatchFailure(op, "no per-shard type");
    Value perShard = cloneElementwiseOn(rewriter, op, operands, *shardType);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

// stack(unshard(a, k), b, ...) -> unshard(stack(a, b_shard, ...), k + 1),
// the other operands read per shard as for elementwise ops.
struct ShardStack : OpRewritePattern<StackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StackOp op,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> shape = getTensorType(op.getSrcs().front()).getShape();
    auto sharded = findShardedOperand(op.getSrcs(), shape);
    if (!sharded)
      return rewriter.notifyMatchFailure(op, "no sharded operand");
    auto [first, axis] = *sharded;
    ShardedOperands reader(shape, axis, getDevice(first.getSrc().getType()));
    if (!reader.canShard(op.getSrcs()))
      return rewriter.notifyMatchFailure(
          op, "an operand is computed from shards not yet run per shard");
    SmallVector<Value> srcs;
    for (Value src : op.getSrcs())
      srcs.push_back(reader.shard(rewriter, op.getLoc(), src));
    auto perShard = StackOp::create(rewriter, op.getLoc(), srcs);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis + 1);
    return success();
  }
};

// marker(unshard(x, k)) -> unshard(marker(x), k) for contiguous, detach and
// contiguous_backward; bitcast(unshard(x, k)) likewise, each shard's elements
// reinterpreted in place (a last axis that changes length changes on each
// shard, and the shards' bytes follow one another).
struct ShardPassThrough : RewritePattern {
  ShardPassThrough(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<ContiguousOp, ContiguousBackwardOp, DetachOp, BitcastOp>(op))
      return failure();
    auto unshard = op->getOperand(0).getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    Type type = unshard.getSrc().getType();
    if (isa<BitcastOp>(op)) {
      FailureOr<RankedTensorType> inferred =
          inferElementwiseOn(op, unshard.getSrc());
      if (failed(inferred))
        return rewriter.notifyMatchFailure(op, "no per-shard bitcast");
      type = *inferred;
    }
    Operation *perShard = rewriter.clone(*op);
    rewriter.modifyOpInPlace(perShard, [&] {
      perShard->setOperand(0, unshard.getSrc());
      perShard->getResult(0).setType(type);
    });
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard->getResult(0),
                                           unshard.getAxis());
    return success();
  }
};

// store(unshard(b, k), v) -> store(b, v_shard): each device writes its shard
// of the target with its shard of the value, read per shard as an operand
// of an elementwise op.
struct ShardStore : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getTarget().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "the target is not sharded");
    ShardedOperands reader(getTensorType(op.getTarget()).getShape(),
                           unshard.getAxis(),
                           getDevice(unshard.getSrc().getType()));
    if (!reader.canShard(op.getValue()))
      return rewriter.notifyMatchFailure(
          op, "the value is computed from shards not yet run per shard");
    Value value = reader.shard(rewriter, op.getLoc(), op.getValue());
    rewriter.replaceOpWithNewOp<StoreOp>(op, unshard.getSrc(), value);
    return success();
  }
};

// after(unshard(b, k), deps) -> unshard(after(b, deps), k)
struct ShardAfter : OpRewritePattern<AfterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AfterOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    auto perShard =
        AfterOp::create(rewriter, op.getLoc(), unshard.getSrc(), op.getDeps());
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, unshard.getAxis());
    return success();
  }
};

// reduce(unshard(x, k), axes) -> allreduce(reduce(x, axes)) if k in axes,
//                                unshard(reduce(x, axes), k) otherwise
struct ShardReduce : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    auto perShard = ReduceOp::create(rewriter, op.getLoc(), op.getKind(),
                                     unshard.getSrc(), op.getAxes());
    if (llvm::is_contained(op.getAxes(),
                           static_cast<int64_t>(unshard.getAxis())))
      rewriter.replaceOpWithNewOp<AllReduceOp>(op, op.getKind(), perShard);
    else
      rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, unshard.getAxis());
    return success();
  }
};

// permute(unshard(x, k), order) -> unshard(permute(x, order), order^-1[k])
struct ShardPermute : OpRewritePattern<PermuteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PermuteOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t axis = llvm::find(op.getOrder(), unshard.getAxis()) -
                   op.getOrder().begin();
    Value perShard = op.createOn(rewriter, op.getLoc(), unshard.getSrc());
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

// expand(unshard(x, k), shape) -> unshard(expand(x, shard of shape), k):
// the sharded axis is longer than 1, so the expand leaves it alone.
struct ShardExpand : OpRewritePattern<ExpandOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t axis = unshard.getAxis();
    auto perShard = ExpandOp::create(
        rewriter, op.getLoc(), unshard.getSrc(),
        shardShape(op.getShape(), axis, numShards(unshard)));
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

/// The axis of `to` that a reshape from `from` maps sharded axis `axis` of
/// `from` onto without moving a shard boundary: the elements before it
/// number the same, and its length splits into `shards`. None when every
/// candidate would split a shard.
std::optional<int64_t> reshapedShardAxis(ArrayRef<int64_t> from,
                                         ArrayRef<int64_t> to, int64_t axis,
                                         int64_t shards) {
  int64_t before = 1;
  for (int64_t d : from.take_front(axis))
    before *= d;
  int64_t prefix = 1;
  for (auto [i, d] : llvm::enumerate(to)) {
    if (prefix == before && d % shards == 0)
      return i;
    prefix *= d;
    if (prefix > before)
      break;
  }
  return std::nullopt;
}

// reshape(unshard(x, k), shape) -> unshard(reshape(x, shard of shape), k')
struct ShardReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t shards = numShards(unshard);
    std::optional<int64_t> axis =
        reshapedShardAxis(getTensorType(unshard.getResult()).getShape(),
                          op.getShape(), unshard.getAxis(), shards);
    if (!axis)
      return rewriter.notifyMatchFailure(op, "the reshape splits a shard");
    auto perShard =
        ReshapeOp::create(rewriter, op.getLoc(), unshard.getSrc(),
                          shardShape(op.getShape(), *axis, shards));
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, *axis);
    return success();
  }
};

// pad / shrink / flip that leave the sharded axis alone run per shard.
struct ShardPad : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t axis = unshard.getAxis();
    if (op.getLow()[axis] != 0 || op.getHigh()[axis] != 0)
      return rewriter.notifyMatchFailure(op, "pads the sharded axis");
    Value perShard = op.createOn(rewriter, op.getLoc(), unshard.getSrc());
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

// shrink(unshard(x, k), window) -> unshard(shrink(x, window'), k) when the
// window keeps all of axis k. A window of part of axis k is no longer split
// evenly between the devices: each device gathers the shards it overlaps
// (cut to the window on the other axes first) and cuts the rest, so that
// every device holds the whole result.
struct ShardShrink : OpRewritePattern<ShrinkOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShrinkOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    Location loc = op.getLoc();
    int64_t axis = unshard.getAxis();
    int64_t full = getTensorType(unshard.getResult()).getShape()[axis];
    int64_t length = getTensorType(unshard.getSrc()).getShape()[axis];
    SmallVector<int64_t> starts(op.getStarts()), ends(op.getEnds());
    int64_t start = starts[axis], end = ends[axis];
    starts[axis] = 0;
    ends[axis] = length;
    auto shrink = [&](Value value, ArrayRef<int64_t> from,
                      ArrayRef<int64_t> to) -> Value {
      ArrayRef<int64_t> shape = getTensorType(value).getShape();
      if (llvm::all_of(from, [](int64_t s) { return s == 0; }) && to == shape)
        return value;
      return ShrinkOp::create(rewriter, loc, value, from, to);
    };
    if (start == 0 && end == full) {
      rewriter.replaceOpWithNewOp<UnshardOp>(
          op, shrink(unshard.getSrc(), starts, ends), axis);
      return success();
    }
    DeviceAttr devices = getDevice(unshard.getSrc().getType());
    int64_t count = devices.getNumDevices();
    // The shards the window overlaps (one when it is empty).
    int64_t first = std::min(start / length, count - 1);
    int64_t last = end > start ? (end - 1) / length : first;
    SmallVector<Value> pieces;
    for (int64_t m = first; m <= last; ++m)
      pieces.push_back(shrink(
          MSelectOp::create(rewriter, loc, unshard.getSrc(), m), starts, ends));
    SmallVector<int64_t> windowStarts(getTensorType(pieces.front()).getRank(),
                                      0);
    SmallVector<int64_t> windowEnds(getTensorType(pieces.front()).getShape());
    windowStarts[axis] = start - first * length;
    windowEnds[axis] = end - first * length;
    SmallVector<Value> perDevice;
    for (int64_t i = 0; i < count; ++i) {
      SmallVector<Value> onDevice;
      for (Value piece : pieces)
        onDevice.push_back(
            copyTo(rewriter, loc, piece, devices.getDeviceAt(i)));
      perDevice.push_back(shrink(concatenate(rewriter, loc, onDevice, axis),
                                 windowStarts, windowEnds));
    }
    rewriter.replaceOpWithNewOp<MStackOp>(op, perDevice);
    return success();
  }
};

// flip(unshard(x, k), axes) -> unshard(flip(x, axes), k) when k is not
// flipped; when it is, device i holds shard n-1-i flipped:
// unshard(mstack(flip(copy(x_{n-1-i}, Di), axes)), k).
struct ShardFlip : OpRewritePattern<FlipOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FlipOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    Location loc = op.getLoc();
    int64_t axis = unshard.getAxis();
    Value perShard;
    if (!llvm::is_contained(op.getAxes(), axis)) {
      perShard = op.createOn(rewriter, loc, unshard.getSrc());
    } else {
      DeviceAttr devices = getDevice(unshard.getSrc().getType());
      int64_t count = devices.getNumDevices();
      SmallVector<Value> flipped;
      for (int64_t i = 0; i < count; ++i) {
        Value shard =
            MSelectOp::create(rewriter, loc, unshard.getSrc(), count - 1 - i);
        flipped.push_back(op.createOn(
            rewriter, loc, copyTo(rewriter, loc, shard, devices.getDeviceAt(i))));
      }
      perShard = MStackOp::create(rewriter, loc, flipped);
    }
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

// index(unshard(x, k), i...) -> unshard(index(x, i...), k') when axis k is
// not indexed and every device holds the whole indices; k' is k's place in
// the result, after the indices' shape.
// index(x, unshard(i, a), j...) with x whole on every device ->
// unshard(index(x, i, j_shard...), a): each device gathers the elements its
// shard of the indices names (the other indices read per shard as operands
// of an elementwise op).
struct ShardIndex : OpRewritePattern<IndexOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IndexOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange indices = op.getIndices();
    int64_t numIndices = indices.size();
    int64_t srcRank = getTensorType(op.getSrc()).getRank();
    ArrayRef<int64_t> batchShape = getTensorType(op.getResult())
                                       .getShape()
                                       .drop_back(srcRank - numIndices);
    if (auto unshard = op.getSrc().getDefiningOp<UnshardOp>()) {
      int64_t axis = unshard.getAxis();
      if (axis < numIndices)
        return rewriter.notifyMatchFailure(op, "gathers along the sharded "
                                               "axis");
      if (llvm::any_of(indices, [](Value index) {
            return index.getDefiningOp<UnshardOp>() || readsShards(index);
          }))
        return rewriter.notifyMatchFailure(op, "the indices are sharded too");
      auto perShard = IndexOp::create(rewriter, loc, unshard.getSrc(), indices);
      rewriter.replaceOpWithNewOp<UnshardOp>(
          op, perShard,
          static_cast<int64_t>(batchShape.size()) + axis - numIndices);
      return success();
    }
    auto sharded = findShardedOperand(indices, batchShape);
    if (!sharded)
      return rewriter.notifyMatchFailure(op, "nothing is sharded");
    auto [first, axis] = *sharded;
    ShardedOperands reader(batchShape, axis,
                           getDevice(first.getSrc().getType()));
    if (readsShards(op.getSrc()) || !reader.canShard(indices))
      return rewriter.notifyMatchFailure(
          op, "an operand is computed from shards not yet run per shard");
    SmallVector<Value> perShardIndices;
    for (Value index : indices)
      perShardIndices.push_back(reader.shard(rewriter, loc, index));
    auto perShard =
        IndexOp::create(rewriter, loc, op.getSrc(), perShardIndices);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

/// The logical value of `unshard` gathered on `device`: each shard copied
/// there and the copies concatenated along the sharded axis.
Value gather(OpBuilder &builder, Location loc, UnshardOp unshard,
             DeviceAttr device) {
  SmallVector<Value> shards;
  for (int64_t i = 0, e = numShards(unshard); i < e; ++i)
    shards.push_back(
        copyTo(builder, loc,
               MSelectOp::create(builder, loc, unshard.getSrc(), i), device));
  return concatenate(builder, loc, shards, unshard.getAxis());
}

// copy(unshard(x, k), D) to one device D gathers: each shard is copied to D
// and the copies are concatenated along k (stacked, then merged with the
// axis; no arithmetic, so every bit pattern survives).
struct GatherCopy : OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard || op.getDevice().isMulti())
      return rewriter.notifyMatchFailure(op, "not a gather to one device");
    rewriter.replaceOp(op,
                       gather(rewriter, op.getLoc(), unshard, op.getDevice()));
    return success();
  }
};

// copy(unshard(x, k), (E0..Em-1)) gives every device of the target tuple
// the whole value, as a copy to a tuple does: mstack(gather(x, Ei)).
struct AllGatherCopy : OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    DeviceAttr target = op.getDevice();
    if (!unshard || !target.isMulti() || op.getShard())
      return rewriter.notifyMatchFailure(op, "not a gather to a tuple");
    SmallVector<Value> gathered;
    for (int64_t i = 0, e = target.getNumDevices(); i < e; ++i)
      gathered.push_back(
          gather(rewriter, op.getLoc(), unshard, target.getDeviceAt(i)));
    rewriter.replaceOpWithNewOp<MStackOp>(op, gathered);
    return success();
  }
};

// copy(x, (D0..Dn-1), shard k) -> unshard(mstack(copy(part_i(x), Di)), k),
// part_i the i-th of n equal consecutive ranges of axis k (a contiguous
// range of x's buffer when k is the outermost long axis, so the copy moves
// only the part's bytes).
struct ShardingCopy : OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<uint64_t> shard = op.getShard();
    if (!shard)
      return rewriter.notifyMatchFailure(op, "not a sharding copy");
    Location loc = op.getLoc();
    DeviceAttr target = op.getDevice();
    int64_t axis = static_cast<int64_t>(*shard);
    int64_t count = target.getNumDevices();
    SmallVector<Value> parts;
    for (int64_t i = 0; i < count; ++i)
      parts.push_back(copyTo(
          rewriter, loc, getPart(rewriter, loc, op.getSrc(), axis, i, count),
          target.getDeviceAt(i)));
    Value perDevice = MStackOp::create(rewriter, loc, parts);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perDevice, axis);
    return success();
  }
};

struct TinyMultiPass : mlir::tiny::impl::TinyMultiBase<TinyMultiPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMultiPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What is left on a sharded value has no per-shard form.
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (auto reshape = dyn_cast<ReshapeOp>(op)) {
        auto unshard = reshape.getSrc().getDefiningOp<UnshardOp>();
        if (!unshard)
          return WalkResult::advance();
        reshape.emitOpError("cannot keep the shards of axis ")
            << unshard.getAxis() << " of " << unshard.getResult().getType()
            << " apart: reshaping to " << formatShape(reshape.getShape())
            << " moves a shard boundary";
        return WalkResult::interrupt();
      }
      if (auto pad = dyn_cast<PadOp>(op)) {
        auto unshard = pad.getSrc().getDefiningOp<UnshardOp>();
        if (!unshard)
          return WalkResult::advance();
        pad.emitOpError("pads axis ")
            << unshard.getAxis() << " of " << unshard.getResult().getType()
            << ", whose shards are on different devices: the padded axis "
               "cannot be split into the same shards; copy the value to one "
               "device first";
        return WalkResult::interrupt();
      }
      if (auto index = dyn_cast<IndexOp>(op)) {
        auto unshard = index.getSrc().getDefiningOp<UnshardOp>();
        if (!unshard)
          return WalkResult::advance();
        if (unshard.getAxis() < index.getIndices().size())
          index.emitOpError("indexes axis ")
              << unshard.getAxis() << " of " << unshard.getResult().getType()
              << ", whose shards are on different devices; copy the source "
                 "to one device first";
        else
          index.emitOpError("indexes a sharded source with sharded indices; "
                            "copy one of them to one device first");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void mlir::tiny::populateMultiPatterns(RewritePatternSet &patterns) {
  patterns.add<AllGatherCopy, GatherCopy, ShardAfter, ShardElementwise,
               ShardExpand, ShardFlip, ShardIndex, ShardPad, ShardPassThrough,
               ShardPermute, ShardReduce, ShardReshape, ShardShrink, ShardStack,
               ShardStore, ShardingCopy>(patterns.getContext());
}
