//===- WorkgroupBuffers.cpp - LOCAL buffers to workgroup memory -----------===//
//
// Buffers in the LOCAL address space become workgroup memory of the launch
// that addresses them. The accesses to it are lowered by the memory
// patterns -convert-tiny-to-scf uses too (populateTinyMemoryToMemRefPatterns);
// the barriers between the threads' accesses are -tiny-gpu-insert-barriers'
// (WorkgroupHazards.h).
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToGPU/Launch.h"

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

/// Moves the LOCAL buffers the launch addresses into its workgroup memory.
LogicalResult lowerLocalBuffers(RewriterBase &rewriter,
                                LaunchLowering &lowering) {
  SetVector<Value> buffers;
  lowering.body().walk([&](k::IndexOp index) {
    if (isLocalBuffer(index.getBuffer()))
      buffers.insert(index.getBuffer());
  });
  for (Value buffer : buffers) {
    Operation *alloc = buffer.getDefiningOp();
    if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc))
      return emitError(buffer.getLoc(),
                       "a LOCAL buffer must come from memref.alloc or "
                       "memref.alloca to become workgroup memory");
    SmallVector<Operation *> deallocs;
    for (Operation *user : buffer.getUsers()) {
      if (isa<memref::DeallocOp>(user)) {
        deallocs.push_back(user);
        continue;
      }
      if (!isa<k::IndexOp>(user))
        return user->emitOpError("uses a LOCAL buffer, which only "
                                 "tiny.k.index may address");
      if (!lowering.launch->isProperAncestor(user))
        return user->emitOpError("uses a LOCAL buffer outside the kernel that "
                                 "addresses it; workgroup memory lives only "
                                 "as long as one kernel");
    }
    auto type = cast<MemRefType>(buffer.getType());
    Value shared = lowering.launch.addWorkgroupAttribution(
        getWorkgroupType(rewriter.getContext(), type.getShape(),
                         type.getElementType()),
        alloc->getLoc());
    for (Operation *dealloc : deallocs)
      rewriter.eraseOp(dealloc);
    // The buffer is replaced, not the operand of its tiny.k.index ops (which
    // address tiny address spaces only): the memory patterns read the
    // workgroup buffer from their adaptors.
    rewriter.replaceOp(alloc, shared);
  }
  return success();
}

} // namespace mlir::tiny::tinytogpu
