//===- TinyToGPU.cpp - kernels to gpu.launch ------------------------------===//
//
// Each tiny.k.kernel becomes a gpu.launch:
// - GLOBAL ranges become block ids and LOCAL ranges thread ids (the
//   innermost of a nest along x); the launch is as large as the longest
//   range of each dimension, shorter ranges guard their bodies. A kernel
//   that names no grid gets one from its nest of output ranges.
// - special ids become the matching gpu ids and size the launch too.
// - a GROUP_REDUCE range is shared by the threads of a block: each thread
//   reduces a strided part, the parts meet in workgroup memory and are
//   combined as a tree, with barriers between the steps.
// - buffers in the LOCAL address space become workgroup memory; the
//   barriers between the threads' accesses to it are
//   -tiny-gpu-insert-barriers' (WorkgroupHazards.h).
// Inner ranges stay ranges for -convert-tiny-to-scf. Buffers the function
// allocates move to device memory (gpu.alloc).
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/ReductionCombiner.h"
#include "conversions/TinyToSCF/TinyToSCF.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/KernelDevice.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTOGPU
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// GPUs have three grid dimensions, x y z.
constexpr unsigned kGridDims = 3;

bool isGridAxis(AxisType axis) {
  return axis == AxisType::Global || axis == AxisType::Local;
}

Value createIndex(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

/// Whether `op` may write memory; an op that does not say may.
bool mayWrite(Operation &op) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
    return effects.hasEffect<MemoryEffects::Write>();
  return !isMemoryEffectFree(&op);
}

//===----------------------------------------------------------------------===//
// The grid of a kernel
//===----------------------------------------------------------------------===//

/// What a launch needs: its size, and what reads each id.
struct LaunchPlan {
  std::array<int64_t, kGridDims> blocks = {1, 1, 1};
  std::array<int64_t, kGridDims> threads = {1, 1, 1};
  /// Each GLOBAL or LOCAL range, outer ranges first, and its dimension.
  SmallVector<std::pair<RangeOp, unsigned>> gridRanges;
  SmallVector<SpecialOp> specials;
  SmallVector<RangeOp> groupReduces;
  /// Threads (along x) that share each GROUP_REDUCE; 0 without one.
  int64_t groupSize = 0;
};

/// The output ranges a kernel's default grid may take: from the kernel's
/// top, the only range of each block while it carries nothing, is a LOOP or
/// THREAD range with a constant bound, and the ops beside it write nothing
/// (every thread runs them). At most three ranges longer than one.
SmallVector<RangeOp> getOutputNest(KernelOp kernel) {
  SmallVector<RangeOp> nest;
  Block *block = &kernel.getBody().front();
  unsigned longRanges = 0;
  while (longRanges < kGridDims) {
    RangeOp only;
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      auto range = dyn_cast<RangeOp>(op);
      if ((range && only) ||
          (!range && (op.getNumRegions() != 0 || mayWrite(op))))
        return nest;
      only = range;
    }
    if (!only || !only.getInitArgs().empty() ||
        (only.getAxis() != AxisType::Loop &&
         only.getAxis() != AxisType::Thread))
      return nest;
    std::optional<int64_t> bound = getConstantIntValue(only.getBound());
    if (!bound || *bound < 1)
      return nest;
    nest.push_back(only);
    if (*bound > 1)
      ++longRanges;
    block = &only.getBody().front();
  }
  return nest;
}

/// Inlines `range`'s body in its place, for index `index`.
void inlineRange(IRRewriter &rewriter, RangeOp range, Value index) {
  Block &body = range.getBody().front();
  rewriter.eraseOp(body.getTerminator());
  rewriter.inlineBlockBefore(&body, range, ValueRange{index});
  rewriter.eraseOp(range);
}

