//===- SimplifyIndices.cpp - index division and remainder by ranges -------===//
//
// -tiny-rangeify writes a reshape as a flat offset split again by divisions
// and remainders by constants; a chain of reshapes (tinygrad's convolution:
// pad, expand, permute, reshape, shrink, reshape...) leaves dozens of them in
// the innermost loop, where each costs a multiply-high and shifts, keeps
// LLVM from vectorizing the loop and keeps -tiny-optimize from seeing the
// addresses as contiguous. This pass writes each `index` divui and remui by
// a positive constant as a sum of its operand's terms, using the ranges of
// the values those terms are made of, as tinygrad's symbolic rules do:
//
//   x = sum(a_i * t_i) + k over terms t_i in [lo_i, hi_i]
//   x mod c = sum((a_i mod c) * t_i) + (k mod c) - c * q
//   x div c = sum((a_i div c) * t_i) + (k div c) + q
//
// where q is the quotient of the reduced sum, one number when the reduced
// sum's range lies within one multiple of c. Otherwise the terms whose
// coefficients c divides leave the remainder (and the quotient takes them):
//   (x + 24 * y) mod 24 -> x mod 24,  (x + 24 * y) div 24 -> y + x div 24.
// Both need x, as an integer, in [0, 2^63): its bits are then its value,
// which unsigned division reads. Terms are the values addi, subi and muli by
// a constant are made of; a term's range is known for a kernel range's
// induction variable ([0, bound - 1]), a remainder by c ([0, c - 1]), a
// quotient (its operand's, divided), and the clamped index of a padded or
// gathered read (`select(ult(i, n), i, k)`: [0, n - 1] and k). Divisions of
// divisions merge without ranges: (x div a) div b -> x div (a * b), and
// (x mod a) mod b -> x mod b when b divides a.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/LinearSum.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSIMPLIFYINDICES
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// How deep the walks through an index's definitions go.
constexpr unsigned kMaxDepth = 48;

/// Floor division and the remainder that goes with it (0 <= r < c), c > 0.
std::pair<int64_t, int64_t> divideFloor(int64_t a, int64_t c) {
  int64_t q = a / c;
  int64_t r = a % c;
  if (r < 0) {
    r += c;
    --q;
  }
  return {q, r};
}

/// The ranges of index values, remembered for one rewrite (the IR changes
/// between rewrites, and an erased value's storage can be reused).
class IndexRanges {
public:
  /// The range of `index` as an integer, when every term's range is known.
  std::optional<Interval> getLinearRange(const LinearSum &index,
                                         unsigned depth = 0);

private:
  /// The range of the value of `value`'s bits as an unsigned number, when
  /// that value is known to be in [0, 2^63): the range of its terms' sum.
  std::optional<Interval> getUnsignedRange(Value value, unsigned depth);
  /// The range of a term (a value addLinear does not split), as an unsigned
  /// number below 2^63.
  std::optional<Interval> getTermRange(Value value, unsigned depth);
  std::optional<Interval> computeTermRange(Value value, unsigned depth);

  DenseMap<Value, std::optional<Interval>> terms;
};

std::optional<Interval> IndexRanges::getLinearRange(const LinearSum &index,
                                                    unsigned depth) {
  return getSumRange(index,
                     [&](Value term) { return getTermRange(term, depth + 1); });
}

std::optional<Interval> IndexRanges::getUnsignedRange(Value value,
                                                      unsigned depth) {
  if (depth > kMaxDepth)
    return std::nullopt;
  LinearSum linear;
  if (failed(addLinear(value, 1, linear)))
    return std::nullopt;
  std::optional<Interval> range = getLinearRange(linear, depth);
  if (!range || range->lo < 0)
    return std::nullopt;
  return range;
}

std::optional<Interval> IndexRanges::getTermRange(Value value, unsigned depth) {
  if (auto it = terms.find(value); it != terms.end())
    return it->second;
  // A walk the depth limit cut short is remembered as unknown too: that
  // loses ranges of very deep chains only, where walking them again from
  // every use would take time exponential in the depth.
  std::optional<Interval> range = computeTermRange(value, depth);
  terms[value] = range;
  return range;
}

