//===- Optimize.cpp - register tile widths for the host (-tiny-optimize) ===//
//
// The heuristic that chooses the width of each register tile
// (registerTile, passes/ScheduleActions.h) of the CPU kernels: as many
// vectors per row as leave about half the vector registers to the
// accumulators, at most kMaxVectorsPerRow. A kernel search chooses the
// width itself (jit/KernelSearch.h) and marks the kernel scheduled.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "passes/ScheduleActions.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYOPTIMIZE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The most vectors one output row of a tile spans: more only lengthens the
/// loop body without giving the FMA units more independent work.
constexpr int64_t kMaxVectorsPerRow = 4;

/// The widest vector registers of the host and how many there are.
std::pair<unsigned, unsigned> getHostVectorRegisters() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return {512, 32};
  if (features.lookup("avx2") || features.lookup("avx"))
    return {256, 16};
  if (features.lookup("neon") || features.lookup("sve"))
    return {128, 32};
  return {128, 16};
}

/// The most accumulator rows of a nest each thread runs once that is left
/// untiled, as one row is: every thread then reads the nest's sources once,
/// and a few rows' arithmetic per element read is below what the memory
/// delivers. Measured on 2 threads (1 MiB L2), 2x4096x4096 ran in 1.11-1.16
/// ms untiled against 1.69-1.74 tiled, 3 and 4 rows 1.53-1.56 and 1.69-1.72
/// untiled against 1.47-2.23 and 1.59-1.85.
constexpr int64_t kMaxStreamingRows = 4;

/// Whether the body of the REDUCE range `range` holds a LOOP or THREAD range
/// with a REDUCE range inside it.
bool holdsOutputRanges(k::RangeOp range) {
  return llvm::any_of(range.getBody().front(), [](Operation &op) {
    auto output = dyn_cast<k::RangeOp>(op);
    return output &&
           (output.getAxis() == AxisType::Loop ||
            output.getAxis() == AxisType::Thread) &&
           output
               ->walk([](k::RangeOp inner) {
                 return inner.getAxis() == AxisType::Reduce
                            ? WalkResult::interrupt()
                            : WalkResult::advance();
               })
               .wasInterrupted();
  });
}

/// A register tile to make: registerTile(reduce, width, lanes).
struct Tile {
  k::RangeOp reduce;
  int64_t width;
  int64_t lanes;
};

struct TinyOptimizePass
    : public tiny::impl::TinyOptimizeBase<TinyOptimizePass> {
  using TinyOptimizeBase::TinyOptimizeBase;

  void runOnOperation() override {
    auto [hostBits, hostRegisters] = getHostVectorRegisters();
    unsigned bits = vectorBits ? vectorBits.getValue() : hostBits;
    unsigned registers =
        vectorRegisters ? vectorRegisters.getValue() : hostRegisters;

    SmallVector<std::pair<k::RangeOp, RegisterTileNest>> nests;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Host vector tiles mean nothing to a kernel compiled for a GPU; a
      // kernel a search scheduled has the tiles it chose.
      if (auto kernel = dyn_cast<k::KernelOp>(op))
        return isGpuKernel(kernel) || kernel->hasAttr(kScheduledAttrName)
                   ? WalkResult::skip()
                   : WalkResult::advance();
      auto range = dyn_cast<k::RangeOp>(op);
      if (!range || range.getAxis() != AxisType::Reduce)
        return WalkResult::advance();
      if (std::optional<RegisterTileNest> nest = matchRegisterTile(range)) {
        nests.push_back({range, *nest});
        return WalkResult::skip();
      }
      // The range of a reduction's cache blocks (-tiny-cpu-schedule's
      // blockReduce) holds the output ranges of the nest it blocks; other
      // reduce ranges inside this one belong to its nest either way.
      return holdsOutputRanges(range) ? WalkResult::advance()
                                      : WalkResult::skip();
    });

    // Every width is checked before any nest changes: a width asked that
    // does not fit one nest fails the pass, with the IR as it was.
    SmallVector<Tile> tiles;
    bool fits = true;
    for (auto &[reduce, nest] : nests) {
      unsigned elementBits = nest.accumulatorType.getIntOrFloatBitWidth();
      int64_t lanes = std::max<int64_t>(1, bits / std::max(8u, elementBits));
      // A row of one column is a tile of scalars with strided loads: slower
      // than the column loop as it is.
      if (nest.numColumns < 2)
        continue;
      if (vectorsPerRow) {
        std::optional<int64_t> width = llvm::checkedMul<int64_t>(
            static_cast<int64_t>(vectorsPerRow.getValue()), lanes);
        if (!width || !canRegisterTile(reduce, *width, lanes)) {
          reduce.emitError("vectors-per-row=")
              << vectorsPerRow.getValue() << ": " << vectorsPerRow.getValue()
              << " vectors of " << lanes << " lanes do not fit the "
              << nest.numColumns << " columns of this reduction";
          fits = false;
          continue;
        }
        tiles.push_back({reduce, *width, lanes});
        continue;
      }
      // One row reads each element of its column-dependent sources once:
      // the nest is bound by reading them (a GEMV, a sum over a matrix's
      // rows), and the column loop inside the reduce range reads them as
      // they lie, a row at a time. Tiles would read a tile's columns of
      // every row before the next tile's, a short piece a row apart, which
      // the hardware prefetchers do not follow. On one thread of this
      // project's machine (AMD EPYC, AVX-512): a 1x4096x4096 f32 GEMV 4.6
      // ms tiled, 1.9 ms untiled (35 GB/s, a stream loop's rate);
      // 1x1024x1024, whose B fits the caches, 108 us against 42 us;
      // 1x256x256, 2.3 us against 1.8 us.
      // So do a few rows that each thread runs once (a GEMV of a small
      // batch).
      bool streams = nest.numAccumulators == 1 ||
                     (nest.numAccumulators <= kMaxStreamingRows &&
                      runsOncePerThread(reduce));
      if (streams && !tileSingleRows)
        continue;
      // Half the registers hold accumulators; the rest hold the loaded
      // operands of the reduce loop.
      int64_t perRow =
          static_cast<int64_t>(registers / 2) / nest.numAccumulators;
      perRow = std::clamp<int64_t>(perRow, 1, kMaxVectorsPerRow);
      // A row shorter than a register (a late convolution's 7 or 14
      // columns) is one tile of a vector of its width: its reduce loop then
      // loads the values the rows share (the weights) once for all columns.
      // Untiled, LLVM would unroll such a short column loop fully before its
      // loop vectorizer runs, and leave the copies scalar.
      if (nest.numColumns < lanes) {
        tiles.push_back({reduce, nest.numColumns, lanes});
        continue;
      }
      while (perRow > 1 && perRow * lanes > nest.numColumns)
        perRow /= 2;
      tiles.push_back({reduce, perRow * lanes, lanes});
    }
    if (!fits)
      return signalPassFailure();
    for (Tile tile : tiles)
      if (failed(registerTile(tile.reduce, tile.width, tile.lanes))) {
        tile.reduce.emitError("cannot register-tile this reduction by ")
            << tile.width << " columns";
        return signalPassFailure();
      }
  }
};

} // namespace
