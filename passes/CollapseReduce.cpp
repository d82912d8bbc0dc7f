//===- CollapseReduce.cpp - sums over a range in closed form --------------===//
//
// A reduce range that adds, at each index r, a value chosen by compares of
// r with values fixed in the loop sums to a count times that value, and a
// sum gated by r == e is one read at e:
//
//   sum over r < N of (lo <= r < hi ? v : 0) = v * max(min(hi, N) - max(lo, 0), 0)
//   sum over r < N of (r == e ? f(r) : 0)    = 0 <= e < N ? f(e) : 0
//
// tinygrad writes `Tensor.arange` as a cumsum, a reduce over a padded
// constant (sum over j < n of (n - 1 <= i + j < 2n - 1 ? step : 0)), and a
// one-hot mask as a compare with an arange: an embedding is the sum over v
// of (v == idx ? w[v] : 0). -tiny-rangeify computes such a reduce in its
// reader's kernel (it reads no buffer); this pass turns the loops into
// index arithmetic and the one-hot sums into gathers, as tinygrad's
// reduce_collapse rules (codegen/simplify.py) do.
//
// Integer operands are read as linear sums of terms whose ranges are known
// (loop indices, narrower integers sign-extended), and a compare is
// rewritten only where those ranges show that its operands' machine values
// are their integer values: a compare that could wrap is left as a loop.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/LinearSum.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYCOLLAPSEREDUCE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// How deep the walks through a value's definitions go.
constexpr unsigned kMaxDepth = 32;

/// The bit width integer arithmetic on `type` wraps at (index: 64).
unsigned getWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// Whether every value of `range` is a value of a signed `width`-bit integer.
bool fitsSigned(Interval range, unsigned width) {
  if (width >= 64)
    return true;
  int64_t max = (int64_t(1) << (width - 1)) - 1;
  return range.lo >= -max - 1 && range.hi <= max;
}

/// Whether every value of `range` is a value of an unsigned `width`-bit
/// integer.
bool fitsUnsigned(Interval range, unsigned width) {
  if (range.lo < 0)
    return false;
  return width >= 63 || range.hi <= (int64_t(1) << width) - 1;
}

/// Whether `value` is a constant 0 (or -0.0).
bool isZero(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// `cond` without the negations around it (xori with true, a compare of an
/// i1 with a constant); `negated` says whether an odd number was taken off.
Value stripNot(Value cond, bool &negated) {
  for (unsigned depth = 0; depth < kMaxDepth; ++depth) {
    Operation *op = cond.getDefiningOp();
    if (!op || op->getNumOperands() != 2 ||
        !op->getOperand(0).getType().isInteger(1))
      return cond;
    std::optional<int64_t> rhs = getConstantInt(op->getOperand(1));
    std::optional<int64_t> lhs = getConstantInt(op->getOperand(0));
    if (!rhs && !lhs)
      return cond;
    Value x = rhs ? op->getOperand(0) : op->getOperand(1);
    bool isTrue = (rhs ? *rhs : *lhs) != 0;
    bool flips;
    if (isa<arith::XOrIOp>(op)) {
      flips = isTrue;
    } else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      if (cmp.getPredicate() == arith::CmpIPredicate::ne)
        flips = isTrue;
      else if (cmp.getPredicate() == arith::CmpIPredicate::eq)
        flips = !isTrue;
      else
        return cond;
    } else {
      return cond;
    }
    negated ^= flips;
    cond = x;
  }
  return cond;
}

/// The compare `cond` is, through negations: its operands and predicate.
struct Compare {
  arith::CmpIPredicate pred;
  Value lhs, rhs;
};
std::optional<Compare> getCompare(Value cond) {
  bool negated = false;
  auto cmp = stripNot(cond, negated).getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getLhs().getType().isInteger(1))
    return std::nullopt;
  arith::CmpIPredicate pred = cmp.getPredicate();
  return Compare{negated ? arith::invertPredicate(pred) : pred, cmp.getLhs(),
                 cmp.getRhs()};
}

/// Bounds on r where a condition holds: r >= each low, r < each high, and
/// each guard (a value fixed in the loop) below 0.
struct Bounds {
  SmallVector<LinearSum> lows, highs, guards;
};

/// Collapses one reduce range: its sum written before it, or nothing (and
/// the IR as it was).
class RangeCollapser : public OpBuilder::Listener {
public:
  RangeCollapser(k::RangeOp range, int64_t bound)
      : range(range), index(range.getInductionVar()),
        acc(range.getRegionIterArgs()[0]), bound(bound), builder(range, this) {}

