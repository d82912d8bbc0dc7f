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
// constant bound (LOOP ranges' iterations are independent). At the top, the
// tail of upcast rows may follow it: less work than one of its iterations,
// it runs on one core after the others. A kernel whose nest does not reach
// such a range (a scalar, ranges side by side) stays on one core, unless
// what it reaches, through ranges that run once or are UPCAST, is a
// reduction-outside nest (a GEMV, x @ B for one row x: out[j] += x[k] *
// B[k, j] with the columns j inside the reduced k): its columns are then
// split into blocks, one per thread (`threads`, the host's hardware threads
// by default), by a THREAD range around the nest (threadColumns,
// passes/ScheduleActions.h). Each thread reads its part of each of B's rows
// in order: a 1x4096x4096 f32 GEMV read 29-36 GB/s on one core, 47-62 on
// two (bench-kernels, 2 cores). It runs after the cache blocking, which
// would take the blocks of columns for rows sharing B and move the reduce's
// blocks outside the THREAD range (a fork per block).
//
// It also chooses the ranges copied per index. The rows of a
// reduction-outside nest (the form -tiny-rangeify gives a large matmul: one
// output row per iteration of its row loop: of the LOOP ranges around the
// nest that run more than once, the outermost whose rows share the column
// loop's loads, else the outermost) are UPCAST kRowUpcast at a time, so
// that each column loop computes the rows of a register tile and loads what
// does not depend on the row (matmul's B) once for them (upcastLoop); the
// rows kRowUpcast does not divide are split off after the loop (splitLoop)
// into an UPCAST range of their own, rather than every row on its own. A
// loop of at most kFewRows rows (a GEMV of a small batch) is upcast whole:
// B is then read once for all rows (not blocked, not packed: blocking pays
// only where several groups of rows read a block), and the nest's columns
// go to the threads as a GEMV's do. Another loop of fewer than
// 2 * kRowUpcast rows is upcast by the most of 8, 4 or 2 that divides it
// into two groups at least. In a nest of few columns (a convolution's output
// row: fewer than kNarrowColumns), a loop between the rows and the nest (the
// output row, inside the output channels) is UPCAST 2 at a time too, so a
// tile's loads of what its rows share serve twice the arithmetic
// (upcastNarrowNests).
//
// The last REDUCE range of a
// reduction-outside nest (the form -tiny-rangeify gives a large matmul: the
// reduced indices outside the column loop, accumulating in the output) is
// UNROLLed by kReduceUnroll where that divides it, whatever the kernel's
// work, so each accumulator is loaded and stored once per kReduceUnroll
// reduced indices (unrollReduce, passes/ScheduleActions.h), or by
// kSingleRowReduceUnroll in a nest that runs once (a GEMV), bound by
// reading its source;
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
// A reduction-outside nest whose rows, together, read more of a source per
// pass over the reduced indices than half the second-level cache holds (a
// matmul's B, K x N, read again by every block of rows) has its REDUCE range
// split into blocks of the most iterations whose rows of that source fit
// (blockReduce): every block of rows then reads a block the cache holds,
// where the whole source was streamed from memory again for each.
// The rows' accumulation order is kept: the blocks run in order, each over
// all rows. Rows of that source a multiple of 4 KiB apart, or less than
// half a cache line from one, or rows of bf16 or f16 2 KiB apart
// (rowsShareCacheSets), put a tile's columns of a block in a few sets of
// the first-level cache, which keep them badly:
// unpacked, such a source is blocked only when it is larger than a quarter
// of the last-level cache, where streaming it again for every block of rows
// costs more. Measured on one thread (AMD EPYC, 1 MiB L2, 32 MiB L3):
// blocked unpacked, the 1024^3 matmul (B 4 MiB) ran ~10-17% slower,
// 2048^3 (16 MiB) 15-40% faster, 4096^3 (64 MiB) 85% faster.
//
// Where packOperand (passes/ScheduleActions.h) applies, such a nest is
// blocked packed instead, in a copy of the nest kept only when the packing
// applies: per block of the reduced axis (and of the columns), B's block is
// copied, on the threads, into a scratch buffer of short rows, each an odd
// number of cache lines, which the rows then read. The packed block holds
// kPackedReduceBlock iterations (128 reduced indices) of all columns when
// that fits half the cache, else the columns are cut into blocks, a
// multiple of kPackedColumnTile, whose kPackedReduceBlock iterations fit;
// the blocks of the reduced axis are the most iterations of those columns
// that fit. Packed, consecutive rows start in consecutive cache sets.
// The option pack=on packs wherever that applies, pack=off nowhere; the
// default, auto, where B's rows share cache sets (rowsShareCacheSets).
// Measured alternating with pack=off (tiny-run --repeat, 1 thread, the
// buffers the runtime allocates), the 1023^3 matmul ran 131-139 GFLOP/s
// unpacked and 168-185 packed, 1024^3 139-145 and 187-193 (unpacked not
// blocked), 4096x64x4096 104-121 and 154-169. Rows a cache line or more
// from a multiple of 4 KiB (1000^3) measured no faster packed. In
// bench-kernels, whose buffers are its own, packing 1023^3 and 1024^3
// measured level with unpacked (0.98-1.01). bench/kernels/README.md has
// the figures.
//
// A kernel with a range of any other type than LOOP or REDUCE carries a
// schedule already (written by hand, or by an earlier run): it is kept, as
// is one marked scheduled (kScheduledAttrName: a search chose its ranges,
// LOOP and REDUCE ones included). The options row-upcast and reduce-unroll
// replace kRowUpcast and kReduceUnroll (the kernel search's candidates). So
// are kernels that name a CUDA or HIP device, which -tiny-gpu-schedule
// schedules.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Threading.h"

