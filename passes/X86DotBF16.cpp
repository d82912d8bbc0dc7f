//===- X86DotBF16.cpp - bf16 product pairs as vdpbf16ps -------------------===//
//
// -tiny-x86-dot-bf16: two consecutive steps of an f32 vector accumulation,
// each adding a product of two bf16 values widened to f32, become one
// x86vector.avx512.dot per 16 lanes. The instruction computes, per f32
// lane i, acc + a[2i+1] * b[2i+1] and then + a[2i] * b[2i], rounding after
// each addition (measured on this project's AMD EPYC: identical bits to
// two FMAs in that order over 3.2 million lanes of normal values), so the
// first step's operands go to the odd elements where the adds keep their
// order, and to the even ones where they may reassociate (buildDots).
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/LinearSum.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYX86DOTBF16
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// A bf16 value widened to f32 lanes: a vector of bf16 (`vector`), or one
/// bf16's bits (`bits`, i16) in every lane.
struct WidenedBF16 {
  Value vector;
  Value bits;
};

/// What `value` (a vector of f32) widens, when it is the widening of bf16:
/// `arith.extf` of a vector of bf16, or registerTile's broadcast of a bf16's
/// bits into both halves of each 32-bit lane, shifted left by 16.
std::optional<WidenedBF16> matchWidenedBF16(Value value) {
  if (auto extf = value.getDefiningOp<arith::ExtFOp>()) {
    auto source = dyn_cast<VectorType>(extf.getIn().getType());
    if (source && source.getElementType().isBF16())
      return WidenedBF16{extf.getIn(), Value()};
    return std::nullopt;
  }
  auto asFloat = value.getDefiningOp<arith::BitcastOp>();
  auto shift =
      asFloat ? asFloat.getIn().getDefiningOp<arith::ShLIOp>() : nullptr;
  APInt amount;
  if (!shift || !matchPattern(shift.getRhs(), m_ConstantInt(&amount)) ||
      amount != 16)
    return std::nullopt;
  auto words = shift.getLhs().getDefiningOp<vector::BitCastOp>();
  auto halves =
      words ? words.getSource().getDefiningOp<vector::BroadcastOp>() : nullptr;
  if (!halves || !words.getResultVectorType().getElementType().isInteger(32))
    return std::nullopt;
  Value bits = halves.getSource();
  if (!bits.getType().isInteger(16))
    return std::nullopt;
  return WidenedBF16{Value(), bits};
}

/// One step of an accumulation: `add` = `accumulator` + lhs * rhs, with lhs
/// and rhs widened from bf16.
struct BF16Step {
  arith::AddFOp add;
  arith::MulFOp mul;
  /// The operand of `add` that is the accumulator (read when rewriting: an
  /// earlier pair's rewrite may have replaced it).
  unsigned accumulatorIndex;
  WidenedBF16 lhs, rhs;

  Value getAccumulator() { return add->getOperand(accumulatorIndex); }
};

/// `add` as a step of an accumulation of bf16 products in a vector of f32
/// whose lanes a 512-, 256- or 128-bit vdpbf16ps covers.
std::optional<BF16Step> matchStep(arith::AddFOp add) {
  auto type = dyn_cast<VectorType>(add.getType());
  if (!type || type.getRank() != 1 || type.isScalable() ||
      !type.getElementType().isF32() || type.getNumElements() % 4 != 0)
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i) {
    auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
    if (!mul || !mul->hasOneUse())
      continue;
    std::optional<WidenedBF16> lhs = matchWidenedBF16(mul.getLhs());
    std::optional<WidenedBF16> rhs = matchWidenedBF16(mul.getRhs());
    if (lhs && rhs)
      return BF16Step{add, mul, 1 - i, *lhs, *rhs};
  }
  return std::nullopt;
}

/// Builds the operands of the dot products replacing two steps.
class PairBuilder {
public:
  PairBuilder(OpBuilder &builder, Location loc, int64_t numLanes)
      : builder(builder), loc(loc), numLanes(numLanes) {}

