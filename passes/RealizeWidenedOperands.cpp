//===- RealizeWidenedOperands.cpp - f16 operands widened once -------------===//
//
// -tiny-realize-widened-operands: the f16 -> f32 cast of a matmul operand
// that its product broadcasts along the output's last axis becomes its own
// buffer (tiny.contiguous), computed once, rather than widened again in
// every column tile of the matmul's kernel.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "passes/Realize.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYREALIZEWIDENEDOPERANDS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The fewest times the broadcast must repeat each element: a register
/// tile's columns.
constexpr int64_t kMinRepeats = 16;

/// The f16 -> f32 cast `operand` reshapes and expands, when the expand
/// repeats each element at least kMinRepeats times along `axis`; null
/// otherwise.
CastOp getWidenedBroadcast(Value operand, int64_t axis) {
  auto expand = operand.getDefiningOp<ExpandOp>();
  if (!expand)
    return {};
  auto srcType = cast<RankedTensorType>(expand.getSrc().getType());
  auto type = cast<RankedTensorType>(operand.getType());
  if (srcType.getRank() != type.getRank() || srcType.getDimSize(axis) != 1 ||
      type.getDimSize(axis) < kMinRepeats)
    return {};
  Value value = expand.getSrc();
  while (auto reshape = value.getDefiningOp<ReshapeOp>())
    value = reshape.getSrc();
  auto widen = value.getDefiningOp<CastOp>();
  if (!widen)
    return {};
  Type from = getElementTypeOrSelf(widen.getSrc().getType());
  Type to = getElementTypeOrSelf(widen.getType());
  if (!from.isF16() || !to.isF32())
    return {};
  return widen;
}

struct TinyRealizeWidenedOperandsPass
    : public tiny::impl::TinyRealizeWidenedOperandsBase<
          TinyRealizeWidenedOperandsPass> {
  void runOnOperation() override {
    SmallVector<CastOp> casts;
    getOperation()->walk([&](ReduceOp reduce) {
      MulOp product = getHostSummedProduct(reduce);
      if (!product)
        return;
      auto type = cast<RankedTensorType>(reduce.getSrc().getType());
      // The output's last axis of more than one element.
      int64_t axis = -1;
      for (int64_t i = type.getRank() - 1; i >= 0 && axis < 0; --i)
        if (!llvm::is_contained(reduce.getAxes(), i) && type.getDimSize(i) > 1)
          axis = i;
      if (axis < 0)
        return;
      for (Value operand : product->getOperands())
        if (CastOp widen = getWidenedBroadcast(operand, axis);
            widen && widen->hasOneUse() && !llvm::is_contained(casts, widen))
          casts.push_back(widen);
    });
    for (CastOp widen : casts)
      realizeAsBuffer(widen);
  }
};

} // namespace