/// Gives a kernel that names no grid one: its nest of output ranges becomes
/// GLOBAL ranges. Without a GROUP_REDUCE, which takes the threads, the
/// innermost one becomes LOCAL threads, split into blocks of `blockSize`
/// (its body guarded where the bound is not a multiple).
void mapDefaultGrid(IRRewriter &rewriter, KernelOp kernel, bool groupReduce,
                    int64_t blockSize) {
  SmallVector<RangeOp> nest;
  for (RangeOp range : getOutputNest(kernel)) {
    if (*getConstantIntValue(range.getBound()) > 1) {
      nest.push_back(range);
      continue;
    }
    // A range of one iteration is no dimension.
    rewriter.setInsertionPoint(range);
    inlineRange(rewriter, range, createIndex(rewriter, range.getLoc(), 0));
  }
  if (nest.empty())
    return;
  for (RangeOp range : nest)
    range.setAxis(AxisType::Global);
  if (groupReduce)
    return;
  RangeOp inner = nest.back();
  int64_t bound = *getConstantIntValue(inner.getBound());
  if (bound <= blockSize) {
    inner.setAxis(AxisType::Local);
    return;
  }
  Location loc = inner.getLoc();
  rewriter.setInsertionPoint(inner);
  Value threads = createIndex(rewriter, loc, blockSize);
  auto blocks = RangeOp::create(
      rewriter, loc, AxisType::Global,
      createIndex(rewriter, loc, llvm::divideCeil(bound, blockSize)));
  rewriter.setInsertionPoint(blocks.getBody().front().getTerminator());
  auto lanes = RangeOp::create(rewriter, loc, AxisType::Local, threads);
  Operation *end = lanes.getBody().front().getTerminator();
  rewriter.setInsertionPoint(end);
  Value index = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, blocks.getInductionVar(), threads),
      lanes.getInductionVar());
  Block &body = inner.getBody().front();
  rewriter.eraseOp(body.getTerminator());
  if (bound % blockSize != 0) {
    Value inBounds = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, index, inner.getBound());
    auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                   /*withElseRegion=*/false);
    end = guard.thenBlock()->getTerminator();
  }
  rewriter.inlineBlockBefore(&body, end, ValueRange{index});
  rewriter.eraseOp(inner);
}

/// The dimension a special names and whether it is a block, thread or
/// global id.
std::pair<StringRef, unsigned> parseSpecial(SpecialOp special) {
  StringRef name = special.getName();
  return {name.drop_back(), static_cast<unsigned>(name.back() - '0')};
}

/// Sizes the launch along `dim` for a global id below `bound`: blocks of
/// `blockSize` threads, one block for a shorter bound.
void sizeGlobalId(LaunchPlan &plan, unsigned dim, int64_t bound,
                  int64_t blockSize) {
  plan.threads[dim] = std::min(bound, blockSize);
  plan.blocks[dim] = llvm::divideCeil(bound, plan.threads[dim]);
}

