//===- GpuLaunchToRuntime.cpp - kernel launches to runtime calls ----------===//
//
// The GPU half of the host schedule: each outlined kernel launch of a
// function whose buffers the runtime allocates becomes a call into the
// runtime. The call carries what may change from run to run (the grid, the
// block, the shared memory); what is fixed at compile time (the kernel and
// which of the function's arguments it takes) goes into a table on the
// module, indexed by the call's first operand, for the JIT to keep next to
// the kernels' binaries.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTGPULAUNCHTORUNTIME
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The positions, among the enclosing func.func's arguments, of the buffers
/// `launch` passes its kernel; fails, with a diagnostic, on anything else.
FailureOr<SmallVector<int64_t>> getArgumentPositions(gpu::LaunchFuncOp launch) {
  SmallVector<int64_t> positions;
  for (auto [i, operand] : llvm::enumerate(launch.getKernelOperands())) {
    auto argument = dyn_cast<BlockArgument>(operand);
    if (!argument || !isa<MemRefType>(argument.getType()) ||
        !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
      return launch.emitOpError("kernel operand ")
             << i
             << " must be a buffer argument of the enclosing func.func, "
                "which the runtime allocates";
    positions.push_back(argument.getArgNumber());
  }
  if (positions.empty())
    return launch.emitOpError(
        "passes its kernel no buffer: the runtime finds a launch's device "
        "through its buffers");
  return positions;
}

struct ConvertGpuLaunchToRuntimePass
    : public tiny::impl::ConvertGpuLaunchToRuntimeBase<
          ConvertGpuLaunchToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
    if (launches.empty())
      return;

    MLIRContext *context = &getContext();
    SmallVector<Attribute> table;
    if (auto existing = module->getAttrOfType<ArrayAttr>(kGpuLaunchesAttrName))
      table.append(existing.begin(), existing.end());
    func::FuncOp callee =
        getOrDeclareHostCall<decltype(tiny_host_launch)>(module,
                                                          TINY_HOST_LAUNCH);
    IRRewriter rewriter(context);
    for (gpu::LaunchFuncOp launch : launches) {
      if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
          launch.getAsyncObject()) {
        launch.emitOpError("is asynchronous: the runtime queues a device's "
                           "work in order itself");
        return signalPassFailure();
      }
      if (launch.hasClusterSize()) {
        launch.emitOpError("has a cluster size, which the runtime cannot "
                           "launch");
        return signalPassFailure();
      }
      FailureOr<SmallVector<int64_t>> positions = getArgumentPositions(launch);
      if (failed(positions))
        return signalPassFailure();

      int64_t id = table.size();
      table.push_back(DictionaryAttr::get(
          context,
          {NamedAttribute(StringAttr::get(context, "kernel"),
                          launch.getKernelAttr()),
           NamedAttribute(StringAttr::get(context, "arguments"),
                          DenseI64ArrayAttr::get(context, *positions))}));

      Location loc = launch.getLoc();
      rewriter.setInsertionPoint(launch);
      Type i64 = rewriter.getI64Type();
      auto toI64 = [&](Value value) -> Value {
        if (value.getType().isIndex())
          return arith::IndexCastOp::create(rewriter, loc, i64, value);
        return arith::ExtUIOp::create(rewriter, loc, i64, value);
      };
      SmallVector<Value> operands{
          arith::ConstantIntOp::create(rewriter, loc, id, 64)};
      for (Value size : {launch.getGridSizeX(), launch.getGridSizeY(),
                         launch.getGridSizeZ(), launch.getBlockSizeX(),
                         launch.getBlockSizeY(), launch.getBlockSizeZ()})
        operands.push_back(toI64(size));
      Value shared = launch.getDynamicSharedMemorySize();
      operands.push_back(
          shared ? toI64(shared)
                 : arith::ConstantIntOp::create(rewriter, loc, 0, 64));
      rewriter.replaceOpWithNewOp<func::CallOp>(launch, callee, operands);
    }
    module->setAttr(kGpuLaunchesAttrName, ArrayAttr::get(context, table));
  }
};

} // namespace
