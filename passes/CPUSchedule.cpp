//===- CPUSchedule.cpp - CPU axis types of kernels (-tiny-cpu-schedule) ---===//
//
// The one place that decides how a kernel runs on the host's cores: which
// of its ranges becomes THREAD, spread over them (-convert-tiny-to-scf
// makes it an scf.parallel, OpenMP's parallel loop). -tiny-rangeify emits
// LOOP and REDUCE ranges only; -tiny-gpu-schedule is this pass's GPU
// counterpart.
//
// Starting threads costs more than it saves on a small kernel, so a kernel
// gets a THREAD range only when its work reaches `min-work`. The work is
// counted from the IR as the most times one op runs (the product of the
// bounds of the ranges around it: a kernel's output elements, or a
// reduction's source elements), or the most loads of one buffer that run
// inside reductions: a reduction body that computes several rows or reduced
// indices at once (a matmul's upcast rows and unrolled reduction) loads one
// buffer several times per iteration, once per element of its source.
//
// The THREAD range is the outermost range of the kernel's nest of output
// ranges that runs more than once: from the top, each range the only op of
// its block that writes or holds regions, LOOP, carrying nothing, with a
// constant bound (LOOP ranges' iterations are independent). A kernel whose
// nest does not reach such a range (a scalar, ranges side by side) stays on
// one core.
//
// It also chooses the ranges copied per index: the last REDUCE range of a
// reduction-outside nest (the form -tiny-rangeify gives a large matmul: the
// reduced indices outside the column loop, accumulating in the output) is
// UNROLLed by kReduceUnroll where that divides it, whatever the kernel's
// work, so each accumulator is loaded and stored once per kReduceUnroll
// reduced indices (unrollReduce, passes/ScheduleActions.h);
// -tiny-expand-upcast copies the UNROLL range's body.
//
// A loop over output elements that reduces each element inside it (the
// form -tiny-rangeify gives a reduce that reads its source contiguously, or
// a small one) is UPCAST when the reduction loads something that does not
// depend on the element: a convolution's weight gradient, whose input
// gradient element serves the 5 weights of a kernel row, or a GEMV's vector.
// The whole loop when its bound is at most kMaxUpcast, else 4 or 2 of its
// iterations where that divides it (upcastLoop); -tiny-expand-upcast then
// carries the elements' accumulators through one reduction and loads the
// shared value once for them.
//
// A kernel with a range of any other type than LOOP or REDUCE carries a
// schedule already (written by hand, or by an earlier run): it is kept. So
// are kernels that name a CUDA or HIP device, which -tiny-gpu-schedule
// schedules.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYCPUSCHEDULE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Reduced indices a reduction-outside nest combines per load of its
/// accumulators.
constexpr int64_t kReduceUnroll = 4;

/// The most output elements an UPCAST of a whole loop computes together.
constexpr int64_t kMaxUpcast = 8;

/// The work of a kernel, as the file comment defines it.
class WorkCounter {
public:
  /// The work of `kernel`; none when a range bound is not a constant.
  static std::optional<int64_t> count(KernelOp kernel) {
    WorkCounter counter;
    if (failed(counter.visit(kernel.getBody().front(), /*runs=*/1,
                             /*inReduce=*/false)))
      return std::nullopt;
    int64_t work = counter.mostRuns;
    for (auto &[buffer, loads] : counter.reduceLoads)
      work = std::max(work, loads);
    return work;
  }

private:
  /// Counts the ops of `block`, which runs `runs` times.
  LogicalResult visit(Block &block, int64_t runs, bool inReduce) {
    for (Operation &op : block) {
      mostRuns = std::max(mostRuns, runs);
      if (inReduce && isa<KLoadOp>(op)) {
        Value ptr = cast<KLoadOp>(op).getPtr();
        Value buffer = ptr;
        if (auto index = ptr.getDefiningOp<KIndexOp>())
          buffer = index.getBuffer();
        int64_t &loads = reduceLoads[buffer];
        loads = llvm::checkedAdd(loads, runs).value_or(INT64_MAX);
      }
      int64_t inner = runs;
      bool innerReduce = inReduce;
      if (auto range = dyn_cast<RangeOp>(op)) {
        std::optional<int64_t> bound = getConstantIntValue(range.getBound());
        if (!bound)
          return failure();
        inner = llvm::checkedMul(runs, std::max<int64_t>(*bound, 0))
                    .value_or(INT64_MAX);
        innerReduce |= range.getAxis() == AxisType::Reduce;
      }
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          if (failed(visit(nested, inner, innerReduce)))
            return failure();
    }
    return success();
  }

