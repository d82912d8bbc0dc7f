//===- RealizePaddedWindows.cpp - wide windows read a padded copy ---------===//
//
// -tiny-realize-padded-windows: the zero-padded input of a convolution with
// a wide window becomes its own buffer (tiny.contiguous after the pad), so
// that the convolution's kernel reads plain memory instead of testing, at
// every tap, which of its lanes fall in the padding.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "passes/Realize.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYREALIZEPADDEDWINDOWS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The least padding on one side of an axis that makes the pad worth a
/// copy: a "same" convolution's window of 5 or more taps.
constexpr int64_t kMinPadding = 2;

/// The pad that `operand` is a window view of: reached through reshapes,
/// shrinks and permutes and at least one expand (the view repeats the
/// padded elements, once per window that holds them). Null otherwise.
PadOp getWindowedPad(Value operand) {
  bool repeats = false;
  Value value = operand;
  while (Operation *op = value.getDefiningOp()) {
    if (auto pad = dyn_cast<PadOp>(op))
      return repeats ? pad : PadOp();
    if (!isa<ReshapeOp, ExpandOp, ShrinkOp, PermuteOp>(op))
      return {};
    repeats |= isa<ExpandOp>(op);
    value = op->getOperand(0);
  }
  return {};
}

/// Whether `pad` adds at least kMinPadding elements on a side of an axis.
bool isWidePad(PadOp pad) {
  auto isWide = [](int64_t padding) { return padding >= kMinPadding; };
  return llvm::any_of(pad.getLow(), isWide) ||
         llvm::any_of(pad.getHigh(), isWide);
}

struct TinyRealizePaddedWindowsPass
    : public tiny::impl::TinyRealizePaddedWindowsBase<
          TinyRealizePaddedWindowsPass> {
  void runOnOperation() override {
    SmallVector<PadOp> pads;
    getOperation()->walk([&](ReduceOp reduce) {
      MulOp product = getHostSummedProduct(reduce);
      if (!product)
        return;
      for (Value operand : product->getOperands())
        if (PadOp pad = getWindowedPad(operand); pad && pad->hasOneUse() &&
                                                 isWidePad(pad) &&
                                                 !llvm::is_contained(pads, pad))
          pads.push_back(pad);
    });
    for (PadOp pad : pads)
      realizeAsBuffer(pad);
  }
};

} // namespace
