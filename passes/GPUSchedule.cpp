//===- GPUSchedule.cpp - GPU axis types of kernels (-tiny-gpu-schedule) ---===//
//
// The one place that decides how a kernel runs on a GPU: which of its ranges
// become blocks (GLOBAL) and threads (LOCAL), and which reductions the
// threads of a block share (GROUP_REDUCE). It writes the decisions as the
// AxisTypes of the kernel's ranges; -convert-tiny-to-gpu only reads them.
//
// - Reductions: a kernel with few outputs and long reductions (a sum to a
//   scalar, the max of a few rows) would run on a handful of threads, each
//   looping over a whole reduction, while the rest of the GPU idles. Such a
//   REDUCE range becomes a GROUP_REDUCE of the block's threads, its bound
//   their number, each of which reduces its strided part (as tinygrad's
//   GROUP optimization splits a reduce axis).
// - The grid: a kernel that names none gets one from its nest of output
//   ranges. They become GLOBAL ranges, except the innermost, which becomes
//   LOCAL threads in blocks of `block-size` (split into a GLOBAL and a LOCAL
//   range when it is longer); with a GROUP_REDUCE, which takes the threads,
//   it becomes blocks too.
// - Register tiles: the rows of a reduction-outside nest (the form
//   -tiny-rangeify gives a large matmul: per row, an initialization, a
//   REDUCE range over the column loop accumulating in the output, an
//   epilogue), the innermost range of the output nest, would each take a
//   thread of their own that loads every operand once per multiply-add.
//   Where the rows share a load of the reduction (matmul's B), they are
//   UPCAST `row-upcast` at a time (kRowUpcast by default), so that
//   -tiny-expand-upcast computes the rows of a tile in each column loop and
//   loads what does not depend on the row once for them (upcastLoop, as
//   -tiny-cpu-schedule does for the host's cores); the grid then takes the
//   groups of rows. The rows the factor does not divide are split off
//   (splitLoop) into an UPCAST range of their own, which the first thread
//   of the grid runs after its tile (the ranges of the main rows' grid wrap
//   it, one iteration each). Fewer than 2 * row-upcast rows are upcast by
//   the most, halving it, that divides them into two groups at least.
// - A kernel left with no GPU axis at all (no output nest: a scalar store,
//   ranges side by side) runs as one thread: its body is wrapped in a GLOBAL
//   range of one iteration, so the schedule is written down in the IR.
//
// A kernel that already names a grid (a GLOBAL or LOCAL range, a special
// id) is a schedule written by hand or by an earlier run: its grid is kept,
// and its reductions are only shared when it leaves the threads free.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "dialects/tiny/Utils/ReductionCombiner.h"
#include "passes/Passes.h"
#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYGPUSCHEDULE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// GPUs have three grid dimensions, x y z.
constexpr unsigned kGridDims = 3;

/// The rows of a reduction-outside nest one thread computes by default: 4
/// rows of accumulators load each shared operand (a column of matmul's B)
/// once per 4 multiply-adds and keep 4 threads' rows in one, which the
/// grid of a large matmul can spare.
constexpr int64_t kRowUpcast = 4;