  /// Replaces the range's result by its closed form and erases the range.
  LogicalResult run();

private:
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint) override {
    created.push_back(op);
  }

  Location loc() { return range.getLoc(); }
  bool isInside(Value v) {
    return range.getBody().isAncestor(v.getParentRegion());
  }
  bool dependsOnIndex(Value v, unsigned depth = 0);

  // Integer values as linear sums.
  std::optional<LinearSum> getLinearSum(Value v, unsigned depth = 0);
  std::optional<Interval> getRange(const LinearSum &a, unsigned depth = 0);
  std::optional<Interval> getTermRange(Value term, unsigned depth);
  Value emitIndex(const LinearSum &a);
  Value emitIndexOf(Value term);

  // Conditions as bounds on r.
  LogicalResult addLess(const LinearSum &e, Bounds &bounds);
  LogicalResult addCompare(arith::CmpIPredicate pred, Value lhs, Value rhs,
                           Bounds &bounds);
  LogicalResult addCondition(Value cond, Bounds &bounds, unsigned depth = 0);
  FailureOr<LinearSum> countOf(const Bounds &bounds);
  FailureOr<Value> count(Value cond);
  std::optional<LinearSum> getEqualIndex(Value lhs, Value rhs);

  // Values and sums.
  FailureOr<Value> hoist(Value v, unsigned depth = 0);
  FailureOr<Value> cloneAt(Value v, Value at, IRMapping &mapping,
                           unsigned depth = 0);
  Value castLike(Value v, Operation *cast);
  Value zeroOf(Type type);
  Value emitCountAs(Value countIndex, Type type);
  Value emitScale(Value v, Value countIndex);
  FailureOr<Value> sumOf(Value term, unsigned depth = 0);
  FailureOr<Value> sumOfSelect(Value cond, Value a, Value b, Operation *cast,
                               unsigned depth);
  FailureOr<Value> gather(Value lhs, Value rhs, Value value, Operation *cast);

  k::RangeOp range;
  Value index, acc;
  int64_t bound;
  OpBuilder builder;
  SmallVector<Operation *> created;
  DenseMap<Value, bool> dependence;
  IRMapping hoisted;
};

bool RangeCollapser::dependsOnIndex(Value v, unsigned depth) {
  if (v == index || v == acc)
    return true;
  if (!isInside(v))
    return false;
  if (auto it = dependence.find(v); it != dependence.end())
    return it->second;
  Operation *op = v.getDefiningOp();
  bool depends = !op || depth > kMaxDepth || op->getNumRegions() != 0 ||
                 llvm::any_of(op->getOperands(), [&](Value operand) {
                   return dependsOnIndex(operand, depth + 1);
                 });
  dependence[v] = depends;
  return depends;
}

std::optional<LinearSum> RangeCollapser::getLinearSum(Value v, unsigned depth) {
  if (!v.getType().isIntOrIndex() || getWidth(v.getType()) > 64)
    return std::nullopt;
  if (std::optional<int64_t> c = getConstantInt(v))
    return LinearSum::ofConstant(*c);
  Operation *op = v.getDefiningOp();
  if (!op || depth > kMaxDepth)
    return LinearSum::ofTerm(v);
  if (isa<arith::AddIOp, arith::SubIOp>(op)) {
    std::optional<LinearSum> lhs = getLinearSum(op->getOperand(0), depth + 1);
    std::optional<LinearSum> rhs = getLinearSum(op->getOperand(1), depth + 1);
    if (lhs && rhs)
      if (auto sum = combine(*lhs, *rhs, isa<arith::SubIOp>(op) ? -1 : 1))
        return sum;
    return LinearSum::ofTerm(v);
  }
  if (isa<arith::MulIOp>(op)) {
    for (unsigned i = 0; i < 2; ++i)
      if (std::optional<int64_t> factor = getConstantInt(op->getOperand(i)))
        if (auto other = getLinearSum(op->getOperand(1 - i), depth + 1))
          if (auto scaled = combine(LinearSum(), *other, *factor))
            return scaled;
    return LinearSum::ofTerm(v);
  }
  // A cast keeps the integer value when the source's machine value is its
  // integer value and fits the result: the sum carries over.
  bool isSigned = isa<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(op);
  if (isSigned || isa<arith::IndexCastUIOp, arith::ExtUIOp>(op)) {
    Value src = op->getOperand(0);
    unsigned srcWidth = getWidth(src.getType());
    unsigned width = getWidth(v.getType());
    if (std::optional<LinearSum> a = getLinearSum(src, depth + 1))
      if (std::optional<Interval> r = getRange(*a, depth + 1))
        if ((isSigned ? fitsSigned(*r, srcWidth) : fitsUnsigned(*r, srcWidth)) &&
            fitsSigned(*r, width))
          return a;
  }
  return LinearSum::ofTerm(v);
}