FailureOr<LaunchPlan> planLaunch(IRRewriter &rewriter, KernelOp kernel,
                                 int64_t blockSize) {
  LaunchPlan plan;
  bool namesGrid = false;
  // Outer first, so that a GROUP_REDUCE in another is reported, not lowered.
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto range = dyn_cast<RangeOp>(op);
    if (range && range.getAxis() == AxisType::GroupReduce)
      plan.groupReduces.push_back(range);
    namesGrid |= isa<SpecialOp>(op) || (range && isGridAxis(range.getAxis()));
  });
  if (!namesGrid)
    mapDefaultGrid(rewriter, kernel, !plan.groupReduces.empty(), blockSize);

  // Dimensions count from the innermost range of a nest.
  SmallVector<std::pair<RangeOp, unsigned>> depths;
  unsigned nestDepth[2] = {0, 0};
  WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](RangeOp range) {
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
      auto outer = dyn_cast<RangeOp>(parent);
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
  kernel.walk([&](SpecialOp special) { plan.specials.push_back(special); });
  std::array<std::optional<int64_t>, kGridDims> globalIds;
  for (SpecialOp special : plan.specials) {
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
  for (SpecialOp special : plan.specials) {
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
    // A power of two, for the tree that combines the threads' parts, and
    // no more threads than the longest reduction has iterations.
    int64_t longest = 1;
    for (RangeOp range : plan.groupReduces) {
      std::optional<int64_t> bound = getConstantIntValue(range.getBound());
      longest = std::max(longest, bound ? *bound : blockSize);
    }
    plan.groupSize =
        std::min<int64_t>(llvm::bit_floor(static_cast<uint64_t>(blockSize)),
                          llvm::PowerOf2Ceil(static_cast<uint64_t>(longest)));
    plan.threads[0] = plan.groupSize;
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Lowering: the launch, its ids, its guards
//===----------------------------------------------------------------------===//

/// The state of the launch being built.
struct LaunchLowering {
  gpu::LaunchOp launch;
  LaunchPlan plan;

  Value threadId(unsigned dim) {
    return std::array<Value, 3>{launch.getThreadIds().x,
                                launch.getThreadIds().y,
                                launch.getThreadIds().z}[dim];
  }
  Value blockId(unsigned dim) {
    return std::array<Value, 3>{launch.getBlockIds().x, launch.getBlockIds().y,
                                launch.getBlockIds().z}[dim];
  }
  Block &body() { return launch.getBody().front(); }
};

/// The range's body in place for its block or thread id, guarded when the
/// launch has more ids along the dimension than the range has iterations.
void lowerGridRange(IRRewriter &rewriter, LaunchLowering &lowering,
                    RangeOp range, unsigned dim) {
  bool local = range.getAxis() == AxisType::Local;
  Value id = local ? lowering.threadId(dim) : lowering.blockId(dim);
  int64_t size = local ? lowering.plan.threads[dim] : lowering.plan.blocks[dim];
  if (*getConstantIntValue(range.getBound()) == size)
    return inlineRange(rewriter, range, id);
  Location loc = range.getLoc();
  rewriter.setInsertionPoint(range);
  Value inBounds = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, id, range.getBound());
  auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                 /*withElseRegion=*/false);
  rewriter.moveOpBefore(range, guard.thenBlock()->getTerminator());
  rewriter.setInsertionPoint(range);
  inlineRange(rewriter, range, id);
}

/// gpu.block_id / gpu.thread_id for a special, or the global index they
/// make. The block size is the constant, not gpu.block_dim: AMD targets
/// read the latter through a device library call.
Value lowerSpecial(IRRewriter &rewriter, LaunchLowering &lowering,
                   SpecialOp special) {
  auto [kind, dim] = parseSpecial(special);
  if (kind == "gidx")
    return lowering.blockId(dim);
  if (kind == "lidx")
    return lowering.threadId(dim);
  Location loc = special.getLoc();
  Value base = arith::MulIOp::create(
      rewriter, loc, lowering.blockId(dim),
      createIndex(rewriter, loc, lowering.plan.threads[dim]));
  return arith::AddIOp::create(rewriter, loc, base, lowering.threadId(dim));
}

/// Threads past the bound of a global id skip the whole kernel.
void guardGlobalIds(IRRewriter &rewriter, LaunchLowering &lowering) {
  Block &body = lowering.body();
  Location loc = lowering.launch.getLoc();
  rewriter.setInsertionPointToStart(&body);
  Value inBounds;
  for (unsigned dim = 0; dim < kGridDims; ++dim) {
    auto special = llvm::find_if(lowering.plan.specials, [&](SpecialOp op) {
      return parseSpecial(op).first == "idx" && parseSpecial(op).second == dim;
    });
    if (special == lowering.plan.specials.end())
      continue;
    int64_t bound = *getConstantIntValue(special->getBound());
    int64_t threads = lowering.plan.threads[dim];
    if (bound % threads == 0)
      continue;
    Value index = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, lowering.blockId(dim),
                              createIndex(rewriter, loc, threads)),
        lowering.threadId(dim));
    Value below =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, index,
                              createIndex(rewriter, loc, bound));
    inBounds =
        inBounds
            ? arith::AndIOp::create(rewriter, loc, inBounds, below).getResult()
            : below;
  }
  if (!inBounds)
    return;
  auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                 /*withElseRegion=*/false);
  Operation *end = guard.thenBlock()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           std::next(Block::iterator(guard)), std::prev(body.end()))))
    rewriter.moveOpBefore(&op, end);
}

//===----------------------------------------------------------------------===//
// GROUP_REDUCE
//===----------------------------------------------------------------------===//

MemRefType getWorkgroupType(MLIRContext *context, ArrayRef<int64_t> shape,
                            Type element) {
  auto space =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, element, MemRefLayoutAttrInterface(), space);
}

/// Whether an enclosing loop of the launch may run `op` again.
bool isInLoop(Operation *op, gpu::LaunchOp launch) {
  for (Operation *parent = op->getParentOp(); parent != launch;
       parent = parent->getParentOp())
    if (isa<RangeOp, scf::ForOp>(parent))
      return true;
  return false;
}

