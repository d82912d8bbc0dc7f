//===- HoistThreads.cpp - one parallel region per blocked nest ------------===//
//
// hoistThreads (passes/ScheduleActions.h): the threads of a nest whose
// reduced axis blockReduce (and packOperand) cut into cache blocks, moved
// outside the range of the blocks. Blocked, the nest forks its threads and
// joins them once per block, twice when a packed copy runs on the threads
// before the rows: 16 parallel regions for the 1024^3 matmul, 256 for
// 4096^3, each waking the workers and waiting for the slowest. With the
// threads outside, each thread runs every block over its own share of the
// rows, and copies each packed block whole into a scratch buffer of its
// own: the copy is a small part of the work (one block of B per block of
// the reduced axis, against every row's products with it), and the block
// then sits in the cache of the core that reads it.
//
//===----------------------------------------------------------------------===//

#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The nest hoistThreads rewrites (see its comment).
struct ThreadedBlocks {
  /// The THREAD range of the rows and its constant bound.
  k::RangeOp rows;
  int64_t numRows = 0;
  /// The THREAD ranges that only write scratch buffers (packed copies).
  SmallVector<k::RangeOp> copies;
  /// The scratch buffers the copies write.
  llvm::SetVector<memref::AllocOp> scratch;
};

/// The scratch buffer `op` stores into, when its address is a k.index of a
/// memref.alloc at the top of `kernel`; null otherwise.
memref::AllocOp getScratchTarget(k::StoreOp op, k::KernelOp kernel) {
  auto index = op.getPtr().getDefiningOp<k::IndexOp>();
  if (!index)
    return {};
  auto alloc = index.getBuffer().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getParentOp() != kernel.getOperation())
    return {};
  return alloc;
}

/// Whether the THREAD range `range` writes only scratch buffers of `kernel`,
/// collecting them in `scratch`.
bool writesOnlyScratch(k::RangeOp range, k::KernelOp kernel,
                       llvm::SetVector<memref::AllocOp> &scratch) {
  bool wrote = false;
  WalkResult walk = range.getBody().walk([&](Operation *op) {
    if (isa<k::RangeOp, k::EndOp>(op) || isPure(op))
      return WalkResult::advance();
    if (isa<k::LoadOp>(op))
      return WalkResult::advance();
    auto store = dyn_cast<k::StoreOp>(op);
    memref::AllocOp alloc = store ? getScratchTarget(store, kernel) : nullptr;
    if (!alloc)
      return WalkResult::interrupt();
    scratch.insert(alloc);
    wrote = true;
    return WalkResult::advance();
  });
  return wrote && !walk.wasInterrupted();
}

/// Matches the nest of hoistThreads(`blocks`): collects the THREAD ranges
/// inside `blocks` through LOOP ranges and pure ops.
std::optional<ThreadedBlocks> matchThreadedBlocks(k::RangeOp blocks) {
  auto kernel = dyn_cast_or_null<k::KernelOp>(blocks->getParentOp());
  if (!kernel || blocks.getAxis() != AxisType::Reduce ||
      !blocks.getInitArgs().empty() || !getConstantIntValue(blocks.getBound()))
    return std::nullopt;
  ThreadedBlocks nest;
  SmallVector<k::RangeOp> threads;
  // Between `blocks` and its THREAD ranges: LOOP ranges carrying nothing and
  // pure ops.
  std::function<bool(Block &)> collect = [&](Block &block) {
    for (Operation &op : block.without_terminator()) {
      auto range = dyn_cast<k::RangeOp>(op);
      if (!range) {
        if (op.getNumRegions() != 0 || !isPure(&op))
          return false;
        continue;
      }
      if (!range.getInitArgs().empty())
        return false;
      if (range.getAxis() == AxisType::Thread)
        threads.push_back(range);
      else if (range.getAxis() != AxisType::Loop ||
               !collect(range.getBody().front()))
        return false;
    }
    return true;
  };
  if (!collect(blocks.getBody().front()))
    return std::nullopt;
  for (k::RangeOp thread : threads) {
    if (writesOnlyScratch(thread, kernel, nest.scratch)) {
      nest.copies.push_back(thread);
      continue;
    }
    // One THREAD range of rows.
    if (nest.rows)
      return std::nullopt;
    nest.rows = thread;
  }
  if (!nest.rows)
    return std::nullopt;
  std::optional<int64_t> numRows = getConstantIntValue(nest.rows.getBound());
  if (!numRows || *numRows < 2)
    return std::nullopt;
  nest.numRows = *numRows;
  // The scratch buffers: one-dimensional and static, read and written only
  // inside `blocks` through k.index, and freed.
  for (memref::AllocOp alloc : nest.scratch) {
    MemRefType type = alloc.getType();
    if (type.getRank() != 1 || !type.hasStaticShape() ||
        !alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty())
      return std::nullopt;
    for (Operation *user : alloc->getUsers()) {
      if (isa<memref::DeallocOp>(user))
        continue;
      if (!isa<k::IndexOp>(user) || !blocks->isProperAncestor(user))
        return std::nullopt;
    }
  }
  return nest;
}

