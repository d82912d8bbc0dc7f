//===- KernelSearch.h - CPU kernel schedules found by timing ----*- C++ -*-===//
//
// An opt-in search over the schedules of each CPU kernel (in the spirit of
// tinygrad's BEAM search): the heuristic's schedule (-tiny-cpu-schedule,
// -tiny-optimize) and variations of its choices (THREAD or not; rows of a
// reduction-outside nest UPCAST 1, 2, 4 or 8 at a time; its reduced indices
// UNROLLed by 1, 2, 4 or 8; cache blocking of its reduction as the host's
// cache asks, off, or for half or twice that cache; its register tiles 1,
// 2 or 4 vectors wide per row; a matmul's B packed or not) are each lowered alone through the rest of
// the CPU pipeline, JIT-compiled and timed on scratch buffers of the
// kernel's arguments' sizes (zeros). A beam of the `width` fastest is kept
// each round, whose variations are tried next, until a round finds nothing
// faster. A candidate replaces the heuristic only when it runs at least 5%
// faster, timed again alternately with it.
//
// The choice is kept on disk, named by a hash of the unscheduled kernel's
// IR, the beam width, tiny's binary and the host CPU, in
// $TINY_BEAM_CACHE_DIR, else $TINY_CACHE_DIR/beam, else ~/.cache/tiny/beam:
// a later search of the same kernel reads it back and times nothing, so
// the schedule a program gets is the same every run.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_KERNELSEARCH_H
#define TINY_JIT_KERNELSEARCH_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tiny {

/// How the kernel search runs.
struct KernelSearchOptions {
  /// The beam width: how many of the fastest schedules each round keeps.
  /// 0 searches nothing.
  unsigned width = 0;
  /// Writes one line per kernel to stderr: whether it was searched or read
  /// from the cache, the schedule chosen and the times measured.
  bool verbose = false;
};

/// What the searches of this process did.
struct KernelSearchStats {
  /// Kernels whose schedules were timed.
  unsigned numSearched = 0;
  /// Kernels whose schedule came from the cache (on disk or this
  /// process's).
  unsigned numFromCache = 0;
  /// Candidate kernels compiled and timed.
  unsigned numTimed = 0;
  /// Seconds spent searching.
  double seconds = 0;
};

/// Searches a schedule for each CPU kernel of `module`, kernel-level
/// functions as -tiny-to-kernels leaves them, whose ranges are LOOP and
/// REDUCE only, and schedules it in place when the schedule found is not the
/// heuristic's: its ranges chosen, their UPCAST and UNROLL copies expanded
/// and its register tiles made, the kernel marked scheduled, so that
/// -tiny-cpu-schedule and -tiny-optimize keep it. A kernel that cannot be
/// lowered alone (it reads a value other than a buffer of static shape or a
/// constant) keeps the heuristic's. Fails only when the module cannot be
/// changed as chosen.
LogicalResult searchKernelSchedules(ModuleOp module,
                                    const KernelSearchOptions &options);

/// The counters of this process's searches.
KernelSearchStats getKernelSearchStats();

} // namespace mlir::tiny

#endif // TINY_JIT_KERNELSEARCH_H