/// Outside the parts of its GROUP_REDUCEs, every thread of a block computes
/// the same values: only the first one stores them.
void gateWritesToFirstThread(IRRewriter &rewriter, LaunchLowering &lowering) {
  Location loc = lowering.launch.getLoc();
  rewriter.setInsertionPointToStart(&lowering.body());
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      lowering.threadId(0),
                                      createIndex(rewriter, loc, 0));
  SmallVector<Operation *> writes;
  lowering.body().walk([&](Operation *op) {
    if (isa<KStoreOp, AtomicAddOp>(op))
      writes.push_back(op);
  });
  for (Operation *op : writes) {
    rewriter.setInsertionPoint(op);
    if (auto store = dyn_cast<KStoreOp>(op)) {
      Value gate =
          store.getGate()
              ? arith::AndIOp::create(rewriter, loc, store.getGate(), first)
                    .getResult()
              : first;
      rewriter.modifyOpInPlace(store,
                               [&] { store.getGateMutable().assign(gate); });
      continue;
    }
    auto guard = scf::IfOp::create(rewriter, op->getLoc(), first,
                                   /*withElseRegion=*/false);
    rewriter.moveOpBefore(op, guard.thenBlock()->getTerminator());
  }
}

/// Checks that the threads of a block can share `range`: each carried value
/// has a combiner (appended to `combiners`) and the body only reads.
LogicalResult checkGroupReduce(RangeOp range,
                               SmallVectorImpl<Operation *> &combiners) {
  for (unsigned i = 0, e = range.getInitArgs().size(); i < e; ++i) {
    Operation *combiner = getReductionCombiner(range, i);
    if (!combiner)
      return range.emitOpError("carried value ")
             << i
             << " is not folded by one associative, commutative arith op "
                "(add, mul, max, min, and, or, xor), which a GROUP_REDUCE "
                "needs to combine the threads' parts";
    if (!getCombinerIdentity(combiner, range.getInitArgs()[i].getType()))
      return range.emitOpError("carried value ")
             << i << " of type " << range.getInitArgs()[i].getType()
             << " has no identity for " << combiner->getName();
    combiners.push_back(combiner);
  }
  if (combiners.empty())
    return range.emitOpError("carries nothing to reduce");
  WalkResult written = range.getBody().walk([](Operation *op) {
    if (isa<KStoreOp, AtomicAddOp, BarrierOp>(op))
      return WalkResult(op->emitOpError(
          "in a GROUP_REDUCE would run in any order on the block's threads; "
          "a GROUP_REDUCE body may only read"));
    auto nested = dyn_cast<RangeOp>(op);
    if (nested && nested.getAxis() == AxisType::GroupReduce)
      return WalkResult(nested.emitOpError("is nested in a GROUP_REDUCE"));
    return WalkResult::advance();
  });
  return failure(written.wasInterrupted());
}

/// %r = group_reduce %i < %n iter_args(%acc = %init) { ... } becomes
///   %part = scf.for %i = %tid to %n step %G iter_args(%acc = identity)
///   smem[%tid] = %part; barrier
///   for s = G/2 .. 1: if %tid < s { smem[%tid] op= smem[%tid + s] }; barrier
///   %r = %init op smem[0]
/// The barriers are the tree's own, placed here rather than left to
/// -tiny-gpu-insert-barriers: the parts and steps are this lowering's, and
/// it is correct alone, whatever runs after it. (That pass finds them
/// enough and adds none.)
LogicalResult lowerGroupReduce(IRRewriter &rewriter, LaunchLowering &lowering,
                               RangeOp range) {
  SmallVector<Operation *> combiners;
  if (failed(checkGroupReduce(range, combiners)))
    return failure();
  Location loc = range.getLoc();
  int64_t groupSize = lowering.plan.groupSize;
  Value tid = lowering.threadId(0);
  rewriter.setInsertionPoint(range);
  SmallVector<Value> identities;
  for (auto [combiner, init] : llvm::zip(combiners, range.getInitArgs()))
    identities.push_back(arith::ConstantOp::create(
        rewriter, loc, getCombinerIdentity(combiner, init.getType())));
  scf::ForOp loop =
      moveRangeIntoFor(rewriter, range, tid, range.getBound(),
                       createIndex(rewriter, loc, groupSize), identities);

  rewriter.setInsertionPoint(range);
  SmallVector<Value> partials;
  for (auto [part, init] : llvm::zip(loop.getResults(), range.getInitArgs())) {
    Value buffer = lowering.launch.addWorkgroupAttribution(
        getWorkgroupType(rewriter.getContext(), {groupSize}, init.getType()),
        loc);
    memref::StoreOp::create(rewriter, loc, part, buffer, tid);
    partials.push_back(buffer);
  }
  gpu::BarrierOp::create(rewriter, loc);
  for (int64_t stride = groupSize / 2; stride >= 1; stride /= 2) {
    Value strideValue = createIndex(rewriter, loc, stride);
    Value active = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, tid, strideValue);
    auto step = scf::IfOp::create(rewriter, loc, active,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(step.thenBlock()->getTerminator());
      Value other = arith::AddIOp::create(rewriter, loc, tid, strideValue);
      for (auto [buffer, combiner] : llvm::zip(partials, combiners)) {
        Value mine = memref::LoadOp::create(rewriter, loc, buffer, tid);
        Value theirs = memref::LoadOp::create(rewriter, loc, buffer, other);
        memref::StoreOp::create(
            rewriter, loc, createCombine(rewriter, loc, combiner, mine, theirs),
            buffer, tid);
      }
    }
    gpu::BarrierOp::create(rewriter, loc);
  }
  SmallVector<Value> results;
  Value zero = createIndex(rewriter, loc, 0);
  for (auto [buffer, combiner, init] :
       llvm::zip(partials, combiners, range.getInitArgs())) {
    Value total = memref::LoadOp::create(rewriter, loc, buffer, zero);
    results.push_back(createCombine(rewriter, loc, combiner, init, total));
  }
  // Run again, the reduction would overwrite the parts before every thread
  // has read the total.
  if (isInLoop(range, lowering.launch))
    gpu::BarrierOp::create(rewriter, loc);
  rewriter.replaceOp(range, results);
  return success();
}

