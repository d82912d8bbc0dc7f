//===- WorkgroupBuffers.cpp - LOCAL buffers to workgroup memory -----------===//
//
// Buffers in the LOCAL address space become workgroup memory of the launch
// that addresses them; the barriers between the threads' accesses to it are
// -tiny-gpu-insert-barriers' (WorkgroupHazards.h).
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToGPU/Launch.h"

#include "conversions/TinyToSCF/TinyToSCF.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tiny;

namespace mlir::tiny::tinytogpu {

//===----------------------------------------------------------------------===//
// LOCAL buffers: workgroup memory
//===----------------------------------------------------------------------===//

static bool isLocalBuffer(Value buffer) {
  auto space = dyn_cast_or_null<AddrSpaceAttr>(
      cast<MemRefType>(buffer.getType()).getMemorySpace());
  return space && space.getValue() == AddrSpace::Local;
}

/// Accesses through `index` into `buffer`, as memref ops (as
/// -convert-tiny-to-scf lowers them): k.index addresses tiny address spaces
/// only, and the workgroup buffer is not one.
static LogicalResult lowerLocalAccesses(IRRewriter &rewriter, KIndexOp index,
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

} // namespace mlir::tiny::tinytogpu
