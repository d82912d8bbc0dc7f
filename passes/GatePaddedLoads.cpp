//===- GatePaddedLoads.cpp - padded reads as gated loads ------------------===//
//
// -tiny-gate-padded-loads: rangeify reads a padded tensor without branches,
// at an index clamped into the buffer (`select(valid_i, i, 0)` for each
// padded axis) and keeping the element only where the read is valid
// (`select(valid, load, 0)`). The clamped index is not affine in the loop
// index, so LLVM vectorizes such a loop with gathers. This pass turns the
// read into a load gated by `valid` at the unclamped index, which lowers to
// a conditional load that LLVM vectorizes as a masked load of consecutive
// elements.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYGATEPADDEDLOADS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The values whose conjunction is `condition`: itself and, through
/// `arith.andi`, its operands.
llvm::SmallSetVector<Value, 4> getConjuncts(Value condition) {
  llvm::SmallSetVector<Value, 4> conjuncts;
  SmallVector<Value> worklist{condition};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!conjuncts.insert(value))
      continue;
    if (auto andOp = value.getDefiningOp<arith::AndIOp>())
      worklist.append({andOp.getLhs(), andOp.getRhs()});
  }
  return conjuncts;
}

/// The clamps of `indices` that `conjuncts` make pass through: the
/// `select(c, x, y)` ops of index type in their definitions, within
/// `block`, whose condition c is one of `conjuncts`. `slice` gets the ops
/// between them and `indices` (those to copy with the clamps dropped), in
/// an order in which each follows its operands.
SmallVector<Operation *>
getImpliedClamps(ValueRange indices,
                 const llvm::SmallSetVector<Value, 4> &conjuncts, Block *block,
                 SmallVectorImpl<Operation *> &slice) {
  SmallVector<Operation *> clamps;
  // Ops of the indices' definitions in `block`, operands first.
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == block && op->getNumRegions() == 0;
  };
  llvm::SetVector<Operation *> defs;
  for (Value index : indices)
    if (Operation *def = index.getDefiningOp();
        def && failed(getBackwardSlice(def, &defs, options)))
      return clamps;
  DenseSet<Operation *> dependent;
  for (Operation *op : defs) {
    auto select = dyn_cast<arith::SelectOp>(op);
    if (select && select.getType().isIndex() &&
        conjuncts.contains(select.getCondition())) {
      clamps.push_back(op);
      dependent.insert(op);
      continue;
    }
    if (llvm::any_of(op->getOperands(), [&](Value operand) {
          Operation *def = operand.getDefiningOp();
          return def && dependent.contains(def);
        })) {
      dependent.insert(op);
      slice.push_back(op);
    }
  }
  return clamps;
}

/// Rewrites `valid ? load(p[clamped]) : alt` into `load p[unclamped] if
/// valid else alt`, when every use of the load is that select.
LogicalResult gateLoad(k::LoadOp load, DominanceInfo &dominance) {
  if (load.getGate() || !load->hasOneUse())
    return failure();
  auto keep = dyn_cast<arith::SelectOp>(*load->getUsers().begin());
  if (!keep || keep.getTrueValue() != load.getResult() ||
      keep->getBlock() != load->getBlock())
    return failure();
  // The condition and the element the read gives where it is not valid
  // must exist where the load is (a constant after it is copied there).
  Value condition = keep.getCondition();
  Value alt = keep.getFalseValue();
  bool altIsConstant = matchPattern(alt, m_Constant());
  if (!dominance.properlyDominates(condition, load) ||
      (!altIsConstant && !dominance.properlyDominates(alt, load)))
    return failure();
  auto index = load.getPtr().getDefiningOp<k::IndexOp>();
  if (!index || index->getBlock() != load->getBlock())
    return failure();

  llvm::SmallSetVector<Value, 4> conjuncts = getConjuncts(condition);
  IRMapping unclamped;
  SmallVector<Operation *> slice;
  SmallVector<Operation *> clamps =
      getImpliedClamps(index.getIndices(), conjuncts, load->getBlock(), slice);
  for (Operation *clamp : clamps) {
    auto select = cast<arith::SelectOp>(clamp);
    unclamped.map(select.getResult(), select.getTrueValue());
  }
  // The ops copied (and the originals erased where unread) compute values
  // only.
  if (clamps.empty() || !llvm::all_of(slice, isPure))
    return failure();

  OpBuilder builder(load);
  for (Operation *op : slice)
    builder.clone(*op, unclamped);
  auto ptr = cast<k::IndexOp>(builder.clone(*index, unclamped));
  if (altIsConstant && !dominance.properlyDominates(alt, load))
    alt = builder.clone(*alt.getDefiningOp())->getResult(0);
  auto gated = k::LoadOp::create(builder, load.getLoc(), load.getType(),
                                 ptr.getResult(), condition, alt);
  keep.getResult().replaceAllUsesWith(gated.getResult());
  keep.erase();
  load.erase();
  // The clamped index, where nothing else reads it.
  SmallVector<Operation *> clamped{index};
  llvm::append_range(clamped, llvm::reverse(slice));
  llvm::append_range(clamped, llvm::reverse(clamps));
  for (Operation *op : clamped)
    if (op->use_empty())
      op->erase();
  return success();
}

struct TinyGatePaddedLoadsPass
    : public tiny::impl::TinyGatePaddedLoadsBase<TinyGatePaddedLoadsPass> {
  void runOnOperation() override {
    SmallVector<k::LoadOp> loads;
    getOperation()->walk([&](k::LoadOp load) { loads.push_back(load); });
    DominanceInfo dominance(getOperation());
    for (k::LoadOp load : loads)
      (void)gateLoad(load, dominance);
  }
};

} // namespace
