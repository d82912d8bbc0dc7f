//===- ExpandArith.cpp - arith ops LLVM cannot lower (-tiny-expand-arith) -===//

#include "conversions/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYEXPANDARITH
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

namespace {
struct TinyExpandArithPass
    : public tiny::impl::TinyExpandArithBase<TinyExpandArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
