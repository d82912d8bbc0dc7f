//===- WorkgroupHazards.h - races on a launch's workgroup memory -*- C++ -*-===//
//
// The threads of a block share its workgroup memory and run at their own
// pace between barriers: a thread may read a slot before the thread that
// writes it has, or overwrite a slot another thread has yet to read. This
// analysis follows, through the body of a gpu.launch, which workgroup
// buffers have been read and written since the last barrier, and says
// where a barrier must go so that no access races with one of another
// phase, and where one would be needed but cannot go, because not every
// thread of the block gets there (a barrier some threads skip hangs the
// block).
//
// It reasons about whole buffers, not slots: any read of a buffer written
// since the last barrier, and any write of one read or written since, is a
// hazard. -tiny-gpu-insert-barriers acts on its answers.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_GPUINSERTBARRIERS_WORKGROUPHAZARDS_H
#define TINY_CONVERSIONS_GPUINSERTBARRIERS_WORKGROUPHAZARDS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tiny {

/// Which values every thread of a block of a launch holds alike, and so
/// which branches and loops every thread of a block runs alike.
///
/// Uniform are constants, the launch's block ids and its grid and block
/// sizes, the induction variables of uniform loops, and what pure
/// arith / index / math ops (and gpu.block_id, gpu.grid_dim,
/// gpu.block_dim) compute from uniform values. Everything else counts as
/// divergent: thread ids, loaded values, values carried by loops or yielded
/// by branches, and values from outside the launch that are not constants.
/// The host does pass those the same to every thread; treating them as
/// divergent keeps the analysis as cautious as the barrier placement it
/// replaces (a branch on a function argument is reported, not trusted),
/// which errs towards an error, never towards a hang.
class BlockUniformity {
public:
  explicit BlockUniformity(gpu::LaunchOp launch) : launch(launch) {}

  /// Whether every thread of a block holds the same `value` wherever it
  /// computes it.
  bool isUniform(Value value);

  /// Whether every thread of a block that reaches `op` runs its regions
  /// alike: an scf.if on a uniform condition, or a loop (tiny.k.range,
  /// scf.for, any LoopLikeOpInterface that names its bounds) whose bounds
  /// and steps are uniform.
  bool isUniformControl(Operation *op);

  /// Whether every thread of a block reaches `op`, which is in the launch:
  /// each op around it up to the launch is uniform control.
  bool isReachedByAllThreads(Operation *op);

private:
  bool computeUniform(Value value);

  gpu::LaunchOp launch;
  llvm::DenseMap<Value, bool> known;
};

/// What ops did to one workgroup buffer.
struct WorkgroupAccess {
  bool read = false;
  bool written = false;
};

/// The reads and writes of each workgroup buffer, as a set of (buffer,
/// read) and (buffer, write) pairs.
class WorkgroupAccesses {
public:
  void add(Value buffer, WorkgroupAccess access);
  WorkgroupAccesses &operator|=(const WorkgroupAccesses &other);
  bool operator==(const WorkgroupAccesses &other) const;
  bool empty() const { return accesses.empty(); }

  /// Whether `later`, run after these accesses with no barrier between,
  /// races with them: it reads a buffer written here, or writes one read
  /// or written here.
  bool conflicts(const WorkgroupAccesses &later) const;

  /// Whether `later` reads a buffer written here (read-after-write only).
  bool readsWritten(const WorkgroupAccesses &later) const;

  /// The workgroup accesses of `op` and of the ops it holds. An access is
  /// a memory effect (read, write) on a memref in the workgroup address
  /// space (`#gpu.address_space<workgroup>` or 3), followed through views
  /// to the buffer they view; an op that takes such a memref and does not
  /// say what it does with it reads and writes it.
  static WorkgroupAccesses of(Operation *op);

private:
  llvm::DenseMap<Value, WorkgroupAccess> accesses;
};

/// The barriers one gpu.launch needs. Walking its body in order, it keeps
/// the accesses since the last barrier (a gpu.barrier, or one it places):
/// - before an op whose accesses (its own and those of the ops it holds)
///   conflict with them, a barrier must go, where the op is: in the launch
///   body or a region of uniform control, which every thread runs alike;
/// - a uniform loop is entered with what comes before it and what its own
///   body leaves to its next iteration (to a fixpoint), so a hazard across
///   the back edge gets a barrier inside the loop, or before it when the
///   loop as a whole conflicts with what precedes it;
/// - a uniform branch's regions each start from what comes before it, and
///   the accesses after it are what any of them (or none) leaves;
/// - any other op with regions (a branch on a thread id, a loop whose trip
///   count differs between threads) is one step: a barrier goes before it
///   if it conflicts as a whole; inside, where no barrier can go, a read of
///   what the same region wrote since its last barrier is a hazard to
///   report. (Writes over what the region read are not reported: a tree
///   reduction's step reads slots its active threads do not write.)
/// It also lists the gpu.barrier ops already in the body that some threads
/// of a block may skip.
class WorkgroupHazardAnalysis {
public:
  explicit WorkgroupHazardAnalysis(gpu::LaunchOp launch);

  /// The ops before which a barrier must go, in the order of the walk.
  ArrayRef<Operation *> getBarrierPoints() const { return barrierPoints; }

  /// Ops that read, under control flow only some threads of a block take,
  /// workgroup memory other threads may have written since the last
  /// barrier, where no barrier can go.
  ArrayRef<Operation *> getDivergentReads() const { return divergentReads; }

  /// The gpu.barrier ops of the body that some threads of a block may not
  /// reach.
  ArrayRef<gpu::BarrierOp> getDivergentBarriers() const {
    return divergentBarriers;
  }

private:
  /// Walks `block` from the accesses `state` and returns those at its end.
  /// Only with `record` does it keep what it finds: a loop's body is also
  /// walked ahead, to learn what one iteration leaves to the next.
  WorkgroupAccesses walk(Block &block, WorkgroupAccesses state, bool record);

  /// Lists the reads of what the same region wrote, in the regions of
  /// `op`, which only some threads run.
  void checkDivergentRegions(Operation *op);

  BlockUniformity uniformity;
  SmallVector<Operation *> barrierPoints;
  SmallVector<Operation *> divergentReads;
  SmallVector<gpu::BarrierOp> divergentBarriers;
};

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_GPUINSERTBARRIERS_WORKGROUPHAZARDS_H
