//===- ProfileKernels.cpp - time each call of an outlined kernel ----------===//
//
// Profiling is opt-in code: each call of a kernel function gets a host call
// before it, which takes the time, and one after it, which records the
// kernel's name, its duration and its static work estimate with the JIT
// (tiny/HostCalls.h). Code compiled without this pass makes no such call.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/RuntimeCalls/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYPROFILEKERNELS
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The private constant global holding `name` and a NUL byte, made once per
/// name.
memref::GlobalOp getNameGlobal(ModuleOp module, StringRef name,
                               llvm::StringMap<memref::GlobalOp> &globals) {
  memref::GlobalOp &global = globals[name];
  if (!global) {
    OpBuilder builder(module.getContext());
    global = createCStringGlobal(builder, module, module.getLoc(), name,
                                 "tiny_kernel_name");
  }
  return global;
}

struct TinyProfileKernelsPass
    : public tiny::impl::TinyProfileKernelsBase<TinyProfileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (callee && callee->hasAttr("tiny.kernel"))
        calls.push_back(call);
    });
    if (calls.empty())
      return;
    func::FuncOp begin = getOrDeclareHostCall<decltype(tiny_host_kernel_begin)>(
        module, TINY_HOST_KERNEL_BEGIN);
    func::FuncOp end = getOrDeclareHostCall<decltype(tiny_host_kernel_end)>(
        module, TINY_HOST_KERNEL_END);
    llvm::StringMap<memref::GlobalOp> globals;
    for (func::CallOp call : calls) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      auto work = [&](StringRef name) -> int64_t {
        auto attr = callee->getAttrOfType<IntegerAttr>(name);
        return attr ? attr.getInt() : 0;
      };
      Location loc = call.getLoc();
      OpBuilder builder(call);
      func::CallOp::create(builder, loc, begin, ValueRange{});
      builder.setInsertionPointAfter(call);
      memref::GlobalOp global =
          getNameGlobal(module, callee.getSymName(), globals);
      Value name = memref::GetGlobalOp::create(builder, loc, global.getType(),
                                               global.getSymName());
      Value address =
          memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, name);
      Value operands[] = {
          arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                     address),
          arith::ConstantIntOp::create(builder, loc, work("tiny.flops"), 64),
          arith::ConstantIntOp::create(builder, loc, work("tiny.bytes"), 64)};
      func::CallOp::create(builder, loc, end, operands);
    }
  }
};
} // namespace