#include <bitset>
#include <unistd.h>

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

/// The most rows of a reduction-outside nest UPCAST whole (a GEMV of a small
/// batch): measured on 2 threads, 2x4096x4096 f32 took 7.0-7.3 ms as two
/// THREAD rows each reading B (packed), 1.1-1.2 ms as one UPCAST of both
/// with the columns on the threads; 3 rows 7.6 -> 1.5 ms, 4 rows (two
/// groups of 2) 7.4 -> 1.7 ms.
constexpr int64_t kFewRows = 4;

/// Reduced indices a reduction-outside nest of one row (a GEMV, a sum over a
/// matrix's rows) combines per load of its accumulators: the nest is bound
/// by reading its source, and 8 rows of it in flight read it faster than 4.
/// Measured (bench-kernels --schedule-ab=reduce-unroll=8, 1x4096x4096 f32,
/// quiet, three runs): on 2 threads 58-61 -> 82-99 GB/s, on one 41-47 ->
/// 43-51.
constexpr int64_t kSingleRowReduceUnroll = 8;

/// The most output elements an UPCAST of a whole loop computes together.
constexpr int64_t kMaxUpcast = 8;

/// The most rows of a reduction-outside nest one iteration computes: 8 rows
/// of accumulators make -tiny-optimize's register tiles (8 x 32 f32 with
/// AVX-512) load each column of the source once for 8 rows.
constexpr int64_t kRowUpcast = 8;

/// The iterations of a REDUCE range a packed cache block should hold at
/// least (128 reduced indices UNROLLed by 4): fewer, and the register tiles
/// load and store their accumulators often; the block's columns are cut
/// into blocks of their own rather.
constexpr int64_t kPackedReduceBlock = 32;

/// Marks, while -tiny-cpu-schedule runs, the ranges of the cache blocks
/// blockReductions made: their THREAD ranges of rows were outside the whole
/// reduction, as hoistThreads requires.
constexpr StringLiteral kCacheBlocksAttrName = "tiny.cache_blocks";

/// Packed blocks of columns are a multiple of this many: -tiny-optimize's
/// widest register tiles (4 vectors of 16 f32 lanes) then cover them.
constexpr int64_t kPackedColumnTile = 64;

/// The fewest iterations of a REDUCE range a cache block holds: fewer, and
/// loading and storing the accumulators once per block costs more than the
/// cache saves.
constexpr int64_t kMinReduceBlock = 4;

