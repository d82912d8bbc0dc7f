//===- ExpandUpcast.cpp - UPCAST and UNROLL ranges as copies --------------===//
//
// The one place that materializes the UPCAST and UNROLL AxisTypes a
// schedule pass chose: each such range, of a constant bound, is replaced by
// that many copies of its body in its place, the induction variable of copy
// i the constant i. The values a range carries (an UNROLLed reduction's
// accumulators) flow from one copy to the next: copy i + 1 starts from what
// copy i yields, and the range's results are what the last copy yields.
// This is tinygrad's expander (codegen/late/expander.py) for region-shaped
// ranges: tinygrad turns every op that depends on such a range into a
// vector over its indices; here each copy is one lane of that vector, and
// later passes (-tiny-optimize, LLVM's SLP vectorizer) combine them.
//
// UPCAST and UNROLL expand alike. They differ in what the schedule means by
// them: an UPCAST range runs over output elements (the rows of a register
// tile), an UNROLL range over reduced indices.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYEXPANDUPCAST
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Replaces `range` by `count` copies of its body (see the file comment).
void expandRange(RangeOp range, int64_t count) {
  OpBuilder builder(range);
  Block &body = range.getBody().front();
  SmallVector<Value> carried(range.getInitArgs());
  for (int64_t index = 0; index < count; ++index) {
    IRMapping mapping;
    mapping.map(range.getInductionVar(),
                arith::ConstantIndexOp::create(builder, range.getLoc(), index));
    mapping.map(range.getRegionIterArgs(), carried);
    for (Operation &op : body.without_terminator())
      builder.clone(op, mapping);
    for (auto [value, yielded] :
         llvm::zip_equal(carried, body.getTerminator()->getOperands()))
      value = mapping.lookupOrDefault(yielded);
  }
  range.replaceAllUsesWith(carried);
  range.erase();
}

struct TinyExpandUpcastPass
    : public tiny::impl::TinyExpandUpcastBase<TinyExpandUpcastPass> {
  using Base::Base;

  void runOnOperation() override {
    // Inner ranges first: an outer range's copies then copy bodies already
    // expanded.
    SmallVector<std::pair<RangeOp, int64_t>> ranges;
    bool failed = false;
    getOperation()->walk([&](RangeOp range) {
      AxisType axis = range.getAxis();
      if (axis != AxisType::Upcast && axis != AxisType::Unroll)
        return;
      std::optional<int64_t> bound = getConstantIntValue(range.getBound());
      if (!bound) {
        range.emitOpError("is an ")
            << stringifyAxisType(axis)
            << " range, whose body is copied once per index: its bound must "
               "be a constant";
        failed = true;
        return;
      }
      ranges.emplace_back(range, std::max<int64_t>(*bound, 0));
    });
    if (failed)
      return signalPassFailure();
    for (auto [range, count] : ranges)
      expandRange(range, count);
  }
};

} // namespace