//===----------------------------------------------------------------------===//
// LOCAL buffers: workgroup memory
//===----------------------------------------------------------------------===//

bool isLocalBuffer(Value buffer) {
  auto space = dyn_cast_or_null<AddrSpaceAttr>(
      cast<MemRefType>(buffer.getType()).getMemorySpace());
  return space && space.getValue() == AddrSpace::Local;
}

/// Accesses through `index` into `buffer`, as memref ops (as
/// -convert-tiny-to-scf lowers them): k.index addresses tiny address spaces
/// only, and the workgroup buffer is not one.
LogicalResult lowerLocalAccesses(IRRewriter &rewriter, KIndexOp index,
                                 Value buffer) {
  for (Operation *user : llvm::make_early_inc_range(index->getUsers())) {
    Location loc = user->getLoc();
    rewriter.setInsertionPoint(user);
    if (auto load = dyn_cast<KLoadOp>(user)) {
      rewriter.replaceOp(load, buildMemRefLoad(rewriter, loc, buffer,
                                               index.getIndices(),
                                               load.getGate(), load.getAlt()));
      continue;
    }
    if (auto store = dyn_cast<KStoreOp>(user)) {
      if (store.getPtr() != index.getResult())
        return store.emitOpError("stores a pointer into a LOCAL buffer");
      buildMemRefStore(rewriter, loc, store.getValue(), buffer,
                       index.getIndices(), store.getGate());
      rewriter.eraseOp(store);
      continue;
    }
    if (auto atomic = dyn_cast<AtomicAddOp>(user)) {
      buildMemRefAtomicAdd(rewriter, loc, atomic.getValue(), buffer,
                           index.getIndices());
      rewriter.eraseOp(atomic);
      continue;
    }
    return user->emitOpError("uses a pointer into a LOCAL buffer; only "
                             "tiny.k.load, tiny.k.store and tiny.k.atomic_add "
                             "can");
  }
  rewriter.eraseOp(index);
  return success();
}

/// Moves the LOCAL buffers the launch addresses into its workgroup memory.
LogicalResult lowerLocalBuffers(IRRewriter &rewriter,
                                LaunchLowering &lowering) {
  SetVector<Value> buffers;
  lowering.body().walk([&](KIndexOp index) {
    if (isLocalBuffer(index.getBuffer()))
      buffers.insert(index.getBuffer());
  });
  for (Value buffer : buffers) {
    Operation *alloc = buffer.getDefiningOp();
    if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc))
      return emitError(buffer.getLoc(),
                       "a LOCAL buffer must come from memref.alloc or "
                       "memref.alloca to become workgroup memory");
    SmallVector<KIndexOp> indices;
    SmallVector<Operation *> deallocs;
    for (Operation *user : buffer.getUsers()) {
      if (isa<memref::DeallocOp>(user)) {
        deallocs.push_back(user);
        continue;
      }
      auto index = dyn_cast<KIndexOp>(user);
      if (!index)
        return user->emitOpError("uses a LOCAL buffer, which only "
                                 "tiny.k.index may address");
      if (!lowering.launch->isProperAncestor(user))
        return user->emitOpError("uses a LOCAL buffer outside the kernel that "
                                 "addresses it; workgroup memory lives only "
                                 "as long as one kernel");
      indices.push_back(index);
    }
    auto type = cast<MemRefType>(buffer.getType());
    Value shared = lowering.launch.addWorkgroupAttribution(
        getWorkgroupType(rewriter.getContext(), type.getShape(),
                         type.getElementType()),
        alloc->getLoc());
    for (KIndexOp index : indices)
      if (failed(lowerLocalAccesses(rewriter, index, shared)))
        return failure();
    for (Operation *dealloc : deallocs)
      rewriter.eraseOp(dealloc);
    rewriter.eraseOp(alloc);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