std::optional<Interval> IndexRanges::computeTermRange(Value value,
                                                      unsigned depth) {
  if (depth > kMaxDepth || !value.getType().isIndex())
    return std::nullopt;
  if (isa<BlockArgument>(value))
    return getInductionVarRange(value);
  Operation *op = value.getDefiningOp();
  if (auto rem = dyn_cast_or_null<arith::RemUIOp>(op)) {
    std::optional<int64_t> divisor = getConstantInt(rem.getRhs());
    if (!divisor || *divisor <= 0)
      return std::nullopt;
    std::optional<Interval> lhs = getUnsignedRange(rem.getLhs(), depth + 1);
    if (lhs && lhs->hi < *divisor)
      return lhs;
    return Interval{0, *divisor - 1};
  }
  if (auto div = dyn_cast_or_null<arith::DivUIOp>(op)) {
    std::optional<int64_t> divisor = getConstantInt(div.getRhs());
    if (!divisor || *divisor <= 0)
      return std::nullopt;
    if (std::optional<Interval> lhs = getUnsignedRange(div.getLhs(), depth + 1))
      return Interval{lhs->lo / *divisor, lhs->hi / *divisor};
    if (*divisor == 1)
      return std::nullopt;
    return Interval{0,
                    static_cast<int64_t>(std::numeric_limits<uint64_t>::max() /
                                         static_cast<uint64_t>(*divisor))};
  }
  if (auto select = dyn_cast_or_null<arith::SelectOp>(op)) {
    std::optional<Interval> other =
        getUnsignedRange(select.getFalseValue(), depth + 1);
    if (!other)
      return std::nullopt;
    // select(ult(i, n), i, k): i is below n where it is taken.
    std::optional<Interval> taken;
    auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
    if (cmp && cmp.getPredicate() == arith::CmpIPredicate::ult &&
        cmp.getLhs() == select.getTrueValue())
      if (std::optional<int64_t> bound = getConstantInt(cmp.getRhs());
          bound && *bound > 0)
        taken = Interval{0, *bound - 1};
    if (!taken)
      taken = getUnsignedRange(select.getTrueValue(), depth + 1);
    if (!taken)
      return std::nullopt;
    return Interval{std::min(taken->lo, other->lo),
                    std::max(taken->hi, other->hi)};
  }
  return std::nullopt;
}

/// Emits `index` as addi / muli ops (terms in order, then the constant).
Value materialize(PatternRewriter &rewriter, Location loc,
                  const LinearSum &index) {
  Value sum;
  for (auto [term, coefficient] : index.terms) {
    if (coefficient == 0)
      continue;
    Value scaled = term;
    if (coefficient != 1)
      scaled = arith::MulIOp::create(
          rewriter, loc, term,
          arith::ConstantIndexOp::create(rewriter, loc, coefficient));
    sum = sum ? arith::AddIOp::create(rewriter, loc, sum, scaled).getResult()
              : scaled;
  }
  if (!sum)
    return arith::ConstantIndexOp::create(rewriter, loc, index.constant);
  if (index.constant != 0)
    sum = arith::AddIOp::create(
        rewriter, loc, sum,
        arith::ConstantIndexOp::create(rewriter, loc, index.constant));
  return sum;
}

/// `x` of a division by `divisor` split into the quotient and remainder its
/// terms contribute: x = divisor * quotient + remainder, with every
/// coefficient of the remainder in [0, divisor).
struct SplitIndex {
  LinearSum quotient;
  LinearSum remainder;
  /// The remainder's range: at least 0, as its terms are.
  Interval remainderRange;
  /// Whether the remainder has fewer terms or smaller coefficients than x.
  bool reduced = false;
};

