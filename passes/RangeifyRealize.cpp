//===- RangeifyRealize.cpp - which values rangeify realizes ---------------===//
//
// The decisions of -tiny-rangeify about buffers: which value a reduce's
// readers need realized so that one kernel computes it once per element,
// whether a store's kernel can write its target in place, whether a
// deferred copy of a buffer is read after a store into it, and whether a
// custom kernel can update its operand's buffer in place. They read the
// tensor graph only; Rangeify.cpp acts on them.
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "passes/Elementwise.h"
#include "passes/ScalarAlu.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

namespace mlir::tiny::rangeify {

/// True for a reshape that only adds or removes unit axes: it keeps the
/// row-major order of the elements and of their indices.
bool isUnitReshape(ReshapeOp reshape) {
  auto nonUnit = [](ArrayRef<int64_t> shape) {
    SmallVector<int64_t> dims;
    for (int64_t d : shape)
      if (d != 1)
        dims.push_back(d);
    return dims;
  };
  return nonUnit(getTensorType(reshape.getSrc()).getShape()) ==
         nonUnit(reshape.getType().getShape());
}

/// True when `op` reads each of its operands with `size` elements at the
/// position of the result element it computes, and has `size` elements
/// itself: an elementwise op that broadcasts no such operand (only unit
/// axes differ), a reshape that adds or removes unit axes, a marker. Read
/// through such ops, a value is read once per element of the result, at
/// the same indices (the kernel computes it once there).
bool keepsPositions(Operation *op, int64_t size) {
  if (op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || type.getNumElements() != size)
    return false;
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return isUnitReshape(reshape);
  return isa<DetachOp, ContiguousBackwardOp>(op) || isElementwise(op);
}

/// The last value of the chain of single uses that keep positions from
/// `reduce` (of `size` elements): its kernel computes the reduce once per
/// element, and what branches from it reads its buffer. Null when that value
/// is returned, and so gets a buffer anyway.
static Value lastUnbranched(ReduceOp reduce, int64_t size,
                     function_ref<bool(Value)> isOutput) {
  Value current = reduce.getResult();
  while (!isOutput(current) && current.hasOneUse() &&
         keepsPositions(*current.getUsers().begin(), size))
    current = current.getUsers().begin()->getResult(0);
  return isOutput(current) ? Value() : current;
}

/// The value to give a buffer so that a kernel computes `reduce` once per
/// element, or null when none is needed. tinygrad realizes a reduce whose
/// readers index it differently: one kernel would run the reduction again
/// for every element that reads it. Reads through ops that keep positions
/// (say, the two of `where(0 < r, r, 0)`) are at the same indices, where the
/// kernel computes the reduction once; so the values computed that way from
/// the reduce must all end in one value, the one other ops read. When there
/// are two such values (two outputs, or an expand and an add), the last
/// value before they branch gets the buffer (lastUnbranched). Past that one
/// value, single-use ops of at most the reduce's size read each of its
/// elements at most once; the last of them before a value read more than
/// once, by a gather, or by an op with more elements (an expand, or an
/// elementwise op that broadcasts it) gets the buffer. Either way its kernel
/// computes the reduce, and any other reduce that ends there (as the
/// residual sum of two convolutions does). None is needed when the chain
/// ends in a value that gets a buffer anyway: a returned value
/// (`isOutput`), a contiguous, a copy, a store.
Value valueToRealizeFor(ReduceOp reduce, function_ref<bool(Value)> isOutput) {
  int64_t size = reduce.getType().getNumElements();
  // The values computed from the reduce at its positions, and the one of
  // them other ops read.
  SmallVector<Value> worklist{reduce.getResult()};
  DenseSet<Value> sameIndices{reduce.getResult()};
  Value exit;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    bool readOutside = isOutput(current) && current != reduce.getResult();
    if (!readOutside) {
      for (Operation *user : current.getUsers()) {
        if (!keepsPositions(user, size)) {
          readOutside = true;
          continue;
        }
        if (sameIndices.insert(user->getResult(0)).second)
          worklist.push_back(user->getResult(0));
      }
    }
    if (!readOutside)
      continue;
    if (exit && exit != current)
      return lastUnbranched(reduce, size, isOutput);
    exit = current;
  }
  if (!exit)
    return {};

