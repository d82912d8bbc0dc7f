//===- ScheduleActions.cpp - edits of a kernel's ranges --------------------===//

#include "passes/ScheduleActions.h"

#include "passes/LinearSum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// A reduction-outside nest unrollReduce applies to.
struct ReduceNest {
  /// The LOOP range of the columns, the last op of the REDUCE range's body.
  k::RangeOp columns;
  /// The REDUCE range's bound.
  int64_t bound = 0;
  /// Each accumulator's store and its load, in the stores' order.
  SmallVector<k::StoreOp> stores;
  SmallVector<k::LoadOp> loads;
  /// The ops of the column loop's body computed from the reduced index or
  /// the accumulators (other than the stores), in block order.
  SmallVector<Operation *> varying;
};

/// True when every (column, accumulator) pair of `nest` names an element of
/// its own: each address is the column plus values from outside the column
/// loop, and those of one buffer are at least a row of columns apart.
bool updatesDisjointElements(ReduceNest &nest, int64_t numColumns) {
  Value column = nest.columns.getInductionVar();
  Region &columnBody = nest.columns.getBody();
  SmallVector<k::IndexOp> addresses;
  for (k::StoreOp store : nest.stores) {
    auto address = store.getPtr().getDefiningOp<k::IndexOp>();
    LinearSum linear;
    if (failed(addLinear(address.getIndices().front(), 1, linear)))
      return false;
    for (auto &[leaf, coefficient] : linear.terms)
      if (coefficient != 0 && leaf != column &&
          columnBody.isAncestor(leaf.getParentRegion()))
        return false;
    if (linear.coefficientOf(column) != 1)
      return false;
    addresses.push_back(address);
  }
  for (auto [i, a] : llvm::enumerate(addresses)) {
    for (k::IndexOp b : llvm::drop_begin(addresses, i + 1)) {
      if (a.getBuffer() != b.getBuffer())
        continue;
      std::optional<int64_t> distance = getConstantDifference(
          a.getIndices().front(), b.getIndices().front());
      if (!distance || *distance == std::numeric_limits<int64_t>::min() ||
          std::abs(*distance) < numColumns)
        return false;
    }
  }
  return true;
}