Value createIndex(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

//===----------------------------------------------------------------------===//
// What a kernel already names
//===----------------------------------------------------------------------===//

/// The GPU schedule a kernel carries already.
struct KernelAxes {
  /// A GLOBAL or LOCAL range or a special id: the kernel's grid is chosen.
  bool namesGrid = false;
  /// A LOCAL or GROUP_REDUCE range, or a thread or global id: the threads
  /// of a block are taken.
  bool usesThreads = false;
  /// A GROUP_REDUCE range.
  bool groupReduce = false;
};

KernelAxes getKernelAxes(k::KernelOp kernel) {
  KernelAxes axes;
  kernel.walk([&](Operation *op) {
    if (auto special = dyn_cast<k::SpecialOp>(op)) {
      axes.namesGrid = true;
      axes.usesThreads |= !special.getName().starts_with("gidx");
      return;
    }
    auto range = dyn_cast<k::RangeOp>(op);
    if (!range)
      return;
    AxisType axis = range.getAxis();
    axes.namesGrid |= axis == AxisType::Global || axis == AxisType::Local;
    axes.usesThreads |=
        axis == AxisType::Local || axis == AxisType::GroupReduce;
    axes.groupReduce |= axis == AxisType::GroupReduce;
  });
  return axes;
}

//===----------------------------------------------------------------------===//
// GROUP_REDUCE
//===----------------------------------------------------------------------===//

/// Iterations of `range` and of the longest chain of ranges in its body;
/// none when a bound is not a constant.
std::optional<int64_t> getTripCount(k::RangeOp range) {
  std::optional<int64_t> bound = getConstantIntValue(range.getBound());
  if (!bound)
    return std::nullopt;
  int64_t inner = 1;
  for (Operation &op : range.getBody().front()) {
    auto nested = dyn_cast<k::RangeOp>(op);
    if (!nested)
      continue;
    std::optional<int64_t> count = getTripCount(nested);
    if (!count)
      return std::nullopt;
    inner = std::max(inner, *count);
  }
  return *bound * inner;
}

/// Whether the threads of a block may take the iterations of `range` in any
/// order and combine their parts: every carried value has a combiner, and
/// float sums and products may be reassociated.
bool hasReorderableCombiners(k::RangeOp range) {
  for (unsigned i = 0, e = range.getInitArgs().size(); i < e; ++i) {
    Operation *combiner = getReductionCombiner(range, i);
    if (!combiner ||
        !getCombinerIdentity(combiner, range.getInitArgs()[i].getType()))
      return false;
    if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(combiner);
        fastmath && isa<arith::AddFOp, arith::MulFOp>(combiner) &&
        !bitEnumContainsAll(fastmath.getFastMathFlagsAttr().getValue(),
                            arith::FastMathFlags::reassoc))
      return false;
  }
  return !range.getInitArgs().empty();
}

/// The number of outputs of the kernel around `range`: the product of the
/// bounds of the ranges it is nested in, when they are all parallel output
/// ranges with constant bounds.
std::optional<int64_t> getOutputCount(k::RangeOp range, k::KernelOp kernel) {
  int64_t outputs = 1;
  for (Operation *parent = range->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    auto outer = dyn_cast<k::RangeOp>(parent);
    if (!outer || !outer.getInitArgs().empty() ||
        !llvm::is_contained(
            {AxisType::Loop, AxisType::Thread, AxisType::Global},
            outer.getAxis()))
      return std::nullopt;
    std::optional<int64_t> bound = getConstantIntValue(outer.getBound());
    if (!bound)
      return std::nullopt;
    outputs *= *bound;
  }
  return outputs;
}

/// Whether `range` is a reduction of `kernel` worth sharing between the
/// threads of a block.
bool isWorthSharing(k::RangeOp range, k::KernelOp kernel, int64_t minReduce,
                    int64_t maxOutputs) {
  if (range.getAxis() != AxisType::Reduce)
    return false;
  std::optional<int64_t> outputs = getOutputCount(range, kernel);
  std::optional<int64_t> trips = getTripCount(range);
  if (!outputs || *outputs > maxOutputs || !trips || *trips < minReduce ||
      !hasReorderableCombiners(range))
    return false;
  // Each thread runs its share of the body: it may only read.
  WalkResult writes = range.getBody().walk([](Operation *op) {
    return isa<k::StoreOp, k::AtomicAddOp, k::BarrierOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !writes.wasInterrupted();
}

/// Makes the REDUCE range `range` a GROUP_REDUCE of `group` threads, each
/// taking every `group`-th iteration from its own (neighbouring threads read
/// neighbouring elements):
///
///   %r = reduce %i < N iter_args(%a = %init) { body(%i) }
///
/// becomes
///
///   %r = group_reduce %g < G iter_args(%a = %init) {
///     %p = reduce %j < (N - %g + G - 1) / G iter_args(%b = %a) {
///       body(%j * G + %g)
///     }
///     end %p
///   }
///
/// (the inner bound N / G where G divides N, and `range` itself where G is
/// N).
void splitGroupReduce(RewriterBase &rewriter, k::RangeOp range, int64_t group) {
  int64_t bound = *getConstantIntValue(range.getBound());
  if (bound == group)
    return range.setAxis(AxisType::GroupReduce);
  Location loc = range.getLoc();
  rewriter.setInsertionPoint(range);
  auto shared = k::RangeOp::create(rewriter, loc, AxisType::GroupReduce,
                                   createIndex(rewriter, loc, group),
                                   range.getInitArgs());
  Block &sharedBody = shared.getBody().front();
  rewriter.setInsertionPointToStart(&sharedBody);
  Value thread = shared.getInductionVar();
  Value groupSize = createIndex(rewriter, loc, group);
  Value count =
      bound % group == 0
          ? createIndex(rewriter, loc, bound / group)
          : arith::DivUIOp::create(
                rewriter, loc,
                arith::SubIOp::create(
                    rewriter, loc,
                    createIndex(rewriter, loc, bound + group - 1), thread),
                groupSize)
                .getResult();
  auto part = k::RangeOp::create(rewriter, loc, AxisType::Reduce, count,
                                 sharedBody.getArguments().drop_front());
  k::EndOp::create(rewriter, loc, part.getResults());
  Block &partBody = part.getBody().front();
  rewriter.setInsertionPointToStart(&partBody);
  Value index = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, part.getInductionVar(), groupSize),
      thread);
  rewriter.mergeBlocks(
      &range.getBody().front(), &partBody,
      llvm::to_vector(llvm::concat<Value>(
          ValueRange{index}, partBody.getArguments().drop_front())));
  rewriter.replaceOp(range, shared.getResults());
}

