//===- SplitReduce.cpp - long reductions in two kernels -------------------===//
//
// A GPU kernel's output elements are its threads. A reduction to a few
// elements (a sum to a scalar) then runs on a few threads, or on one block
// with -tiny-gpu-schedule's GROUP_REDUCE, while the rest of the GPU idles:
// on an H200, a sum of 2^26 floats read 10 GB/s of the 4 TB/s the memory
// gives. As tinygrad's split_reduceop does, such a reduce becomes two: the
// first computes many partial results, one per thread, in a kernel of its
// own (`tiny.contiguous`); the second combines them.
//
// The split differs from tinygrad's in where the partials read: the kept
// factor of the split axis is its inner one, so neighbouring threads read
// neighbouring elements (coalesced loads), and a thread strides through
// the axis.
//
// On the host the same holds for threads: -tiny-cpu-schedule spreads a
// kernel's output elements over the cores, so a reduction to one element
// ran on one core, which does not reach the memory's bandwidth
// (bench-kernels, 2 cores: the f32 sum of 2^24 elements at 0.66-0.85 of a
// 2-thread stream loop; the add of the same size at 0.91-0.97). There, a
// reduction to one element is split into at most kHostPartials partials: a
// few per core of a large machine, so that OpenMP's static schedule gives
// every core as many (with 2, 4, 8, ... threads) or nearly, each partial
// still long. The kept factor is the outer one: each core reads one
// contiguous block, as a stream loop does. A reduction to several elements
// is left alone: its results are spread over the cores already (unevenly
// when they are fewer than the cores, which a split of the same form would
// not change: the THREAD range is the outermost output axis).
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSPLITREDUCE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Below this many source elements per result element a reduction keeps
/// one kernel (tinygrad's REDUCEOP_SPLIT_THRESHOLD).
constexpr int64_t kMinReducedPerResult = 1 << 15;
/// The partial results the first kernel aims at: enough threads to cover
/// the GPU's memory latency.
constexpr int64_t kMaxPartials = 1 << 16;
/// Each partial result combines at least this many elements.
constexpr int64_t kMinPerPartial = 16;
/// Fewer partials than this are not worth a second kernel.
constexpr int64_t kMinSplit = 8;
/// On the host, the most partials of a reduction to one element.
constexpr int64_t kHostPartials = 64;

/// Whether `axis` of `value` repeats one element (an expand of a length-1
/// axis): splitting it would add partials that all read the same data.
bool isBroadcastAxis(Value value, int64_t axis) {
  auto expand = value.getDefiningOp<ExpandOp>();
  if (!expand)
    return false;
  auto srcType = cast<RankedTensorType>(expand.getSrc().getType());
  return srcType.getRank() == cast<RankedTensorType>(value.getType()).getRank() &&
         srcType.getDimSize(axis) == 1;
}

/// reduce(x, axes) with x's axis A of length N = M * D, for D partials, on
/// a GPU:
///   x' = reshape(x) with A split into [M, D]
///   partials = contiguous(reduce(x', axes with A as M))
///   reshape(reduce(partials, [A + 1]))
/// and on the host, where each partial reads a contiguous block:
///   x' = reshape(x) with A split into [D, M]
///   partials = contiguous(reduce(x', axes with A as M, i.e. A + 1))
///   reshape(reduce(partials, [A]))
struct SplitLongReduce : OpRewritePattern<ReduceOp> {
  SplitLongReduce(MLIRContext *context, bool splitOnHost)
      : OpRewritePattern(context), splitOnHost(splitOnHost) {}

  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    bool onGpu = isOnOneGpu(resultType);
    if (!onGpu && !(splitOnHost && isOnHost(resultType)))
      return rewriter.notifyMatchFailure(op, "not on one GPU or the host");
    if (!srcType.hasStaticShape() || resultType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "dynamic or empty");
    int64_t results = resultType.getNumElements();
    if (srcType.getNumElements() / results < kMinReducedPerResult)
      return rewriter.notifyMatchFailure(op, "short reduction");
    if (!onGpu && results != 1)
      return rewriter.notifyMatchFailure(op, "results spread over the cores");
    int64_t maxPartials = onGpu ? kMaxPartials / results : kHostPartials;

    // The first reduced axis with a divisor in range, and its largest.
    int64_t axis = -1, partials = 0;
    for (int64_t candidate : op.getAxes()) {
      int64_t length = srcType.getDimSize(candidate);
      if (isBroadcastAxis(op.getSrc(), candidate))
        continue;
      for (int64_t d = std::min(maxPartials, length / kMinPerPartial);
           d >= kMinSplit; --d) {
        if (length % d == 0) {
          axis = candidate;
          partials = d;
          break;
        }
      }
      if (axis >= 0)
        break;
    }
    if (axis < 0)
      return rewriter.notifyMatchFailure(op, "no axis splits");

    Location loc = op.getLoc();
    ArrayRef<int64_t> shape = srcType.getShape();
    // The index of the partials' axis among the two A becomes.
    int64_t kept = onGpu ? 1 : 0;
    SmallVector<int64_t> splitShape(shape.take_front(axis));
    if (onGpu)
      splitShape.append({shape[axis] / partials, partials});
    else
      splitShape.append({partials, shape[axis] / partials});
    llvm::append_range(splitShape, shape.drop_front(axis + 1));
    SmallVector<int64_t> firstAxes;
    for (int64_t reduced : op.getAxes())
      firstAxes.push_back(reduced > axis || (reduced == axis && kept == 0)
                              ? reduced + 1
                              : reduced);
    Value split = ReshapeOp::create(rewriter, loc, op.getSrc(), splitShape);
    Value first =
        ReduceOp::create(rewriter, loc, op.getKind(), split, firstAxes);
    Value stored = ContiguousOp::create(rewriter, loc, first);
    Value second = ReduceOp::create(rewriter, loc, op.getKind(), stored,
                                    ArrayRef<int64_t>{axis + kept});
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, second, resultType.getShape());
    return success();
  }

  /// Whether reductions to one element on the host split too.
  bool splitOnHost;
};

struct TinySplitReduce
    : public mlir::tiny::impl::TinySplitReduceBase<TinySplitReduce> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitLongReduce>(&getContext(), host);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