  /// Lanes [offset, offset + width) of the pairs of two widened operands,
  /// `even`'s element in the lower half of each 32-bit lane and `odd`'s in
  /// the upper: vector<2 x width x bf16>.
  Value getPairs(WidenedBF16 even, WidenedBF16 odd, int64_t offset,
                 int64_t width) {
    if (even.bits && odd.bits)
      return getScalarPairs(even.bits, odd.bits, width);
    SmallVector<int64_t> mask;
    for (int64_t lane = offset; lane < offset + width; ++lane) {
      mask.push_back(lane);
      mask.push_back(numLanes + lane);
    }
    return vector::ShuffleOp::create(builder, loc, getVector(even),
                                     getVector(odd), mask);
  }

private:
  /// Two bf16's bits as one 32-bit word in each of `width` lanes, `even`'s
  /// in its lower half: one broadcast of a 32-bit scalar.
  Value getScalarPairs(Value even, Value odd, int64_t width) {
    auto key = std::make_tuple(even, odd, width);
    if (Value pairs = scalarPairs.lookup(key))
      return pairs;
    auto wordsType = VectorType::get({width}, builder.getI32Type());
    Value pairs = getAdjacentWords(even, odd, wordsType);
    if (!pairs) {
      Type i32 = builder.getI32Type();
      Value low = arith::ExtUIOp::create(builder, loc, i32, even);
      Value high = arith::ExtUIOp::create(builder, loc, i32, odd);
      Value sixteen = arith::ConstantIntOp::create(builder, loc, i32, 16);
      Value shifted = arith::ShLIOp::create(builder, loc, high, sixteen);
      Value word = arith::OrIOp::create(builder, loc, shifted, low);
      pairs = vector::BroadcastOp::create(builder, loc, wordsType, word);
    }
    pairs = vector::BitCastOp::create(
        builder, loc, VectorType::get({2 * width}, builder.getBF16Type()),
        pairs);
    scalarPairs[key] = pairs;
    return pairs;
  }

  /// The words of `getScalarPairs` when `even` and `odd` are the bits of two
  /// bf16 loaded from consecutive elements of one buffer (a row of A in a
  /// matmul) with nothing written between the two loads: one 32-bit load
  /// broadcast to the lanes (vpbroadcastd from memory), its halves swapped
  /// when `odd`'s element is the lower one (vprold). Built from the scalars
  /// instead, the word takes five instructions.
  Value getAdjacentWords(Value even, Value odd, VectorType wordsType) {
    auto getLoad = [](Value bits) -> k::LoadOp {
      auto cast = bits.getDefiningOp<arith::BitcastOp>();
      auto load = cast ? cast.getIn().getDefiningOp<k::LoadOp>() : nullptr;
      return load && !load.getGate() ? load : nullptr;
    };
    k::LoadOp evenLoad = getLoad(even), oddLoad = getLoad(odd);
    if (!evenLoad || !oddLoad || evenLoad->getBlock() != oddLoad->getBlock())
      return Value();
    auto evenAddress = evenLoad.getPtr().getDefiningOp<k::IndexOp>();
    auto oddAddress = oddLoad.getPtr().getDefiningOp<k::IndexOp>();
    if (!evenAddress || !oddAddress ||
        evenAddress.getBuffer() != oddAddress.getBuffer() ||
        evenAddress.getIndices().size() != 1 ||
        oddAddress.getIndices().size() != 1)
      return Value();
    std::optional<int64_t> distance = getConstantDifference(
        oddAddress.getIndices().front(), evenAddress.getIndices().front());
    if (distance != 1 && distance != -1)
      return Value();
    bool swapHalves = distance == -1;
    k::IndexOp lowAddress = swapHalves ? oddAddress : evenAddress;
    auto buffer = dyn_cast<MemRefType>(lowAddress.getBuffer().getType());
    if (!buffer || buffer.getRank() != 1 || !buffer.getLayout().isIdentity())
      return Value();
    Operation *earlier = evenLoad, *later = oddLoad;
    if (later->isBeforeInBlock(earlier))
      std::swap(earlier, later);
    for (Operation *op = earlier->getNextNode(); op != later;
         op = op->getNextNode())
      if (!isMemoryEffectFree(op) && !hasSingleEffect<MemoryEffects::Read>(op))
        return Value();
    // After the later load, where both elements hold what the loads read.
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(later);
    Value elements = vector::LoadOp::create(
        builder, loc, VectorType::get({2}, builder.getBF16Type()),
        lowAddress.getBuffer(), lowAddress.getIndices());
    Type i32 = builder.getI32Type();
    Value word = vector::ExtractOp::create(
        builder, loc,
        vector::BitCastOp::create(builder, loc, VectorType::get({1}, i32),
                                  elements),
        ArrayRef<int64_t>{0});
    Value words = vector::BroadcastOp::create(builder, loc, wordsType, word);
    if (!swapHalves)
      return words;
    Value sixteen = arith::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(wordsType, APInt(32, 16)));
    Value up = arith::ShLIOp::create(builder, loc, words, sixteen);
    Value down = arith::ShRUIOp::create(builder, loc, words, sixteen);
    return arith::OrIOp::create(builder, loc, up, down);
  }

  /// `operand` as a vector of numLanes bf16.
  Value getVector(WidenedBF16 operand) {
    if (operand.vector)
      return operand.vector;
    Value scalar = arith::BitcastOp::create(builder, loc, builder.getBF16Type(),
                                            operand.bits);
    return vector::BroadcastOp::create(
        builder, loc, VectorType::get({numLanes}, builder.getBF16Type()),
        scalar);
  }

  OpBuilder &builder;
  Location loc;
  int64_t numLanes;
  DenseMap<std::tuple<Value, Value, int64_t>, Value> scalarPairs;
};