/// Shares between the threads of a block the reductions of `kernel` worth
/// it, as GROUP_REDUCE ranges of one size: a power of two, for the tree
/// that combines the threads' parts, at most `blockSize` and no more than
/// the longest of them has iterations. Returns whether it shared one.
bool scheduleGroupReduces(RewriterBase &rewriter, k::KernelOp kernel,
                          int64_t minReduce, int64_t maxOutputs,
                          int64_t blockSize) {
  SmallVector<k::RangeOp> shared;
  kernel.walk([&](k::RangeOp range) {
    if (isWorthSharing(range, kernel, minReduce, maxOutputs))
      shared.push_back(range);
  });
  if (shared.empty())
    return false;
  uint64_t longest = 1;
  for (k::RangeOp range : shared)
    longest =
        std::max<uint64_t>(longest, *getConstantIntValue(range.getBound()));
  int64_t group = std::min(llvm::bit_floor(static_cast<uint64_t>(blockSize)),
                           llvm::PowerOf2Ceil(longest));
  for (k::RangeOp range : shared)
    splitGroupReduce(rewriter, range, group);
  return true;
}

//===----------------------------------------------------------------------===//
// The grid
//===----------------------------------------------------------------------===//

/// Whether `op` may write memory; an op that does not say may.
bool mayWrite(Operation &op) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
    return effects.hasEffect<MemoryEffects::Write>();
  return !isMemoryEffectFree(&op);
}

/// Whether `range` is the tail of rows scheduleRowTiles splits off at the
/// top of `kernel`: an UPCAST range there, carrying nothing.
bool isRowTail(k::RangeOp range, k::KernelOp kernel) {
  return range->getParentOp() == kernel.getOperation() &&
         range.getAxis() == AxisType::Upcast && range.getInitArgs().empty();
}

/// The output ranges a kernel's default grid may take: from the kernel's
/// top, the only range of each block while it carries nothing, is a LOOP or
/// THREAD range with a constant bound, and the ops beside it write nothing
/// (every thread runs them); at the top, the tail of rows scheduleRowTiles
/// splits off may follow it. At most three ranges longer than one.
SmallVector<k::RangeOp> getOutputNest(k::KernelOp kernel) {
  SmallVector<k::RangeOp> nest;
  Block *block = &kernel.getBody().front();
  unsigned longRanges = 0;
  while (longRanges < kGridDims) {
    k::RangeOp only;
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      auto range = dyn_cast<k::RangeOp>(op);
      if (range && only && isRowTail(range, kernel))
        continue;
      if ((range && only) ||
          (!range && (op.getNumRegions() != 0 || mayWrite(op))))
        return nest;
      if (range)
        only = range;
    }
    if (!only || !only.getInitArgs().empty() ||
        (only.getAxis() != AxisType::Loop &&
         only.getAxis() != AxisType::Thread))
      return nest;
    std::optional<int64_t> bound = getConstantIntValue(only.getBound());
    if (!bound || *bound < 1)
      return nest;
    nest.push_back(only);
    if (*bound > 1)
      ++longRanges;
    block = &only.getBody().front();
  }
  return nest;
}