std::optional<Interval> RangeCollapser::getRange(const LinearSum &a,
                                                 unsigned depth) {
  return getSumRange(a,
                     [&](Value term) { return getTermRange(term, depth + 1); });
}

std::optional<Interval> RangeCollapser::getTermRange(Value term,
                                                     unsigned depth) {
  if (depth > kMaxDepth)
    return std::nullopt;
  if (isa<BlockArgument>(term))
    return getInductionVarRange(term);
  // A term of a narrower integer type: its machine value, signed.
  unsigned width = getWidth(term.getType());
  Interval any{width >= 64 ? std::numeric_limits<int64_t>::min()
                           : -(int64_t(1) << (width - 1)),
               width >= 64 ? std::numeric_limits<int64_t>::max()
                           : (int64_t(1) << (width - 1)) - 1};
  // An operand's range, where its machine value is its integer value.
  auto rangeOf = [&](Value v) -> std::optional<Interval> {
    std::optional<LinearSum> a = getLinearSum(v, depth + 1);
    std::optional<Interval> r = a ? getRange(*a, depth + 1) : std::nullopt;
    if (!r || !fitsSigned(*r, width))
      return std::nullopt;
    return r;
  };
  Operation *op = term.getDefiningOp();
  if (isa_and_nonnull<arith::MaxSIOp, arith::MinSIOp>(op)) {
    std::optional<Interval> x = rangeOf(op->getOperand(0));
    std::optional<Interval> y = rangeOf(op->getOperand(1));
    if (!x || !y)
      return width < 64 ? std::optional<Interval>(any) : std::nullopt;
    if (isa<arith::MaxSIOp>(op))
      return Interval{std::max(x->lo, y->lo), std::max(x->hi, y->hi)};
    return Interval{std::min(x->lo, y->lo), std::min(x->hi, y->hi)};
  }
  if (auto select = dyn_cast_or_null<arith::SelectOp>(op)) {
    std::optional<Interval> x = rangeOf(select.getTrueValue());
    std::optional<Interval> y = rangeOf(select.getFalseValue());
    if (x && y)
      return Interval{std::min(x->lo, y->lo), std::max(x->hi, y->hi)};
  }
  if (auto rem = dyn_cast_or_null<arith::RemUIOp>(op))
    if (std::optional<int64_t> c = getConstantInt(rem.getRhs()); c && *c > 0)
      return Interval{0, *c - 1};
  if (isa_and_nonnull<arith::IndexCastUIOp, arith::ExtUIOp>(op)) {
    unsigned srcWidth = getWidth(op->getOperand(0).getType());
    if (srcWidth < 63)
      return Interval{0, (int64_t(1) << srcWidth) - 1};
  }
  if (isa_and_nonnull<arith::IndexCastOp, arith::ExtSIOp>(op) &&
      getWidth(op->getOperand(0).getType()) <= width) {
    unsigned srcWidth = getWidth(op->getOperand(0).getType());
    if (srcWidth < 64)
      return Interval{-(int64_t(1) << (srcWidth - 1)),
                      (int64_t(1) << (srcWidth - 1)) - 1};
  }
  if (width < 64)
    return any;
  return std::nullopt;
}

/// `term` as an index: sign-extended when narrower (getTermRange reads it
/// so).
Value RangeCollapser::emitIndexOf(Value term) {
  Value v = hoisted.lookupOrDefault(term);
  if (v.getType().isIndex())
    return v;
  return arith::IndexCastOp::create(builder, loc(), builder.getIndexType(), v);
}

