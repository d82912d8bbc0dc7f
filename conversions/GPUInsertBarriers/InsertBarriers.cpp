//===- InsertBarriers.cpp - barriers between phases of workgroup memory ---===//
//
// For each gpu.launch, WorkgroupHazardAnalysis says where the block's
// threads may race on workgroup memory; this pass puts a gpu.barrier there,
// or reports the place when no barrier can go there.
//
//===----------------------------------------------------------------------===//

#include "conversions/GPUInsertBarriers/WorkgroupHazards.h"
#include "conversions/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYGPUINSERTBARRIERS
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Reports the first hazard no barrier can fix, or inserts the barriers.
LogicalResult insertBarriers(OpBuilder &builder, gpu::LaunchOp launch) {
  WorkgroupHazardAnalysis hazards(launch);
  if (!hazards.getDivergentReads().empty())
    return hazards.getDivergentReads().front()->emitOpError(
        "reads workgroup memory other threads may have written, under a "
        "branch some threads of the block skip, where no barrier can go");
  if (!hazards.getDivergentBarriers().empty()) {
    gpu::BarrierOp barrier = hazards.getDivergentBarriers().front();
    return barrier.emitOpError(
        "is under a branch or a loop that some threads of the block may "
        "skip, and would hang it");
  }
  for (Operation *op : hazards.getBarrierPoints()) {
    builder.setInsertionPoint(op);
    gpu::BarrierOp::create(builder, op->getLoc());
  }
  return success();
}

struct TinyGPUInsertBarriersPass
    : public tiny::impl::TinyGPUInsertBarriersBase<TinyGPUInsertBarriersPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<gpu::LaunchOp> launches;
    getOperation()->walk(
        [&](gpu::LaunchOp launch) { launches.push_back(launch); });
    OpBuilder builder(&getContext());
    for (gpu::LaunchOp launch : launches)
      if (failed(insertBarriers(builder, launch)))
        return signalPassFailure();
  }
};

} // namespace
