//===- LinearSum.cpp - integer values as sums of terms --------------------===//

#include "passes/LinearSum.h"

#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tiny;

LinearSum LinearSum::ofConstant(int64_t c) {
  LinearSum sum;
  sum.constant = c;
  return sum;
}

LinearSum LinearSum::ofTerm(Value term) {
  LinearSum sum;
  sum.terms.push_back({term, 1});
  return sum;
}

bool LinearSum::addTerm(Value term, int64_t coefficient) {
  auto it = llvm::find_if(terms, [&](auto &t) { return t.first == term; });
  if (it == terms.end()) {
    terms.push_back({term, coefficient});
    return true;
  }
  std::optional<int64_t> merged = llvm::checkedAdd(it->second, coefficient);
  if (!merged)
    return false;
  it->second = *merged;
  return true;
}

bool LinearSum::add(const LinearSum &other, int64_t scale) {
  std::optional<int64_t> c = llvm::checkedMul(other.constant, scale);
  std::optional<int64_t> sum =
      c ? llvm::checkedAdd(constant, *c) : std::nullopt;
  if (!sum)
    return false;
  constant = *sum;
  for (auto [term, coefficient] : other.terms) {
    std::optional<int64_t> scaled = llvm::checkedMul(coefficient, scale);
    if (!scaled || !addTerm(term, *scaled))
      return false;
  }
  llvm::erase_if(terms, [](auto &t) { return t.second == 0; });
  return true;
}

int64_t LinearSum::coefficientOf(Value term) const {
  for (auto [t, coefficient] : terms)
    if (t == term)
      return coefficient;
  return 0;
}

std::optional<LinearSum>
mlir::tiny::combine(const LinearSum &a, const LinearSum &b, int64_t scale) {
  LinearSum result = a;
  if (!result.add(b, scale))
    return std::nullopt;
  return result;
}

std::optional<Interval> mlir::tiny::getSumRange(
    const LinearSum &sum,
    function_ref<std::optional<Interval>(Value)> getTermRange) {
  Interval total{sum.constant, sum.constant};
  for (auto [term, coefficient] : sum.terms) {
    if (coefficient == 0)
      continue;
    std::optional<Interval> range = getTermRange(term);
    if (!range)
      return std::nullopt;
    std::optional<int64_t> a = llvm::checkedMul(range->lo, coefficient);
    std::optional<int64_t> b = llvm::checkedMul(range->hi, coefficient);
    if (!a || !b)
      return std::nullopt;
    std::optional<int64_t> lo = llvm::checkedAdd(total.lo, std::min(*a, *b));
    std::optional<int64_t> hi = llvm::checkedAdd(total.hi, std::max(*a, *b));
    if (!lo || !hi)
      return std::nullopt;
    total = {*lo, *hi};
  }
  return total;
}

std::optional<int64_t> mlir::tiny::getConstantInt(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)) ||
      constant.getSignificantBits() > 64)
    return std::nullopt;
  return constant.getSExtValue();
}

LogicalResult mlir::tiny::addLinear(Value value, int64_t scale,
                                    LinearSum &into, unsigned depth) {
  // Index expressions of a few dozen ops; the limit keeps a pathological
  // chain from overflowing the stack.
  constexpr unsigned kMaxDepth = 48;
  if (std::optional<int64_t> constant = getConstantInt(value)) {
    std::optional<int64_t> product = llvm::checkedMul(*constant, scale);
    std::optional<int64_t> sum =
        product ? llvm::checkedAdd(into.constant, *product) : std::nullopt;
    if (!sum)
      return failure();
    into.constant = *sum;
    return success();
  }
  Operation *op = value.getDefiningOp();
  if (op && depth < kMaxDepth) {
    if (isa<arith::AddIOp, arith::SubIOp>(op)) {
      std::optional<int64_t> rhsScale =
          isa<arith::SubIOp>(op) ? llvm::checkedMul(scale, int64_t(-1))
                                 : std::optional<int64_t>(scale);
      if (!rhsScale)
        return failure();
      return success(
          succeeded(addLinear(op->getOperand(0), scale, into, depth + 1)) &&
          succeeded(addLinear(op->getOperand(1), *rhsScale, into, depth + 1)));
    }
    if (isa<arith::MulIOp>(op)) {
      for (unsigned i = 0; i < 2; ++i) {
        std::optional<int64_t> factor = getConstantInt(op->getOperand(i));
        if (!factor)
          continue;
        std::optional<int64_t> newScale = llvm::checkedMul(scale, *factor);
        if (!newScale)
          return failure();
        return addLinear(op->getOperand(1 - i), *newScale, into, depth + 1);
      }
    }
  }
  return success(into.addTerm(value, scale));
}

std::optional<int64_t> mlir::tiny::getConstantDifference(Value a, Value b) {
  LinearSum difference;
  if (failed(addLinear(a, 1, difference)) ||
      failed(addLinear(b, -1, difference)))
    return std::nullopt;
  if (llvm::any_of(difference.terms, [](auto &t) { return t.second != 0; }))
    return std::nullopt;
  return difference.constant;
}

std::optional<Interval> mlir::tiny::getInductionVarRange(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return std::nullopt;
  auto range = dyn_cast<k::RangeOp>(arg.getOwner()->getParentOp());
  if (!range || range.getInductionVar() != arg)
    return std::nullopt;
  std::optional<int64_t> bound = getConstantInt(range.getBound());
  if (!bound)
    return std::nullopt;
  return Interval{0, std::max<int64_t>(*bound - 1, 0)};
}
