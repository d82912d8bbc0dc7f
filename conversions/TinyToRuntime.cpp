//===- TinyToRuntime.cpp - host-schedule ops to tiny runtime calls ---------===//
//
// The host schedule of a function that spans several devices: its buffers
// are arguments the runtime allocates on their devices before the call, so
// a copy names its buffers by argument position and the runtime, which holds
// the handle of every argument, moves the bytes (and counts them). Kernels
// need no call: on CPU devices they run in place on the buffers' memory.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls.h"

#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTORUNTIME
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The runtime's entry point for copies (jit/HostSchedule.cpp):
/// tiny_host_copy(dst_arg, dst_byte_offset, src_arg, src_byte_offset, bytes).
constexpr StringLiteral kCopyFunction = "tiny_host_copy";

/// The position of `buffer` among the arguments of the function it is an
/// argument of.
FailureOr<unsigned> getArgumentPosition(KCopyOp copy, Value buffer,
                                        StringRef which) {
  auto argument = dyn_cast<BlockArgument>(buffer);
  if (!argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return copy.emitOpError(which)
           << " must be an argument of the enclosing func.func, which the "
              "runtime allocates";
  return argument.getArgNumber();
}

struct ConvertTinyToRuntimePass
    : public tiny::impl::ConvertTinyToRuntimeBase<ConvertTinyToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KCopyOp> copies;
    module.walk([&](KCopyOp copy) { copies.push_back(copy); });
    if (copies.empty())
      return;
    func::FuncOp callee =
        getOrDeclareRuntimeCall(module, kCopyFunction, /*numOperands=*/5);
    IRRewriter rewriter(&getContext());
    for (KCopyOp copy : copies) {
      FailureOr<unsigned> src =
          getArgumentPosition(copy, copy.getSrc(), "source");
      FailureOr<unsigned> dst =
          getArgumentPosition(copy, copy.getDst(), "destination");
      if (failed(src) || failed(dst))
        return signalPassFailure();
      int64_t elementBytes =
          (copy.getSrc().getType().getElementTypeBitWidth() + 7) / 8;
      rewriter.setInsertionPoint(copy);
      Location loc = copy.getLoc();
      auto i64 = [&](int64_t value) -> Value {
        return arith::ConstantIntOp::create(rewriter, loc, value, 64);
      };
      rewriter.replaceOpWithNewOp<func::CallOp>(
          copy, callee,
          ValueRange{i64(*dst), i64(copy.getDstOffset() * elementBytes),
                     i64(*src), i64(copy.getSrcOffset() * elementBytes),
                     i64(copy.getCount() * elementBytes)});
    }
  }
};

} // namespace