  // Follow single-use ops of at most the reduce's size from there (say, a
  // reduce of the value, or the shrink of a permute of it).
  Value current = exit;
  while (true) {
    if (isOutput(current))
      return {};
    if (!current.hasOneUse())
      return current;
    Operation *user = *current.getUsers().begin();
    if (isa<IndexOp>(user))
      return current;
    // A contiguous or a copy computes its source once, into its buffer.
    if (isa<ContiguousOp, CopyOp>(user))
      return {};
    // The chain ends in a return, a tuple or a store: no broadcast.
    if (user->getNumResults() != 1 ||
        !isa<RankedTensorType>(user->getResult(0).getType()))
      return {};
    auto userType = cast<RankedTensorType>(user->getResult(0).getType());
    if (userType.getNumElements() > size)
      return current;
    current = user->getResult(0);
  }
}

/// Whether every read of `realized`, which has `reduce`'s shape, is an expand
/// that broadcasts it along reduced axes only (x - max(x, keepdim)), and
/// there is one.
static bool isBroadcastAlongReduced(ReduceOp reduce, Value realized) {
  ArrayRef<int64_t> shape = reduce.getType().getShape();
  if (getTensorType(realized).getShape() != shape || realized.use_empty())
    return false;
  ArrayRef<int64_t> axes = reduce.getAxes();
  return llvm::all_of(realized.getUsers(), [&](Operation *user) {
    auto expand = dyn_cast<ExpandOp>(user);
    if (!expand)
      return false;
    for (auto [axis, dims] :
         llvm::enumerate(llvm::zip(shape, expand.getType().getShape())))
      if (std::get<0>(dims) != std::get<1>(dims) &&
          !llvm::is_contained(axes, static_cast<int64_t>(axis)))
        return false;
    return true;
  });
}

bool isComputedPerRow(ReduceOp reduce, Value realized,
                      function_ref<bool(Value)> isOutput) {
  // A GPU kernel's loops are its threads (-tiny-gpu-schedule), which a row
  // value computed between them does not fit: the host only.
  DeviceAttr device = getDevice(realized.getType());
  if (device && (device.isMulti() || device.getNames().front() != "CPU"))
    return false;
  if (!isBroadcastAlongReduced(reduce, realized))
    return false;
  // Follow what is computed from the broadcasts at their positions, through
  // the row values of reduces of it (softmax's sum of exp(x - max)): where
  // that stops (a returned value, one read other than elementwise at its
  // positions) is a kernel reading the row value. Two such places would be
  // two kernels each computing the reduction.
  SmallVector<Value> worklist;
  DenseSet<Value> seen, ends;
  auto push = [&](Value value) {
    for (Operation *user : value.getUsers())
      if (seen.insert(user->getResult(0)).second)
        worklist.push_back(user->getResult(0));
  };
  push(realized);
  while (!worklist.empty() && ends.size() <= 1) {
    Value current = worklist.pop_back_val();
    if (isOutput(current)) {
      ends.insert(current);
      continue;
    }
    int64_t size = getTensorType(current).getNumElements();
    for (Operation *user : current.getUsers()) {
      if (keepsPositions(user, size)) {
        if (seen.insert(user->getResult(0)).second)
          worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto next = dyn_cast<ReduceOp>(user)) {
        Value nextRealized = valueToRealizeFor(next, isOutput);
        if (nextRealized && isBroadcastAlongReduced(next, nextRealized)) {
          if (seen.insert(nextRealized).second)
            push(nextRealized);
          continue;
        }
        ends.insert(next.getResult());
        continue;
      }
      ends.insert(current);
    }
  }
  return ends.size() == 1;
}

