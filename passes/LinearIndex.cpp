//===- LinearIndex.cpp - indices as linear sums of values -----------------===//

#include "passes/LinearIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace mlir::tiny;

std::optional<int64_t> mlir::tiny::getConstantIndex(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)) ||
      constant.getSignificantBits() > 64)
    return std::nullopt;
  return constant.getSExtValue();
}

LogicalResult mlir::tiny::addLinear(Value value, int64_t scale,
                                    LinearIndex &into, unsigned depth) {
  auto add = [](int64_t &to, int64_t a, int64_t b) {
    std::optional<int64_t> product = llvm::checkedMul(a, b);
    if (!product)
      return failure();
    std::optional<int64_t> sum = llvm::checkedAdd(to, *product);
    if (!sum)
      return failure();
    to = *sum;
    return success();
  };
  if (std::optional<int64_t> constant = getConstantIndex(value))
    return add(into.constant, *constant, scale);
  Operation *op = value.getDefiningOp();
  if (op && depth < 32) {
    if (isa<arith::AddIOp, arith::SubIOp>(op)) {
      int64_t rhsScale = isa<arith::SubIOp>(op) ? -scale : scale;
      if (rhsScale == std::numeric_limits<int64_t>::min())
        return failure();
      return success(
          succeeded(addLinear(op->getOperand(0), scale, into, depth + 1)) &&
          succeeded(addLinear(op->getOperand(1), rhsScale, into, depth + 1)));
    }
    if (isa<arith::MulIOp>(op)) {
      for (unsigned i = 0; i < 2; ++i) {
        if (std::optional<int64_t> factor =
                getConstantIndex(op->getOperand(i))) {
          std::optional<int64_t> newScale = llvm::checkedMul(scale, *factor);
          if (!newScale)
            return failure();
          return addLinear(op->getOperand(1 - i), *newScale, into, depth + 1);
        }
      }
    }
  }
  return add(into.terms[value], 1, scale);
}

std::optional<int64_t> mlir::tiny::getConstantDifference(Value a,
                                                       Value b) {
  LinearIndex difference;
  if (failed(addLinear(a, 1, difference)) ||
      failed(addLinear(b, -1, difference)))
    return std::nullopt;
  for (auto &[leaf, coefficient] : difference.terms)
    if (coefficient != 0)
      return std::nullopt;
  return difference.constant;
}