  int64_t mostRuns = 0;
  llvm::DenseMap<Value, int64_t> reduceLoads;
};

/// True when `kernel` has a range of another type than LOOP or REDUCE: its
/// schedule is chosen.
bool hasSchedule(KernelOp kernel) {
  return kernel
      .walk([](RangeOp range) {
        return range.getAxis() == AxisType::Loop ||
                       range.getAxis() == AxisType::Reduce
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// The outermost range of `kernel`'s output nest that runs more than once,
/// or null (see the file comment).
RangeOp findThreadRange(KernelOp kernel) {
  Block *block = &kernel.getBody().front();
  while (true) {
    RangeOp only;
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      auto range = dyn_cast<RangeOp>(op);
      if (range && only)
        return {};
      if (!range && (op.getNumRegions() != 0 || !isMemoryEffectFree(&op)))
        return {};
      if (range)
        only = range;
    }
    if (!only || only.getAxis() != AxisType::Loop ||
        !only.getInitArgs().empty())
      return {};
    std::optional<int64_t> bound = getConstantIntValue(only.getBound());
    if (!bound || *bound < 1)
      return {};
    if (*bound > 1)
      return only;
    block = &only.getBody().front();
  }
}

/// Whether a REDUCE range in the body of `loop` loads a value whose address
/// does not depend on `loop`'s index.
bool reductionSharesLoads(RangeOp loop) {
  DenseSet<Value> varying{loop.getInductionVar()};
  bool shares = false;
  loop.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool dependent = llvm::any_of(op->getOperands(), [&](Value operand) {
      return varying.contains(operand);
    });
    if (dependent) {
      varying.insert(op->getResults().begin(), op->getResults().end());
      if (auto range = dyn_cast<RangeOp>(op))
        varying.insert(range.getRegionIterArgs().begin(),
                       range.getRegionIterArgs().end());
    }
    if (auto load = dyn_cast<KLoadOp>(op))
      shares |= !dependent && op->getParentOfType<RangeOp>() != loop;
  });
  return shares;
}

/// UPCASTs the loops of `kernel` that reduce each element inside them and
/// share a load between the elements (see the file comment).
void upcastSharedLoads(KernelOp kernel) {
  SmallVector<RangeOp> loops;
  kernel.walk([&](RangeOp loop) {
    if (loop.getAxis() != AxisType::Loop)
      return;
    for (Operation &op : loop.getBody().front())
      if (auto reduce = dyn_cast<RangeOp>(op);
          reduce && reduce.getAxis() == AxisType::Reduce &&
          !reduce.getInitArgs().empty()) {
        loops.push_back(loop);
        return;
      }
  });
  for (RangeOp loop : loops) {
    std::optional<int64_t> bound = getConstantIntValue(loop.getBound());
    if (!bound || !reductionSharesLoads(loop))
      continue;
    int64_t factor = *bound <= kMaxUpcast ? *bound
                     : *bound % 4 == 0    ? 4
                     : *bound % 2 == 0    ? 2
                                          : 1;
    (void)upcastLoop(loop, factor);
  }
}

struct TinyCPUSchedulePass
    : public tiny::impl::TinyCPUScheduleBase<TinyCPUSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk<WalkOrder::PreOrder>([&](KernelOp kernel) {
      if (isGpuKernel(kernel) || hasSchedule(kernel))
        return WalkResult::skip();
      SmallVector<RangeOp> reduces;
      kernel.walk([&](RangeOp range) {
        if (range.getAxis() == AxisType::Reduce)
          reduces.push_back(range);
      });
      // Only the innermost REDUCE range of a nest matches.
      for (RangeOp reduce : reduces)
        (void)unrollReduce(reduce, kReduceUnroll);
      upcastSharedLoads(kernel);
      std::optional<int64_t> work = WorkCounter::count(kernel);
      if (!work || *work < minWork)
        return WalkResult::skip();
      if (RangeOp range = findThreadRange(kernel))
        range.setAxis(AxisType::Thread);
      return WalkResult::skip();
    });
  }
};

} // namespace
