//===- GuardKernelsByRank.cpp - SPMD kernels (-tiny-guard-kernels-by-rank)
//-===//
//
// A program across MPI ranks is compiled once and run by every rank; each
// rank must run only the kernels of its own devices. The rank is data the
// JIT sets at run time (TINY_HOST_RANK), so the choice is a branch in the
// host code around each kernel.
//
//===----------------------------------------------------------------------===//

#include "conversions/RuntimeCalls/RuntimeCalls.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "tiny/HostCalls.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

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

/// True when `kernel` is in the then-block, without else, of an `scf.if`
/// on `@tiny_host_rank == R`, after only its waits (constants and calls of
/// TINY_HOST_AWAIT): this pass's guard.
bool isGuarded(k::KernelOp kernel) {
  auto guard = dyn_cast<scf::IfOp>(kernel->getParentOp());
  if (!guard || guard.elseBlock())
    return false;
  for (Operation *op = kernel->getPrevNode(); op; op = op->getPrevNode()) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!isa<arith::ConstantOp>(op) &&
        !(call && call.getCallee() == TINY_HOST_AWAIT))
      return false;
  }
  auto compare = guard.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  auto load = compare.getLhs().getDefiningOp<memref::LoadOp>();
  auto global =
      load ? load.getMemRef().getDefiningOp<memref::GetGlobalOp>() : nullptr;
  return global && global.getName() == TINY_HOST_RANK;
}

/// The positions of the arguments of `function` that `kernel` reads or
/// writes: the memrefs it uses from outside, and those they are views of.
SmallVector<unsigned> getArgumentsUsed(k::KernelOp kernel,
                                       FunctionOpInterface function) {
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(kernel.getBody(), used);
  llvm::SetVector<unsigned> positions;
  SmallVector<Value> worklist(used.begin(), used.end());
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!isa<BaseMemRefType>(value.getType()) || !seen.insert(value).second)
      continue;
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() == &function.getFunctionBody().front())
        positions.insert(argument.getArgNumber());
      continue;
    }
    if (Operation *op = value.getDefiningOp())
      worklist.append(op->operand_begin(), op->operand_end());
  }
  SmallVector<unsigned> sorted(positions.begin(), positions.end());
  llvm::sort(sorted);
  return sorted;
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
      // A CPU kernel reads its buffers in place, with no call the runtime
      // could wait in: it waits here for the copies from other ranks into
      // them (GPU launches wait in the runtime).
      if (isGpuKernel(kernel))
        continue;
      auto function = kernel->getParentOfType<FunctionOpInterface>();
      SmallVector<unsigned> arguments = getArgumentsUsed(kernel, function);
      if (arguments.empty())
        continue;
      func::FuncOp await = getOrDeclareHostCall<decltype(tiny_host_await)>(
          module, TINY_HOST_AWAIT);
      builder.setInsertionPoint(kernel);
      for (unsigned argument : arguments)
        func::CallOp::create(builder, loc, await,
                             ValueRange{arith::ConstantIntOp::create(
                                 builder, loc, i64, argument)});
    }
  }
};

} // namespace