Value RangeCollapser::emitIndex(const LinearSum &a) {
  Value sum;
  for (auto [term, coefficient] : a.terms) {
    Value scaled = emitIndexOf(term);
    if (coefficient != 1)
      scaled = arith::MulIOp::create(
          builder, loc(), scaled,
          arith::ConstantIndexOp::create(builder, loc(), coefficient));
    sum = sum ? arith::AddIOp::create(builder, loc(), sum, scaled).getResult()
              : scaled;
  }
  Value constant = arith::ConstantIndexOp::create(builder, loc(), a.constant);
  if (!sum)
    return constant;
  if (a.constant == 0)
    return sum;
  return arith::AddIOp::create(builder, loc(), sum, constant);
}

/// Records `e < 0`, with e linear in r with coefficient 1 or -1 (a bound on
/// r) or free of r (a guard).
LogicalResult RangeCollapser::addLess(const LinearSum &e, Bounds &bounds) {
  int64_t s = e.coefficientOf(index);
  LinearSum rest = e;
  llvm::erase_if(rest.terms, [&](auto &t) { return t.first == index; });
  for (auto [term, coefficient] : rest.terms)
    if (dependsOnIndex(term) || failed(hoist(term)))
      return failure();
  // Every bound has a range within 64 bits, so that the index arithmetic
  // written from it (and the count, checked in countOf) cannot wrap.
  auto push = [&](std::optional<LinearSum> bound,
                  SmallVector<LinearSum> &into) {
    if (!bound || !getRange(*bound))
      return failure();
    into.push_back(*bound);
    return success();
  };
  if (s == 0)
    return push(rest, bounds.guards);
  // r + rest < 0: r < -rest.
  if (s == 1)
    return push(combine(LinearSum(), rest, -1), bounds.highs);
  // rest - r < 0: r >= rest + 1.
  if (s == -1)
    return push(combine(rest, LinearSum::ofConstant(1), 1), bounds.lows);
  return failure();
}

LogicalResult RangeCollapser::addCompare(arith::CmpIPredicate pred, Value lhs,
                                         Value rhs, Bounds &bounds) {
  using P = arith::CmpIPredicate;
  std::optional<LinearSum> a = getLinearSum(lhs);
  std::optional<LinearSum> b = getLinearSum(rhs);
  if (!a || !b)
    return failure();
  std::optional<Interval> ra = getRange(*a);
  std::optional<Interval> rb = getRange(*b);
  unsigned width = getWidth(lhs.getType());
  if (!ra || !rb || !fitsSigned(*ra, width) || !fitsSigned(*rb, width))
    return failure();
  // Both operands' machine values are their integer values: compares of
  // the integers, each written as `e < 0`.
  auto less = [&](const LinearSum &x, const LinearSum &y, int64_t plus) {
    // x - y + plus < 0
    std::optional<LinearSum> d = combine(x, y, -1);
    if (!d || !d->add(LinearSum::ofConstant(plus), 1))
      return failure();
    return addLess(*d, bounds);
  };
  // An unsigned compare reads a negative value as one above every value
  // that is not: x <u y is 0 <= x < y when y >= 0.
  auto unsignedLess = [&](const LinearSum &x, const LinearSum &y, Interval ry,
                          int64_t plus) {
    if (ry.lo < 0 || failed(less(LinearSum(), x, -1)))
      return failure();
    return less(x, y, plus);
  };
  switch (pred) {
  case P::slt:
    return less(*a, *b, 0);
  case P::sle:
    return less(*a, *b, -1);
  case P::sgt:
    return less(*b, *a, 0);
  case P::sge:
    return less(*b, *a, -1);
  case P::eq:
    return success(succeeded(less(*a, *b, -1)) &&
                   succeeded(less(*b, *a, -1)));
  case P::ult:
    return unsignedLess(*a, *b, *rb, 0);
  case P::ule:
    return unsignedLess(*a, *b, *rb, -1);
  case P::ugt:
    return unsignedLess(*b, *a, *ra, 0);
  case P::uge:
    return unsignedLess(*b, *a, *ra, -1);
  case P::ne:
    return failure();
  }
  return failure();
}

LogicalResult RangeCollapser::addCondition(Value cond, Bounds &bounds,
                                           unsigned depth) {
  if (depth > kMaxDepth)
    return failure();
  if (std::optional<Compare> cmp = getCompare(cond))
    return addCompare(cmp->pred, cmp->lhs, cmp->rhs, bounds);
  bool negated = false;
  auto both = stripNot(cond, negated).getDefiningOp<arith::AndIOp>();
  if (!both || negated)
    return failure();
  return success(succeeded(addCondition(both.getLhs(), bounds, depth + 1)) &&
                 succeeded(addCondition(both.getRhs(), bounds, depth + 1)));
}

