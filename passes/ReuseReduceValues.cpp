//===- ReuseReduceValues.cpp - a reduce's costly values kept for later ----===//
//
// A kernel that reduces a row and then reads the row again (softmax: the sum
// of exp2(x - max) over a row, then exp2(x - max) / sum per element) computes
// the same per-element value in two sibling ranges of the same bound. Where
// that value is costly (a transcendental, a square root, a division), the
// REDUCE range stores it into the element of the output the later range
// writes at that index, and the later range loads it back instead of
// computing it again: the row is still in L1 (a 4096-wide f32 row is
// 16 KiB), so the store and the load cost less than the computation.
//
// What "costly" means, and why a cheap value is recomputed: a value whose
// ops are all loads, index arithmetic and plain arithmetic (add, mul, max,
// compares, casts) costs about what a store and a reload cost (one L1
// access each way and an L1 store port per element, against one or two
// ALU ops), so keeping it gains nothing and adds a write to the reduce's
// loop. An op of the math dialect other than the cheap ones (abs, fma,
// copysign, rounding, bit counts) or a division or remainder costs many
// ALU ops or a long-latency unit: one exp2 through libmvec is tens of
// vector instructions per 16 lanes, a vector division or square root
// issues once per several cycles. Those are worth a store and a load.
//
// The output element is the only storage used: a per-thread scratch row
// would need an allocation inside the threaded range, which its lowering
// (an OpenMP loop body, a single-block memref.alloca_scope) does not take,
// or one per thread sized at compile time, which the thread count is not.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/LinearSum.h"
#include "passes/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYREUSEREDUCEVALUES
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Whether `op` is worth a store and a reload (see the file comment).
bool isCostly(Operation *op) {
  if (isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
          arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
          arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
    return true;
  if (!isa<math::MathDialect>(op->getDialect()))
    return false;
  return !isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FmaOp,
              math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
              math::TruncOp, math::CountLeadingZerosOp,
              math::CountTrailingZerosOp, math::CtPopOp>(op);
}

/// The buffer a k.load or k.store addresses through a k.index of one index,
/// or null.
Value getBuffer(Value ptr) {
  auto index = ptr.getDefiningOp<k::IndexOp>();
  if (!index || index.getIndices().size() != 1)
    return {};
  return index.getBuffer();
}

/// Whether the kernel only reads `buffer` (`store` false) or only writes it
/// (`store` true): every use is a k.index whose every user is a k.load of
/// it, or a k.store to it.
bool onlyAccessedBy(Value buffer, bool store) {
  return llvm::all_of(buffer.getUsers(), [&](Operation *user) {
    auto index = dyn_cast<k::IndexOp>(user);
    return index && llvm::all_of(index->getUses(), [&](OpOperand &use) {
             if (store)
               return isa<k::StoreOp>(use.getOwner()) &&
                      use.getOperandNumber() == 0;
             return isa<k::LoadOp>(use.getOwner());
           });
  });
}

/// Values of the later range's body matched to values of the earlier REDUCE
/// range's body that compute the same per-index value: the later range's
/// induction variable stands for the reduce's, values from outside both
/// are themselves, and an op of the later body matches an op of the same
/// name, attributes and types in the reduce's body, directly in each body,
/// whose operands match.
class ValueMatcher {
public:
  ValueMatcher(k::RangeOp reduce, k::RangeOp later, DominanceInfo &dominance)
      : reduce(reduce), later(later), dominance(dominance) {}

  /// The reduce's value `value` of the later range computes again, or null.
  Value match(Value value) {
    if (value == later.getInductionVar())
      return reduce.getInductionVar();
    if (!later->isAncestor(value.getParentRegion()->getParentOp()))
      return isVisibleInReduce(value) ? value : Value();
    auto it = matched.find(value);
    if (it != matched.end())
      return it->second;
    matched[value] = Value();
    Operation *op = value.getDefiningOp();
    if (!op || op->getBlock() != &later.getBody().front() ||
        op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        !(isPure(op) || isa<k::LoadOp>(op)))
      return {};
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      operands.push_back(match(operand));
      if (!operands.back())
        return {};
    }
    for (Operation &candidate : reduce.getBody().front().without_terminator())
      if (candidate.getName() == op->getName() &&
          candidate.getAttrDictionary() == op->getAttrDictionary() &&
          candidate.getResultTypes() == op->getResultTypes() &&
          candidate.getOperands() == ValueRange(operands))
        return matched[value] = candidate.getResult(0);
    return {};
  }

  /// Whether `value`, defined outside the later range, is defined before
  /// the reduce, where the reduce's body can read it.
  bool isVisibleInReduce(Value value) {
    return dominance.properlyDominates(value, reduce);
  }

private:
  k::RangeOp reduce, later;
  DominanceInfo &dominance;
  DenseMap<Value, Value> matched;
};

