//===- GroupReduce.cpp - share long reductions between a block's threads --===//
//
// On a GPU a kernel's output ranges become its threads. A kernel with few
// outputs and long reductions (a sum to a scalar, a row max of a few rows)
// then runs on a handful of threads, each looping over a whole reduction,
// while the rest of the GPU idles. Marking such a REDUCE range GROUP_REDUCE
// hands its iterations to all threads of a block (-convert-tiny-to-gpu),
// as tinygrad's GROUP optimization does.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/ReductionCombiner.h"
#include "passes/KernelDevice.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYGROUPREDUCE
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Iterations of `range` and of the longest chain of ranges in its body;
/// none when a bound is not a constant.
std::optional<int64_t> getTripCount(RangeOp range) {
  std::optional<int64_t> bound = getConstantIntValue(range.getBound());
  if (!bound)
    return std::nullopt;
  int64_t inner = 1;
  for (Operation &op : range.getBody().front()) {
    auto nested = dyn_cast<RangeOp>(op);
    if (!nested)
      continue;
    std::optional<int64_t> count = getTripCount(nested);
    if (!count)
      return std::nullopt;
    inner = std::max(inner, *count);
  }
  return *bound * inner;
}

/// Whether the threads of a block may take the iterations of `range` in any
/// order and combine their parts: every carried value has a combiner, and
/// float sums and products may be reassociated.
bool hasReorderableCombiners(RangeOp range) {
  for (unsigned i = 0, e = range.getInitArgs().size(); i < e; ++i) {
    Operation *combiner = getReductionCombiner(range, i);
    if (!combiner ||
        !getCombinerIdentity(combiner, range.getInitArgs()[i].getType()))
      return false;
    if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(combiner);
        fastmath && isa<arith::AddFOp, arith::MulFOp>(combiner) &&
        !bitEnumContainsAll(fastmath.getFastMathFlagsAttr().getValue(),
                            arith::FastMathFlags::reassoc))
      return false;
  }
  return !range.getInitArgs().empty();
}

/// The number of outputs of the kernel around `range`: the product of the
/// bounds of the ranges it is nested in, when they are all parallel output
/// ranges with constant bounds.
std::optional<int64_t> getOutputCount(RangeOp range, KernelOp kernel) {
  int64_t outputs = 1;
  for (Operation *parent = range->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    auto outer = dyn_cast<RangeOp>(parent);
    if (!outer || !outer.getInitArgs().empty() ||
        !llvm::is_contained(
            {AxisType::Loop, AxisType::Thread, AxisType::Global},
            outer.getAxis()))
      return std::nullopt;
    std::optional<int64_t> bound = getConstantIntValue(outer.getBound());
    if (!bound)
      return std::nullopt;
    outputs *= *bound;
  }
  return outputs;
}

struct TinyGroupReducePass
    : public tiny::impl::TinyGroupReduceBase<TinyGroupReducePass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](KernelOp kernel) {
      if (gpuKernelsOnly && !isGpuKernel(kernel))
        return;
      // The block's threads are free only where the kernel does not use
      // them itself.
      bool usesThreads = false;
      kernel.walk([&](Operation *op) {
        auto range = dyn_cast<RangeOp>(op);
        auto special = dyn_cast<SpecialOp>(op);
        if ((special && !special.getName().starts_with("gidx")) ||
            (range &&
             llvm::is_contained({AxisType::Local, AxisType::GroupReduce},
                                range.getAxis())))
          usesThreads = true;
      });
      if (usesThreads)
        return;
      kernel.walk([&](RangeOp range) {
        if (range.getAxis() != AxisType::Reduce)
          return;
        std::optional<int64_t> outputs = getOutputCount(range, kernel);
        std::optional<int64_t> trips = getTripCount(range);
        if (!outputs || *outputs > maxOutputs || !trips || *trips < minReduce ||
            !hasReorderableCombiners(range))
          return;
        // Each thread runs its share of the body: it may only read.
        WalkResult writes = range.getBody().walk([](Operation *op) {
          return isa<KStoreOp, AtomicAddOp, BarrierOp>(op)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        });
        if (!writes.wasInterrupted())
          range.setAxis(AxisType::GroupReduce);
      });
    });
  }
};

} // namespace
