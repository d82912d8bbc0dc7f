//===- FoldMovement.cpp - movement-op algebra (-tiny-fold-movement) --------===//
//
// The composition rules (permute of a permute, shrink of a shrink, ...) are
// the movement ops' folders, so -canonicalize applies them as well; this
// pass runs them together with the patterns that move views across
// elementwise ops (PushMovement.cpp), which make new ops.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYFOLDMOVEMENT
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

struct TinyFoldMovementPass
    : mlir::tiny::impl::TinyFoldMovementBase<TinyFoldMovementPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldMovementPatterns(patterns);
    // The driver erases the dead ops it visits, and control flow is
    // -canonicalize's business: region simplification (liveness over the
    // whole region after every sweep, a third of this pass's time on large
    // graphs) would find nothing to do.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
