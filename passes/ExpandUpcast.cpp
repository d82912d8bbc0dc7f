//===- ExpandUpcast.cpp - UPCAST and UNROLL ranges as copies --------------===//
//
// The one place that materializes the UPCAST and UNROLL AxisTypes a
// schedule pass chose: each such range, of a constant bound, is replaced by
// that many copies of its body in its place, the induction variable of copy
// i the constant i. The values a range carries (an UNROLLed reduction's
// accumulators) flow from one copy to the next: copy i + 1 starts from what
// copy i yields, and the range's results are what the last copy yields.
// This is tinygrad's expander (codegen/late/expander.py) for region-shaped
// ranges: tinygrad turns every op that depends on such a range into a
// vector over its indices; here each copy is one lane of that vector, and
// later passes (-tiny-optimize, LLVM's SLP vectorizer) combine them.
//
// UPCAST and UNROLL expand alike. They differ in what the schedule means by
// them: an UPCAST range runs over output elements (the rows of a register
// tile), an UNROLL range over reduced indices.
//
// An UPCAST range whose body holds ranges expands the way tinygrad's
// expander makes a REDUCE of a vector, and as an unroll-and-jam: the copies
// go op by op, and each range (of the same bound in every copy) becomes one
// range carrying every copy's values, its body the copies of its body. A
// reduction inside the loop over elements (REDUCE ranges with iter_args)
// then carries every copy's accumulator; the rows of a reduction-outside
// nest are computed together in each of its column loops. An op whose
// operands are the same in every copy and that writes nothing (an index
// computed from the reduced indices only, the load of a weight all the
// upcast elements read) is emitted once for all of them: that is the load
// the upcast shares. The iterations of an UPCAST range are independent
// (a schedule upcasts only such a loop: upcastLoop), so running the copies'
// ops interleaved keeps the results.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYEXPANDUPCAST
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Replaces `range` by `count` copies of its body (see the file comment).
void expandRange(k::RangeOp range, int64_t count) {
  OpBuilder builder(range);
  Block &body = range.getBody().front();
  SmallVector<Value> carried(range.getInitArgs());
  for (int64_t index = 0; index < count; ++index) {
    IRMapping mapping;
    mapping.map(range.getInductionVar(),
                arith::ConstantIndexOp::create(builder, range.getLoc(), index));
    mapping.map(range.getRegionIterArgs(), carried);
    for (Operation &op : body.without_terminator())
      builder.clone(op, mapping);
    for (auto [value, yielded] :
         llvm::zip_equal(carried, body.getTerminator()->getOperands()))
      value = mapping.lookupOrDefault(yielded);
  }
  range.replaceAllUsesWith(carried);
  range.erase();
}

/// Whether every copy sees the same operands of `op`.
bool isSameInEveryCopy(Operation *op, ArrayRef<IRMapping> copies) {
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    Value first = copies.front().lookupOrDefault(operand);
    return llvm::all_of(copies, [&](const IRMapping &copy) {
      return copy.lookupOrDefault(operand) == first;
    });
  });
}

/// Clones `ops` once per copy of `copies`, op by op (see the file comment).
void cloneInterleaved(OpBuilder &builder, iterator_range<Block::iterator> ops,
                      MutableArrayRef<IRMapping> copies) {
  for (Operation &op : ops) {
    auto range = dyn_cast<k::RangeOp>(op);
    if (range && llvm::all_of(copies, [&](const IRMapping &copy) {
          return copy.lookupOrDefault(range.getBound()) ==
                 copies.front().lookupOrDefault(range.getBound());
        })) {
      size_t numCarried = range.getInitArgs().size();
      SmallVector<Value> inits;
      for (IRMapping &copy : copies)
        for (Value init : range.getInitArgs())
          inits.push_back(copy.lookupOrDefault(init));
      auto merged = k::RangeOp::create(
          builder, range.getLoc(), range.getAxis(),
          copies.front().lookupOrDefault(range.getBound()), inits);
      Block &body = merged.getBody().front();
      // A range carrying nothing is built with its terminator.
      bool builtWithEnd = !body.empty();
      for (auto [index, copy] : llvm::enumerate(copies)) {
        copy.map(range.getInductionVar(), merged.getInductionVar());
        copy.map(
            range.getRegionIterArgs(),
            merged.getRegionIterArgs().slice(index * numCarried, numCarried));
      }
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&body);
      Block &original = range.getBody().front();
      cloneInterleaved(builder, original.without_terminator(), copies);
      if (!builtWithEnd) {
        SmallVector<Value> yields;
        for (IRMapping &copy : copies)
          for (Value value : original.getTerminator()->getOperands())
            yields.push_back(copy.lookupOrDefault(value));
        k::EndOp::create(builder, range.getLoc(), yields);
      }
      for (auto [index, copy] : llvm::enumerate(copies))
        copy.map(range.getResults(),
                 merged.getResults().slice(index * numCarried, numCarried));
      continue;
    }
    if (op.getNumRegions() == 0 && isSameInEveryCopy(&op, copies) &&
        (isPure(&op) || hasSingleEffect<MemoryEffects::Read>(&op))) {
      Operation *once = builder.clone(op, copies.front());
      for (IRMapping &copy : llvm::drop_begin(copies))
        copy.map(op.getResults(), once->getResults());
      continue;
    }
    for (IRMapping &copy : copies)
      builder.clone(op, copy);
  }
}

/// Whether `range`, an UPCAST range carrying nothing, holds a range.
bool upcastsRanges(k::RangeOp range) {
  if (range.getAxis() != AxisType::Upcast || !range.getInitArgs().empty())
    return false;
  return range.getBody()
      .walk([](k::RangeOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Replaces `range` by `count` copies of its body, op by op, its ranges
/// jammed (see the file comment).
void expandUpcastJammed(k::RangeOp range, int64_t count) {
  OpBuilder builder(range);
  SmallVector<IRMapping> copies(count);
  for (auto [index, copy] : llvm::enumerate(copies))
    copy.map(range.getInductionVar(),
             arith::ConstantIndexOp::create(builder, range.getLoc(), index));
  cloneInterleaved(builder, range.getBody().front().without_terminator(),
                   copies);
  range.erase();
}

struct TinyExpandUpcastPass
    : public tiny::impl::TinyExpandUpcastBase<TinyExpandUpcastPass> {
  using Base::Base;

  void runOnOperation() override {
    // Inner ranges first: an outer range's copies then copy bodies already
    // expanded.
    SmallVector<std::pair<k::RangeOp, int64_t>> ranges;
    bool failed = false;
    getOperation()->walk([&](k::RangeOp range) {
      AxisType axis = range.getAxis();
      if (axis != AxisType::Upcast && axis != AxisType::Unroll)
        return;
      std::optional<int64_t> bound = getConstantIntValue(range.getBound());
      if (!bound) {
        range.emitOpError("is an ")
            << stringifyAxisType(axis)
            << " range, whose body is copied once per index: its bound must "
               "be a constant";
        failed = true;
        return;
      }
      ranges.emplace_back(range, std::max<int64_t>(*bound, 0));
    });
    if (failed)
      return signalPassFailure();
    for (auto [range, count] : ranges) {
      if (count > 0 && upcastsRanges(range))
        expandUpcastJammed(range, count);
      else
        expandRange(range, count);
    }
  }
};

} // namespace