/// Whether the ops of the reduce's body computing `value` hold a costly op,
/// and the buffers they load are only read by the kernel.
bool isWorthKeeping(Value value, k::RangeOp reduce) {
  SmallVector<Value> worklist{value};
  DenseSet<Operation *> seen;
  bool costly = false;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op || op->getBlock() != &reduce.getBody().front() ||
        !seen.insert(op).second)
      continue;
    costly |= isCostly(op);
    if (auto load = dyn_cast<k::LoadOp>(op)) {
      Value buffer = getBuffer(load.getPtr());
      if (!buffer || !onlyAccessedBy(buffer, /*store=*/false))
        return false;
    }
    llvm::append_range(worklist, op->getOperands());
  }
  return costly;
}

/// The ops of `range`'s body computing `value` (pure, without regions, in
/// block order), whose leaves are `range`'s induction variable and values
/// from outside it that dominate `before`; fails otherwise.
FailureOr<SmallVector<Operation *>> getAddressSlice(Value value,
                                                    k::RangeOp range,
                                                    Operation *before,
                                                    DominanceInfo &dominance) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (next == range.getInductionVar())
      continue;
    if (!range->isAncestor(next.getParentRegion()->getParentOp())) {
      if (!dominance.properlyDominates(next, before))
        return failure();
      continue;
    }
    Operation *op = next.getDefiningOp();
    if (!op || op->getBlock() != &range.getBody().front() ||
        op->getNumRegions() != 0 || !isPure(op))
      return failure();
    if (slice.insert(op))
      llvm::append_range(worklist, op->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Clones `slice` before `builder`'s insertion point with `mapping` and
/// returns the k.index of `buffer` at `index` mapped.
Value cloneAddress(OpBuilder &builder, ArrayRef<Operation *> slice,
                   IRMapping &mapping, Value buffer, Value index) {
  for (Operation *op : slice)
    builder.clone(*op, mapping);
  return k::IndexOp::create(builder, buffer.getLoc(), buffer,
                            ValueRange{mapping.lookupOrDefault(index)});
}

/// Whether some op nested in `op` (or `op`) writes `buffer` or has memory
/// effects other than k.load and k.store through a k.index.
bool mayWriteOtherwise(Operation *op, Value buffer, k::StoreOp allowed) {
  WalkResult walk = op->walk([&](Operation *nested) {
    if (auto store = dyn_cast<k::StoreOp>(nested)) {
      Value target = getBuffer(store.getPtr());
      if (!target || (target == buffer && store != allowed))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (isa<k::LoadOp, k::RangeOp>(nested) || isMemoryEffectFree(nested))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return walk.wasInterrupted();
}

/// Keeps, where it applies, a costly value `later` computes again from the
/// earlier sibling REDUCE range `reduce` (see the pass's description).
bool reuse(k::RangeOp reduce, k::RangeOp later, DominanceInfo &dominance) {
  Block &body = later.getBody().front();
  // The one store of `later` that can hold the value: directly in its body,
  // ungated, at a single index whose only term from `later` is its
  // induction variable, into a buffer the kernel only writes and nothing
  // from `reduce` to `later` writes otherwise.
  k::StoreOp store;
  for (Operation &op : body.without_terminator()) {
    auto candidate = dyn_cast<k::StoreOp>(op);
    if (!candidate || candidate.getGate())
      continue;
    Value buffer = getBuffer(candidate.getPtr());
    if (!buffer || !onlyAccessedBy(buffer, /*store=*/true))
      continue;
    LinearSum linear;
    Value index =
        candidate.getPtr().getDefiningOp<k::IndexOp>().getIndices()[0];
    if (failed(addLinear(index, 1, linear)) ||
        linear.coefficientOf(later.getInductionVar()) == 0 ||
        llvm::any_of(linear.terms, [&](auto &term) {
          return term.first != later.getInductionVar() &&
                 later->isAncestor(term.first.getParentRegion()->getParentOp());
        }))
      continue;
    bool written = false;
    for (Operation *op = reduce; op != later->getNextNode();
         op = op->getNextNode())
      written |= mayWriteOtherwise(op, buffer, candidate);
    if (written)
      continue;
    store = candidate;
    break;
  }
  if (!store)
    return false;
  auto address = store.getPtr().getDefiningOp<k::IndexOp>();
  Value index = address.getIndices()[0];
  FailureOr<SmallVector<Operation *>> slice =
      getAddressSlice(index, later, reduce, dominance);
  if (failed(slice))
    return false;

  // The value: the first one computed before the store, matched in the
  // reduce, costly, and read by an op that is not matched (the largest
  // computation matched, not a part of it).
  ValueMatcher matcher(reduce, later, dominance);
  Value value, kept;
  for (Operation &op : body.without_terminator()) {
    if (&op == store.getOperation())
      break;
    if (op.getNumResults() != 1 ||
        op.getResult(0).getType() != store.getValue().getType())
      continue;
    Value original = matcher.match(op.getResult(0));
    if (!original || !isWorthKeeping(original, reduce))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          return user->getBlock() == &body && user->getNumResults() == 1 &&
                 matcher.match(user->getResult(0));
        }))
      continue;
    value = op.getResult(0);
    kept = original;
    break;
  }
  if (!value)
    return false;

  // The reduce stores the value at the element the later range writes ...
  Location loc = store.getLoc();
  OpBuilder builder(reduce.getBody().front().getTerminator());
  IRMapping toReduce;
  toReduce.map(later.getInductionVar(), reduce.getInductionVar());
  Value target =
      cloneAddress(builder, *slice, toReduce, address.getBuffer(), index);
  k::StoreOp::create(builder, loc, target, kept, Value());
  // ... which the later range loads back in place of computing it.
  builder.setInsertionPoint(value.getDefiningOp());
  IRMapping inLater;
  Value source =
      cloneAddress(builder, *slice, inLater, address.getBuffer(), index);
  auto load = k::LoadOp::create(builder, loc, value.getType(), source, Value(),
                                Value());
  value.replaceAllUsesWith(load);
  // The computation it replaced, now unused (its loads only read).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  return true;
}

/// Whether `a` and `b` are the same bound.
bool sameBound(k::RangeOp a, k::RangeOp b) {
  if (a.getBound() == b.getBound())
    return true;
  std::optional<int64_t> x = getConstantInt(a.getBound());
  std::optional<int64_t> y = getConstantInt(b.getBound());
  return x && y && *x == *y;
}

struct TinyReuseReduceValuesPass
    : public tiny::impl::TinyReuseReduceValuesBase<TinyReuseReduceValuesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<k::RangeOp> ranges;
    getOperation()->walk([&](k::RangeOp range) { ranges.push_back(range); });
    for (k::RangeOp later : ranges) {
      if (!later->getParentOfType<k::KernelOp>())
        continue;
      DominanceInfo dominance(later->getParentOfType<k::KernelOp>());
      for (Operation *op = later->getPrevNode(); op; op = op->getPrevNode()) {
        auto reduce = dyn_cast<k::RangeOp>(op);
        if (!reduce || reduce.getAxis() != AxisType::Reduce ||
            !sameBound(reduce, later))
          continue;
        if (reuse(reduce, later, dominance))
          break;
      }
    }
  }
};

} // namespace