/// Whether `value` reads no buffer: made of splat constants by elementwise,
/// movement and reduce ops only (an arange, a triangular mask).
static bool isComputedFromIndices(Value value) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen{value};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op)
      return false;
    if (auto constant = dyn_cast<ConstOp>(op)) {
      if (!constant.getValue().isSplat())
        return false;
      continue;
    }
    if (!isElementwise(op) && !isa<MovementOpInterface, ReduceOp>(op))
      return false;
    for (Value operand : op->getOperands())
      if (seen.insert(operand).second)
        worklist.push_back(operand);
  }
  return true;
}

/// At most this many buffers read make a value its readers recompute
/// (tinygrad's remove_bufferize).
constexpr size_t kMaxRecomputedBufferReads = 3;

namespace {
/// What a reader that computes a value where it reads it runs: the value's
/// cone, up to values with buffers, parameters, block arguments and
/// reduces.
struct RecomputeCone {
  /// tinygrad's remove_bufferize: the cone's reduces read no buffer (an
  /// arange, a one-hot mask of it against some indices) and it reads at
  /// most three buffers: the value gets no buffer, its readers compute it
  /// where they read it, and -tiny-collapse-reduce turns the reduces over
  /// compares with indices into index arithmetic, and sums over one-hot
  /// masks into reads.
  bool recomputedByReaders = true;
  /// The ops a reader runs to compute one element: its elementwise ops and
  /// buffer reads. None when it computes a reduce that has no buffer yet:
  /// the buffer that valueToRealizeFor gives the reduce comes before any
  /// broadcast of it.
  std::optional<uint64_t> cost = 0;
};
} // namespace

/// The cone of `value`, walked once for both of RecomputeCone's answers;
/// without `countOps`, its cost is none and the walk ends at the first
/// sign that readers do not recompute the value.
static RecomputeCone getRecomputeCone(Value value,
                                      const DenseMap<Value, Value> &buffers,
                                      bool countOps,
                                      const DenseSet<Value> *rowValues) {
  RecomputeCone cone;
  if (!countOps)
    cone.cost = std::nullopt;
  auto addCost = [&] {
    if (cone.cost)
      ++*cone.cost;
  };
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen{value};
  DenseSet<Value> reads;
  while (!worklist.empty() && (cone.recomputedByReaders || cone.cost)) {
    Value current = worklist.pop_back_val();
    Operation *op = current.getDefiningOp();
    if (Value buffer = buffers.lookup(current)) {
      reads.insert(buffer);
      addCost();
      continue;
    }
    // A row value is computed once per row by the reading kernel, or read
    // from a buffer: one load at each element, as the buffer its reduce had.
    if (current != value && rowValues && rowValues->contains(current)) {
      cone.recomputedByReaders = false;
      addCost();
      continue;
    }
    if (!op || isa<ParamOp>(op)) {
      if (op)
        reads.insert(current);
      else
        cone.recomputedByReaders = false;
      addCost();
      continue;
    }
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      cone.cost = std::nullopt;
      if (cone.recomputedByReaders && !isComputedFromIndices(reduce.getSrc()))
        cone.recomputedByReaders = false;
      continue;
    }
    if (auto constant = dyn_cast<ConstOp>(op);
        constant && !constant.getValue().isSplat())
      cone.recomputedByReaders = false;
    // Views and markers read their operand, an after its source's buffer.
    if (!isElementwise(op) &&
        !isa<ConstOp, MovementOpInterface, AfterOp, DetachOp,
             ContiguousBackwardOp>(op))
      cone.recomputedByReaders = false;
    if (isElementwise(op))
      addCost();
    // An after reads its source's buffer, not what its dependences compute.
    if (auto after = dyn_cast<AfterOp>(op)) {
      if (seen.insert(after.getSrc()).second)
        worklist.push_back(after.getSrc());
      continue;
    }
    for (Value operand : op->getOperands())
      if (seen.insert(operand).second)
        worklist.push_back(operand);
  }
  if (reads.size() > kMaxRecomputedBufferReads)
    cone.recomputedByReaders = false;
  return cone;
}