FailureOr<LinearSum> RangeCollapser::countOf(const Bounds &bounds) {
  // max(0, lows...) and min(N, highs...), the max and min left out where
  // the ranges decide them.
  auto pick = [&](LinearSum current, const LinearSum &other,
                  bool isLow) -> FailureOr<LinearSum> {
    std::optional<LinearSum> d = combine(other, current, -1);
    std::optional<Interval> r = d ? getRange(*d) : std::nullopt;
    if (r && (isLow ? r->hi <= 0 : r->lo >= 0))
      return current;
    if (r && (isLow ? r->lo >= 0 : r->hi <= 0))
      return other;
    Value x = emitIndex(current), y = emitIndex(other);
    Value m = isLow ? arith::MaxSIOp::create(builder, loc(), x, y).getResult()
                    : arith::MinSIOp::create(builder, loc(), x, y).getResult();
    return LinearSum::ofTerm(m);
  };
  LinearSum low = LinearSum::ofConstant(0);
  for (const LinearSum &other : bounds.lows) {
    FailureOr<LinearSum> next = pick(low, other, true);
    if (failed(next))
      return failure();
    low = *next;
  }
  LinearSum high = LinearSum::ofConstant(bound);
  for (const LinearSum &other : bounds.highs) {
    FailureOr<LinearSum> next = pick(high, other, false);
    if (failed(next))
      return failure();
    high = *next;
  }
  std::optional<LinearSum> n = combine(high, low, -1);
  if (!n)
    return failure();
  LinearSum result = *n;
  std::optional<Interval> r = getRange(result);
  if (!r)
    return failure();
  if (r->lo < 0) {
    Value zero = arith::ConstantIndexOp::create(builder, loc(), 0);
    result = LinearSum::ofTerm(
        arith::MaxSIOp::create(builder, loc(), emitIndex(result), zero));
  }
  for (const LinearSum &guard : bounds.guards) {
    std::optional<Interval> g = getRange(guard);
    if (g && g->hi < 0)
      continue;
    if (g && g->lo >= 0)
      return LinearSum::ofConstant(0);
    Value holds = arith::CmpIOp::create(
        builder, loc(), arith::CmpIPredicate::slt, emitIndex(guard),
        arith::ConstantIndexOp::create(builder, loc(), 0));
    result = LinearSum::ofTerm(arith::SelectOp::create(
        builder, loc(), holds, emitIndex(result),
        arith::ConstantIndexOp::create(builder, loc(), 0)));
  }
  return result;
}

/// The number of indices r < N where `cond` holds, as an index.
FailureOr<Value> RangeCollapser::count(Value cond) {
  Value n = arith::ConstantIndexOp::create(builder, loc(), bound);
  if (!dependsOnIndex(cond)) {
    FailureOr<Value> c = hoist(cond);
    if (failed(c))
      return failure();
    return arith::SelectOp::create(
               builder, loc(), *c, n,
               arith::ConstantIndexOp::create(builder, loc(), 0))
        .getResult();
  }
  // not(c) and r != e hold where c and r == e do not.
  Bounds bounds;
  std::optional<Compare> cmp = getCompare(cond);
  if (cmp && cmp->pred == arith::CmpIPredicate::ne) {
    if (failed(addCompare(arith::CmpIPredicate::eq, cmp->lhs, cmp->rhs,
                          bounds)))
      return failure();
    FailureOr<LinearSum> c = countOf(bounds);
    if (failed(c))
      return failure();
    return arith::SubIOp::create(builder, loc(), n, emitIndex(*c)).getResult();
  }
  bool negated = false;
  Value base = stripNot(cond, negated);
  if (!cmp && negated) {
    FailureOr<Value> c = count(base);
    if (failed(c))
      return failure();
    return arith::SubIOp::create(builder, loc(), n, *c).getResult();
  }
  if (failed(addCondition(cond, bounds)))
    return failure();
  FailureOr<LinearSum> c = countOf(bounds);
  if (failed(c))
    return failure();
  return emitIndex(*c);
}

