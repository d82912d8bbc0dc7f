//===- RuntimeCalls.cpp - declaring the runtime's host calls --------------===//

#include "conversions/RuntimeCalls.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

func::FuncOp mlir::tiny::getOrDeclareRuntimeCall(ModuleOp module,
                                                 StringRef name,
                                                 unsigned numOperands) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> operands(numOperands, builder.getI64Type());
  auto declaration = func::FuncOp::create(
      builder, module.getLoc(), name, builder.getFunctionType(operands, {}));
  declaration.setPrivate();
  return declaration;
}

tiny_dtype_t mlir::tiny::getRuntimeDtype(Type dtype) {
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
  return llvm::TypeSwitch<Type, tiny_dtype_t>(dtype)
      .Case([](Float16Type) { return TINY_DTYPE_F16; })
      .Case([](BFloat16Type) { return TINY_DTYPE_BF16; })
      .Case([](Float32Type) { return TINY_DTYPE_F32; })
      .Case([](Float64Type) { return TINY_DTYPE_F64; })
      .Case([](Float8E4M3FNType) { return TINY_DTYPE_F8E4M3FN; })
      .Case([](Float8E5M2Type) { return TINY_DTYPE_F8E5M2; })
      .Default([](Type) { return tiny_dtype_t(0); });
}