/// The work of a kernel, as the file comment defines it.
class WorkCounter {
public:
  /// The work of `kernel`; none when a range bound is not a constant.
  static std::optional<int64_t> count(k::KernelOp kernel) {
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
      if (inReduce && isa<k::LoadOp>(op)) {
        Value ptr = cast<k::LoadOp>(op).getPtr();
        Value buffer = ptr;
        if (auto index = ptr.getDefiningOp<k::IndexOp>())
          buffer = index.getBuffer();
        int64_t &loads = reduceLoads[buffer];
        loads = llvm::checkedAdd(loads, runs).value_or(INT64_MAX);
      }
      int64_t inner = runs;
      bool innerReduce = inReduce;
      if (auto range = dyn_cast<k::RangeOp>(op)) {
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
bool hasSchedule(k::KernelOp kernel) {
  return kernel
      .walk([](k::RangeOp range) {
        return range.getAxis() == AxisType::Loop ||
                       range.getAxis() == AxisType::Reduce
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// Whether `range` is the tail upcastRows splits from a row loop: an UPCAST
/// range, or a LOOP range of one iteration.
bool isRowTail(k::RangeOp range) {
  return range.getAxis() == AxisType::Upcast ||
         (range.getAxis() == AxisType::Loop &&
          getConstantIntValue(range.getBound()) == 1);
}

/// The outermost range of `kernel`'s output nest that runs more than once,
/// or null (see the file comment).
k::RangeOp findThreadRange(k::KernelOp kernel) {
  Block *block = &kernel.getBody().front();
  while (true) {
    k::RangeOp only;
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      auto range = dyn_cast<k::RangeOp>(op);
      if (range && only) {
        if (block->getParentOp() == kernel.getOperation() && isRowTail(range))
          continue;
        return {};
      }
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

/// Splits the columns of each reduction-outside nest of `kernel` whose
/// output ranges all run once (or are UPCAST: a GEMV of a few rows) among
/// `numThreads` THREAD iterations, or the most fewer (2 at least) that
/// divide them (threadColumns).
void threadReductionColumns(k::KernelOp kernel, int64_t numThreads) {
  SmallVector<k::RangeOp> nests;
  kernel.walk<WalkOrder::PreOrder>([&](k::RangeOp range) {
    if (range.getAxis() != AxisType::Reduce)
      return range.getAxis() == AxisType::Upcast ||
                     (range.getAxis() == AxisType::Loop &&
                      getConstantIntValue(range.getBound()) == 1)
                 ? WalkResult::advance()
                 : WalkResult::skip();
    nests.push_back(range);
    return WalkResult::skip();
  });
  for (k::RangeOp reduce : nests) {
    auto columns = dyn_cast_or_null<k::RangeOp>(
        reduce.getBody().front().getTerminator()->getPrevNode());
    std::optional<int64_t> numColumns =
        columns ? getConstantIntValue(columns.getBound()) : std::nullopt;
    if (!numColumns || *numColumns < 1)
      continue;
    int64_t count = numThreads;
    while (count >= 2 && *numColumns % count != 0)
      --count;
    if (count >= 2)
      (void)threadColumns(reduce, count);
  }
}

/// Whether `op` reads a value of `dependent`; if so, adds its results (and a
/// range's iteration arguments) to it. Called on ops in pre-order, it grows
/// `dependent` into every value computed from its initial values.
bool propagateDependence(Operation *op, DenseSet<Value> &dependent) {
  bool reads = llvm::any_of(op->getOperands(), [&](Value operand) {
    return dependent.contains(operand);
  });
  if (reads) {
    dependent.insert(op->getResults().begin(), op->getResults().end());
    if (auto range = dyn_cast<k::RangeOp>(op))
      dependent.insert(range.getRegionIterArgs().begin(),
                       range.getRegionIterArgs().end());
  }
  return reads;
}

/// Whether a REDUCE range in the body of `loop` loads a value whose address
/// does not depend on `loop`'s index.
bool reductionSharesLoads(k::RangeOp loop) {
  DenseSet<Value> varying{loop.getInductionVar()};
  bool shares = false;
  loop.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool dependent = propagateDependence(op, varying);
    if (auto load = dyn_cast<k::LoadOp>(op))
      shares |= !dependent && op->getParentOfType<k::RangeOp>() != loop;
  });
  return shares;
}

/// UPCASTs the loops of `kernel` that reduce each element inside them and
/// share a load between the elements (see the file comment).
void upcastSharedLoads(k::KernelOp kernel) {
  SmallVector<k::RangeOp> loops;
  kernel.walk([&](k::RangeOp loop) {
    if (loop.getAxis() != AxisType::Loop)
      return;
    for (Operation &op : loop.getBody().front())
      if (auto reduce = dyn_cast<k::RangeOp>(op);
          reduce && reduce.getAxis() == AxisType::Reduce &&
          !reduce.getInitArgs().empty()) {
        loops.push_back(loop);
        return;
      }
  });
  for (k::RangeOp loop : loops) {
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

/// The column loop of the reduction-outside nest whose outermost REDUCE
/// range is `reduce`: the LOOP range last in the body of its innermost
/// REDUCE range. Null when there is none.
k::RangeOp getColumnLoop(k::RangeOp reduce) {
  k::RangeOp inner = reduce;
  while (auto next = dyn_cast_or_null<k::RangeOp>(
             inner.getBody().front().getTerminator()->getPrevNode())) {
    if (next.getAxis() != AxisType::Reduce)
      return next.getAxis() == AxisType::Loop ? next : k::RangeOp();
    inner = next;
  }
  return {};
}

/// The row loop of the reduction-outside nest whose outermost REDUCE range
/// is `reduce`: of the LOOP ranges around it of a constant bound above 1,
/// the outermost on which no load of the column loop depends, other than
/// the accumulators' (its rows then share each of those loads, as a
/// matmul's rows share B, or a convolution's output channels its input
/// row; a convolution's batch, outermost, would give each row an image of
/// its own, whole images apart); the outermost when each has such a load.
/// Null when `reduce` carries values or is in another REDUCE range.
k::RangeOp getRowLoop(k::RangeOp reduce) {
  if (reduce.getAxis() != AxisType::Reduce || !reduce.getInitArgs().empty())
    return {};
  SmallVector<k::RangeOp> candidates;
  for (auto range = reduce->getParentOfType<k::RangeOp>(); range;
       range = range->getParentOfType<k::RangeOp>()) {
    if (range.getAxis() == AxisType::Reduce)
      return {};
    std::optional<int64_t> bound = getConstantIntValue(range.getBound());
    if (range.getAxis() == AxisType::Loop && bound && *bound > 1)
      candidates.push_back(range);
  }
  if (candidates.empty())
    return {};
  k::RangeOp columns = getColumnLoop(reduce);
  if (!columns)
    return candidates.back();
  DenseSet<Value> accumulators;
  columns.getBody().walk(
      [&](k::StoreOp store) { accumulators.insert(store.getPtr()); });
  DenseSet<Value> fromColumn{columns.getInductionVar()};
  DenseSet<Operation *> columnLoads;
  columns.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto load = dyn_cast<k::LoadOp>(op);
    if (propagateDependence(op, fromColumn) && load &&
        !accumulators.contains(load.getPtr()))
      columnLoads.insert(op);
  });
  for (k::RangeOp rows : llvm::reverse(candidates)) {
    DenseSet<Value> fromRow{rows.getInductionVar()};
    bool shares = true;
    rows.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (propagateDependence(op, fromRow) && columnLoads.contains(op))
        shares = false;
    });
    if (shares)
      return rows;
  }
  return candidates.back();
}

/// UPCASTs the row loop of each reduction-outside nest of `kernel`
/// `rowUpcast` rows at a time, its tail split off and upcast on its own
/// (see the file comment).
void upcastRows(k::KernelOp kernel, int64_t rowUpcast) {
  SmallVector<k::RangeOp> rowLoops;
  kernel.walk([&](k::RangeOp reduce) {
    if (k::RangeOp rows = getRowLoop(reduce);
        rows && !llvm::is_contained(rowLoops, rows))
      rowLoops.push_back(rows);
  });
  for (k::RangeOp rows : rowLoops) {
    // A few rows (a GEMV of a small batch) are UPCAST together: the
    // source is read once for all of them, where groups of rows would each
    // read it whole, and the nest's output ranges run once, so
    // threadReductionColumns splits its columns over the threads.
    std::optional<int64_t> bound = getConstantIntValue(rows.getBound());
    if (bound && *bound > 1 && *bound <= std::min(rowUpcast, kFewRows) &&
        succeeded(upcastLoop(rows, *bound)))
      continue;
    (void)upcastRowBlocks(rows, rowUpcast, /*splitTail=*/true);
  }
}

/// A reduction-outside nest of fewer columns than 8 vectors of f32 on the
/// widest hosts (AVX-512: 16 lanes; a convolution's 112 to 7 output
/// columns) is narrow. Below 64 columns -tiny-optimize's tiles of 8 rows
/// hold one vector per row (a 1024-column matmul's hold 2), so each value
/// the rows share (a weight, loaded and broadcast) serves one FMA per row;
/// a row of 112 is 3 tiles of 2 vectors and one of 1, each a pass over a
/// short reduction (ResNet's stem: 147 reduced indices).
constexpr int64_t kNarrowColumns = 128;

/// The rows of a second loop a narrow nest's tiles compute together.
constexpr int64_t kNarrowRowUpcast = 2;

/// UPCASTs by kNarrowRowUpcast, in each narrow reduction-outside nest of
/// `kernel` whose rows are UPCAST, the innermost LOOP range of more than one
/// iteration between the rows' UPCAST range and the nest (a convolution's
/// output row, inside its output channels): each weight loaded then serves
/// two output rows. Measured (bench-conv, batch 1, 1 thread, tiny/oneDNN):
/// 3x3 64>64 @56 0.74 -> 0.81, 3x3 128>128 @28 0.60 -> 0.82, 3x3 256>256
/// @14 0.58 -> 0.81, 3x3 512>512 @7 0.42 -> 0.52, the strided ones 0.36-0.59
/// -> 0.42-0.74; batch 16 alike (0.31-0.65 -> 0.31-0.79). The stem (112
/// columns) 0.30-0.31 -> 0.36-0.42 at batch 1, 0.31 -> 0.32 at batch 16.
void upcastNarrowNests(k::KernelOp kernel) {
  SmallVector<k::RangeOp> loops;
  kernel.walk([&](k::RangeOp reduce) {
    auto parent = reduce->getParentOfType<k::RangeOp>();
    if (reduce.getAxis() != AxisType::Reduce || !reduce.getInitArgs().empty() ||
        (parent && parent.getAxis() == AxisType::Reduce))
      return;
    k::RangeOp columns = getColumnLoop(reduce);
    std::optional<int64_t> numColumns =
        columns ? getConstantIntValue(columns.getBound()) : std::nullopt;
    if (!numColumns || *numColumns >= kNarrowColumns)
      return;
    k::RangeOp inner;
    for (k::RangeOp range = parent; range;
         range = range->getParentOfType<k::RangeOp>()) {
      if (range.getAxis() == AxisType::Upcast) {
        if (inner && !llvm::is_contained(loops, inner))
          loops.push_back(inner);
        return;
      }
      std::optional<int64_t> bound = getConstantIntValue(range.getBound());
      if (!inner && range.getAxis() == AxisType::Loop && bound && *bound > 1)
        inner = range;
    }
  });
  for (k::RangeOp loop : loops)
    (void)upcastRowBlocks(loop, kNarrowRowUpcast, /*splitTail=*/true);
}

/// What a REDUCE range's iteration reads of the sources that depend on both
/// the reduced index and the column of its body's LOOP range (a matmul's B:
/// a row of it per reduced index).
struct ReducedRows {
  /// The bytes one iteration loads of them.
  int64_t bytes = 0;
  /// Whether the rows of one share cache sets (rowsShareCacheSets).
  bool conflicting = false;
};

/// The rows of a source whose starts rowsShareCacheSets counts in the sets
/// of a first-level cache: a packed block's (kPackedReduceBlock iterations
/// of a reduce UNROLLed by 4).
constexpr int64_t kCacheSetRows = 128;

/// Whether rows `rowBytes` apart, of elements of `elementBytes`, fall in a
/// few sets of a first-level cache indexed by the address bits below 4 KiB
/// (64 sets of 64-byte lines), so that a register tile's columns of a block
/// of rows (and A's rows beside them) evict each other: consecutive rows
/// less than half a cache line from a multiple of 4 KiB apart (n = 1024 or
/// 1023 f32 columns, 2048 bf16), or, for elements narrower than f32, the
/// starts of kCacheSetRows consecutive rows in fewer than 4 sets (2 KiB
/// apart: 1024 bf16 columns, in 2). Rows a cache line or more from such
/// multiples (n = 1000, 1008) spread over all 64. Measured (bench-lowp,
/// bench-kernels, 3 alternating runs): packed, the 1024^3 bf16 matmul ran at
/// 0.92-0.93 of oneDNN on one thread where it ran at 0.62-0.66 unpacked,
/// 0.76-0.90 on two against 0.60-0.64; f16 1024^3 alike packed or not; but
/// f32 512^3 (rows 2 KiB apart too) at 0.79-0.83 of sgemm on two threads
/// against 1.01-1.04 unpacked (level on one), hence f32 is left out.
bool rowsShareCacheSets(int64_t rowBytes, int64_t elementBytes) {
  int64_t offset = rowBytes % 4096;
  if (std::min(offset, 4096 - offset) < 32)
    return true;
  if (elementBytes >= 4)
    return false;
  std::bitset<64> sets;
  for (int64_t row = 0; row < kCacheSetRows; ++row)
    sets.set(static_cast<size_t>(row * offset % 4096 / 64));
  return sets.count() < 4;
}

/// The rows `reduce` reads per iteration, when it is the REDUCE range of a
/// reduction-outside nest; none otherwise.
std::optional<ReducedRows> getReducedRows(k::RangeOp reduce) {
  if (reduce.getAxis() != AxisType::Reduce || !reduce.getInitArgs().empty())
    return std::nullopt;
  auto columns = dyn_cast_or_null<k::RangeOp>(
      reduce.getBody().front().getTerminator()->getPrevNode());
  if (!columns || columns.getAxis() != AxisType::Loop)
    return std::nullopt;
  std::optional<int64_t> numColumns = getConstantIntValue(columns.getBound());
  if (!numColumns)
    return std::nullopt;
  DenseSet<Value> fromReduced{reduce.getInductionVar()};
  DenseSet<Value> fromColumn{columns.getInductionVar()};
  int64_t bytes = 0;
  bool conflicting = false;
  reduce.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool reduced = propagateDependence(op, fromReduced);
    bool column = propagateDependence(op, fromColumn);
    if (auto load = dyn_cast<k::LoadOp>(op); load && reduced && column) {
      Type element = getElementTypeOrSelf(load.getType());
      int64_t bits =
          element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
      int64_t elementBytes = std::max<int64_t>(1, bits / 8);
      conflicting |=
          rowsShareCacheSets(*numColumns * elementBytes, elementBytes);
      // An UNROLL range in the column loop runs its loads several times.
      int64_t runs = 1;
      for (auto range = load->getParentOfType<k::RangeOp>(); range != columns;
           range = range->getParentOfType<k::RangeOp>())
        runs *= getConstantIntValue(range.getBound()).value_or(1);
      bytes += runs * *numColumns * elementBytes;
    }
  });
  return ReducedRows{bytes, conflicting};
}

/// Where -tiny-cpu-schedule packs the cache blocks of a source (its pack
/// option).
enum class PackMode {
  /// Where packingPays.
  Auto,
  /// Wherever packOperand applies.
  On,
  /// Nowhere.
  Off,
};

/// Whether packing the cache blocks of a reduction-outside nest's source
/// pays (pack option auto): only where its rows share cache sets
/// (`conflicting`; see the file comment for the figures).
bool packingPays(bool conflicting) { return conflicting; }

/// The columns of a packed block (see the file comment): all `numColumns`
/// when `rowBytes` (the bytes of the source one reduced iteration reads,
/// over all columns) times kPackedReduceBlock fit `budget`, else the most,
/// a multiple of kPackedColumnTile dividing `numColumns`, that do.
int64_t getPackedColumns(int64_t numColumns, int64_t rowBytes,
                         int64_t budget) {
  int64_t bytesPerColumn = std::max<int64_t>(1, rowBytes / numColumns);
  if (llvm::checkedMul(rowBytes, kPackedReduceBlock).value_or(INT64_MAX) <=
      budget)
    return numColumns;
  int64_t best = numColumns;
  for (int64_t columns = kPackedColumnTile; columns < numColumns;
       columns += kPackedColumnTile)
    if (numColumns % columns == 0 &&
        columns * bytesPerColumn * kPackedReduceBlock <= budget)
      best = columns;
  return best;
}

/// Blocks `reduce` by `size` and packs the blocks `columns` columns at a
/// time, in a copy of the kernel's nest around it that replaces the nest
/// when both apply, and returns the range of the blocks; fails, changing
/// nothing, otherwise.
FailureOr<k::RangeOp> blockAndPack(k::KernelOp kernel, k::RangeOp reduce,
                                   int64_t size, int64_t columns) {
  Operation *top = reduce;
  while (top->getParentOp() != kernel.getOperation())
    top = top->getParentOp();
  IRMapping mapping;
  OpBuilder builder(top);
  Operation *copy = builder.clone(*top, mapping);
  // blockReduce replaces the copy by the ops from after `previous` to `top`.
  Operation *previous = copy->getPrevNode();
  // The ops of the copy read each other's results: all of them stop
  // reading before any goes.
  auto eraseCopy = [&] {
    SmallVector<Operation *> copied;
    for (Operation *op = previous ? previous->getNextNode()
                                  : &kernel.getBody().front().front();
         op != top; op = op->getNextNode())
      copied.push_back(op);
    for (Operation *op : copied)
      op->dropAllReferences();
    for (Operation *op : llvm::reverse(copied))
      op->erase();
  };
  FailureOr<k::RangeOp> blocked = blockReduce(
      cast<k::RangeOp>(mapping.lookup(reduce.getOperation())), size);
  if (failed(blocked)) {
    eraseCopy();
    return failure();
  }
  k::RangeOp blocks;
  for (Operation *op = previous ? previous->getNextNode()
                                : &kernel.getBody().front().front();
       op != top && !blocks; op = op->getNextNode())
    op->walk<WalkOrder::PreOrder>([&](k::RangeOp range) {
      // A block of one column divides every column loop.
      if (canPackOperand(range, /*columnBlock=*/1)) {
        blocks = range;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  if (!blocks || failed(packOperand(blocks, columns))) {
    eraseCopy();
    return failure();
  }
  top->erase();
  return *blocked;
}

/// Splits into cache blocks the REDUCE range of each reduction-outside nest
/// whose rows, all together, read more than `budget` bytes of a source per
/// pass over the reduced indices, packed where `pack` says so and
/// packOperand applies, else only when it reads more than `conflictBudget`
/// bytes or its rows are not a multiple of 4 KiB apart (see the file
/// comment).
void blockReductions(k::KernelOp kernel, int64_t budget, int64_t conflictBudget,
                     PackMode pack) {
  DenseSet<Operation *> unpackable;
  // Each blocking copies the nest: look for the next candidate afresh.
  for (int round = 0; round < 16; ++round) {
    k::RangeOp candidate;
    int64_t size = 0, packedSize = 0, packedColumns = 0;
    kernel.walk([&](k::RangeOp reduce) {
      std::optional<int64_t> bound = getConstantIntValue(reduce.getBound());
      std::optional<ReducedRows> rows = getReducedRows(reduce);
      if (!bound || !rows || rows->bytes == 0 || *bound * rows->bytes <= budget)
        return WalkResult::advance();
      // Blocking pays only when more than one row reads each block: the
      // rows of an UPCAST range read it together, once.
      bool reused = false;
      for (auto range = reduce->getParentOfType<k::RangeOp>(); range;
           range = range->getParentOfType<k::RangeOp>()) {
        std::optional<int64_t> outer = getConstantIntValue(range.getBound());
        reused |= range.getAxis() != AxisType::Upcast && outer && *outer > 1;
      }
      if (!reused)
        return WalkResult::advance();
      // The most iterations whose rows of `rowBytes` bytes fit the budget.
      auto getBlock = [&](int64_t rowBytes) -> int64_t {
        int64_t best = 0;
        for (int64_t divisor = 1; divisor < *bound; ++divisor)
          if (*bound % divisor == 0 && divisor * rowBytes <= budget)
            best = divisor;
        return best >= kMinReduceBlock && canBlockReduce(reduce, best) ? best
                                                                       : 0;
      };
      int64_t plain = 0;
      if (!rows->conflicting || *bound * rows->bytes > conflictBudget)
        plain = getBlock(rows->bytes);
      int64_t packedBlock = 0, columns = 0;
      if (pack != PackMode::Off && !unpackable.contains(reduce)) {
        int64_t numColumns = *getConstantIntValue(
            cast<k::RangeOp>(
                reduce.getBody().front().getTerminator()->getPrevNode())
                .getBound());
        if (pack == PackMode::On || packingPays(rows->conflicting)) {
          columns = getPackedColumns(numColumns, rows->bytes, budget);
          packedBlock = getBlock(rows->bytes / (numColumns / columns));
        }
      }
      if (!plain && !packedBlock)
        return WalkResult::advance();
      candidate = reduce;
      size = plain;
      packedSize = packedBlock;
      packedColumns = columns;
      return WalkResult::interrupt();
    });
    if (!candidate)
      return;
    if (packedSize) {
      FailureOr<k::RangeOp> blocks =
          blockAndPack(kernel, candidate, packedSize, packedColumns);
      if (succeeded(blocks)) {
        (*blocks)->setAttr(kCacheBlocksAttrName,
                           UnitAttr::get(kernel.getContext()));
        continue;
      }
    }
    unpackable.insert(candidate);
    if (!size)
      return;
    FailureOr<k::RangeOp> blocks = blockReduce(candidate, size);
    if (failed(blocks))
      return;
    (*blocks)->setAttr(kCacheBlocksAttrName,
                       UnitAttr::get(kernel.getContext()));
  }
}

/// Moves the threads of each nest blockReductions blocked (its ranges of
/// blocks marked kCacheBlocksAttrName: a later blocking may have copied or
/// replaced one) outside its blocks, on `numThreads`, and drops the marks.
void hoistBlockedThreads(k::KernelOp kernel, int64_t numThreads, bool hoist) {
  SmallVector<k::RangeOp> marked;
  kernel.walk([&](k::RangeOp range) {
    if (range->removeAttr(kCacheBlocksAttrName))
      marked.push_back(range);
  });
  if (hoist)
    for (k::RangeOp blocks : marked)
      (void)hoistThreads(blocks, numThreads);
}

/// The bytes of the host's second-level cache per core.
int64_t getHostCacheBytes() {
  long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return bytes > 0 ? bytes : int64_t{1} << 20;
}

/// The bytes of the host's last-level cache.
int64_t getHostLastLevelCacheBytes() {
  long bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
  return bytes > 0 ? bytes : int64_t{8} << 20;
}

struct TinyCPUSchedulePass
    : public tiny::impl::TinyCPUScheduleBase<TinyCPUSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    // Half the cache holds the block of the source; the rest the rows'
    // operands and accumulators.
    int64_t budget = (cacheBytes > 0 ? cacheBytes : getHostCacheBytes()) / 2;
    int64_t conflictBudget = getHostLastLevelCacheBytes() / 4;
    std::optional<PackMode> packMode =
        llvm::StringSwitch<std::optional<PackMode>>(pack)
            .Case("auto", PackMode::Auto)
            .Case("on", PackMode::On)
            .Case("off", PackMode::Off)
            .Default(std::nullopt);
    if (!packMode) {
      getOperation()->emitError()
          << "-tiny-cpu-schedule: pack must be auto, on or off, not '" << pack
          << "'";
      return signalPassFailure();
    }
    int64_t numThreads =
        threads > 0 ? threads
                    : static_cast<int64_t>(
                          llvm::hardware_concurrency().compute_thread_count());
    getOperation()->walk<WalkOrder::PreOrder>([&](k::KernelOp kernel) {
      if (isGpuKernel(kernel) || hasSchedule(kernel) ||
          kernel->hasAttr(kScheduledAttrName))
        return WalkResult::skip();
      upcastRows(kernel, rowUpcast > 0 ? rowUpcast : kRowUpcast);
      upcastNarrowNests(kernel);
      SmallVector<k::RangeOp> reduces;
      kernel.walk([&](k::RangeOp range) {
        if (range.getAxis() == AxisType::Reduce)
          reduces.push_back(range);
      });
      // Only the innermost REDUCE range of a nest matches.
      for (k::RangeOp reduce : reduces) {
        int64_t factor = reduceUnroll > 0 ? reduceUnroll : kReduceUnroll;
        if (reduceUnroll == 0 && runsOncePerThread(reduce) &&
            canUnrollReduce(reduce, kSingleRowReduceUnroll))
          factor = kSingleRowReduceUnroll;
        (void)unrollReduce(reduce, factor);
      }
      upcastSharedLoads(kernel);
      std::optional<int64_t> work = WorkCounter::count(kernel);
      bool enoughWork = work && *work >= minWork;
      k::RangeOp threadRange = enoughWork ? findThreadRange(kernel) : nullptr;
      if (threadRange)
        threadRange.setAxis(AxisType::Thread);
      blockReductions(kernel, budget, conflictBudget, *packMode);
      hoistBlockedThreads(kernel, numThreads, hoistThreads);
      // After the blocking (see the file comment).
      if (enoughWork && !threadRange)
        threadReductionColumns(kernel, numThreads);
      return WalkResult::skip();
    });
  }
};

} // namespace
