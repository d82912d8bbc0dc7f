//===- TinyToRuntime.cpp - host-schedule ops to tiny runtime calls ---------===//
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

/// The runtime's entry point for copies (jit/HostSchedule.cpp):
/// tiny_host_copy(dst_arg, dst_byte_offset, src_arg, src_byte_offset, bytes).
constexpr StringLiteral kCopyFunction = "tiny_host_copy";

/// The runtime's entry point for host functions (jit/HostFunctions.cpp):
/// tiny_host_call_function(name, num_inputs, num_outputs, descriptors).
/// `name` is the address of the function's NUL-terminated name;
/// `descriptors` the address of an array of i64 words describing the
/// inputs then the outputs, each as its data address, its dtype (a
/// tiny_dtype_t), its rank, then its shape.
constexpr StringLiteral kCustomFunction = "tiny_host_call_function";

/// The runtime's code for a dtype (tiny_dtype_t), 0 for none.
int64_t getRuntimeDType(Type dtype) {
  if (dtype.isInteger(1))
    return TINY_DTYPE_BOOL;
  if (auto integer = dyn_cast<IntegerType>(dtype)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? TINY_DTYPE_U8 : TINY_DTYPE_I8;
    case 16:
      return isUnsigned ? TINY_DTYPE_U16 : TINY_DTYPE_I16;
    case 32:
      return isUnsigned ? TINY_DTYPE_U32 : TINY_DTYPE_I32;
    case 64:
      return isUnsigned ? TINY_DTYPE_U64 : TINY_DTYPE_I64;
    default:
      return 0;
    }
  }
  return llvm::TypeSwitch<Type, int64_t>(dtype)
      .Case([](Float16Type) { return TINY_DTYPE_F16; })
      .Case([](BFloat16Type) { return TINY_DTYPE_BF16; })
      .Case([](Float32Type) { return TINY_DTYPE_F32; })
      .Case([](Float64Type) { return TINY_DTYPE_F64; })
      .Case([](Float8E4M3FNType) { return TINY_DTYPE_F8E4M3FN; })
      .Case([](Float8E5M2Type) { return TINY_DTYPE_F8E5M2; })
      .Default([](Type) { return 0; });
}

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
    int64_t dtype = getRuntimeDType(tensor.getElementType());
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
  for (auto [buffer, type] :
       llvm::zip(call.getInputs(), signature.getInputs()))
    if (failed(describe(buffer, type)))
      return failure();
  for (auto [buffer, type] :
       llvm::zip(call.getOutputs(), signature.getResults()))
    if (failed(describe(buffer, type)))
      return failure();

  // The words live on the stack for the call.
  auto arrayType = MemRefType::get(
      {std::max<int64_t>(1, words.size())}, rewriter.getI64Type());
  Value array = memref::AllocaOp::create(rewriter, loc, arrayType);
  for (auto [i, word] : llvm::enumerate(words))
    memref::StoreOp::create(
        rewriter, loc, word, array,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, i)});
  memref::GlobalOp nameGlobal = getNameGlobal(loc, call.getName());
  Value name = memref::GetGlobalOp::create(rewriter, loc, nameGlobal.getType(),
                                           nameGlobal.getSymName());
  func::FuncOp callee =
      getOrDeclareRuntimeCall(module, kCustomFunction, /*numOperands=*/4);
  func::CallOp::create(
      rewriter, loc, callee,
      ValueRange{getAddress(loc, name), getI64(loc, call.getInputs().size()),
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
        getOrDeclareRuntimeCall(module, kCopyFunction, /*numOperands=*/5);
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
