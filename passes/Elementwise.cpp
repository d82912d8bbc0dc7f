//===- Elementwise.cpp - rewriting elementwise ops generically -------------===//

#include "passes/Elementwise.h"

#include "dialects/tiny/IR/TinyOps.h"

using namespace mlir;
using namespace mlir::tiny;

bool mlir::tiny::isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::tiny::BroadcastElementwise>();
}

FailureOr<RankedTensorType> mlir::tiny::inferElementwiseOn(Operation *op,
                                                           ValueRange operands) {
  auto infer = cast<InferTypeOpInterface>(op);
  SmallVector<Type> types;
  if (failed(infer.inferReturnTypes(
          op->getContext(), std::nullopt, operands, op->getAttrDictionary(),
          op->getPropertiesStorage(), op->getRegions(), types)))
    return failure();
  return cast<RankedTensorType>(types.front());
}

Value mlir::tiny::cloneElementwiseOn(PatternRewriter &rewriter, Operation *op,
                                     ValueRange operands, Type type) {
  Operation *clone = rewriter.clone(*op);
  rewriter.modifyOpInPlace(clone, [&] {
    clone->setOperands(operands);
    clone->getResult(0).setType(type);
  });
  return clone->getResult(0);
}