/// The dot products replacing `second` (accumulating onto `first`), one per
/// `width` lanes. vdpbf16ps adds each lane's odd product first: the first
/// step's there keeps the steps' order. Where both adds may reassociate
/// (`reassoc`, as tiny's reductions are), the first step's is even instead,
/// which is how a row of A lies in memory (element k below k + 1), so that
/// the pairs of a row are loaded as they are, with no swap of halves.
Value buildDots(OpBuilder &builder, BF16Step first, BF16Step second) {
  Location loc = second.add.getLoc();
  auto type = cast<VectorType>(second.add.getType());
  int64_t numLanes = type.getNumElements();
  int64_t width = numLanes % 16 == 0 ? 16 : numLanes % 8 == 0 ? 8 : 4;
  auto reassociates = [](arith::AddFOp add) {
    return arith::bitEnumContainsAll(add.getFastmath(),
                                     arith::FastMathFlags::reassoc);
  };
  BF16Step even = second, odd = first;
  if (reassociates(first.add) && reassociates(second.add))
    std::swap(even, odd);
  PairBuilder pairs(builder, loc, numLanes);
  Value initial = first.getAccumulator();
  Value result = initial;
  for (int64_t offset = 0; offset < numLanes; offset += width) {
    Value accumulator = initial;
    if (width != numLanes)
      accumulator = vector::ExtractStridedSliceOp::create(builder, loc, initial,
                                                          offset, width, 1);
    Value lhs = pairs.getPairs(even.lhs, odd.lhs, offset, width);
    Value rhs = pairs.getPairs(even.rhs, odd.rhs, offset, width);
    Value dot = x86vector::DotBF16Op::create(
        builder, loc, accumulator.getType(), accumulator, lhs, rhs);
    if (width == numLanes)
      return dot;
    result = vector::InsertStridedSliceOp::create(builder, loc, dot, result,
                                                  offset, 1);
  }
  return result;
}

struct TinyX86DotBF16Pass
    : public tiny::impl::TinyX86DotBF16Base<TinyX86DotBF16Pass> {
  void runOnOperation() override {
    SmallVector<arith::AddFOp> adds;
    getOperation()->walk([&](arith::AddFOp add) { adds.push_back(add); });
    DenseSet<Operation *> paired;
    SmallVector<std::pair<BF16Step, BF16Step>> pairs;
    // In program order: a chain of steps pairs its first and second, third
    // and fourth, ...
    for (arith::AddFOp add : adds) {
      if (paired.contains(add) || !add->hasOneUse())
        continue;
      std::optional<BF16Step> first = matchStep(add);
      auto next = dyn_cast<arith::AddFOp>(*add->user_begin());
      if (!first || !next || next->getBlock() != add->getBlock())
        continue;
      std::optional<BF16Step> second = matchStep(next);
      if (!second || second->getAccumulator() != add.getResult())
        continue;
      paired.insert(add);
      paired.insert(next);
      pairs.push_back({*first, *second});
    }
    IRRewriter rewriter(&getContext());
    SetVector<Operation *> widenings;
    for (auto &[first, second] : pairs) {
      rewriter.setInsertionPoint(second.add);
      Value dots = buildDots(rewriter, first, second);
      rewriter.replaceOp(second.add, dots);
      rewriter.eraseOp(first.add);
      for (arith::MulFOp mul : {first.mul, second.mul}) {
        for (Value operand : mul->getOperands())
          if (Operation *def = operand.getDefiningOp())
            widenings.insert(def);
        rewriter.eraseOp(mul);
      }
    }
    // The widenings the products read, and what they read in turn, where
    // nothing else reads them. An op leaves the set when erased; only ops
    // something live reads enter it.
    bool erased = true;
    while (erased) {
      erased = false;
      for (Operation *op : widenings.takeVector()) {
        if (!isOpTriviallyDead(op)) {
          widenings.insert(op);
          continue;
        }
        for (Value operand : op->getOperands())
          if (Operation *def = operand.getDefiningOp())
            widenings.insert(def);
        widenings.remove(op);
        rewriter.eraseOp(op);
        erased = true;
      }
    }
  }
};

} // namespace