/// Splits the index operand `x` of an unsigned division or remainder by
/// `divisor`, when x's integer value is in [0, 2^63) and the ranges of its
/// terms are known.
FailureOr<SplitIndex> splitIndex(Value x, int64_t divisor) {
  LinearSum linear;
  if (failed(addLinear(x, 1, linear)))
    return failure();
  IndexRanges ranges;
  std::optional<Interval> range = ranges.getLinearRange(linear);
  if (!range || range->lo < 0)
    return failure();
  SplitIndex split;
  for (auto [term, coefficient] : linear.terms) {
    if (coefficient == 0)
      continue;
    auto [q, r] = divideFloor(coefficient, divisor);
    if (q != 0)
      split.quotient.terms.push_back({term, q});
    if (r != 0)
      split.remainder.terms.push_back({term, r});
    if (r != coefficient)
      split.reduced = true;
  }
  auto [q, r] = divideFloor(linear.constant, divisor);
  split.quotient.constant = q;
  split.remainder.constant = r;
  if (r != linear.constant)
    split.reduced = true;
  std::optional<Interval> remainderRange =
      ranges.getLinearRange(split.remainder);
  if (!remainderRange)
    return failure();
  split.remainderRange = *remainderRange;
  return split;
}

/// The positive constant divisor of an index division or remainder.
std::optional<int64_t> getDivisor(Operation *op) {
  if (!op->getResult(0).getType().isIndex())
    return std::nullopt;
  std::optional<int64_t> divisor = getConstantInt(op->getOperand(1));
  if (!divisor || *divisor <= 0)
    return std::nullopt;
  return divisor;
}

struct SimplifyRemUI : OpRewritePattern<arith::RemUIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::RemUIOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> divisor = getDivisor(op);
    if (!divisor)
      return rewriter.notifyMatchFailure(op, "not an index by a constant");
    int64_t c = *divisor;
    // remui(remui(x, a), c) -> remui(x, c) where c divides a.
    if (auto inner = op.getLhs().getDefiningOp<arith::RemUIOp>()) {
      std::optional<int64_t> a = getDivisor(inner);
      if (a && *a % c == 0) {
        rewriter.modifyOpInPlace(
            op, [&] { op.getLhsMutable().assign(inner.getLhs()); });
        return success();
      }
    }
    FailureOr<SplitIndex> split = splitIndex(op.getLhs(), c);
    if (failed(split))
      return rewriter.notifyMatchFailure(op, "operand range unknown");
    Location loc = op.getLoc();
    // x mod c = r - c * q where every value of r has the quotient q.
    int64_t q = split->remainderRange.lo / c;
    if (split->remainderRange.hi / c == q) {
      LinearSum result = split->remainder;
      result.constant -= q * c;
      rewriter.replaceOp(op, materialize(rewriter, loc, result));
      return success();
    }
    // x mod c = r mod c.
    if (!split->reduced)
      return rewriter.notifyMatchFailure(op, "nothing to drop");
    Value remainder = materialize(rewriter, loc, split->remainder);
    rewriter.replaceOpWithNewOp<arith::RemUIOp>(op, remainder, op.getRhs());
    return success();
  }
};

struct SimplifyDivUI : OpRewritePattern<arith::DivUIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::DivUIOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> divisor = getDivisor(op);
    if (!divisor)
      return rewriter.notifyMatchFailure(op, "not an index by a constant");
    int64_t c = *divisor;
    Location loc = op.getLoc();
    // divui(divui(x, a), c) -> divui(x, a * c).
    if (auto inner = op.getLhs().getDefiningOp<arith::DivUIOp>()) {
      std::optional<int64_t> a = getDivisor(inner);
      std::optional<int64_t> product =
          a ? llvm::checkedMul(*a, c) : std::nullopt;
      if (product) {
        rewriter.replaceOpWithNewOp<arith::DivUIOp>(
            op, inner.getLhs(),
            arith::ConstantIndexOp::create(rewriter, loc, *product));
        return success();
      }
    }
    FailureOr<SplitIndex> split = splitIndex(op.getLhs(), c);
    if (failed(split))
      return rewriter.notifyMatchFailure(op, "operand range unknown");
    // x div c = q_x + q_r where every value of r has the quotient q_r.
    LinearSum result = split->quotient;
    int64_t q = split->remainderRange.lo / c;
    if (split->remainderRange.hi / c == q) {
      result.constant += q;
      rewriter.replaceOp(op, materialize(rewriter, loc, result));
      return success();
    }
    // x div c = q_x + r div c.
    if (result.terms.empty() && result.constant == 0)
      return rewriter.notifyMatchFailure(op, "no term divisible");
    Value quotient = materialize(rewriter, loc, result);
    Value rest = arith::DivUIOp::create(
        rewriter, loc, materialize(rewriter, loc, split->remainder),
        op.getRhs());
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, quotient, rest);
    return success();
  }
};

