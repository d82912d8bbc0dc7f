//===- TinyToRuntime.cpp - host-schedule ops to tiny runtime calls --------===//
//
// The host schedule of a function that spans several devices: its buffers
// are arguments the runtime allocates on their devices before the call, so
// a copy names its buffers by argument position and the runtime, which holds
// the handle of every argument, moves the bytes (and counts them). Kernels
// need no call: on CPU devices they run in place on the buffers' memory.
// A host function (tiny.k.custom_function) is called through the runtime
// too, which finds it by name; it gets the addresses of its buffers, which
// are in host memory, with their dtypes and shapes.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls.h"

#include "dialects/tiny/IR/TinyKernelOps.h"

#include "tiny/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTORUNTIME
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Lowers host function calls, sharing one global per function name.
class CustomFunctionLowering {
public:
  CustomFunctionLowering(ModuleOp module, IRRewriter &rewriter)
      : module(module), rewriter(rewriter) {}

  LogicalResult lower(KCustomFunctionOp call);

private:
  /// The address of `buffer`'s first element, as an i64.
  Value getAddress(Location loc, Value buffer) {
    Value index =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer);
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                      index);
  }
  Value getI64(Location loc, int64_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, value, 64);
  }
  /// The global holding `name` and a NUL byte.
  memref::GlobalOp getNameGlobal(Location loc, StringRef name);

  ModuleOp module;
  IRRewriter &rewriter;
  llvm::StringMap<memref::GlobalOp> names;
};

memref::GlobalOp CustomFunctionLowering::getNameGlobal(Location loc,
                                                       StringRef name) {
  memref::GlobalOp &global = names[name];
  if (global)
    return global;
  SmallVector<int8_t> bytes(name.begin(), name.end());
  bytes.push_back(0);
  auto type = MemRefType::get({static_cast<int64_t>(bytes.size())},
                              rewriter.getI8Type());
  auto value = DenseElementsAttr::get(
      RankedTensorType::get(type.getShape(), rewriter.getI8Type()),
      ArrayRef<int8_t>(bytes));
  std::string symbol;
  for (unsigned n = 0;; ++n) {
    symbol = ("tiny_host_function_name" + Twine(n)).str();
    if (!module.lookupSymbol(symbol))
      break;
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  global = memref::GlobalOp::create(rewriter, loc, symbol,
                                    rewriter.getStringAttr("private"), type,
                                    value, /*constant=*/true,
                                    /*alignment=*/IntegerAttr());
  return global;
}

LogicalResult CustomFunctionLowering::lower(KCustomFunctionOp call) {
  Location loc = call.getLoc();
  rewriter.setInsertionPoint(call);
  FunctionType signature = call.getSignature();
  SmallVector<Value> words;
  auto describe = [&](Value buffer, Type type) -> LogicalResult {
    auto tensor = cast<RankedTensorType>(type);
    int64_t dtype = getRuntimeDtype(tensor.getElementType());
    if (!dtype)
      return call.emitOpError("passes a buffer of ")
             << tensor.getElementType()
             << ", which has no runtime dtype, to a host function";
    words.push_back(getAddress(loc, buffer));
    words.push_back(getI64(loc, dtype));
    words.push_back(getI64(loc, tensor.getRank()));
    for (int64_t dim : tensor.getShape())
      words.push_back(getI64(loc, dim));
    return success();
  };
  for (auto [buffer, type] : llvm::zip(call.getInputs(), signature.getInputs()))
    if (failed(describe(buffer, type)))
      return failure();
  for (auto [buffer, type] :
       llvm::zip(call.getOutputs(), signature.getResults()))
    if (failed(describe(buffer, type)))
      return failure();

  // The words live on the stack for the call.
  auto arrayType = MemRefType::get({std::max<int64_t>(1, words.size())},
                                   rewriter.getI64Type());
  Value array = memref::AllocaOp::create(rewriter, loc, arrayType);
  for (auto [i, word] : llvm::enumerate(words))
    memref::StoreOp::create(
        rewriter, loc, word, array,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, i)});
  memref::GlobalOp nameGlobal = getNameGlobal(loc, call.getName());
  Value name = memref::GetGlobalOp::create(rewriter, loc, nameGlobal.getType(),
                                           nameGlobal.getSymName());
  func::FuncOp callee =
      getOrDeclareHostCall<decltype(tiny_host_call_function)>(
          module, TINY_HOST_CALL_FUNCTION);
  func::CallOp::create(rewriter, loc, callee,
                       ValueRange{getAddress(loc, name),
                                  getI64(loc, call.getInputs().size()),
                                  getI64(loc, call.getOutputs().size()),
                                  getAddress(loc, array)});
  rewriter.eraseOp(call);
  return success();
}

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
    IRRewriter rewriter(&getContext());
    SmallVector<KCustomFunctionOp> calls;
    module.walk([&](KCustomFunctionOp call) { calls.push_back(call); });
    CustomFunctionLowering customFunctions(module, rewriter);
    for (KCustomFunctionOp call : calls)
      if (failed(customFunctions.lower(call)))
        return signalPassFailure();

    SmallVector<KCopyOp> copies;
    module.walk([&](KCopyOp copy) { copies.push_back(copy); });
    if (copies.empty())
      return;
    func::FuncOp callee =
        getOrDeclareHostCall<decltype(tiny_host_copy)>(module,
                                                        TINY_HOST_COPY);
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
