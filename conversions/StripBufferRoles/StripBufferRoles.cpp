//===- StripBufferRoles.cpp - drop rangeify's #tiny.buffer roles ----------===//

#include "conversions/Passes.h"

#include "dialects/tiny/IR/TinyDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSTRIPBUFFERROLES
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

namespace {

struct TinyStripBufferRoles
    : tiny::impl::TinyStripBufferRolesBase<TinyStripBufferRoles> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::LLVMFuncOp func) {
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        func.removeArgAttr(i, tiny::BufferAttr::getArgAttrName());
    });
  }
};

} // namespace
