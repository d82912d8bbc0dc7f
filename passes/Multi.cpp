//===- Multi.cpp - sharding propagation (-tiny-multi) ----------------------===//
//
// A sharded value is `unshard(x, axis)`: x holds one shard per device of a
// device tuple. These patterns move `unshard` down through its users so the
// work runs per shard, as tinygrad's multi rules do:
//   - elementwise ops on values sharded on the same axis (and constants that
//     broadcast along it) run per shard
//   - a reduce over the sharded axis is a per-shard reduce and an allreduce;
//     over other axes it is a per-shard reduce
//   - permute, expand and reshape remap the sharded axis (a reshape that
//     would split a shard is reported); pad, shrink and flip that leave the
//     sharded axis alone run per shard
//   - a copy to one device gathers the shards
// Sharding is only ever read from `unshard` ops in the graph.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Elementwise.h"
#include "passes/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

// op(unshard(a, k), unshard(b, k), splat) -> unshard(op(a, b, splat), k)
struct ShardElementwise : RewritePattern {
  ShardElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    UnshardOp first;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (auto unshard = operand.getDefiningOp<UnshardOp>()) {
        if (getTensorType(operand).getShape() != resultType.getShape())
          return rewriter.notifyMatchFailure(op, "a sharded operand is "
                                                 "broadcast");
        if (first && (unshard.getAxis() != first.getAxis() ||
                      unshard.getSrc().getType() != first.getSrc().getType()))
          return rewriter.notifyMatchFailure(op, "operands sharded apart");
        first = first ? first : unshard;
        operands.push_back(unshard.getSrc());
        continue;
      }
      if (!matchPattern(operand, m_Constant()))
        return rewriter.notifyMatchFailure(op, "an operand is not sharded");
      operands.push_back(operand);
    }
    if (!first)
      return rewriter.notifyMatchFailure(op, "no sharded operand");
    // Constants must broadcast along the sharded axis (length 1 there), or
    // be a tiny.const, whose every element is one value: each shard's part
    // of it is the same constant, one shard long.
    int64_t axis = first.getAxis();
    SmallVector<std::pair<unsigned, RankedTensorType>> shardedConstants;
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      if (operand.getDefiningOp<UnshardOp>())
        continue;
      RankedTensorType type = getTensorType(operand);
      int64_t offset = resultType.getRank() - type.getRank();
      if (axis < offset || type.getShape()[axis - offset] == 1)
        continue;
      if (!operand.getDefiningOp<ConstOp>())
        return rewriter.notifyMatchFailure(op, "a constant spans the shards");
      shardedConstants.emplace_back(
          i, type.clone(shardShape(type.getShape(), axis - offset,
                                   numShards(first))));
    }
    for (auto [i, type] : shardedConstants) {
      auto constant = op->getOperand(i).getDefiningOp<ConstOp>();
      auto splat = cast<SplatElementsAttr>(constant.getValue());
      operands[i] = ConstOp::create(
          rewriter, constant.getLoc(),
          SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    }
    FailureOr<RankedTensorType> shardType = inferElementwiseOn(op, operands);
    if (failed(shardType))
      return rewriter.notifyMatchFailure(op, "no per-shard type");
    Value perShard = cloneElementwiseOn(rewriter, op, operands, *shardType);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
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
    auto perShard = PermuteOp::create(rewriter, op.getLoc(), unshard.getSrc(),
                                      op.getOrder());
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
    auto perShard = PadOp::create(rewriter, op.getLoc(), unshard.getSrc(),
                                  op.getLow(), op.getHigh());
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

struct ShardShrink : OpRewritePattern<ShrinkOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShrinkOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t axis = unshard.getAxis();
    int64_t full = getTensorType(unshard.getResult()).getShape()[axis];
    if (op.getStarts()[axis] != 0 || op.getEnds()[axis] != full)
      return rewriter.notifyMatchFailure(op, "shrinks the sharded axis");
    SmallVector<int64_t> ends(op.getEnds());
    ends[axis] /= numShards(unshard);
    auto perShard = ShrinkOp::create(rewriter, op.getLoc(), unshard.getSrc(),
                                     op.getStarts(), ends);
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

struct ShardFlip : OpRewritePattern<FlipOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FlipOp op,
                                PatternRewriter &rewriter) const override {
    auto unshard = op.getSrc().getDefiningOp<UnshardOp>();
    if (!unshard)
      return rewriter.notifyMatchFailure(op, "source is not sharded");
    int64_t axis = unshard.getAxis();
    if (llvm::is_contained(op.getAxes(), axis))
      return rewriter.notifyMatchFailure(op, "flips the sharded axis");
    auto perShard = FlipOp::create(rewriter, op.getLoc(), unshard.getSrc(),
                                   op.getAxes());
    rewriter.replaceOpWithNewOp<UnshardOp>(op, perShard, axis);
    return success();
  }
};

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
    Location loc = op.getLoc();
    int64_t axis = unshard.getAxis();
    int64_t rank = getTensorType(op.getResult()).getRank();
    // Moves `axis` to the front, and back.
    SmallVector<int64_t> toFront{axis}, fromFront;
    for (int64_t i = 0; i < rank; ++i)
      if (i != axis)
        toFront.push_back(i);
    fromFront.assign(rank, 0);
    for (auto [i, a] : llvm::enumerate(toFront))
      fromFront[a] = i;

    SmallVector<Value> shards;
    for (int64_t i = 0, e = numShards(unshard); i < e; ++i) {
      Value shard = MSelectOp::create(rewriter, loc, unshard.getSrc(), i);
      shard = CopyOp::create(rewriter, loc, shard, op.getDevice());
      if (axis != 0)
        shard = PermuteOp::create(rewriter, loc, shard, toFront);
      shards.push_back(shard);
    }
    Value stacked = StackOp::create(rewriter, loc, shards);
    ArrayRef<int64_t> stackedShape = getTensorType(stacked).getShape();
    SmallVector<int64_t> merged{stackedShape[0] * stackedShape[1]};
    llvm::append_range(merged, stackedShape.drop_front(2));
    Value gathered = ReshapeOp::create(rewriter, loc, stacked, merged);
    if (axis != 0)
      gathered = PermuteOp::create(rewriter, loc, gathered, fromFront);
    rewriter.replaceOp(op, gathered);
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
    RankedTensorType type = getTensorType(op.getSrc());
    int64_t axis = static_cast<int64_t>(*shard);
    int64_t shards = target.getNumDevices();
    int64_t length = type.getShape()[axis] / shards;
    DeviceAttr source = getDevice(type);
    SmallVector<Value> parts;
    for (int64_t i = 0; i < shards; ++i) {
      SmallVector<int64_t> starts(type.getRank(), 0);
      SmallVector<int64_t> ends(type.getShape());
      starts[axis] = i * length;
      ends[axis] = (i + 1) * length;
      Value part =
          ShrinkOp::create(rewriter, loc, op.getSrc(), starts, ends);
      DeviceAttr device = target.getDeviceAt(i);
      if (device != source)
        part = CopyOp::create(rewriter, loc, part, device);
      parts.push_back(part);
    }
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
    // A reshape left on a sharded value would split its shards.
    WalkResult result = getOperation()->walk([](ReshapeOp reshape) {
      auto unshard = reshape.getSrc().getDefiningOp<UnshardOp>();
      if (!unshard)
        return WalkResult::advance();
      reshape.emitOpError("cannot keep the shards of axis ")
          << unshard.getAxis() << " of " << unshard.getResult().getType()
          << " apart: reshaping to " << formatShape(reshape.getShape())
          << " moves a shard boundary";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void mlir::tiny::populateMultiPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherCopy, ShardElementwise, ShardExpand, ShardFlip, ShardPad,
               ShardPermute, ShardReduce, ShardReshape, ShardShrink,
               ShardingCopy>(
      patterns.getContext());
}
