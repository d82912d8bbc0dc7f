//===- WorkgroupHazards.cpp - races on a launch's workgroup memory --------===//

#include "conversions/GPUInsertBarriers/WorkgroupHazards.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tiny;

//===----------------------------------------------------------------------===//
// BlockUniformity
//===----------------------------------------------------------------------===//

bool BlockUniformity::isUniform(Value value) {
  auto it = known.find(value);
  if (it != known.end())
    return it->second;
  // Divergent until shown otherwise, should a value ever reach itself.
  known[value] = false;
  bool uniform = computeUniform(value);
  known[value] = uniform;
  return uniform;
}

bool BlockUniformity::computeUniform(Value value) {
  if (matchPattern(value, m_Constant()))
    return true;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    Block *owner = argument.getOwner();
    if (owner == &launch.getBody().front()) {
      gpu::KernelDim3 blocks = launch.getBlockIds();
      gpu::KernelDim3 grid = launch.getGridSize();
      gpu::KernelDim3 sizes = launch.getBlockSize();
      return llvm::is_contained({blocks.x, blocks.y, blocks.z, grid.x, grid.y,
                                 grid.z, sizes.x, sizes.y, sizes.z},
                                value);
    }
    Operation *parent = owner->getParentOp();
    if (!launch->isProperAncestor(parent))
      return false;
    // The induction variable of a loop every thread runs alike; carried
    // values may differ between threads.
    auto loop = dyn_cast<LoopLikeOpInterface>(parent);
    if (!loop)
      return false;
    std::optional<SmallVector<Value>> inductionVars =
        loop.getLoopInductionVars();
    return inductionVars && llvm::is_contained(*inductionVars, value) &&
           isUniformControl(parent);
  }
  Operation *op = value.getDefiningOp();
  if (!launch->isProperAncestor(op))
    return false;
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp>(op))
    return true;
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  return llvm::all_of(op->getOperands(),
                      [&](Value operand) { return isUniform(operand); });
}

bool BlockUniformity::isUniformControl(Operation *op) {
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return isUniform(branch.getCondition());
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  if (!loop)
    return false;
  std::optional<SmallVector<OpFoldResult>> lowerBounds =
      loop.getLoopLowerBounds();
  std::optional<SmallVector<OpFoldResult>> upperBounds =
      loop.getLoopUpperBounds();
  std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
  if (!lowerBounds || !upperBounds || !steps)
    return false;
  auto uniform = [&](OpFoldResult bound) {
    auto value = dyn_cast<Value>(bound);
    return !value || isUniform(value);
  };
  return llvm::all_of(*lowerBounds, uniform) &&
         llvm::all_of(*upperBounds, uniform) && llvm::all_of(*steps, uniform);
}

bool BlockUniformity::isReachedByAllThreads(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent != launch;
       parent = parent->getParentOp())
    if (!parent || !isUniformControl(parent))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// WorkgroupAccesses
//===----------------------------------------------------------------------===//

/// The workgroup buffer `value` addresses (through views), or null when it
/// is not a memref in the workgroup address space.
static Value getWorkgroupBuffer(Value value) {
  auto type = value ? dyn_cast<BaseMemRefType>(value.getType()) : nullptr;
  if (!type || !type.getMemorySpace() ||
      !gpu::GPUDialect::isWorkgroupMemoryAddressSpace(type.getMemorySpace()))
    return nullptr;
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>()) {
    if (view.getViewSource() == value)
      break;
    value = view.getViewSource();
  }
  return value;
}

void WorkgroupAccesses::add(Value buffer, WorkgroupAccess access) {
  WorkgroupAccess &mine = accesses[buffer];
  mine.read |= access.read;
  mine.written |= access.written;
}

WorkgroupAccesses &WorkgroupAccesses::operator|=(
    const WorkgroupAccesses &other) {
  for (auto &[buffer, access] : other.accesses)
    add(buffer, access);
  return *this;
}

bool WorkgroupAccesses::operator==(const WorkgroupAccesses &other) const {
  if (accesses.size() != other.accesses.size())
    return false;
  return llvm::all_of(accesses, [&](const auto &entry) {
    auto it = other.accesses.find(entry.first);
    return it != other.accesses.end() &&
           it->second.read == entry.second.read &&
           it->second.written == entry.second.written;
  });
}