bool isRecomputedByReaders(Value value, const DenseMap<Value, Value> &buffers) {
  return getRecomputeCone(value, buffers, /*countOps=*/false,
                          /*rowValues=*/nullptr)
      .recomputedByReaders;
}

/// The value whose elements `value` views through movement ops and
/// markers.
static Value getViewedValue(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<MovementOpInterface, DetachOp, ContiguousBackwardOp>(op))
      break;
    value = op->getOperand(0);
  }
  return value;
}

DenseMap<Value, uint64_t> getBroadcastReads(Block &body) {
  DenseMap<Value, uint64_t> reads;
  // Only an elementwise op's value is worth a buffer: any other is a view
  // of a buffer, a reduce (valueToRealizeFor) or gets a buffer anyway.
  auto addReads = [&](Value read, uint64_t positions) {
    Value viewed = getViewedValue(read);
    if (Operation *op = viewed.getDefiningOp(); op && isElementwise(op))
      reads[viewed] = llvm::SaturatingAdd(reads[viewed], positions);
  };
  for (Operation &op : body) {
    if (auto expand = dyn_cast<ExpandOp>(op)) {
      int64_t size = getTensorType(expand.getResult()).getNumElements();
      if (size > getTensorType(expand.getSrc()).getNumElements())
        addReads(expand.getSrc(), size);
      continue;
    }
    if (!isElementwise(&op) || op.getNumResults() != 1)
      continue;
    int64_t size = getTensorType(op.getResult(0)).getNumElements();
    for (Value operand : op.getOperands())
      if (getTensorType(operand).getNumElements() < size)
        addReads(operand, size);
  }
  return reads;
}

/// Recomputing a value at its broadcast reads costs less than a kernel of
/// its own below this many ops in all. Measured (bench/frontend, 2 cores):
/// GPT-2's layernorms read by its matmuls (0.9M-1.2M ops) run as fast
/// recomputed, with fewer kernels; the mnist step's convolution gradient,
/// which the input and weight gradients would recompute at each of the 25
/// and 800 positions they read it (170M and 860M ops), makes the step's
/// kernels 4x faster (56 -> 14 ms) from a buffer.
constexpr uint64_t kMinRecomputeOps = uint64_t{1} << 22;

bool isRealizedForBroadcast(Value value, uint64_t reads,
                            const DenseMap<Value, Value> &buffers,
                            const DenseSet<Value> &rowValues) {
  // Values no broadcast reads (reads == 0) need not be tensors.
  if (reads == 0)
    return false;
  uint64_t size = getTensorType(value).getNumElements();
  if (reads <= size)
    return false;
  RecomputeCone cone =
      getRecomputeCone(value, buffers, /*countOps=*/true, &rowValues);
  return !cone.recomputedByReaders && cone.cost &&
         llvm::SaturatingMultiply(reads - size, *cone.cost) >=
             kMinRecomputeOps;
}

/// Whether computing `reduce`'s source, up to realized values, computes a
/// reduce made of indices (an arange that a one-hot mask compares with).
bool readsReduceOfIndices(ReduceOp reduce,
                          const DenseMap<Value, Value> &buffers) {
  SmallVector<Value> worklist{reduce.getSrc()};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!seen.insert(current).second || buffers.count(current))
      continue;
    Operation *op = current.getDefiningOp();
    if (!op)
      continue;
    if (isa<ReduceOp>(op) && isComputedFromIndices(current))
      return true;
    llvm::append_range(worklist, op->getOperands());
  }
  return false;
}

