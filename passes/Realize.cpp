//===- Realize.cpp - values made buffers before rangeify ------------------===//

#include "passes/Realize.h"

#include "dialects/tiny/Utils/KernelDevice.h"

using namespace mlir;
using namespace mlir::tiny;

MulOp mlir::tiny::getHostSummedProduct(ReduceOp reduce, bool throughCast) {
  if (reduce.getKind() != ReduceKind::Add ||
      !isOnHost(cast<RankedTensorType>(reduce.getSrc().getType())))
    return {};
  Value summed = reduce.getSrc();
  if (auto widen = summed.getDefiningOp<CastOp>(); widen && throughCast)
    summed = widen.getSrc();
  return summed.getDefiningOp<MulOp>();
}

void mlir::tiny::realizeAsBuffer(Value value) {
  OpBuilder builder(value.getContext());
  builder.setInsertionPointAfterValue(value);
  auto realized = ContiguousOp::create(builder, value.getLoc(), value);
  value.replaceAllUsesExcept(realized, realized);
}