/// The first op from `op` on (`forward`) or back that is not pure, when it
/// is a THREAD range of `numRows` iterations carrying nothing: blockReduce's
/// nest of the rows' initialization before the blocks, or of their epilogue
/// after them.
k::RangeOp getRowsBeside(Operation *op, bool forward, int64_t numRows) {
  // Past the constants of bounds.
  while (op && op->getNumRegions() == 0 && isPure(op))
    op = forward ? op->getNextNode() : op->getPrevNode();
  auto range = dyn_cast_or_null<k::RangeOp>(op);
  if (!range || range.getAxis() != AxisType::Thread ||
      !range.getInitArgs().empty() ||
      getConstantIntValue(range.getBound()) != numRows)
    return {};
  return range;
}

} // namespace

LogicalResult mlir::tiny::hoistThreads(k::RangeOp blocks, int64_t numThreads) {
  std::optional<ThreadedBlocks> nest = matchThreadedBlocks(blocks);
  if (!nest || numThreads < 2)
    return failure();
  // Shares of `chunk` rows, the last one shorter; as many threads as that
  // leaves a row to.
  int64_t chunk = llvm::divideCeil(nest->numRows, numThreads);
  int64_t threads = llvm::divideCeil(nest->numRows, chunk);
  if (threads < 2)
    return failure();
  Location loc = blocks.getLoc();
  OpBuilder builder(blocks);
  auto outer =
      k::RangeOp::create(builder, loc, AxisType::Thread,
                         arith::ConstantIndexOp::create(builder, loc, threads));
  blocks->moveBefore(outer.getBody().front().getTerminator());
  Value thread = outer.getInductionVar();

  // The copies run whole on every thread, each into its own scratch.
  for (k::RangeOp copy : nest->copies)
    copy.setAxis(AxisType::Loop);
  for (memref::AllocOp alloc : nest->scratch) {
    int64_t size = alloc.getType().getNumElements();
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
      auto index = dyn_cast<k::IndexOp>(user);
      if (!index)
        continue;
      builder.setInsertionPoint(index);
      Value offset = arith::MulIOp::create(
          builder, loc, thread,
          arith::ConstantIndexOp::create(builder, loc, size));
      Value shifted = arith::AddIOp::create(builder, loc,
                                            index.getIndices().front(), offset);
      index.getIndicesMutable().assign(shifted);
    }
    alloc.getResult().setType(MemRefType::get(
        {size * threads}, alloc.getType().getElementType(),
        alloc.getType().getLayout(), alloc.getType().getMemorySpace()));
  }

  // The rows, and the nests of the same rows right before and after the
  // blocks: this thread's share, [thread * chunk, min(rows, (thread + 1) *
  // chunk)).
  auto share = [&](k::RangeOp rows) {
    builder.setInsertionPoint(rows);
    Value start = arith::MulIOp::create(
        builder, loc, thread,
        arith::ConstantIndexOp::create(builder, loc, chunk));
    Value left = arith::SubIOp::create(
        builder, loc,
        arith::ConstantIndexOp::create(builder, loc, nest->numRows), start);
    Value bound = arith::MinSIOp::create(
        builder, loc, left,
        arith::ConstantIndexOp::create(builder, loc, chunk));
    rows.getBoundMutable().assign(bound);
    rows.setAxis(AxisType::Loop);
    builder.setInsertionPointToStart(&rows.getBody().front());
    auto row =
        arith::AddIOp::create(builder, loc, start, rows.getInductionVar());
    rows.getInductionVar().replaceAllUsesExcept(row, row);
  };
  share(nest->rows);
  if (k::RangeOp before = getRowsBeside(outer->getPrevNode(), /*forward=*/false,
                                        nest->numRows)) {
    before->moveBefore(blocks);
    share(before);
  }
  if (k::RangeOp after = getRowsBeside(outer->getNextNode(), /*forward=*/true,
                                       nest->numRows)) {
    after->moveAfter(blocks);
    share(after);
  }
  return success();
}
