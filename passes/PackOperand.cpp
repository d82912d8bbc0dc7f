//===- PackOperand.cpp - packed blocks of a matmul's source ---------------===//
//
// packOperand (passes/ScheduleActions.h): per cache block of a matmul's
// reduced axis, the block of B copied into a scratch buffer of short,
// padded rows that the register tiles then read. B's own rows are a whole
// row of the matrix apart (4-16 KiB for n = 1024-4096): a tile's columns of
// a block then fall in a few cache sets, and every row is another page.
//
// The scratch buffer is a memref.alloc at the kernel's start, freed at its
// end: kernels already index memref buffers (k.index), and a host kernel's
// body runs in place in its function, so the allocation lowers as the host
// function's temporaries do (malloc and free). One buffer serves every
// thread: the copy of a block runs, on the threads, before the rows that
// read it, and the next block's copy after them (each THREAD range ends when
// all its iterations have).
//
//===----------------------------------------------------------------------===//

#include "passes/ScheduleActions.h"

#include "passes/LinearSum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// A load packOperand replaces: its address, the UNROLL ranges around it in
/// the column loop (outermost first) and the ops computing the address
/// inside the rows, in block order.
struct PackedLoad {
  k::LoadOp load;
  k::IndexOp address;
  SmallVector<k::RangeOp> unrolls;
  SmallVector<Operation *> slice;
};

/// The nest packOperand rewrites (see its comment).
struct PackNest {
  /// The row ranges, outermost first.
  SmallVector<k::RangeOp> rows;
  /// The REDUCE range inside the rows and its column LOOP range.
  k::RangeOp inner;
  k::RangeOp columns;
  int64_t numColumns = 0;
  SmallVector<PackedLoad> loads;
  bool threaded = false;
};

/// Whether every op of `block` but `range` and the terminator is pure and
/// holds no region.
bool onlyPureBesides(Block &block, Operation *range) {
  return llvm::all_of(block.without_terminator(), [&](Operation &op) {
    return &op == range || (op.getNumRegions() == 0 && isPure(&op));
  });
}

/// The only range of `block`, or null.
k::RangeOp getOnlyRange(Block &block) {
  k::RangeOp only;
  for (Operation &op : block.without_terminator())
    if (auto range = dyn_cast<k::RangeOp>(op)) {
      if (only)
        return {};
      only = range;
    }
  return only;
}

/// Collects in `slice` the ops inside `rows` that compute `value`; fails
/// when one is not pure or it reads an iteration variable of `rows` other
/// than those in `allowed`.
LogicalResult collectSlice(Value value, k::RangeOp rows,
                           const DenseSet<Value> &allowed,
                           llvm::SetVector<Operation *> &slice) {
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (!rows->isAncestor(argument.getOwner()->getParentOp()))
      return success();
    return success(allowed.contains(value));
  }
  Operation *op = value.getDefiningOp();
  if (!rows->isProperAncestor(op) || slice.contains(op))
    return success();
  if (op->getNumRegions() != 0 || !isPure(op))
    return failure();
  for (Value operand : op->getOperands())
    if (failed(collectSlice(operand, rows, allowed, slice)))
      return failure();
  slice.insert(op);
  return success();
}

