//===- RuntimeCalls.cpp - declaring the runtime's host calls --------------===//

#include "conversions/RuntimeCalls/RuntimeCalls.h"

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

memref::GlobalOp mlir::tiny::createCStringGlobal(OpBuilder &builder,
                                                ModuleOp module, Location loc,
                                                StringRef text,
                                                StringRef symbolPrefix) {
  SmallVector<int8_t> bytes(text.begin(), text.end());
  bytes.push_back(0);
  auto type = MemRefType::get({static_cast<int64_t>(bytes.size())},
                              builder.getI8Type());
  auto value = DenseElementsAttr::get(
      RankedTensorType::get(type.getShape(), builder.getI8Type()),
      ArrayRef<int8_t>(bytes));
  std::string symbol;
  for (unsigned n = 0;; ++n) {
    symbol = (symbolPrefix + Twine(n)).str();
    if (!module.lookupSymbol(symbol))
      break;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return memref::GlobalOp::create(builder, loc, symbol,
                                  builder.getStringAttr("private"), type,
                                  value, /*constant=*/true,
                                  /*alignment=*/IntegerAttr());
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
      .Case([](Float8E4M3FNUZType) { return TINY_DTYPE_F8E4M3FNUZ; })
      .Case([](Float8E5M2FNUZType) { return TINY_DTYPE_F8E5M2FNUZ; })
      .Default([](Type) { return tiny_dtype_t(0); });
}
