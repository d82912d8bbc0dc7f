//===- GuardKernelsByRank.cpp - SPMD kernels (-tiny-guard-kernels-by-rank)
//-===//
//
// A program across MPI ranks is compiled once and run by every rank; each
// rank must run only the kernels of its own devices. The rank is data the
// JIT sets at run time (TINY_HOST_RANK), so the choice is a branch in the
// host code around each kernel.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "tiny/HostCalls.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYGUARDKERNELSBYRANK
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The rank of the device `kernel` runs on; a kernel without a device runs
/// on the host of rank 0.
unsigned getKernelRank(k::KernelOp kernel) {
  std::optional<StringRef> device = kernel.getDevice();
  return device ? getDeviceRank(*device) : 0;
}

/// True when `function` names a device of a rank other than 0, in a buffer
/// argument or a kernel.
bool spansRanks(FunctionOpInterface function) {
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
    if (auto buffer = function.getArgAttrOfType<BufferAttr>(
            i, BufferAttr::getArgAttrName());
        buffer && getDeviceRank(buffer.getDeviceName()) != 0)
      return true;
  WalkResult walk = function.walk([](k::KernelOp kernel) {
    return getKernelRank(kernel) != 0 ? WalkResult::interrupt()
                                      : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// True when `kernel` opens the then-block, without else, of an `scf.if` on
/// `@tiny_host_rank == R`, this pass's guard.
bool isGuarded(k::KernelOp kernel) {
  auto guard = dyn_cast<scf::IfOp>(kernel->getParentOp());
  if (!guard || guard.elseBlock() ||
      &guard.getThenRegion().front().front() != kernel.getOperation())
    return false;
  auto compare = guard.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  auto load = compare.getLhs().getDefiningOp<memref::LoadOp>();
  auto global =
      load ? load.getMemRef().getDefiningOp<memref::GetGlobalOp>() : nullptr;
  return global && global.getName() == TINY_HOST_RANK;
}

struct TinyGuardKernelsByRank
    : tiny::impl::TinyGuardKernelsByRankBase<TinyGuardKernelsByRank> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<k::KernelOp> kernels;
    bool failed = false;
    module.walk([&](FunctionOpInterface function) {
      if (!spansRanks(function))
        return WalkResult::skip();
      function.walk([&](Operation *op) {
        if (auto call = dyn_cast<k::CustomFunctionOp>(op)) {
          call.emitOpError("calls host function '")
              << call.getName()
              << "' in a program across MPI ranks, which is not supported yet";
          failed = true;
        }
        if (auto kernel = dyn_cast<k::KernelOp>(op);
            kernel && !isGuarded(kernel))
          kernels.push_back(kernel);
      });
      return WalkResult::skip();
    });
    if (failed)
      return signalPassFailure();
    if (kernels.empty())
      return;

    OpBuilder builder(&getContext());
    Type i64 = builder.getI64Type();
    auto rankType = MemRefType::get({}, i64);
    if (!module.lookupSymbol<memref::GlobalOp>(TINY_HOST_RANK)) {
      builder.setInsertionPointToStart(module.getBody());
      memref::GlobalOp::create(builder, module.getLoc(), TINY_HOST_RANK,
                               builder.getStringAttr("public"), rankType,
                               Attribute(), /*constant=*/false, IntegerAttr());
    }
    for (k::KernelOp kernel : kernels) {
      Location loc = kernel.getLoc();
      builder.setInsertionPoint(kernel);
      Value global =
          memref::GetGlobalOp::create(builder, loc, rankType, TINY_HOST_RANK);
      Value rank = memref::LoadOp::create(builder, loc, global);
      Value owner = arith::ConstantIntOp::create(builder, loc, i64,
                                                 getKernelRank(kernel));
      Value owns = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         rank, owner);
      auto guard = scf::IfOp::create(builder, loc, owns,
                                     /*withElseRegion=*/false);
      kernel->moveBefore(guard.thenBlock()->getTerminator());
    }
  }
};

} // namespace