/// Replaces `kernel` by a gpu.launch, in the steps the file header lists.
LogicalResult lowerKernel(IRRewriter &rewriter, KernelOp kernel,
                          int64_t blockSize) {
  FailureOr<LaunchPlan> plan = planLaunch(rewriter, kernel, blockSize);
  if (failed(plan))
    return failure();
  Location loc = kernel.getLoc();
  rewriter.setInsertionPoint(kernel);
  auto size = [&](int64_t n) { return createIndex(rewriter, loc, n); };
  LaunchLowering lowering;
  lowering.plan = *plan;
  lowering.launch = gpu::LaunchOp::create(
      rewriter, loc, size(plan->blocks[0]), size(plan->blocks[1]),
      size(plan->blocks[2]), size(plan->threads[0]), size(plan->threads[1]),
      size(plan->threads[2]));
  // Outlining names the gpu.func (and its gpu.module) after the kernel, as
  // tinygrad names kernels (E_4_4, r_16_40_1): profilers and launch errors
  // then say which kernel ran. Modules of equal names are numbered.
  lowering.launch.setFunctionAttr(
      FlatSymbolRefAttr::get(rewriter.getContext(), kernel.getName()));
  Block &body = lowering.body();
  rewriter.setInsertionPointToStart(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.inlineBlockBefore(&kernel.getBody().front(), terminator);
  rewriter.eraseOp(kernel);

  for (auto [range, dim] : plan->gridRanges)
    lowerGridRange(rewriter, lowering, range, dim);
  for (SpecialOp special : plan->specials) {
    rewriter.setInsertionPoint(special);
    rewriter.replaceOp(special, lowerSpecial(rewriter, lowering, special));
  }
  guardGlobalIds(rewriter, lowering);
  if (!plan->groupReduces.empty()) {
    gateWritesToFirstThread(rewriter, lowering);
    for (RangeOp range : plan->groupReduces)
      if (failed(lowerGroupReduce(rewriter, lowering, range)))
        return failure();
  }
  SmallVector<BarrierOp> barriers;
  body.walk([&](BarrierOp barrier) { barriers.push_back(barrier); });
  for (BarrierOp barrier : barriers) {
    rewriter.setInsertionPoint(barrier);
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(barrier);
  }
  return lowerLocalBuffers(rewriter, lowering);
}

struct ConvertTinyToGPUPass
    : public tiny::impl::ConvertTinyToGPUBase<ConvertTinyToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (blockSize < 1) {
      root->emitError("block-size must be positive, got ")
          << blockSize.getValue();
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    SmallVector<KernelOp> kernels;
    root->walk([&](KernelOp kernel) {
      if (!gpuKernelsOnly || isGpuKernel(kernel))
        kernels.push_back(kernel);
    });
    for (KernelOp kernel : kernels)
      if (failed(lowerKernel(rewriter, kernel, blockSize)))
        return signalPassFailure();
    // Host kernels use the function's allocations in place.
    if (gpuKernelsOnly)
      return;

    // The function's own buffers move to device memory.
    root->walk([&](Operation *op) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (alloc->getParentOfType<gpu::LaunchOp>() ||
            alloc.getType().getMemorySpace())
          return;
        auto device = gpu::AllocOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        rewriter.replaceOp(alloc, device.getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        if (dealloc->getParentOfType<gpu::LaunchOp>() ||
            dealloc.getMemref().getType().getMemorySpace())
          return;
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(),
                               /*asyncToken=*/Type(), ValueRange(),
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      }
    });
  }
};

} // namespace
