//===- KernelWork.cpp - static work estimates of kernels ------------------===//

#include "dialects/tiny/Utils/KernelWork.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The product of the constant bounds of the ranges around `op` inside
/// `kernel`: how many times `op` runs. Saturates instead of overflowing.
int64_t getTripCount(Operation *op, k::KernelOp kernel) {
  int64_t count = 1;
  for (Operation *parent = op->getParentOp(); parent && parent != kernel;
       parent = parent->getParentOp()) {
    auto range = dyn_cast<k::RangeOp>(parent);
    if (!range)
      continue;
    APInt bound;
    if (!matchPattern(range.getBound(), m_ConstantInt(&bound)))
      continue;
    std::optional<int64_t> product =
        llvm::checkedMul(count, bound.getSExtValue());
    count = product ? *product : std::numeric_limits<int64_t>::max();
  }
  return count;
}

/// True for an op tinygrad counts as a FLOP: arithmetic of the arith or
/// math dialects on values that are not indices (no constants, no casts).
bool isCountedArithmetic(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (dialect != "arith" && dialect != "math")
    return false;
  if (op->getNumResults() != 1 || op->hasTrait<OpTrait::ConstantLike>() ||
      isa<CastOpInterface>(op))
    return false;
  return !getElementTypeOrSelf(op->getResult(0).getType()).isIndex();
}

} // namespace

KernelWork mlir::tiny::estimateKernelWork(k::KernelOp kernel) {
  int64_t flops = 0;
  kernel.walk([&](Operation *op) {
    if (!isCountedArithmetic(op))
      return;
    int64_t lanes = 1;
    if (auto vector = dyn_cast<VectorType>(op->getResult(0).getType()))
      lanes = vector.getNumElements();
    std::optional<int64_t> work =
        llvm::checkedMul(getTripCount(op, kernel), lanes);
    std::optional<int64_t> total =
        work ? llvm::checkedAdd(flops, *work) : std::nullopt;
    flops = total ? *total : std::numeric_limits<int64_t>::max();
  });
  llvm::SetVector<Value> buffers;
  kernel.walk([&](Operation *op) {
    Value ptr;
    if (auto load = dyn_cast<k::LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<k::StoreOp>(op))
      ptr = store.getPtr();
    else if (auto add = dyn_cast<k::AtomicAddOp>(op))
      ptr = add.getPtr();
    if (auto index = ptr ? ptr.getDefiningOp<k::IndexOp>() : k::IndexOp())
      buffers.insert(index.getBuffer());
  });
  int64_t bytes = 0;
  for (Value buffer : buffers) {
    auto type = cast<MemRefType>(buffer.getType());
    unsigned bits = type.getElementTypeBitWidth();
    std::optional<int64_t> size =
        llvm::checkedMul(type.getNumElements(), int64_t((bits + 7) / 8));
    std::optional<int64_t> total =
        size ? llvm::checkedAdd(bytes, *size) : std::nullopt;
    bytes = total ? *total : std::numeric_limits<int64_t>::max();
  }
  return {flops, bytes};
}
