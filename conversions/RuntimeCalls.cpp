//===- RuntimeCalls.cpp - declaring the runtime's host calls --------------===//

#include "conversions/RuntimeCalls.h"

#include "mlir/IR/Builders.h"

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