/// The operand and divisor of `value` when it is an index `divui` or
/// `remui` (whichever `Op` is) by a positive constant.
template <typename Op>
std::optional<std::pair<Value, int64_t>> matchByConstant(Value value) {
  auto op = value.getDefiningOp<Op>();
  if (!op)
    return std::nullopt;
  std::optional<int64_t> divisor = getDivisor(op);
  if (!divisor)
    return std::nullopt;
  return std::make_pair(op.getLhs(), *divisor);
}

/// Joins the digits a reshape of a flat offset split back into that offset
/// (tinygrad's `(x % c) + (x // c) * c -> x`), in a sum of index terms:
///
///   a * (x mod c) + a * c * (x div c)         -> a * x
///   a * (x mod c) + a * c * ((x div c) mod d) -> a * (x mod (c * d))
///
/// Both hold for every unsigned x (x = c * (x div c) + x mod c), so they
/// need no ranges; a kernel that reads a reshaped buffer (a flatten of a
/// realized tensor) otherwise reads it at an index LLVM cannot see as
/// consecutive, with gathers.
struct JoinDigits : OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::AddIOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getType().isIndex())
      return rewriter.notifyMatchFailure(op, "not an index");
    LinearSum sum;
    if (failed(addLinear(op.getResult(), 1, sum)))
      return rewriter.notifyMatchFailure(op, "not a sum of terms");
    for (auto [low, a] : sum.terms) {
      std::optional<std::pair<Value, int64_t>> mod =
          matchByConstant<arith::RemUIOp>(low);
      if (!mod || a == 0)
        continue;
      auto [x, c] = *mod;
      std::optional<int64_t> highCoefficient = llvm::checkedMul(a, c);
      if (!highCoefficient)
        continue;
      for (auto [high, b] : sum.terms) {
        if (b != *highCoefficient)
          continue;
        // a * c * (x div c): the rest of x.
        Value joined;
        if (auto div = matchByConstant<arith::DivUIOp>(high);
            div && div->first == x && div->second == c) {
          joined = x;
        } else if (auto outer = matchByConstant<arith::RemUIOp>(high)) {
          // a * c * ((x div c) mod d): the next digit.
          auto inner = matchByConstant<arith::DivUIOp>(outer->first);
          std::optional<int64_t> base =
              inner && inner->first == x && inner->second == c
                  ? llvm::checkedMul(c, outer->second)
                  : std::nullopt;
          if (base)
            joined = arith::RemUIOp::create(
                rewriter, op.getLoc(), x,
                arith::ConstantIndexOp::create(rewriter, op.getLoc(), *base));
        }
        if (!joined)
          continue;
        LinearSum result;
        for (auto [term, coefficient] : sum.terms)
          if (term != low && term != high && !result.addTerm(term, coefficient))
            return failure();
        result.constant = sum.constant;
        if (!result.addTerm(joined, a))
          return failure();
        rewriter.replaceOp(op, materialize(rewriter, op.getLoc(), result));
        return success();
      }
    }
    return rewriter.notifyMatchFailure(op, "no digits to join");
  }
};

struct TinySimplifyIndicesPass
    : mlir::tiny::impl::TinySimplifyIndicesBase<TinySimplifyIndicesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SimplifyRemUI, SimplifyDivUI, JoinDigits>(&getContext());
    // Only these rewrites: folding would move the constants of kernels out
    // of them (kernels are not isolated from above), and the canonicalizer
    // that runs later does the rest.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
        .enableFolding(false)
        .enableConstantCSE(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