/// Gives `kernel` a grid from its nest of output ranges: they become GLOBAL
/// ranges; without a GROUP_REDUCE, which takes the threads, the innermost
/// one becomes LOCAL threads, split into blocks of `blockSize` (its body
/// guarded where the bound is not a multiple). A range of one iteration is
/// no dimension: its body takes its place.
void scheduleGrid(RewriterBase &rewriter, k::KernelOp kernel, bool groupReduce,
                  int64_t blockSize) {
  SmallVector<k::RangeOp> nest;
  for (k::RangeOp range : getOutputNest(kernel)) {
    if (*getConstantIntValue(range.getBound()) > 1) {
      nest.push_back(range);
      continue;
    }
    rewriter.setInsertionPoint(range);
    range.inlineAt(rewriter, createIndex(rewriter, range.getLoc(), 0));
  }
  if (nest.empty())
    return;
  k::RangeOp inner = nest.back();
  for (k::RangeOp range : ArrayRef(nest).drop_back())
    range.setAxis(AxisType::Global);
  if (groupReduce)
    return inner.setAxis(AxisType::Global);
  int64_t bound = *getConstantIntValue(inner.getBound());
  if (bound <= blockSize)
    return inner.setAxis(AxisType::Local);
  // blocks of blockSize lanes: range global %b < ceil(n / B) {
  //   range local %l < B { i = b * B + l; if i < n { body(i) } } }
  Location loc = inner.getLoc();
  rewriter.setInsertionPoint(inner);
  Value threads = createIndex(rewriter, loc, blockSize);
  auto blocks = k::RangeOp::create(
      rewriter, loc, AxisType::Global,
      createIndex(rewriter, loc, llvm::divideCeil(bound, blockSize)));
  rewriter.setInsertionPoint(blocks.getBody().front().getTerminator());
  auto lanes = k::RangeOp::create(rewriter, loc, AxisType::Local, threads);
  Operation *end = lanes.getBody().front().getTerminator();
  rewriter.setInsertionPoint(end);
  Value index = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, blocks.getInductionVar(), threads),
      lanes.getInductionVar());
  Block &body = inner.getBody().front();
  rewriter.eraseOp(body.getTerminator());
  if (bound % blockSize != 0) {
    Value inBounds = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, index, inner.getBound());
    auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                   /*withElseRegion=*/false);
    end = guard.thenBlock()->getTerminator();
  }
  rewriter.inlineBlockBefore(&body, end, ValueRange{index});
  rewriter.eraseOp(inner);
}

/// Wraps each row tail at the top of `kernel` in ranges of one iteration,
/// of the axes of the grid ranges around the main rows, outermost first:
/// the first thread of the main rows' grid runs it after its own rows
/// (every other thread, and every other block, is guarded off).
void wrapRowTails(RewriterBase &rewriter, k::KernelOp kernel) {
  SmallVector<k::RangeOp> tails;
  k::RangeOp main;
  for (auto range : kernel.getBody().front().getOps<k::RangeOp>()) {
    if (isRowTail(range, kernel))
      tails.push_back(range);
    else
      main = range;
  }
  if (tails.empty() || !main)
    return;
  SmallVector<AxisType> axes;
  auto isGridAxis = [](AxisType axis) {
    return axis == AxisType::Global || axis == AxisType::Local;
  };
  for (k::RangeOp grid = main; grid && isGridAxis(grid.getAxis());) {
    axes.push_back(grid.getAxis());
    k::RangeOp next;
    for (auto inner : grid.getBody().front().getOps<k::RangeOp>())
      if (isGridAxis(inner.getAxis()))
        next = inner;
    grid = next;
  }
  for (k::RangeOp tail : tails) {
    for (AxisType axis : axes) {
      rewriter.setInsertionPoint(tail);
      auto wrapper =
          k::RangeOp::create(rewriter, tail.getLoc(), axis,
                             createIndex(rewriter, tail.getLoc(), 1));
      rewriter.moveOpBefore(tail, wrapper.getBody().front().getTerminator());
    }
  }
}

//===----------------------------------------------------------------------===//
// Register tiles
//===----------------------------------------------------------------------===//

/// Whether a REDUCE range in the body of `rows` loads a value whose address
/// does not depend on `rows`' index: a load the rows of a tile share.
bool rowsShareLoads(k::RangeOp rows) {
  DenseSet<Value> fromRow{rows.getInductionVar()};
  bool shares = false;
  rows.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool reads = llvm::any_of(op->getOperands(), [&](Value operand) {
      return fromRow.contains(operand);
    });
    if (reads) {
      fromRow.insert(op->getResults().begin(), op->getResults().end());
      if (auto range = dyn_cast<k::RangeOp>(op))
        fromRow.insert(range.getRegionIterArgs().begin(),
                       range.getRegionIterArgs().end());
    }
    if (!isa<k::LoadOp>(op) || reads)
      return;
    for (auto range = op->getParentOfType<k::RangeOp>(); range != rows;
         range = range->getParentOfType<k::RangeOp>())
      shares |= range.getAxis() == AxisType::Reduce;
  });
  return shares;
}