/// True when `op`, computing its result at some position, reads its operand
/// `operandIndex` only at the same flat position: an elementwise op that
/// does not broadcast that operand (only unit axes differ), a reshape (it
/// keeps the row-major order), a marker, a bitcast
/// between dtypes of one width.
static bool readsAtSamePosition(Operation *op, unsigned operandIndex) {
  if (op->getNumResults() != 1)
    return false;
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto operandType =
      dyn_cast<RankedTensorType>(op->getOperand(operandIndex).getType());
  if (!resultType || !operandType ||
      resultType.getNumElements() != operandType.getNumElements())
    return false;
  if (isa<BitcastOp>(op))
    return getStorageType(resultType.getElementType())
               .getIntOrFloatBitWidth() ==
           getStorageType(operandType.getElementType()).getIntOrFloatBitWidth();
  return isa<ReshapeOp, DetachOp, ContiguousBackwardOp>(op) ||
         isElementwise(op);
}

/// True when computing `value` reads `target` without going through a
/// realized buffer at another position than the one it computes, so a
/// kernel storing `value` into `target` would overwrite elements it has yet
/// to read. A read at the same flat position only (`x * 0.9` stored into
/// `x`, a slice update's `where(mask, v, x)`) happens in the iteration that
/// writes that element, before the write: the kernel stores in place.
bool readsUnrealized(Value value, Value target,
                     const DenseMap<Value, Value> &buffers) {
  // Params of one slot share a buffer: compare buffers, not values.
  Value targetBuffer = buffers.lookup(target);
  // Each value with whether it is read at the stored value's positions.
  SmallVector<std::pair<Value, bool>> worklist{{value, true}};
  DenseSet<Value> seenAtSamePosition, seenElsewhere;
  while (!worklist.empty()) {
    auto [current, samePosition] = worklist.pop_back_val();
    if (current == target || buffers.lookup(current) == targetBuffer) {
      if (!samePosition)
        return true;
      continue;
    }
    DenseSet<Value> &seen =
        samePosition ? seenAtSamePosition : seenElsewhere;
    if (!seen.insert(current).second || buffers.count(current))
      continue;
    Operation *op = current.getDefiningOp();
    if (!op)
      continue;
    // An after reads its source; its dependencies only order it after
    // stores that earlier kernels perform.
    if (auto after = dyn_cast<AfterOp>(op)) {
      worklist.push_back({after.getSrc(), samePosition});
      continue;
    }
    for (auto [index, operand] : llvm::enumerate(op->getOperands()))
      worklist.push_back(
          {operand, samePosition && readsAtSamePosition(op, index)});
  }
  return false;
}

namespace {
/// Where a use that reachesUse meets stands.
enum class UsePlace {
  /// Where the walk looks: it ends there, having found a use.
  Found,
  /// Neither found nor walked through: its user's results are not followed.
  Passed,
  /// Before the place looked for: the walk goes on through its user.
  Before,
};
} // namespace

/// True when `place` finds a use reached from `value`: the walk goes forward
/// through the users of the uses `place` puts before, except a store (its
/// kernel reads the value into its own buffer) and an after reached through
/// its dependencies (which only order it after stores); a result that has a
/// buffer is not followed (a kernel of its own computed it already).
static bool reachesUse(Value value, const DenseMap<Value, Value> &buffers,
                       function_ref<UsePlace(OpOperand &)> place) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen{value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      switch (place(use)) {
      case UsePlace::Found:
        return true;
      case UsePlace::Passed:
        continue;
      case UsePlace::Before:
        break;
      }
      Operation *user = use.getOwner();
      if (isa<StoreOp>(user))
        continue;
      if (auto after = dyn_cast<AfterOp>(user);
          after && &use != &after.getSrcMutable())
        continue;
      for (Value result : user->getResults())
        if (!buffers.count(result) && seen.insert(result).second)
          worklist.push_back(result);
    }
  }
  return false;
}