std::optional<PackNest> matchPackNest(k::RangeOp blocks, int64_t columnBlock) {
  if (blocks.getAxis() != AxisType::Reduce || !blocks.getInitArgs().empty() ||
      !getConstantInt(blocks.getBound()))
    return std::nullopt;
  PackNest nest;
  Block *block = &blocks.getBody().front();
  while (true) {
    k::RangeOp range = getOnlyRange(*block);
    if (!range || !range.getInitArgs().empty() ||
        !onlyPureBesides(*block, range) || !getConstantInt(range.getBound()))
      return std::nullopt;
    if (range.getAxis() == AxisType::Reduce) {
      nest.inner = range;
      break;
    }
    if (range.getAxis() != AxisType::Loop &&
        range.getAxis() != AxisType::Thread &&
        range.getAxis() != AxisType::Upcast)
      return std::nullopt;
    nest.threaded |= range.getAxis() == AxisType::Thread;
    nest.rows.push_back(range);
    block = &range.getBody().front();
  }
  if (nest.rows.empty())
    return std::nullopt;

  Block &innerBody = nest.inner.getBody().front();
  auto columns =
      dyn_cast_or_null<k::RangeOp>(innerBody.getTerminator()->getPrevNode());
  if (!columns || columns.getAxis() != AxisType::Loop ||
      !columns.getInitArgs().empty() || !onlyPureBesides(innerBody, columns))
    return std::nullopt;
  std::optional<int64_t> numColumns = getConstantInt(columns.getBound());
  if (!numColumns || columnBlock < 1 || *numColumns < columnBlock ||
      *numColumns % columnBlock != 0)
    return std::nullopt;
  nest.columns = columns;
  nest.numColumns = *numColumns;

  // The column loop's body: accumulator updates, loads, pure ops, UNROLL
  // ranges.
  Value column = columns.getInductionVar();
  DenseSet<Value> written;
  DenseSet<Operation *> accumulatorLoads;
  WalkResult walk = columns.getBody().walk([&](Operation *op) {
    if (auto range = dyn_cast<k::RangeOp>(op))
      return range.getAxis() == AxisType::Unroll &&
                     getConstantInt(range.getBound())
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (auto store = dyn_cast<k::StoreOp>(op)) {
      auto address = store.getPtr().getDefiningOp<k::IndexOp>();
      k::LoadOp load = getAccumulatorLoad(store);
      if (store.getGate() || !address || address.getIndices().size() != 1 ||
          !load)
        return WalkResult::interrupt();
      LinearSum linear;
      if (failed(addLinear(address.getIndices().front(), 1, linear)) ||
          linear.coefficientOf(column) != 1)
        return WalkResult::interrupt();
      for (auto &[leaf, coefficient] : linear.terms)
        if (coefficient != 0 && leaf != column &&
            nest.inner->isAncestor(leaf.getParentRegion()->getParentOp()))
          return WalkResult::interrupt();
      written.insert(address.getBuffer());
      accumulatorLoads.insert(load);
      return WalkResult::advance();
    }
    return isa<k::LoadOp, k::EndOp>(op) || isPure(op) ? WalkResult::advance()
                                                      : WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || written.empty())
    return std::nullopt;

  // The loads that depend on the column and the reduced index.
  Value reduced = nest.inner.getInductionVar();
  k::RangeOp rows = nest.rows.front();
  walk = columns.getBody().walk([&](k::LoadOp load) {
    if (accumulatorLoads.contains(load))
      return WalkResult::advance();
    auto address = load.getPtr().getDefiningOp<k::IndexOp>();
    if (load.getGate() || !address || address.getIndices().size() != 1)
      return WalkResult::advance();
    if (written.contains(address.getBuffer()))
      return WalkResult::interrupt();
    PackedLoad packed{load, address, {}, {}};
    DenseSet<Value> allowed{column, reduced};
    for (auto range = load->getParentOfType<k::RangeOp>(); range != columns;
         range = range->getParentOfType<k::RangeOp>()) {
      packed.unrolls.insert(packed.unrolls.begin(), range);
      allowed.insert(range.getInductionVar());
    }
    llvm::SetVector<Operation *> slice;
    if (failed(
            collectSlice(address.getIndices().front(), rows, allowed, slice)))
      return WalkResult::advance();
    // Whether the address reads the column and the reduced index.
    bool fromColumn = false, fromReduced = false;
    for (Operation *op : slice)
      for (Value operand : op->getOperands()) {
        fromColumn |= operand == column;
        fromReduced |= operand == reduced;
      }
    Value index = address.getIndices().front();
    fromColumn |= index == column;
    fromReduced |= index == reduced;
    if (!fromColumn || !fromReduced)
      return WalkResult::advance();
    packed.slice.assign(slice.begin(), slice.end());
    nest.loads.push_back(std::move(packed));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || nest.loads.empty())
    return std::nullopt;
  return nest;
}

/// The packed block's row stride for `columns` columns of `elementBytes`
/// bytes each (see packOperand's comment).
int64_t getPackedStride(int64_t columns, int64_t elementBytes) {
  if (elementBytes > 64 || 64 % elementBytes != 0)
    return columns;
  int64_t lines = llvm::divideCeil(columns * elementBytes, 64);
  if (lines % 2 == 0)
    ++lines;
  return lines * (64 / elementBytes);
}

/// ((outer * b1 + i1) * b2 + i2 ...) * stride + column, built before
/// `builder`'s insertion point.
Value buildPackedIndex(OpBuilder &builder, Location loc, Value outer,
                       ArrayRef<std::pair<Value, int64_t>> unrolls,
                       int64_t stride, Value column) {
  Value index = outer;
  for (auto [value, bound] : unrolls)
    index = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(
            builder, loc, index,
            arith::ConstantIndexOp::create(builder, loc, bound)),
        value);
  index = arith::MulIOp::create(
      builder, loc, index,
      arith::ConstantIndexOp::create(builder, loc, stride));
  return arith::AddIOp::create(builder, loc, index, column);
}

} // namespace