/// The index e when `lhs == rhs` is `r == e` with e fixed in the loop and
/// both sides their integer values.
std::optional<LinearSum> RangeCollapser::getEqualIndex(Value lhs, Value rhs) {
  Bounds bounds;
  if (failed(addCompare(arith::CmpIPredicate::eq, lhs, rhs, bounds)) ||
      bounds.lows.size() != 1 || bounds.highs.size() != 1 ||
      !bounds.guards.empty())
    return std::nullopt;
  // lows: e, highs: e + 1.
  std::optional<LinearSum> d = combine(bounds.highs[0], bounds.lows[0], -1);
  if (!d || !d->terms.empty() || d->constant != 1)
    return std::nullopt;
  return bounds.lows[0];
}

FailureOr<Value> RangeCollapser::hoist(Value v, unsigned depth) {
  if (!isInside(v))
    return v;
  if (Value known = hoisted.lookupOrNull(v))
    return known;
  Operation *op = v.getDefiningOp();
  if (!op || depth > kMaxDepth || op->getNumRegions() != 0 ||
      dependsOnIndex(v))
    return failure();
  for (Value operand : op->getOperands())
    if (failed(hoist(operand, depth + 1)))
      return failure();
  Operation *copy = builder.clone(*op, hoisted);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

/// `v` computed at r = `at`: its ops that read r cloned before the range.
FailureOr<Value> RangeCollapser::cloneAt(Value v, Value at, IRMapping &mapping,
                                         unsigned depth) {
  if (v == index)
    return at;
  if (!dependsOnIndex(v))
    return hoist(v);
  if (Value known = mapping.lookupOrNull(v))
    return known;
  Operation *op = v.getDefiningOp();
  if (!op || v == acc || depth > kMaxDepth || op->getNumRegions() != 0)
    return failure();
  for (Value operand : op->getOperands()) {
    FailureOr<Value> mapped = cloneAt(operand, at, mapping, depth + 1);
    if (failed(mapped))
      return failure();
    mapping.map(operand, *mapped);
  }
  Operation *copy = builder.clone(*op, mapping);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

/// `v` through a clone of the cast `cast` (with `v` as its operand), or
/// `v` when there is none.
Value RangeCollapser::castLike(Value v, Operation *cast) {
  if (!cast)
    return v;
  IRMapping mapping;
  mapping.map(cast->getOperand(0), v);
  return builder.clone(*cast, mapping)->getResult(0);
}

Value RangeCollapser::zeroOf(Type type) {
  return arith::ConstantOp::create(builder, loc(), type,
                                   builder.getZeroAttr(type));
}

/// The index `countIndex` as a value of `type`.
Value RangeCollapser::emitCountAs(Value countIndex, Type type) {
  if (type.isIndex())
    return countIndex;
  if (isa<IntegerType>(type))
    return arith::IndexCastOp::create(builder, loc(), type, countIndex);
  Value wide = arith::IndexCastOp::create(builder, loc(),
                                          builder.getI64Type(), countIndex);
  return arith::SIToFPOp::create(builder, loc(), type, wide);
}

/// `v` times the index `countIndex`.
Value RangeCollapser::emitScale(Value v, Value countIndex) {
  Value n = emitCountAs(countIndex, v.getType());
  if (isa<FloatType>(v.getType()))
    return arith::MulFOp::create(builder, loc(), v, n);
  return arith::MulIOp::create(builder, loc(), v, n);
}

/// The sum over r of `term`, written before the range.
FailureOr<Value> RangeCollapser::sumOf(Value term, unsigned depth) {
  Type type = term.getType();
  if (!type.isIntOrIndexOrFloat() || depth > kMaxDepth)
    return failure();
  if (!dependsOnIndex(term)) {
    FailureOr<Value> v = hoist(term);
    if (failed(v))
      return failure();
    return emitScale(*v, arith::ConstantIndexOp::create(builder, loc(), bound));
  }
  Operation *op = term.getDefiningOp();
  if (!op || term == acc)
    return failure();
  auto sumsOf = [&]() -> FailureOr<std::pair<Value, Value>> {
    FailureOr<Value> x = sumOf(op->getOperand(0), depth + 1);
    if (failed(x))
      return failure();
    FailureOr<Value> y = sumOf(op->getOperand(1), depth + 1);
    if (failed(y))
      return failure();
    return std::make_pair(*x, *y);
  };
  if (isa<arith::AddFOp, arith::AddIOp, arith::SubFOp, arith::SubIOp>(op)) {
    auto sums = sumsOf();
    if (failed(sums))
      return failure();
    auto [x, y] = *sums;
    Operation *result = builder.create(
        loc(), op->getName().getIdentifier(), ValueRange{x, y}, {type});
    return result->getResult(0);
  }
  if (auto neg = dyn_cast<arith::NegFOp>(op)) {
    FailureOr<Value> x = sumOf(neg.getOperand(), depth + 1);
    if (failed(x))
      return failure();
    return arith::NegFOp::create(builder, loc(), *x).getResult();
  }
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return sumOfSelect(select.getCondition(), select.getTrueValue(),
                       select.getFalseValue(), nullptr, depth);
  if (isa<arith::MulFOp, arith::MulIOp>(op)) {
    // x * cast(gate): gate ? x : 0.
    for (unsigned i = 0; i < 2; ++i) {
      Operation *gateCast = op->getOperand(i).getDefiningOp();
      if (isa_and_nonnull<arith::UIToFPOp, arith::ExtUIOp>(gateCast) &&
          gateCast->getOperand(0).getType().isInteger(1) &&
          dependsOnIndex(gateCast->getResult(0))) {
        return sumOfSelect(gateCast->getOperand(0), op->getOperand(1 - i),
                           zeroOf(type), nullptr, depth);
      }
    }
    // A factor fixed in the loop times the sum of the other.
    for (unsigned i = 0; i < 2; ++i) {
      Value factor = op->getOperand(i);
      if (dependsOnIndex(factor))
        continue;
      FailureOr<Value> scale = hoist(factor);
      FailureOr<Value> sum = succeeded(scale)
                                 ? sumOf(op->getOperand(1 - i), depth + 1)
                                 : FailureOr<Value>(failure());
      if (failed(sum))
        return failure();
      Operation *result =
          builder.create(loc(), op->getName().getIdentifier(),
                         ValueRange{*scale, *sum}, {type});
      return result->getResult(0);
    }
    return failure();
  }
  // A bool as a number: the count of r where it holds.
  if (isa<arith::UIToFPOp, arith::ExtUIOp>(op) &&
      op->getOperand(0).getType().isInteger(1)) {
    FailureOr<Value> c = count(op->getOperand(0));
    if (failed(c))
      return failure();
    return emitCountAs(*c, type);
  }
  // A cast of a select is the select of the casts.
  if (op->getNumOperands() == 1 && op->getNumResults() == 1 && isPure(op) &&
      isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
          arith::FPToSIOp, arith::FPToUIOp, arith::ExtSIOp, arith::ExtUIOp,
          arith::TruncIOp, arith::IndexCastOp, arith::IndexCastUIOp>(op))
    if (auto select = op->getOperand(0).getDefiningOp<arith::SelectOp>())
      return sumOfSelect(select.getCondition(), select.getTrueValue(),
                         select.getFalseValue(), op, depth);
  return failure();
}

FailureOr<Value> RangeCollapser::sumOfSelect(Value cond, Value a, Value b,
                                             Operation *cast, unsigned depth) {
  bool aZero = isZero(a);
  bool bZero = isZero(b);
  if (!dependsOnIndex(a) && !dependsOnIndex(b)) {
    // a * count(cond) + b * (N - count(cond)).
    FailureOr<Value> c = count(cond);
    if (failed(c))
      return failure();
    Value n = arith::ConstantIndexOp::create(builder, loc(), bound);
    Value taken, other;
    if (!aZero) {
      FailureOr<Value> x = hoist(a);
      if (failed(x))
        return failure();
      taken = emitScale(castLike(*x, cast), *c);
    }
    if (!bZero) {
      FailureOr<Value> y = hoist(b);
      if (failed(y))
        return failure();
      other = emitScale(castLike(*y, cast),
                        arith::SubIOp::create(builder, loc(), n, *c));
    }
    if (taken && other)
      return isa<FloatType>(taken.getType())
                 ? arith::AddFOp::create(builder, loc(), taken, other)
                       .getResult()
                 : arith::AddIOp::create(builder, loc(), taken, other)
                       .getResult();
    if (taken || other)
      return taken ? taken : other;
    return zeroOf(cast ? cast->getResult(0).getType() : a.getType());
  }
  // A value read at r == e only: the read at e.
  std::optional<Compare> cmp = getCompare(cond);
  if (cmp && bZero && cmp->pred == arith::CmpIPredicate::eq)
    return gather(cmp->lhs, cmp->rhs, a, cast);
  if (cmp && aZero && cmp->pred == arith::CmpIPredicate::ne)
    return gather(cmp->lhs, cmp->rhs, b, cast);
  // c ? x : y, with c fixed in the loop: c ? sum(x) : sum(y).
  // A cast of a sum is not a sum of casts: no cast here.
  if (!dependsOnIndex(cond) && !cast) {
    FailureOr<Value> c = hoist(cond);
    if (failed(c))
      return failure();
    FailureOr<Value> sx = sumOf(a, depth + 1);
    FailureOr<Value> sy =
        succeeded(sx) ? sumOf(b, depth + 1) : FailureOr<Value>(failure());
    if (failed(sy))
      return failure();
    return arith::SelectOp::create(builder, loc(), *c, *sx, *sy).getResult();
  }
  return failure();
}

FailureOr<Value> RangeCollapser::gather(Value lhs, Value rhs, Value value,
                                        Operation *cast) {
  std::optional<LinearSum> e = getEqualIndex(lhs, rhs);
  if (!e)
    return failure();
  // valid: 0 <= e < N; the read happens at e where valid, at 0 elsewhere
  // (in bounds, and not used).
  std::optional<Interval> r = getRange(*e);
  Value at = emitIndex(*e);
  Value valid;
  if (!r || r->lo < 0 || r->hi >= bound) {
    Value zero = arith::ConstantIndexOp::create(builder, loc(), 0);
    Value n = arith::ConstantIndexOp::create(builder, loc(), bound);
    Value atLeastZero = arith::CmpIOp::create(
        builder, loc(), arith::CmpIPredicate::sge, at, zero);
    Value belowN = arith::CmpIOp::create(builder, loc(),
                                         arith::CmpIPredicate::slt, at, n);
    valid = arith::AndIOp::create(builder, loc(), atLeastZero, belowN);
    at = arith::SelectOp::create(builder, loc(), valid, at, zero);
  }
  IRMapping mapping;
  FailureOr<Value> read = cloneAt(value, at, mapping);
  if (failed(read))
    return failure();
  Value result = castLike(*read, cast);
  if (!valid)
    return result;
  return arith::SelectOp::create(builder, loc(), valid, result,
                                 zeroOf(result.getType()))
      .getResult();
}

LogicalResult RangeCollapser::run() {
  // The body reads memory at most: a store, a barrier or an inner loop
  // (collapsed first when it can be) keeps the loop.
  WalkResult effects = range.getBody().walk([&](Operation *op) {
    if (isa<k::EndOp, k::LoadOp>(op) ||
        (op->getNumRegions() == 0 && isPure(op)))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (effects.wasInterrupted())
    return failure();
  // The body adds one term to the accumulator.
  auto end = cast<k::EndOp>(range.getBody().front().getTerminator());
  Operation *add = end.getValues()[0].getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add) ||
      !acc.hasOneUse() || add->getParentRegion() != &range.getBody())
    return failure();
  Value term = add->getOperand(0) == acc ? add->getOperand(1)
                                         : add->getOperand(0);
  if (term == acc || (add->getOperand(0) != acc && add->getOperand(1) != acc))
    return failure();

  auto rollback = [&]() {
    for (Operation *op : llvm::reverse(created))
      op->erase();
    return failure();
  };
  Value init = range.getInitArgs()[0];
  Value total;
  if (bound == 0) {
    total = init;
  } else {
    FailureOr<Value> sum = sumOf(term);
    if (failed(sum))
      return rollback();
    total = isZero(init)
                ? *sum
                : builder
                      .create(loc(), add->getName().getIdentifier(),
                              ValueRange{init, *sum}, {init.getType()})
                      ->getResult(0);
  }
  range.getResult(0).replaceAllUsesWith(total);
  range->erase();
  return success();
}

struct TinyCollapseReduce
    : public tiny::impl::TinyCollapseReduceBase<TinyCollapseReduce> {
  void runOnOperation() override {
    // Inner ranges first: an outer sum collapses only once the ones in its
    // body have.
    SmallVector<k::RangeOp> ranges;
    getOperation()->walk([&](k::RangeOp range) {
      if (range.getAxis() == AxisType::Reduce &&
          range.getInitArgs().size() == 1 && range.getNumResults() == 1)
        ranges.push_back(range);
    });
    for (k::RangeOp range : ranges) {
      std::optional<int64_t> bound = getConstantInt(range.getBound());
      if (!bound || *bound < 0)
        continue;
      (void)RangeCollapser(range, *bound).run();
    }
  }
};

} // namespace