/// True when a kernel emitted after `store` would read `copy`: some op
/// after the store (or the function's return) computes from it through
/// values that have no buffer yet. Ops before the store that have a buffer
/// were computed by kernels that ran already; a store before it, and an
/// `after` waiting for one, read it into their own buffers.
bool readAfterStore(Value copy, StoreOp store,
                    const DenseMap<Value, Value> &buffers) {
  return reachesUse(copy, buffers, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    // The store's own kernel reads its value before writing (staged when it
    // reads other positions: readsUnrealized).
    if (user == store.getOperation())
      return UsePlace::Passed;
    if (user->getBlock() != store->getBlock() || !user->isBeforeInBlock(store))
      return UsePlace::Found;
    return UsePlace::Before;
  });
}

Value getStorage(Value value, const DenseMap<Value, Value> &buffers) {
  while (!buffers.count(value)) {
    Operation *op = value.getDefiningOp();
    if (!isa_and_nonnull<ReshapeOp, AfterOp>(op))
      return Value();
    value = op->getOperand(0);
  }
  return value;
}

bool usedAfterKernel(Value value, CustomKernelOp kernel, StoreOp store,
                     const DenseMap<Value, Value> &buffers) {
  return reachesUse(value, buffers, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (user == kernel.getOperation() || user == store.getOperation())
      return UsePlace::Passed;
    if (user->getBlock() != kernel->getBlock())
      return UsePlace::Found;
    if (user->isBeforeInBlock(kernel))
      return UsePlace::Before;
    auto after = dyn_cast<AfterOp>(user);
    auto laterStore = dyn_cast<StoreOp>(user);
    bool namesBufferAfterStore =
        store->isBeforeInBlock(user) &&
        ((after && &use == &after.getSrcMutable()) ||
         (laterStore && &use == &laterStore.getTargetMutable()));
    return namesBufferAfterStore ? UsePlace::Passed : UsePlace::Found;
  });
}

StoreOp FunctionRangeifier::getInPlaceStore(CustomKernelOp custom, Value arg,
                                            Value result) {
  Value storage = getStorage(arg, buffers);
  if (!storage)
    return {};
  Value buffer = buffers.lookup(storage);
  if (buffer.getDefiningOp<memref::GetGlobalOp>())
    return {};
  // The result's one use, through reshapes, is the value of a store into
  // the whole of that buffer.
  Value stored = result;
  while (stored.hasOneUse()) {
    auto reshape = dyn_cast<ReshapeOp>(*stored.getUsers().begin());
    if (!reshape)
      break;
    stored = reshape.getResult();
  }
  if (!stored.hasOneUse())
    return {};
  auto store = dyn_cast<StoreOp>(*stored.getUsers().begin());
  if (!store || store.getValue() != stored ||
      store->getBlock() != custom->getBlock())
    return {};
  Value target = store.getTarget();
  while (auto after = target.getDefiningOp<AfterOp>())
    target = after.getSrc();
  if (buffers.lookup(target) != buffer ||
      getTensorType(target).getNumElements() !=
          getTensorType(result).getNumElements())
    return {};
  // Another operand in that buffer would be read while the kernel writes it.
  if (llvm::count_if(custom.getArgs(), [&](Value other) {
        Value otherStorage = getStorage(other, buffers);
        return otherStorage && buffers.lookup(otherStorage) == buffer;
      }) != 1)
    return {};
  // Nothing after the kernel reads the buffer's old value, or writes it
  // before the store would have: a deferred copy of it is taken before the
  // kernel instead (takeCopiesBefore), unless it is the operand itself.
  DenseSet<Value> pendingCopies;
  for (auto [copy, src] : deferredCopies)
    if (copy && copy != storage)
      pendingCopies.insert(copy);
  for (auto [value, valueBuffer] : buffers)
    if (valueBuffer == buffer && !pendingCopies.contains(value) &&
        usedAfterKernel(value, custom, store, buffers))
      return {};
  return store;
}

} // namespace mlir::tiny::rangeify
