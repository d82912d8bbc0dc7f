//===- LaunchPlan.cpp - the grid of a kernel's launch ---------------------===//
//
// How large a kernel's launch is and which ranges and special ids read its
// block and thread ids: GLOBAL ranges become block ids and LOCAL ranges
// thread ids (the innermost of a nest along x); the launch is as large as
// the longest range of each dimension. The ranges' AxisTypes are read, never
// chosen here: -tiny-gpu-schedule chooses them.
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToGPU/Launch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tiny;

namespace mlir::tiny::tinytogpu {

bool isGridAxis(AxisType axis) {
  return axis == AxisType::Global || axis == AxisType::Local;
}

Value createIndex(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value getThreadId(gpu::LaunchOp launch, unsigned dim) {
  gpu::KernelDim3 ids = launch.getThreadIds();
  return std::array<Value, kGridDims>{ids.x, ids.y, ids.z}[dim];
}

Value getBlockId(gpu::LaunchOp launch, unsigned dim) {
  gpu::KernelDim3 ids = launch.getBlockIds();
  return std::array<Value, kGridDims>{ids.x, ids.y, ids.z}[dim];
}

//===----------------------------------------------------------------------===//
// The grid of a kernel
//===----------------------------------------------------------------------===//

std::pair<StringRef, unsigned> parseSpecial(k::SpecialOp special) {
  StringRef name = special.getName();
  return {name.drop_back(), static_cast<unsigned>(name.back() - '0')};
}

/// Sizes the launch along `dim` for a global id below `bound`: blocks of
/// `blockSize` threads, one block for a shorter bound.
static void sizeGlobalId(LaunchPlan &plan, unsigned dim, int64_t bound,
                         int64_t blockSize) {
  plan.threads[dim] = std::min(bound, blockSize);
  plan.blocks[dim] = llvm::divideCeil(bound, plan.threads[dim]);
}

FailureOr<LaunchPlan> planLaunch(k::KernelOp kernel, int64_t blockSize) {
  LaunchPlan plan;
  bool namesGrid = false;
  // Outer first, so that a GROUP_REDUCE in another is reported, not lowered.
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto range = dyn_cast<k::RangeOp>(op);
    if (range && range.getAxis() == AxisType::GroupReduce)
      plan.groupReduces.push_back(range);
    namesGrid |=
        isa<k::SpecialOp>(op) || (range && isGridAxis(range.getAxis()));
  });
  if (!namesGrid && plan.groupReduces.empty())
    return kernel.emitOpError(
        "carries no GPU schedule (no GLOBAL, LOCAL or GROUP_REDUCE range, no "
        "special id); -tiny-gpu-schedule chooses one");

  // Dimensions count from the innermost range of a nest.
  SmallVector<std::pair<k::RangeOp, unsigned>> depths;
  unsigned nestDepth[2] = {0, 0};
  WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](k::RangeOp range) {
    if (!isGridAxis(range.getAxis()))
      return WalkResult::advance();
    if (!range.getInitArgs().empty())
      return WalkResult(range.emitOpError(
          "carries values, which a GLOBAL or LOCAL range cannot: its "
          "iterations run in parallel"));
    std::optional<int64_t> bound = getConstantIntValue(range.getBound());
    if (!bound || *bound < 1)
      return WalkResult(range.emitOpError(
          "needs a constant positive bound to become a grid dimension"));
    unsigned depth = 0;
    for (Operation *parent = range->getParentOp(); parent != kernel;
         parent = parent->getParentOp()) {
      auto outer = dyn_cast<k::RangeOp>(parent);
      if (!outer || !isGridAxis(outer.getAxis()))
        return WalkResult(range.emitOpError(
            "must be nested in GLOBAL and LOCAL ranges only to become a grid "
            "dimension"));
      depth += outer.getAxis() == range.getAxis();
    }
    bool local = range.getAxis() == AxisType::Local;
    if (depth >= kGridDims)
      return WalkResult(range.emitOpError("is the fourth nested ")
                        << (local ? "LOCAL" : "GLOBAL")
                        << " range; a grid has three dimensions");
    nestDepth[local] = std::max(nestDepth[local], depth + 1);
    depths.push_back({range, depth});
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (auto [range, depth] : depths) {
    bool local = range.getAxis() == AxisType::Local;
    unsigned dim = nestDepth[local] - 1 - depth;
    int64_t bound = *getConstantIntValue(range.getBound());
    int64_t &size = local ? plan.threads[dim] : plan.blocks[dim];
    size = std::max(size, bound);
    plan.gridRanges.push_back({range, dim});
  }

  // Special ids size their dimensions; a global id splits into blocks, so
  // it takes its dimension alone.
  kernel.walk([&](k::SpecialOp special) { plan.specials.push_back(special); });
  std::array<std::optional<int64_t>, kGridDims> globalIds;
  for (k::SpecialOp special : plan.specials) {
    std::optional<int64_t> bound = getConstantIntValue(special.getBound());
    if (!bound || *bound < 1)
      return special.emitOpError(
          "needs a constant positive bound to size the launch");
    auto [kind, dim] = parseSpecial(special);
    if (kind == "gidx")
      plan.blocks[dim] = std::max(plan.blocks[dim], *bound);
    else if (kind == "lidx")
      plan.threads[dim] = std::max(plan.threads[dim], *bound);
    else if (!globalIds[dim] || *globalIds[dim] == *bound)
      globalIds[dim] = *bound;
    else
      return special.emitOpError("has bound ")
             << *bound << " but another global id along dimension " << dim
             << " has bound " << *globalIds[dim];
  }
  for (unsigned dim = 0; dim < kGridDims; ++dim)
    if (globalIds[dim]) {
      if (plan.blocks[dim] != 1 || plan.threads[dim] != 1)
        return kernel.emitOpError("uses a global id along dimension ")
               << dim << ", which block or thread ids also use";
      sizeGlobalId(plan, dim, *globalIds[dim], blockSize);
    }
  for (k::SpecialOp special : plan.specials) {
    auto [kind, dim] = parseSpecial(special);
    int64_t bound = *getConstantIntValue(special.getBound());
    int64_t size = kind == "gidx"   ? plan.blocks[dim]
                   : kind == "lidx" ? plan.threads[dim]
                                    : bound;
    if (bound != size)
      return special.emitOpError("has bound ")
             << bound << " but the launch has " << size
             << " ids along its dimension (for a longer range or id of the "
                "kernel)";
  }

  if (!plan.groupReduces.empty()) {
    if (llvm::any_of(plan.threads, [](int64_t n) { return n != 1; }))
      return plan.groupReduces.front().emitOpError(
          "needs the threads of a block, which LOCAL ranges or thread ids "
          "of the kernel already use");
    // The bound is the number of threads that share the range: a power of
    // two, for the tree that combines their parts, the same for all.
    for (k::RangeOp range : plan.groupReduces) {
      std::optional<int64_t> bound = getConstantIntValue(range.getBound());
      if (!bound || *bound < 1 || !llvm::isPowerOf2_64(*bound))
        return range.emitOpError(
            "needs a constant power-of-two bound: the threads that share it");
      if (plan.groupSize && plan.groupSize != *bound)
        return range.emitOpError("shares ")
               << *bound << " threads, but another GROUP_REDUCE of the kernel "
               << plan.groupSize << "; the block's threads share all alike";
      plan.groupSize = *bound;
    }
    plan.threads[0] = plan.groupSize;
  }
  return plan;
}

} // namespace mlir::tiny::tinytogpu
