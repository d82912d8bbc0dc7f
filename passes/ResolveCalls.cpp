//===- ResolveCalls.cpp - inline calls with param views (-tiny-resolve-calls) -===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYRESOLVECALLS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The params of `function`'s body indexed by slot, or an error when the
/// slots are not exactly 0..n-1.
FailureOr<SmallVector<ParamOp>> getParamsBySlot(FunctionOp function,
                                                CallOp call) {
  llvm::DenseMap<uint64_t, ParamOp> bySlot;
  for (ParamOp param : function.getBody().getOps<ParamOp>()) {
    if (!bySlot.try_emplace(param.getSlot(), param).second) {
      InFlightDiagnostic diag = call.emitOpError("params of @")
                                << function.getSymName()
                                << " are not numbered 0..n-1: slot "
                                << param.getSlot() << " appears twice";
      diag.attachNote(param.getLoc()) << "second param with that slot";
      return diag;
    }
  }
  SmallVector<ParamOp> params(bySlot.size());
  for (auto [slot, param] : bySlot) {
    if (slot >= params.size())
      return call.emitOpError("params of @")
             << function.getSymName() << " are not numbered 0..n-1: "
             << bySlot.size() << " params, but one has slot " << slot;
    params[slot] = param;
  }
  return params;
}

/// The value whose storage a call argument provides: for a multi-device
/// argument built by `unshard`, its per-device source.
Value getStorageValue(Value arg) {
  if (auto unshard = arg.getDefiningOp<UnshardOp>())
    return unshard.getSrc();
  return arg;
}

/// Checks argument `index` against `param` and returns the view that
/// substitutes the param: the storage value reshaped to the param's shape.
FailureOr<Value> createParamView(OpBuilder &builder, CallOp call,
                                 unsigned index, ParamOp param) {
  Value storage = getStorageValue(call.getArgs()[index]);
  auto argType = cast<RankedTensorType>(storage.getType());
  RankedTensorType paramType = param.getType();
  if (argType.getElementType() != paramType.getElementType())
    return call.emitOpError("arg ")
           << index << " dtype mismatch: expected "
           << paramType.getElementType() << ", got " << argType.getElementType();
  if (argType.getEncoding() != paramType.getEncoding())
    return call.emitOpError("arg ")
           << index << " device mismatch: expected " << paramType.getEncoding()
           << ", got " << argType.getEncoding();
  if (paramType.getRank() == 0) {
    if (argType.getRank() != 0)
      return call.emitOpError("arg ")
             << index << " expected scalar, got "
             << formatShape(argType.getShape());
    return storage;
  }
  if (argType.getNumElements() != paramType.getNumElements())
    return call.emitOpError("arg ")
           << index << " shape mismatch: expected size "
           << paramType.getNumElements() << ", got "
           << formatShape(argType.getShape());
  if (argType == paramType)
    return storage;
  return ReshapeOp::create(builder, call.getLoc(), storage,
                           paramType.getShape())
      .getResult();
}

/// Replaces `call` by the body of `function`. Returns the calls the inlined
/// body contains.
FailureOr<SmallVector<CallOp>> inlineCall(CallOp call, FunctionOp function) {
  FailureOr<SmallVector<ParamOp>> params = getParamsBySlot(function, call);
  if (failed(params))
    return failure();
  if (params->size() != call.getArgs().size())
    return call.emitOpError("@")
           << function.getSymName() << " takes " << params->size()
           << " arguments, got " << call.getArgs().size();

  OpBuilder builder(call);
  IRMapping mapping;
  for (auto [index, param] : llvm::enumerate(*params)) {
    FailureOr<Value> view = createParamView(builder, call, index, param);
    if (failed(view))
      return failure();
    mapping.map(param.getResult(), *view);
  }
  SmallVector<CallOp> nested;
  for (Operation &op : function.getBody().front()) {
    if (isa<ParamOp>(op))
      continue;
    if (auto ret = dyn_cast<ReturnOp>(op)) {
      call.getResult().replaceAllUsesWith(mapping.lookup(ret.getValue()));
      break;
    }
    Operation *clone = builder.clone(op, mapping);
    clone->walk([&](CallOp inner) { nested.push_back(inner); });
  }
  call.erase();
  return nested;
}

struct TinyResolveCallsPass
    : mlir::tiny::impl::TinyResolveCallsBase<TinyResolveCallsPass> {
  using TinyResolveCallsBase::TinyResolveCallsBase;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    struct PendingCall {
      CallOp call;
      unsigned depth;
      Location root; // the call outside any function that led here
    };
    // Calls in a tiny.function's own body are resolved too, so that every
    // function can be lowered on its own.
    SmallVector<PendingCall> worklist;
    getOperation().walk([&](CallOp call) {
      worklist.push_back({call, 0, call.getLoc()});
    });
    while (!worklist.empty()) {
      auto [call, depth, root] = worklist.pop_back_val();
      if (depth >= maxDepth.getValue()) {
        InFlightDiagnostic diag =
            emitError(root) << "calls nest deeper than " << maxDepth.getValue()
                            << " levels; is @" << call.getCallee()
                            << " recursive?";
        diag.attachNote(call.getLoc()) << "innermost call";
        return signalPassFailure();
      }
      auto function = symbols.lookupNearestSymbolFrom<FunctionOp>(
          call, call.getCalleeAttr());
      if (!function) {
        call.emitOpError("'") << call.getCallee() << "' is not a tiny.function";
        return signalPassFailure();
      }
      // Inlining a function into its own body would copy the call along
      // with it, forever.
      if (call->getParentOfType<FunctionOp>() == function) {
        InFlightDiagnostic diag = emitError(root)
                                  << "@" << call.getCallee()
                                  << " calls itself, directly or through "
                                     "other functions";
        if (root != call.getLoc())
          diag.attachNote(call.getLoc()) << "innermost call";
        return signalPassFailure();
      }
      FailureOr<SmallVector<CallOp>> nested = inlineCall(call, function);
      if (failed(nested))
        return signalPassFailure();
      for (CallOp inner : *nested)
        worklist.push_back({inner, depth + 1, root});
    }
  }
};

} // namespace
