//===- RealizeWideSums.cpp - narrowed sums of products accumulate wide ----===//
//
// -tiny-realize-wide-sums: a sum of products accumulated in f32 and then
// narrowed (tinygrad's f16 and bf16 matmul: the product widened, summed in
// f32, the sum cast back) becomes a buffer of its own (tiny.contiguous
// after the reduce), so that rangeify gives it the reduction-outside
// schedule, accumulating in an f32 buffer, and narrows it in a kernel of
// its own.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "passes/Rangeify.h"
#include "passes/Realize.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYREALIZEWIDESUMS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Whether some user of `reduce` casts it to another element type.
bool isNarrowed(ReduceOp reduce) {
  Type type = getElementTypeOrSelf(reduce.getType());
  return llvm::any_of(reduce->getUsers(), [&](Operation *user) {
    auto cast = dyn_cast<CastOp>(user);
    return cast && getElementTypeOrSelf(cast.getType()) != type;
  });
}

struct TinyRealizeWideSumsPass
    : public tiny::impl::TinyRealizeWideSumsBase<TinyRealizeWideSumsPass> {
  void runOnOperation() override {
    SmallVector<ReduceOp> sums;
    getOperation()->walk([&](ReduceOp reduce) {
      auto srcType = cast<RankedTensorType>(reduce.getSrc().getType());
      if (getHostSummedProduct(reduce, /*throughCast=*/true) &&
          isa<FloatType>(srcType.getElementType()) &&
          srcType.getNumElements() >= rangeify::kMinReduceOutsideElements &&
          isNarrowed(reduce))
        sums.push_back(reduce);
    });
    for (ReduceOp reduce : sums)
      realizeAsBuffer(reduce);
  }
};

} // namespace