/// The nest of `reduce` when unrollReduce(`reduce`, f) applies for some
/// factor f (see its comment): everything but the factor's checks.
std::optional<ReduceNest> matchReduceNest(k::RangeOp reduce) {
  if (reduce.getAxis() != AxisType::Reduce || !reduce.getInitArgs().empty())
    return std::nullopt;
  std::optional<int64_t> bound = getConstantInt(reduce.getBound());
  if (!bound || *bound < 1)
    return std::nullopt;
  Block &body = reduce.getBody().front();
  Value reduced = reduce.getInductionVar();
  auto columns =
      dyn_cast_or_null<k::RangeOp>(body.getTerminator()->getPrevNode());
  if (!columns || columns.getAxis() != AxisType::Loop ||
      !columns.getInitArgs().empty())
    return std::nullopt;
  std::optional<int64_t> numColumns = getConstantInt(columns.getBound());
  if (!numColumns || *numColumns < 1)
    return std::nullopt;
  for (Operation &op : body.without_terminator())
    if (&op != columns.getOperation() &&
        (op.getNumRegions() != 0 || !isPure(&op) ||
         llvm::is_contained(op.getOperands(), reduced)))
      return std::nullopt;

  ReduceNest nest;
  nest.columns = columns;
  nest.bound = *bound;
  Block &inner = columns.getBody().front();
  DenseSet<Operation *> accumulatorLoads;
  DenseSet<Value> accumulatorBuffers;
  for (Operation &op : inner.without_terminator()) {
    auto store = dyn_cast<k::StoreOp>(op);
    if (!store)
      continue;
    auto address = store.getPtr().getDefiningOp<k::IndexOp>();
    if (store.getGate() || !address || address.getIndices().size() != 1)
      return std::nullopt;
    k::LoadOp load = getAccumulatorLoad(store);
    if (!load)
      return std::nullopt;
    nest.stores.push_back(store);
    nest.loads.push_back(load);
    accumulatorLoads.insert(load);
    accumulatorBuffers.insert(address.getBuffer());
  }
  if (nest.stores.empty())
    return std::nullopt;

  // The ops computed from the reduced index or the accumulators move into
  // the UNROLL range: they may only read, and not the accumulators' buffers.
  DenseSet<Value> varying{reduced};
  for (k::LoadOp load : nest.loads)
    varying.insert(load.getResult());
  auto isVarying = [&](Value value) { return varying.contains(value); };
  for (Operation &op : inner.without_terminator()) {
    if (auto store = dyn_cast<k::StoreOp>(op)) {
      if (isVarying(store.getPtr()) || !isVarying(store.getValue()))
        return std::nullopt;
      continue;
    }
    if (accumulatorLoads.contains(&op)) {
      if (isVarying(cast<k::LoadOp>(op).getPtr()))
        return std::nullopt;
      continue;
    }
    bool fromVarying = false;
    WalkResult walk = op.walk([&](Operation *nested) {
      fromVarying |= llvm::any_of(nested->getOperands(), isVarying);
      if (auto load = dyn_cast<k::LoadOp>(nested)) {
        auto address = load.getPtr().getDefiningOp<k::IndexOp>();
        return address && !accumulatorBuffers.contains(address.getBuffer())
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      }
      return isa<k::RangeOp, k::EndOp>(nested) || isPure(nested)
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return std::nullopt;
    if (fromVarying) {
      nest.varying.push_back(&op);
      varying.insert(op.result_begin(), op.result_end());
    }
  }
  if (!updatesDisjointElements(nest, *numColumns))
    return std::nullopt;
  return nest;
}

} // namespace

k::LoadOp mlir::tiny::getAccumulatorLoad(k::StoreOp store) {
  auto address = store.getPtr().getDefiningOp<k::IndexOp>();
  if (!address)
    return {};
  k::LoadOp load;
  for (Operation *user : address->getUsers()) {
    if (user == store)
      continue;
    auto userLoad = dyn_cast<k::LoadOp>(user);
    if (!userLoad || load || userLoad.getGate() ||
        userLoad->getBlock() != store->getBlock() ||
        !userLoad->isBeforeInBlock(store))
      return {};
    load = userLoad;
  }
  return load;
}

bool mlir::tiny::runsOncePerThread(k::RangeOp range) {
  for (auto outer = range->getParentOfType<k::RangeOp>(); outer;
       outer = outer->getParentOfType<k::RangeOp>())
    if (outer.getAxis() != AxisType::Thread &&
        getConstantIntValue(outer.getBound()) != 1)
      return false;
  return true;
}

/// The nest of `reduce` when unrollReduce(`reduce`, `factor`) applies.
static std::optional<ReduceNest> matchUnrollNest(k::RangeOp reduce,
                                                 int64_t factor) {
  std::optional<ReduceNest> nest = matchReduceNest(reduce);
  if (!nest || factor < 2 || nest->bound < factor || nest->bound % factor != 0)
    return std::nullopt;
  return nest;
}

bool mlir::tiny::canUnrollReduce(k::RangeOp reduce, int64_t factor) {
  return matchUnrollNest(reduce, factor).has_value();
}

LogicalResult mlir::tiny::unrollReduce(k::RangeOp reduce, int64_t factor) {
  std::optional<ReduceNest> nest = matchUnrollNest(reduce, factor);
  if (!nest)
    return failure();
  Location loc = reduce.getLoc();
  OpBuilder builder(reduce);
  reduce.getBoundMutable().assign(
      arith::ConstantIndexOp::create(builder, loc, nest->bound / factor));

  Block &inner = nest->columns.getBody().front();
  builder.setInsertionPoint(inner.getTerminator());
  Value factorValue = arith::ConstantIndexOp::create(builder, loc, factor);
  SmallVector<Value> inits;
  for (k::LoadOp load : nest->loads)
    inits.push_back(load.getResult());
  auto unroll =
      k::RangeOp::create(builder, loc, AxisType::Unroll, factorValue, inits);
  builder.setInsertionPointToEnd(&unroll.getBody().front());
  IRMapping mapping;
  Value base = arith::MulIOp::create(builder, loc, reduce.getInductionVar(),
                                     factorValue);
  mapping.map(reduce.getInductionVar(),
              arith::AddIOp::create(builder, loc, base,
                                    unroll.getInductionVar())
                  .getResult());
  mapping.map(inits, unroll.getRegionIterArgs());
  for (Operation *op : nest->varying)
    builder.clone(*op, mapping);
  SmallVector<Value> yields;
  for (k::StoreOp store : nest->stores)
    yields.push_back(mapping.lookup(store.getValue()));
  k::EndOp::create(builder, loc, yields);

  // The accumulators are stored once the unrolled indices are combined.
  for (auto [store, result] : llvm::zip(nest->stores, unroll.getResults())) {
    store->moveBefore(inner.getTerminator());
    store.getValueMutable().assign(result);
  }
  for (Operation *op : llvm::reverse(nest->varying))
    op->erase();
  return success();
}

/// The nest of `reduce` when threadColumns(`reduce`, `count`) applies.
static std::optional<ReduceNest> matchThreadNest(k::RangeOp reduce,
                                                 int64_t count) {
  std::optional<ReduceNest> nest = matchReduceNest(reduce);
  if (!nest || count < 2)
    return std::nullopt;
  int64_t numColumns = *getConstantInt(nest->columns.getBound());
  if (numColumns < count || numColumns % count != 0)
    return std::nullopt;
  return nest;
}

bool mlir::tiny::canThreadColumns(k::RangeOp reduce, int64_t count) {
  return matchThreadNest(reduce, count).has_value();
}

LogicalResult mlir::tiny::threadColumns(k::RangeOp reduce, int64_t count) {
  std::optional<ReduceNest> nest = matchThreadNest(reduce, count);
  if (!nest)
    return failure();
  k::RangeOp columns = nest->columns;
  int64_t perThread = *getConstantInt(columns.getBound()) / count;
  Location loc = reduce.getLoc();
  OpBuilder builder(reduce);
  auto thread =
      k::RangeOp::create(builder, loc, AxisType::Thread,
                         arith::ConstantIndexOp::create(builder, loc, count));
  reduce->moveBefore(thread.getBody().front().getTerminator());
  builder.setInsertionPoint(columns);
  Value perThreadValue =
      arith::ConstantIndexOp::create(builder, loc, perThread);
  columns.getBoundMutable().assign(perThreadValue);
  // The column: thread * perThread + the column within the thread's block.
  builder.setInsertionPointToStart(&columns.getBody().front());
  Value first = arith::MulIOp::create(builder, loc, thread.getInductionVar(),
                                      perThreadValue);
  auto column =
      arith::AddIOp::create(builder, loc, first, columns.getInductionVar());
  columns.getInductionVar().replaceAllUsesExcept(column, column);
  return success();
}

/// The buffer `ptr` addresses, when it is a k.index.
static Value getAddressedBuffer(Value ptr) {
  auto index = ptr.getDefiningOp<k::IndexOp>();
  return index ? index.getBuffer() : Value();
}

/// How one access of a buffer in the body of a loop addresses it: `stride`
/// times the loop's induction variable, plus `outside`, terms the same in
/// every iteration, plus an offset in `offset`.
struct LoopAccess {
  int64_t stride = 0;
  LinearSum outside;
  Interval offset;
};

/// The form of the access at `ptr` in the body of `loop`, when its address
/// is one index whose terms other than those from outside `loop` are its
/// induction variable and the induction variables of ranges of constant
/// bounds in its body.
static std::optional<LoopAccess> getLoopAccess(k::RangeOp loop, Value ptr) {
  auto address = ptr.getDefiningOp<k::IndexOp>();
  if (!address || address.getIndices().size() != 1)
    return std::nullopt;
  LinearSum sum;
  if (failed(addLinear(address.getIndices().front(), 1, sum)))
    return std::nullopt;
  LoopAccess access;
  LinearSum inside = LinearSum::ofConstant(sum.constant);
  Region &body = loop.getBody();
  for (auto &[term, coefficient] : sum.terms) {
    if (coefficient == 0)
      continue;
    if (term == loop.getInductionVar())
      access.stride = coefficient;
    else if (!body.isAncestor(term.getParentRegion())
                 ? !access.outside.addTerm(term, coefficient)
                 : !inside.addTerm(term, coefficient))
      return std::nullopt;
  }
  std::optional<Interval> offset = getSumRange(inside, getInductionVarRange);
  if (!offset)
    return std::nullopt;
  access.offset = *offset;
  return access;
}

/// Whether two sums have the same terms with the same coefficients.
static bool haveSameTerms(const LinearSum &a, const LinearSum &b) {
  auto contains = [](const LinearSum &x, const LinearSum &y) {
    return llvm::all_of(x.terms, [&](const std::pair<Value, int64_t> &term) {
      return y.coefficientOf(term.first) == term.second;
    });
  };
  return a.constant == b.constant && contains(a, b) && contains(b, a);
}

/// Whether each iteration of `loop` reads and writes, by `accesses` (the
/// addresses of every load and store of one buffer in its body), elements of
/// that buffer no other iteration touches: all at one stride of the
/// induction variable, the same terms from outside, and offsets that span
/// fewer elements than the stride.
static bool accessesOwnElements(k::RangeOp loop, ArrayRef<Value> accesses) {
  std::optional<LoopAccess> first;
  int64_t lo = std::numeric_limits<int64_t>::max();
  int64_t hi = std::numeric_limits<int64_t>::min();
  for (Value ptr : accesses) {
    std::optional<LoopAccess> access = getLoopAccess(loop, ptr);
    if (!access || access->stride == 0 ||
        access->stride == std::numeric_limits<int64_t>::min())
      return false;
    if (!first)
      first = access;
    else if (access->stride != first->stride ||
             !haveSameTerms(access->outside, first->outside))
      return false;
    lo = std::min(lo, access->offset.lo);
    hi = std::max(hi, access->offset.hi);
  }
  if (!first)
    return true;
  std::optional<int64_t> span = llvm::checkedSub(hi, lo);
  return span && *span < std::abs(first->stride);
}

bool mlir::tiny::canUpcastLoop(k::RangeOp loop, int64_t factor) {
  if (factor < 2 || loop.getAxis() != AxisType::Loop ||
      !loop.getInitArgs().empty())
    return false;
  std::optional<int64_t> bound = getConstantInt(loop.getBound());
  if (!bound || *bound < factor || *bound % factor != 0)
    return false;
  // -tiny-expand-upcast jams the copies through ranges only.
  bool hasRange = false;
  for (Operation &op : loop.getBody().front().without_terminator()) {
    if (isa<k::RangeOp>(op))
      hasRange = true;
    else if (op.getNumRegions() != 0)
      return false;
  }
  if (!hasRange)
    return false;
  // The iterations are independent when what one writes no other reads or
  // writes: the body writes only by k.stores, to buffers that it does not
  // load, or that every iteration accesses at elements of its own.
  llvm::MapVector<Value, SmallVector<Value>> written;
  WalkResult writes = loop.getBody().walk([&](Operation *op) {
    if (auto store = dyn_cast<k::StoreOp>(op)) {
      Value buffer = getAddressedBuffer(store.getPtr());
      if (!buffer || store.getGate())
        return WalkResult::interrupt();
      written[buffer].push_back(store.getPtr());
      return WalkResult::advance();
    }
    if (isa<k::LoadOp>(op) || isa<k::RangeOp>(op) || isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (writes.wasInterrupted())
    return false;
  DenseSet<Value> loaded;
  WalkResult reads = loop.getBody().walk([&](k::LoadOp load) {
    Value buffer = getAddressedBuffer(load.getPtr());
    if (!buffer)
      return WalkResult::interrupt();
    if (auto it = written.find(buffer); it != written.end()) {
      it->second.push_back(load.getPtr());
      loaded.insert(buffer);
    }
    return WalkResult::advance();
  });
  if (reads.wasInterrupted())
    return false;
  return llvm::all_of(written, [&](auto &entry) {
    return !loaded.contains(entry.first) ||
           accessesOwnElements(loop, entry.second);
  });
}

LogicalResult mlir::tiny::upcastLoop(k::RangeOp loop, int64_t factor) {
  if (!canUpcastLoop(loop, factor))
    return failure();
  int64_t bound = *getConstantInt(loop.getBound());
  if (bound == factor) {
    loop.setAxis(AxisType::Upcast);
    return success();
  }
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  auto outer = k::RangeOp::create(
      builder, loc, AxisType::Loop,
      arith::ConstantIndexOp::create(builder, loc, bound / factor));
  builder.setInsertionPoint(outer.getBody().front().getTerminator());
  auto inner =
      k::RangeOp::create(builder, loc, AxisType::Upcast,
                         arith::ConstantIndexOp::create(builder, loc, factor));
  Block &innerBody = inner.getBody().front();
  builder.setInsertionPoint(innerBody.getTerminator());
  // The original index: outer * factor + inner.
  Value index = arith::AddIOp::create(
      builder, loc,
      arith::MulIOp::create(
          builder, loc, outer.getInductionVar(),
          arith::ConstantIndexOp::create(builder, loc, factor)),
      inner.getInductionVar());
  Block &body = loop.getBody().front();
  innerBody.getOperations().splice(innerBody.getTerminator()->getIterator(),
                                   body.getOperations(), body.begin(),
                                   body.getTerminator()->getIterator());
  loop.getInductionVar().replaceAllUsesWith(index);
  loop.erase();
  return success();
}

bool mlir::tiny::canSplitLoop(k::RangeOp loop, int64_t count) {
  if (loop.getAxis() != AxisType::Loop || !loop.getInitArgs().empty())
    return false;
  std::optional<int64_t> bound = getConstantInt(loop.getBound());
  return bound && count > 0 && count < *bound;
}

FailureOr<k::RangeOp> mlir::tiny::splitLoop(k::RangeOp loop, int64_t count) {
  if (!canSplitLoop(loop, count))
    return failure();
  int64_t bound = *getConstantInt(loop.getBound());
  Location loc = loop.getLoc();
  OpBuilder builder(loop->getContext());
  builder.setInsertionPointAfter(loop);
  auto tail = cast<k::RangeOp>(builder.clone(*loop));
  builder.setInsertionPoint(tail);
  tail.getBoundMutable().assign(
      arith::ConstantIndexOp::create(builder, loc, bound - count));
  builder.setInsertionPointToStart(&tail.getBody().front());
  auto index = arith::AddIOp::create(
      builder, loc, tail.getInductionVar(),
      arith::ConstantIndexOp::create(builder, loc, count));
  tail.getInductionVar().replaceAllUsesExcept(index, index);
  builder.setInsertionPoint(loop);
  loop.getBoundMutable().assign(
      arith::ConstantIndexOp::create(builder, loc, count));
  return tail;
}

/// The output ranges around `reduce` that blockReduce moves the range of its
/// blocks outside of, innermost first (see its comment).
static SmallVector<k::RangeOp> getOutputNest(k::RangeOp reduce) {
  SmallVector<k::RangeOp> nest;
  Operation *inner = reduce;
  while (auto range = dyn_cast_or_null<k::RangeOp>(inner->getParentOp())) {
    if ((range.getAxis() != AxisType::Loop &&
         range.getAxis() != AxisType::Thread &&
         range.getAxis() != AxisType::Upcast) ||
        !range.getInitArgs().empty())
      break;
    // Above the innermost range, the nest holds pure ops besides the next
    // range; the innermost may also run ranges and ops whose results it
    // does not use (they go with the part before or after the blocks).
    bool innermost = nest.empty();
    bool onlyPure = llvm::all_of(
        range.getBody().front().without_terminator(), [&](Operation &op) {
          return &op == inner || isPure(&op) || (innermost && op.use_empty());
        });
    if (!onlyPure)
      break;
    nest.push_back(range);
    inner = range;
  }
  return nest;
}

void mlir::tiny::eraseUnusedPureOps(Operation *root) {
  bool erased = true;
  while (erased) {
    erased = false;
    root->walk([&](Operation *op) {
      if (op != root && op->getNumRegions() == 0 && isPure(op) &&
          op->use_empty() && !op->hasTrait<OpTrait::IsTerminator>()) {
        op->erase();
        erased = true;
      }
    });
  }
}

bool mlir::tiny::canBlockReduce(k::RangeOp reduce, int64_t size) {
  if (reduce.getAxis() != AxisType::Reduce || !reduce.getInitArgs().empty())
    return false;
  std::optional<int64_t> bound = getConstantInt(reduce.getBound());
  return bound && size > 1 && size < *bound && *bound % size == 0 &&
         !getOutputNest(reduce).empty();
}

FailureOr<k::RangeOp> mlir::tiny::blockReduce(k::RangeOp reduce, int64_t size) {
  if (!canBlockReduce(reduce, size))
    return failure();
  int64_t bound = *getConstantInt(reduce.getBound());
  k::RangeOp outer = getOutputNest(reduce).back();
  Location loc = reduce.getLoc();
  OpBuilder builder(outer);

  // A copy of the nest that keeps, besides the pure ops, the ops of the
  // innermost range before `reduce`, `reduce` alone, or the ops after it.
  enum class Part { Before, Blocks, After };
  auto cloneNest = [&](Part part) -> std::pair<k::RangeOp, k::RangeOp> {
    IRMapping mapping;
    auto nest = cast<k::RangeOp>(builder.clone(*outer, mapping));
    auto copied = cast<k::RangeOp>(mapping.lookup(reduce.getOperation()));
    bool before = true;
    for (Operation &op :
         llvm::make_early_inc_range(copied->getBlock()->without_terminator())) {
      if (&op == copied.getOperation()) {
        before = false;
        continue;
      }
      bool kept =
          part == Part::Blocks ? false : (part == Part::Before) == before;
      if (!kept && !isPure(&op))
        op.erase();
    }
    if (part != Part::Blocks) {
      copied.erase();
      copied = {};
    }
    eraseUnusedPureOps(nest);
    return {nest, copied};
  };
  // Whether `nest` still writes memory (a copy may keep nothing).
  auto isEmpty = [](k::RangeOp nest) {
    return !nest->walk([](Operation *op) {
                  return isa<k::RangeOp, k::EndOp>(op) || isPure(op)
                             ? WalkResult::advance()
                             : WalkResult::interrupt();
                })
                .wasInterrupted();
  };

  k::RangeOp before = cloneNest(Part::Before).first;
  if (isEmpty(before))
    before.erase();
  auto blocks = k::RangeOp::create(
      builder, loc, AxisType::Reduce,
      arith::ConstantIndexOp::create(builder, loc, bound / size));
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(blocks.getBody().front().getTerminator());
    k::RangeOp inner = cloneNest(Part::Blocks).second;
    builder.setInsertionPoint(inner);
    inner.getBoundMutable().assign(
        arith::ConstantIndexOp::create(builder, loc, size));
    builder.setInsertionPointToStart(&inner.getBody().front());
    Value start = arith::MulIOp::create(
        builder, loc, blocks.getInductionVar(),
        arith::ConstantIndexOp::create(builder, loc, size));
    auto index =
        arith::AddIOp::create(builder, loc, start, inner.getInductionVar());
    inner.getInductionVar().replaceAllUsesExcept(index, index);
  }
  eraseUnusedPureOps(blocks);
  k::RangeOp after = cloneNest(Part::After).first;
  if (isEmpty(after))
    after.erase();
  outer.erase();
  return blocks;
}

k::RangeOp mlir::tiny::upcastRowBlocks(k::RangeOp rows, int64_t factor,
                                       bool splitTail) {
  std::optional<int64_t> bound = getConstantIntValue(rows.getBound());
  // The whole loop upcast checks that the rows are independent.
  if (!bound || factor < 2 || !canUpcastLoop(rows, *bound))
    return k::RangeOp();
  if (*bound < 2 * factor || !splitTail) {
    while (factor > 1 && (*bound % factor != 0 || *bound < 2 * factor))
      factor /= 2;
    (void)upcastLoop(rows, factor);
    return k::RangeOp();
  }
  int64_t tail = *bound % factor;
  k::RangeOp tailRows;
  if (tail != 0) {
    FailureOr<k::RangeOp> split = splitLoop(rows, *bound - tail);
    if (failed(split))
      return k::RangeOp();
    tailRows = *split;
    if (tail > 1)
      (void)upcastLoop(tailRows, tail);
  }
  (void)upcastLoop(rows, factor);
  return tailRows;
}