bool mlir::tiny::canPackOperand(k::RangeOp blocks, int64_t columnBlock) {
  return matchPackNest(blocks, columnBlock).has_value() &&
         blocks->getParentOfType<k::KernelOp>();
}

LogicalResult mlir::tiny::packOperand(k::RangeOp blocks, int64_t columnBlock) {
  std::optional<PackNest> nest = matchPackNest(blocks, columnBlock);
  auto kernel = blocks->getParentOfType<k::KernelOp>();
  if (!nest || !kernel)
    return failure();
  Location loc = blocks.getLoc();
  k::RangeOp rows = nest->rows.front();
  k::RangeOp columns = nest->columns;
  int64_t size = *getConstantInt(nest->inner.getBound());
  OpBuilder builder(blocks);

  // Blocks of columns: a LOOP range around the rows, the column loop over
  // one block.
  Value columnStart;
  if (columnBlock < nest->numColumns) {
    builder.setInsertionPoint(rows);
    auto columnBlocks =
        k::RangeOp::create(builder, loc, AxisType::Loop,
                           arith::ConstantIndexOp::create(
                               builder, loc, nest->numColumns / columnBlock));
    Block &body = columnBlocks.getBody().front();
    rows->moveBefore(body.getTerminator());
    builder.setInsertionPoint(rows);
    columnStart = arith::MulIOp::create(
        builder, loc, columnBlocks.getInductionVar(),
        arith::ConstantIndexOp::create(builder, loc, columnBlock));
    builder.setInsertionPoint(columns);
    columns.getBoundMutable().assign(
        arith::ConstantIndexOp::create(builder, loc, columnBlock));
    builder.setInsertionPointToStart(&columns.getBody().front());
    auto column = arith::AddIOp::create(builder, loc, columnStart,
                                        columns.getInductionVar());
    columns.getInductionVar().replaceAllUsesExcept(column, column);
    // The slices read the column as the sum now.
    for (PackedLoad &packed : nest->loads)
      packed.slice.insert(packed.slice.begin(), column);
  }

  for (PackedLoad &packed : nest->loads) {
    Type element = packed.load.getType();
    int64_t elementBytes =
        element.isIntOrFloat()
            ? std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8)
            : 8;
    int64_t stride = getPackedStride(columnBlock, elementBytes);
    int64_t rowsPerIndex = 1;
    SmallVector<int64_t> unrollBounds;
    for (k::RangeOp unroll : packed.unrolls) {
      unrollBounds.push_back(*getConstantInt(unroll.getBound()));
      rowsPerIndex *= unrollBounds.back();
    }
    std::optional<int64_t> perRow = llvm::checkedMul(size, rowsPerIndex);
    std::optional<int64_t> elements =
        perRow ? llvm::checkedMul(*perRow, stride) : std::nullopt;
    if (!elements)
      return failure();

    // The buffer, for the kernel's whole run.
    OpBuilder kernelBuilder(kernel.getContext());
    Block &kernelBody = kernel.getBody().front();
    kernelBuilder.setInsertionPointToStart(&kernelBody);
    auto type = MemRefType::get({*elements}, element);
    auto buffer = memref::AllocOp::create(kernelBuilder, loc, type,
                                          kernelBuilder.getI64IntegerAttr(64));
    kernelBuilder.setInsertionPointToEnd(&kernelBody);
    memref::DeallocOp::create(kernelBuilder, loc, buffer);

    // The copy, before the rows: the reduced index, the UNROLL indices, the
    // columns.
    builder.setInsertionPoint(rows);
    IRMapping mapping;
    auto copyRows = k::RangeOp::create(
        builder, loc, nest->threaded ? AxisType::Thread : AxisType::Loop,
        arith::ConstantIndexOp::create(builder, loc, size));
    mapping.map(nest->inner.getInductionVar(), copyRows.getInductionVar());
    builder.setInsertionPoint(copyRows.getBody().front().getTerminator());
    SmallVector<std::pair<Value, int64_t>> copyUnrolls;
    for (auto [unroll, bound] : llvm::zip(packed.unrolls, unrollBounds)) {
      auto loop = k::RangeOp::create(
          builder, loc, AxisType::Loop,
          arith::ConstantIndexOp::create(builder, loc, bound));
      mapping.map(unroll.getInductionVar(), loop.getInductionVar());
      copyUnrolls.push_back({loop.getInductionVar(), bound});
      builder.setInsertionPoint(loop.getBody().front().getTerminator());
    }
    auto copyColumns = k::RangeOp::create(
        builder, loc, AxisType::Loop,
        arith::ConstantIndexOp::create(builder, loc, columnBlock));
    builder.setInsertionPoint(copyColumns.getBody().front().getTerminator());
    Value copyColumn = copyColumns.getInductionVar();
    // With column blocks the slice starts with the column's sum.
    mapping.map(columns.getInductionVar(), copyColumn);
    for (Operation *op : packed.slice)
      builder.clone(*op, mapping);
    Value sourceIndex =
        mapping.lookupOrDefault(packed.address.getIndices().front());
    auto source = k::IndexOp::create(builder, loc, packed.address.getBuffer(),
                                     ValueRange{sourceIndex});
    auto value =
        k::LoadOp::create(builder, loc, element, source, Value(), Value());
    Value packedIndex =
        buildPackedIndex(builder, loc, copyRows.getInductionVar(), copyUnrolls,
                         stride, copyColumn);
    auto target =
        k::IndexOp::create(builder, loc, buffer, ValueRange{packedIndex});
    k::StoreOp::create(builder, loc, target, value, Value());

    // The nest reads the packed element.
    builder.setInsertionPoint(packed.load);
    SmallVector<std::pair<Value, int64_t>> unrolls;
    for (auto [unroll, bound] : llvm::zip(packed.unrolls, unrollBounds))
      unrolls.push_back({unroll.getInductionVar(), bound});
    Value readIndex =
        buildPackedIndex(builder, loc, nest->inner.getInductionVar(), unrolls,
                         stride, columns.getInductionVar());
    auto read = k::IndexOp::create(builder, loc, buffer, ValueRange{readIndex});
    packed.load.getPtrMutable().assign(read);
  }
  eraseUnusedPureOps(blocks);
  return success();
}
