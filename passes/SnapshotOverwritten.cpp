//===- SnapshotOverwritten.cpp - reads of overwritten buffers -------------===//
//
// A tensor-level value is immutable: a read of a buffer that is not ordered
// after a store into it (through `tiny.after`) sees the buffer as it was
// before the store, as tinygrad's scheduler orders such reads before the
// assign. Rangeify emits kernels in program order and fuses unrealized
// reads into their consumers, which may run after the store; so every such
// read is made to read a copy of the buffer (`tiny.contiguous`) taken where
// the buffer is defined, before any store into it.
//
// Not reads of the buffer, and left alone: a store's target, an `after` of
// the buffer (it names the buffer at a later point), and the reads that
// compute only the stored value itself (rangeify stores a value that reads
// its target in place when it reads only the element it writes, and out of
// place otherwise). Rangeify takes a copy only when a kernel after the first
// store into the buffer reads it; until then kernels read the buffer. An `after` that a later store
// into the buffer overwrites is a buffer of its own here: the other reads
// of it read a copy taken right after it.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSNAPSHOTOVERWRITTEN
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The ops whose results only `store`'s value reads: ops of the value's
/// backward slice every user of which is `store` or another such op.
void addOpsOnlyTheStoreReads(StoreOp store, DenseSet<Operation *> &ops) {
  Operation *valueOp = store.getValue().getDefiningOp();
  if (!valueOp)
    return;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  (void)getBackwardSlice(valueOp, &slice, options);
  DenseSet<Operation *> onlyForStore;
  // The slice is in topological order: visit every user before its
  // operands' producers.
  for (Operation *op : llvm::reverse(slice)) {
    if (llvm::all_of(op->getUsers(), [&](Operation *user) {
          return user == store.getOperation() || onlyForStore.contains(user);
        }))
      onlyForStore.insert(op);
  }
  ops.insert(onlyForStore.begin(), onlyForStore.end());
}

/// True when `use` of a stored-into buffer does not read its contents
/// before the stores: it is a store's target or an `after`'s source.
bool isStorageUse(OpOperand &use) {
  if (auto store = dyn_cast<StoreOp>(use.getOwner()))
    return &use == &store.getTargetMutable();
  if (auto after = dyn_cast<AfterOp>(use.getOwner()))
    return &use == &after.getSrcMutable();
  return false;
}

struct TinySnapshotOverwrittenPass
    : public tiny::impl::TinySnapshotOverwrittenBase<
          TinySnapshotOverwrittenPass> {
  void runOnOperation() override {
    llvm::MapVector<Value, SmallVector<StoreOp>> storesByTarget;
    getOperation()->walk([&](StoreOp store) {
      storesByTarget[store.getTarget()].push_back(store);
    });
    for (auto &[target, stores] : storesByTarget) {
      DenseSet<Operation *> storedValueOps;
      for (StoreOp store : stores)
        addOpsOnlyTheStoreReads(store, storedValueOps);
      snapshotReads(target, storedValueOps);
      // The buffer after an earlier store is overwritten by a later one
      // too: what reads it sees it as it was between the two.
      for (Operation *user : llvm::to_vector(target.getUsers())) {
        auto after = dyn_cast<AfterOp>(user);
        if (!after || after.getSrc() != target)
          continue;
        bool overwrittenLater = llvm::any_of(stores, [&](StoreOp store) {
          return store->getBlock() == after->getBlock() &&
                 after->isBeforeInBlock(store);
        });
        if (overwrittenLater)
          snapshotReads(after.getResult(), storedValueOps);
      }
    }
  }

  /// Makes each read of `buffer` that is not a storage use and not part of a
  /// stored value read a copy of it taken where `buffer` is defined.
  void snapshotReads(Value buffer,
                     const DenseSet<Operation *> &storedValueOps) {
    SmallVector<OpOperand *> reads;
    for (OpOperand &use : buffer.getUses())
      if (!isStorageUse(use) && !storedValueOps.contains(use.getOwner()))
        reads.push_back(&use);
    if (reads.empty())
      return;
    OpBuilder builder(&getContext());
    builder.setInsertionPointAfterValue(buffer);
    Value snapshot = ContiguousOp::create(builder, buffer.getLoc(), buffer);
    for (OpOperand *use : reads)
      use->set(snapshot);
  }
};

} // namespace