/// The rows of `kernel`'s reduction-outside nest that a register tile
/// takes: when the body of the innermost range of its output nest holds a
/// REDUCE range that carries nothing, the innermost range of the nest that
/// runs more than once, a LOOP range whose rows share a load of the
/// reduction. Null when there is none.
k::RangeOp getTileRows(k::KernelOp kernel) {
  SmallVector<k::RangeOp> nest = getOutputNest(kernel);
  auto longest = llvm::find_if(llvm::reverse(nest), [](k::RangeOp range) {
    return *getConstantIntValue(range.getBound()) > 1;
  });
  if (longest == nest.rend() || longest->getAxis() != AxisType::Loop)
    return {};
  k::RangeOp rows = *longest;
  bool reduceOutside = llvm::any_of(
      nest.back().getBody().front().getOps<k::RangeOp>(), [](k::RangeOp range) {
        return range.getAxis() == AxisType::Reduce &&
               range.getInitArgs().empty();
      });
  return reduceOutside && rowsShareLoads(rows) ? rows : k::RangeOp();
}

/// UPCASTs the rows of `kernel`'s reduction-outside nest `rowUpcast` at a
/// time (see the file comment). The tail `rowUpcast` does not divide is
/// split off only at the kernel's top, where the grid wraps it; nested
/// rows take the most factor, halving `rowUpcast`, that divides them.
void scheduleRowTiles(k::KernelOp kernel, int64_t rowUpcast) {
  k::RangeOp rows = getTileRows(kernel);
  if (!rows || rowUpcast < 2)
    return;
  bool atTop = rows->getParentOp() == kernel.getOperation();
  k::RangeOp tailRows = upcastRowBlocks(rows, rowUpcast, /*splitTail=*/atTop);
  // One row is no UPCAST: a LOOP range of one iteration, which the grid
  // would take for the nest, becomes the UPCAST range of that row.
  if (tailRows && getConstantIntValue(tailRows.getBound()) == 1)
    tailRows.setAxis(AxisType::Upcast);
}

/// Wraps the body of `kernel` in a GLOBAL range of one iteration: one
/// thread runs it.
void scheduleOneThread(RewriterBase &rewriter, k::KernelOp kernel) {
  Block &body = kernel.getBody().front();
  Location loc = kernel.getLoc();
  rewriter.setInsertionPointToStart(&body);
  Value one = createIndex(rewriter, loc, 1);
  auto range = k::RangeOp::create(rewriter, loc, AxisType::Global, one);
  Operation *end = range.getBody().front().getTerminator();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(Block::iterator(range)), body.end())))
    rewriter.moveOpBefore(&op, end);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct TinyGPUSchedulePass
    : public tiny::impl::TinyGPUScheduleBase<TinyGPUSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1) {
      getOperation()->emitError("block-size must be positive, got ")
          << blockSize.getValue();
      return signalPassFailure();
    }
    if (rowUpcast < 0) {
      getOperation()->emitError("row-upcast must not be negative, got ")
          << rowUpcast.getValue();
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    getOperation()->walk<WalkOrder::PreOrder>([&](k::KernelOp kernel) {
      if (gpuKernelsOnly && !isGpuKernel(kernel))
        return WalkResult::skip();
      KernelAxes axes = getKernelAxes(kernel);
      if (!axes.usesThreads)
        axes.groupReduce |= scheduleGroupReduces(rewriter, kernel, minReduce,
                                                 maxOutputs, blockSize);
      if (!axes.namesGrid) {
        if (!axes.groupReduce)
          scheduleRowTiles(kernel, rowUpcast > 0 ? rowUpcast : kRowUpcast);
        scheduleGrid(rewriter, kernel, axes.groupReduce, blockSize);
        wrapRowTails(rewriter, kernel);
        KernelAxes after = getKernelAxes(kernel);
        if (!after.namesGrid && !after.groupReduce)
          scheduleOneThread(rewriter, kernel);
      }
      return WalkResult::skip();
    });
  }
};

} // namespace
