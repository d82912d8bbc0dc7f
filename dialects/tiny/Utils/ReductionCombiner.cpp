//===- ReductionCombiner.cpp - the combining op of a kernel reduction -----===//

#include "dialects/tiny/Utils/ReductionCombiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tiny;

/// Ops whose repeated application gives the same result in any order.
static bool isCombiningOp(Operation *op) {
  return isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::MaxNumFOp, arith::MinNumFOp, arith::AddIOp, arith::MulIOp,
             arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op);
}

Operation *mlir::tiny::getReductionCombiner(k::RangeOp range, unsigned index) {
  if (index >= range.getInitArgs().size())
    return nullptr;
  Operation *end = range.getBody().front().getTerminator();
  Value value = range.getRegionIterArgs()[index];
  Operation *combiner = nullptr;
  // Follow the accumulator's only use until the range yields it.
  while (true) {
    if (!value.hasOneUse())
      return nullptr;
    OpOperand &use = *value.use_begin();
    Operation *user = use.getOwner();
    if (user == end)
      return use.getOperandNumber() == index ? combiner : nullptr;
    Operation *step = nullptr;
    if (auto nested = dyn_cast<k::RangeOp>(user)) {
      unsigned first = nested.getInitArgs().getBeginOperandIndex();
      if (use.getOperandNumber() < first)
        return nullptr;
      unsigned nestedIndex = use.getOperandNumber() - first;
      step = getReductionCombiner(nested, nestedIndex);
      value = nested.getResult(nestedIndex);
    } else if (isCombiningOp(user)) {
      step = user;
      value = user->getResult(0);
    }
    if (!step || (combiner && combiner->getName() != step->getName()))
      return nullptr;
    combiner = step;
  }
}

TypedAttr mlir::tiny::getCombinerIdentity(Operation *combiner, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    std::optional<APFloat> value =
        llvm::TypeSwitch<Operation *, std::optional<APFloat>>(combiner)
            // -0.0, not 0.0: -0.0 + x is x for every x, -0.0 included.
            .Case([&](arith::AddFOp) {
              return APFloat::getZero(sem, /*Negative=*/true);
            })
            .Case([&](arith::MulFOp) { return APFloat::getOne(sem); })
            .Case([&](arith::MaximumFOp) {
              return APFloat::getInf(sem, /*Negative=*/true);
            })
            .Case([&](arith::MinimumFOp) { return APFloat::getInf(sem); })
            // maxnum and minnum return the other operand of a NaN.
            .Case<arith::MaxNumFOp, arith::MinNumFOp>(
                [&](Operation *) { return APFloat::getQNaN(sem); })
            .Default([](Operation *) { return std::nullopt; });
    if (!value)
      return {};
    return FloatAttr::get(type, *value);
  }
  if (!type.isIntOrIndex())
    return {};
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  std::optional<APInt> value =
      llvm::TypeSwitch<Operation *, std::optional<APInt>>(combiner)
          .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
              [&](Operation *) { return APInt::getZero(width); })
          .Case([&](arith::MulIOp) { return APInt(width, 1); })
          .Case<arith::AndIOp, arith::MinUIOp>(
              [&](Operation *) { return APInt::getAllOnes(width); })
          .Case([&](arith::MaxSIOp) { return APInt::getSignedMinValue(width); })
          .Case([&](arith::MinSIOp) { return APInt::getSignedMaxValue(width); })
          .Default([](Operation *) { return std::nullopt; });
  if (!value)
    return {};
  return IntegerAttr::get(type, *value);
}

Value mlir::tiny::createCombine(OpBuilder &builder, Location loc,
                                Operation *combiner, Value lhs, Value rhs) {
  Operation *op = builder.clone(*combiner);
  op->setLoc(loc);
  op->setOperands({lhs, rhs});
  return op->getResult(0);
}
