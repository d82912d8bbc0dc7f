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

#include "conversions/GpuLaunchToRuntime/GpuLaunchToRuntime.h"

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTGPULAUNCHTORUNTIME
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Why the runtime cannot run `launch`; empty when it can.
std::string getUnsupportedReason(gpu::LaunchFuncOp launch) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
      launch.getAsyncObject())
    return "is asynchronous: the runtime queues a device's work in order "
           "itself";
  if (launch.hasClusterSize())
    return "has a cluster size, which the runtime cannot launch";
  return "";
}

/// The positions, among the enclosing func.func's arguments, of the buffers
/// `operands` (a launch's kernel operands); fails, with the index of the
/// first operand that is not one, or -1 when there are none.
FailureOr<SmallVector<int64_t>> getArgumentPositions(ValueRange operands,
                                                     int64_t &bad) {
  SmallVector<int64_t> positions;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    auto argument = dyn_cast<BlockArgument>(operand);
    if (!argument || !isa<MemRefType>(argument.getType()) ||
        !isa<func::FuncOp>(argument.getOwner()->getParentOp())) {
      bad = i;
      return failure();
    }
    positions.push_back(argument.getArgNumber());
  }
  if (positions.empty()) {
    bad = -1;
    return failure();
  }
  return positions;
}

/// gpu.launch_func -> func.call @tiny_host_launch(%launch, grid x y z,
/// block x y z, shared bytes), all i64.
struct LaunchFuncLowering : public OpConversionPattern<gpu::LaunchFuncOp> {
  LaunchFuncLowering(MLIRContext *context, ModuleOp module,
                     SmallVectorImpl<Attribute> &launches)
      : OpConversionPattern(context), module(module), launches(launches) {}

  LogicalResult
  matchAndRewrite(gpu::LaunchFuncOp launch, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string reason = getUnsupportedReason(launch);
    if (!reason.empty())
      return launch.emitOpError(reason);
    int64_t bad;
    FailureOr<SmallVector<int64_t>> positions =
        getArgumentPositions(adaptor.getKernelOperands(), bad);
    if (failed(positions) && bad < 0)
      return launch.emitOpError(
          "passes its kernel no buffer: the runtime finds a launch's device "
          "through its buffers");
    if (failed(positions))
      return launch.emitOpError("kernel operand ")
             << bad
             << " must be a buffer argument of the enclosing func.func, "
                "which the runtime allocates";

    MLIRContext *context = rewriter.getContext();
    int64_t id = launches.size();
    launches.push_back(DictionaryAttr::get(
        context, {NamedAttribute(StringAttr::get(context, "kernel"),
                                 launch.getKernelAttr()),
                  NamedAttribute(StringAttr::get(context, "arguments"),
                                 DenseI64ArrayAttr::get(context, *positions))}));

    Location loc = launch.getLoc();
    Type i64 = rewriter.getI64Type();
    auto toI64 = [&](Value value) -> Value {
      if (value.getType().isIndex())
        return arith::IndexCastOp::create(rewriter, loc, i64, value);
      return arith::ExtUIOp::create(rewriter, loc, i64, value);
    };
    SmallVector<Value> operands{
        arith::ConstantIntOp::create(rewriter, loc, id, 64)};
    for (Value size : {adaptor.getGridSizeX(), adaptor.getGridSizeY(),
                       adaptor.getGridSizeZ(), adaptor.getBlockSizeX(),
                       adaptor.getBlockSizeY(), adaptor.getBlockSizeZ()})
      operands.push_back(toI64(size));
    Value shared = adaptor.getDynamicSharedMemorySize();
    operands.push_back(
        shared ? toI64(shared)
               : arith::ConstantIntOp::create(rewriter, loc, 0, 64));
    func::FuncOp callee = getOrDeclareHostCall<decltype(tiny_host_launch)>(
        module, TINY_HOST_LAUNCH);
    rewriter.replaceOpWithNewOp<func::CallOp>(launch, callee, operands);
    return success();
  }

  ModuleOp module;
  SmallVectorImpl<Attribute> &launches;
};

} // namespace

void mlir::tiny::populateGpuLaunchToRuntimePatterns(
    RewritePatternSet &patterns, ModuleOp module,
    SmallVectorImpl<Attribute> &launches) {
  patterns.add<LaunchFuncLowering>(patterns.getContext(), module, launches);
}

void mlir::tiny::declareGpuLaunchToRuntimeCallee(ModuleOp module) {
  if (module.walk([](gpu::LaunchFuncOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    getOrDeclareHostCall<decltype(tiny_host_launch)>(module,
                                                      TINY_HOST_LAUNCH);
}

void mlir::tiny::configureGpuLaunchToRuntimeTarget(ConversionTarget &target) {
  target.addLegalDialect<arith::ArithDialect, func::FuncDialect>();
  target.addIllegalOp<gpu::LaunchFuncOp>();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertGpuLaunchToRuntimePass
    : public tiny::impl::ConvertGpuLaunchToRuntimeBase<
          ConvertGpuLaunchToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Attribute> launches;
    if (auto existing = module->getAttrOfType<ArrayAttr>(kGpuLaunchesAttrName))
      launches.append(existing.begin(), existing.end());
    size_t existingLaunches = launches.size();
    declareGpuLaunchToRuntimeCallee(module);
    ConversionTarget target(getContext());
    configureGpuLaunchToRuntimeTarget(target);
    RewritePatternSet patterns(&getContext());
    populateGpuLaunchToRuntimePatterns(patterns, module, launches);
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    if (launches.size() != existingLaunches)
      module->setAttr(kGpuLaunchesAttrName,
                      ArrayAttr::get(&getContext(), launches));
  }
};

} // namespace
