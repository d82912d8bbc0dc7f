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

#include "conversions/TinyToRuntime/TinyToRuntime.h"

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls/RuntimeCalls.h"
#include "dialects/tiny/IR/TinyKernelOps.h"

#include "tiny/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTORUNTIME
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// tiny.k.custom_function -> tiny_host_call_function(name, num_inputs,
/// num_outputs, descriptors), the descriptors an i64 array on the stack.
/// Shares one name global per function name.
class CustomFunctionLowering : public OpConversionPattern<k::CustomFunctionOp> {
public:
  CustomFunctionLowering(MLIRContext *context, ModuleOp module)
      : OpConversionPattern(context), module(module) {}

  LogicalResult
  matchAndRewrite(k::CustomFunctionOp call, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

private:
  /// The address of `buffer`'s first element, as an i64.
  static Value getAddress(OpBuilder &builder, Location loc, Value buffer) {
    Value index =
        memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      index);
  }
  static Value getI64(OpBuilder &builder, Location loc, int64_t value) {
    return arith::ConstantIntOp::create(builder, loc, value, 64);
  }
  /// The global holding `name` and a NUL byte.
  memref::GlobalOp getNameGlobal(OpBuilder &builder, Location loc,
                                 StringRef name) const;

  ModuleOp module;
  mutable llvm::StringMap<memref::GlobalOp> names;
};

memref::GlobalOp CustomFunctionLowering::getNameGlobal(OpBuilder &builder,
                                                       Location loc,
                                                       StringRef name) const {
  memref::GlobalOp &global = names[name];
  if (!global)
    global = createCStringGlobal(builder, module, loc, name,
                                 "tiny_host_function_name");
  return global;
}

LogicalResult CustomFunctionLowering::matchAndRewrite(
    k::CustomFunctionOp call, OpAdaptor adaptor,
    ConversionPatternRewriter &rewriter) const {
  FunctionType signature = call.getSignature();
  // Every buffer needs a runtime dtype; checked before building anything.
  for (TypeRange types : {signature.getInputs(), signature.getResults()})
    for (Type type : types) {
      Type dtype = cast<RankedTensorType>(type).getElementType();
      if (!getRuntimeDtype(dtype))
        return call.emitOpError("passes a buffer of ")
               << dtype << ", which has no runtime dtype, to a host function";
    }

  Location loc = call.getLoc();
  SmallVector<Value> words;
  auto describe = [&](Value buffer, Type type) {
    auto tensor = cast<RankedTensorType>(type);
    words.push_back(getAddress(rewriter, loc, buffer));
    words.push_back(
        getI64(rewriter, loc, getRuntimeDtype(tensor.getElementType())));
    words.push_back(getI64(rewriter, loc, tensor.getRank()));
    for (int64_t dim : tensor.getShape())
      words.push_back(getI64(rewriter, loc, dim));
  };
  for (auto [buffer, type] :
       llvm::zip(adaptor.getInputs(), signature.getInputs()))
    describe(buffer, type);
  for (auto [buffer, type] :
       llvm::zip(adaptor.getOutputs(), signature.getResults()))
    describe(buffer, type);

  // The words live on the stack for the call.
  auto arrayType = MemRefType::get({std::max<int64_t>(1, words.size())},
                                   rewriter.getI64Type());
  Value array = memref::AllocaOp::create(rewriter, loc, arrayType);
  for (auto [i, word] : llvm::enumerate(words))
    memref::StoreOp::create(
        rewriter, loc, word, array,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, i)});
  memref::GlobalOp nameGlobal = getNameGlobal(rewriter, loc, call.getName());
  Value name = memref::GetGlobalOp::create(rewriter, loc, nameGlobal.getType(),
                                           nameGlobal.getSymName());
  func::FuncOp callee =
      getOrDeclareHostCall<decltype(tiny_host_call_function)>(
          module, TINY_HOST_CALL_FUNCTION);
  func::CallOp::create(
      rewriter, loc, callee,
      ValueRange{getAddress(rewriter, loc, name),
                 getI64(rewriter, loc, adaptor.getInputs().size()),
                 getI64(rewriter, loc, adaptor.getOutputs().size()),
                 getAddress(rewriter, loc, array)});
  rewriter.eraseOp(call);
  return success();
}

/// The position of `buffer` among the arguments of the function it is an
/// argument of; none for any other value.
std::optional<unsigned> getArgumentPosition(Value buffer) {
  auto argument = dyn_cast<BlockArgument>(buffer);
  if (!argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return std::nullopt;
  return argument.getArgNumber();
}

/// tiny.k.copy -> tiny_host_copy(dst_arg, dst_byte_offset, src_arg,
/// src_byte_offset, bytes).
struct CopyLowering : public OpConversionPattern<k::CopyOp> {
  CopyLowering(MLIRContext *context, ModuleOp module)
      : OpConversionPattern(context), module(module) {}

  LogicalResult
  matchAndRewrite(k::CopyOp copy, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> src = getArgumentPosition(adaptor.getSrc());
    std::optional<unsigned> dst = getArgumentPosition(adaptor.getDst());
    for (auto [position, which] :
         {std::pair(src, "source"), std::pair(dst, "destination")})
      if (!position)
        copy.emitOpError(which)
            << " must be an argument of the enclosing func.func, which the "
               "runtime allocates";
    if (!src || !dst)
      return failure();
    int64_t elementBytes =
        (copy.getSrc().getType().getElementTypeBitWidth() + 7) / 8;
    Location loc = copy.getLoc();
    auto i64 = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, value, 64);
    };
    func::FuncOp callee =
        getOrDeclareHostCall<decltype(tiny_host_copy)>(module, TINY_HOST_COPY);
    rewriter.replaceOpWithNewOp<func::CallOp>(
        copy, callee,
        ValueRange{i64(*dst), i64(copy.getDstOffset() * elementBytes),
                   i64(*src), i64(copy.getSrcOffset() * elementBytes),
                   i64(copy.getCount() * elementBytes)});
    return success();
  }

  ModuleOp module;
};

} // namespace

void mlir::tiny::populateTinyToRuntimePatterns(RewritePatternSet &patterns,
                                               ModuleOp module) {
  patterns.add<CustomFunctionLowering, CopyLowering>(patterns.getContext(),
                                                     module);
}

void mlir::tiny::declareTinyToRuntimeCallees(ModuleOp module) {
  if (module.walk([](k::CustomFunctionOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    getOrDeclareHostCall<decltype(tiny_host_call_function)>(
        module, TINY_HOST_CALL_FUNCTION);
  if (module.walk([](k::CopyOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    getOrDeclareHostCall<decltype(tiny_host_copy)>(module, TINY_HOST_COPY);
}

void mlir::tiny::configureTinyToRuntimeTarget(ConversionTarget &target) {
  target.addLegalDialect<arith::ArithDialect, func::FuncDialect,
                         memref::MemRefDialect>();
  target.addIllegalOp<k::CopyOp, k::CustomFunctionOp>();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertTinyToRuntimePass
    : public tiny::impl::ConvertTinyToRuntimeBase<ConvertTinyToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    declareTinyToRuntimeCallees(module);
    ConversionTarget target(getContext());
    configureTinyToRuntimeTarget(target);
    RewritePatternSet patterns(&getContext());
    populateTinyToRuntimePatterns(patterns, module);
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      signalPassFailure();
  }
};

} // namespace