bool WorkgroupAccesses::conflicts(const WorkgroupAccesses &later) const {
  return llvm::any_of(later.accesses, [&](const auto &entry) {
    auto it = accesses.find(entry.first);
    if (it == accesses.end())
      return false;
    return (entry.second.read && it->second.written) ||
           (entry.second.written && (it->second.read || it->second.written));
  });
}

bool WorkgroupAccesses::readsWritten(const WorkgroupAccesses &later) const {
  return llvm::any_of(later.accesses, [&](const auto &entry) {
    auto it = accesses.find(entry.first);
    return it != accesses.end() && entry.second.read && it->second.written;
  });
}

WorkgroupAccesses WorkgroupAccesses::of(Operation *op) {
  WorkgroupAccesses result;
  op->walk([&](Operation *nested) {
    if (auto interface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      interface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        Value buffer = getWorkgroupBuffer(effect.getValue());
        if (!buffer)
          continue;
        WorkgroupAccess access;
        access.read = isa<MemoryEffects::Read>(effect.getEffect());
        access.written = isa<MemoryEffects::Write>(effect.getEffect());
        if (access.read || access.written)
          result.add(buffer, access);
      }
      return;
    }
    // The ops it holds say for themselves.
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    for (Value operand : nested->getOperands())
      if (Value buffer = getWorkgroupBuffer(operand))
        result.add(buffer, {/*read=*/true, /*written=*/true});
  });
  return result;
}

//===----------------------------------------------------------------------===//
// WorkgroupHazardAnalysis
//===----------------------------------------------------------------------===//

WorkgroupHazardAnalysis::WorkgroupHazardAnalysis(gpu::LaunchOp launch)
    : uniformity(launch) {
  launch.getBody().walk([&](gpu::BarrierOp barrier) {
    if (!uniformity.isReachedByAllThreads(barrier))
      divergentBarriers.push_back(barrier);
  });
  walk(launch.getBody().front(), WorkgroupAccesses(), /*record=*/true);
}

WorkgroupAccesses WorkgroupHazardAnalysis::walk(Block &block,
                                                WorkgroupAccesses state,
                                                bool record) {
  for (Operation &op : block) {
    if (isa<gpu::BarrierOp>(op)) {
      state = WorkgroupAccesses();
      continue;
    }
    WorkgroupAccesses accesses = WorkgroupAccesses::of(&op);
    if (state.conflicts(accesses)) {
      if (record)
        barrierPoints.push_back(&op);
      state = WorkgroupAccesses();
    }
    if (op.getNumRegions() == 0 || !uniformity.isUniformControl(&op)) {
      if (record && op.getNumRegions() != 0)
        checkDivergentRegions(&op);
      state |= accesses;
      continue;
    }
    // A loop's body follows what comes before the loop and its own
    // iterations: grow its entry by what the body leaves until nothing
    // changes (the accesses only grow, over a finite set).
    WorkgroupAccesses entry = state;
    if (isa<LoopLikeOpInterface>(op)) {
      while (true) {
        WorkgroupAccesses next = entry;
        for (Region &region : op.getRegions())
          for (Block &nested : region)
            next |= walk(nested, entry, /*record=*/false);
        if (next == entry)
          break;
        entry = std::move(next);
      }
    }
    // What comes after: what a region leaves, or what came before when no
    // region runs (a branch not taken, a loop of no iterations).
    WorkgroupAccesses exit = state;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        exit |= walk(nested, entry, record);
    state = std::move(exit);
  }
  return state;
}

void WorkgroupHazardAnalysis::checkDivergentRegions(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      WorkgroupAccesses state;
      for (Operation &nested : block) {
        if (isa<gpu::BarrierOp>(nested)) {
          state = WorkgroupAccesses();
          continue;
        }
        WorkgroupAccesses accesses = WorkgroupAccesses::of(&nested);
        if (state.readsWritten(accesses))
          divergentReads.push_back(&nested);
        state |= accesses;
        checkDivergentRegions(&nested);
      }
    }
}
