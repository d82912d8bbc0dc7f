//===- Rangeify.cpp - tensor-level functions to kernels over buffers ------===//
//
// Each `tiny.function` becomes a `func.func` over flat buffers: its params
// (in slot order) then one output buffer per returned tensor. Every realized
// value gets a buffer and a `tiny.k.kernel` that loops over the value's shape
// and stores it; everything that feeds it is computed in that loop at the
// loop's indices, so elementwise chains, movement ops and reductions that
// feed them fuse into one kernel. Movement ops become index arithmetic and
// validity masks; a reduce becomes REDUCE ranges carrying an accumulator.
//
// A value is realized when tinygrad would give it a buffer: a returned
// value, a `contiguous`, a `copy`, a `store`'s target, and where a reduce
// would otherwise be computed more than once per element (read by two
// kernels, through an expand or a gather, or at two positions): the last
// value computed from it at its own positions before that happens, so the
// reduce's kernel also computes the elementwise ops that follow it. Reads at
// the same position (the two of `where(0 < r, r, 0)`) share one accumulator.
//
// A store is one kernel writing its target in place when its value reads the
// target only at the element it writes; otherwise the value is computed into
// a buffer of its own first. A copy of a param or buffer that a store
// overwrites is taken right before the store, and only when a later kernel
// reads it. A value of no elements has no kernel.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Elementwise.h"
#include "passes/KernelDevice.h"
#include "passes/Passes.h"
#include "passes/ScalarAlu.h"
#include "passes/Threefry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYRANGEIFY
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The flat buffer a tensor of this type is stored in: one element per
/// logical element (a scalar takes one, a value of no elements none, so the
/// runtime moves none of its bytes), of the dtype's storage type.
MemRefType flatBufferType(RankedTensorType type) {
  return MemRefType::get({type.getNumElements()},
                         getStorageType(type.getElementType()));
}

/// Kernels writing at least this many elements run their outermost loop as a
/// THREAD range; below it, starting threads costs more than it saves.
constexpr int64_t kMinElementsForThreads = 1 << 14;

/// Rows a large reduction computes per iteration of its outer loop, at most:
/// 8 rows of accumulators make -tiny-optimize's register tiles (8 x 32 f32
/// with AVX-512) load each column of the source once for 8 rows.
constexpr int64_t kUpcast = 8;

/// Reduced indices a large reduction combines per load of its accumulator.
constexpr int64_t kReduceUnroll = 4;

/// The last axis of `shape` longer than 1: the innermost one a loop walks.
std::optional<size_t> getLastLongAxis(ArrayRef<int64_t> shape) {
  for (size_t axis = shape.size(); axis-- > 0;)
    if (shape[axis] > 1)
      return axis;
  return std::nullopt;
}

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
Value lastUnbranched(ReduceOp reduce, int64_t size,
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

/// True when `op`, computing its result at some position, reads its operand
/// `operandIndex` only at the same flat position: an elementwise op that
/// does not broadcast that operand (only unit axes differ), a reshape (it
/// keeps the row-major order), a marker, a bitcast
/// between dtypes of one width.
bool readsAtSamePosition(Operation *op, unsigned operandIndex) {
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

/// True when a kernel emitted after `store` would read `copy`: some op
/// after the store (or the function's return) computes from it through
/// values that have no buffer yet. Ops before the store that have a buffer
/// were computed by kernels that ran already; a store before it, and an
/// `after` waiting for one, read it into their own buffers.
bool readAfterStore(Value copy, StoreOp store,
                    const DenseMap<Value, Value> &buffers) {
  SmallVector<Value> worklist{copy};
  DenseSet<Value> seen{copy};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      // The store's own kernel reads its value before writing (staged
      // when it reads other positions: readsUnrealized).
      if (user == store.getOperation())
        continue;
      if (user->getBlock() != store->getBlock() ||
          !user->isBeforeInBlock(store))
        return true;
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

/// Emits the scalar code that computes tensor values at given indices,
/// inside the loops of one kernel.
class KernelBodyEmitter {
public:
  /// Emits into `kernelBody`, whose start also holds the index constants.
  KernelBodyEmitter(OpBuilder &builder, Block *kernelBody,
                    const DenseMap<Value, Value> &buffers)
      : b(builder), kernelBody(kernelBody), buffers(buffers) {
    scopes.emplace_back();
  }

  /// The scalar value of `value` at `indices` (one `index` per axis).
  FailureOr<Value> emit(Value value, ArrayRef<Value> indices);

  /// True when a REDUCE range was emitted.
  bool emittedReduce() const { return hasReduce; }

  /// Values emitted between these two calls are reused only between them:
  /// for code emitted inside a range body the caller opened.
  void openScope() { scopes.emplace_back(); }
  void closeScope() { scopes.pop_back(); }

  /// One `index` constant per value and kernel, at the kernel's start, so
  /// equal indices are equal Values (and the cache sees them as one).
  Value indexConst(Location loc, int64_t value) {
    Value &constant = indexConstants[value];
    if (!constant) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(kernelBody);
      constant = arith::ConstantIndexOp::create(b, loc, value);
    }
    return constant;
  }
  /// Row-major flat offset of `indices` in `shape`.
  Value linearize(Location loc, ArrayRef<Value> indices,
                  ArrayRef<int64_t> shape);

private:
  using CacheKey = std::pair<Value, SmallVector<Value, 4>>;
  struct CacheKeyInfo {
    static CacheKey getEmptyKey() {
      return {DenseMapInfo<Value>::getEmptyKey(), {}};
    }
    static CacheKey getTombstoneKey() {
      return {DenseMapInfo<Value>::getTombstoneKey(), {}};
    }
    static unsigned getHashValue(const CacheKey &key) {
      return llvm::hash_combine(
          DenseMapInfo<Value>::getHashValue(key.first),
          llvm::hash_combine_range(key.second.begin(), key.second.end()));
    }
    static bool isEqual(const CacheKey &a, const CacheKey &b) {
      return a.first == b.first && a.second == b.second;
    }
  };
  using Cache = DenseMap<CacheKey, Value, CacheKeyInfo>;

  FailureOr<Value> compute(Value value, ArrayRef<Value> indices);
  FailureOr<Value> emitReduce(ReduceOp reduce, ArrayRef<Value> indices);
  FailureOr<Value> emitGather(IndexOp gather, ArrayRef<Value> indices);
  FailureOr<Value> emitBitcast(BitcastOp bitcast, ArrayRef<Value> indices);
  Value loadBuffer(Location loc, Value buffer, ArrayRef<Value> indices,
                   ArrayRef<int64_t> shape);
  /// The buffer a load in this kernel addresses for `buffer`: a constant's
  /// global is named again inside the kernel, so that a GPU kernel reads
  /// its own copy of it rather than the host's.
  Value getKernelBuffer(Value buffer);
  /// Indices into an operand of `shape` broadcast to `indices`' rank.
  SmallVector<Value> broadcastIndices(Location loc, ArrayRef<Value> indices,
                                      ArrayRef<int64_t> shape);
  Value zeroOf(Location loc, Type dtype);

  OpBuilder &b;
  Block *kernelBody;
  const DenseMap<Value, Value> &buffers;
  DenseMap<int64_t, Value> indexConstants;
  DenseMap<Value, Value> kernelGlobals;
  /// One cache per open range body: a value computed inside a loop is only
  /// reused inside it.
  SmallVector<Cache> scopes;
  bool hasReduce = false;
};

} // namespace

Value KernelBodyEmitter::linearize(Location loc, ArrayRef<Value> indices,
                                   ArrayRef<int64_t> shape) {
  Value flat;
  int64_t stride = 1;
  for (int64_t axis = shape.size() - 1; axis >= 0; --axis) {
    if (shape[axis] != 1) {
      Value term = indices[axis];
      if (stride != 1)
        term = arith::MulIOp::create(b, loc, term, indexConst(loc, stride));
      flat = flat ? arith::AddIOp::create(b, loc, flat, term).getResult()
                  : term;
    }
    stride *= shape[axis];
  }
  return flat ? flat : indexConst(loc, 0);
}

Value KernelBodyEmitter::getKernelBuffer(Value buffer) {
  auto global = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!global)
    return buffer;
  Value &local = kernelGlobals[buffer];
  if (!local) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBody);
    local = memref::GetGlobalOp::create(b, global.getLoc(), global.getType(),
                                        global.getNameAttr());
  }
  return local;
}

Value KernelBodyEmitter::loadBuffer(Location loc, Value buffer,
                                    ArrayRef<Value> indices,
                                    ArrayRef<int64_t> shape) {
  Value offset = linearize(loc, indices, shape);
  Value ptr =
      KIndexOp::create(b, loc, getKernelBuffer(buffer), ValueRange{offset});
  return KLoadOp::create(b, loc, ptr, /*gate=*/Value(), /*alt=*/Value());
}

SmallVector<Value>
KernelBodyEmitter::broadcastIndices(Location loc, ArrayRef<Value> indices,
                                    ArrayRef<int64_t> shape) {
  SmallVector<Value> result;
  size_t offset = indices.size() - shape.size();
  for (auto [axis, dim] : llvm::enumerate(shape))
    result.push_back(dim == 1 ? indexConst(loc, 0) : indices[offset + axis]);
  return result;
}

Value KernelBodyEmitter::zeroOf(Location loc, Type dtype) {
  return createReduceIdentity(b, loc, ReduceKind::Add, dtype);
}

FailureOr<Value> KernelBodyEmitter::emit(Value value,
                                         ArrayRef<Value> indices) {
  CacheKey key{value, SmallVector<Value, 4>(indices)};
  for (Cache &scope : llvm::reverse(scopes))
    if (Value cached = scope.lookup(key))
      return cached;
  FailureOr<Value> result = compute(value, indices);
  if (succeeded(result))
    scopes.back()[key] = *result;
  return result;
}

FailureOr<Value> KernelBodyEmitter::emitReduce(ReduceOp reduce,
                                               ArrayRef<Value> indices) {
  Location loc = reduce.getLoc();
  Type dtype = getTensorType(reduce.getSrc()).getElementType();
  // Half floats accumulate in f32, as tinygrad's sum does.
  Type accType = isa<Float16Type, BFloat16Type>(dtype) ? b.getF32Type() : dtype;
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  SmallVector<int64_t> axes(reduce.getAxes());
  llvm::sort(axes);
  SmallVector<Value> srcIndices(indices);
  hasReduce = true;

  std::function<FailureOr<Value>(size_t, Value)> build =
      [&](size_t level, Value init) -> FailureOr<Value> {
    auto range = RangeOp::create(b, loc, AxisType::Reduce,
                                 indexConst(loc, srcShape[axes[level]]),
                                 ValueRange{init});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&range.getBody().front());
    scopes.emplace_back();
    srcIndices[axes[level]] = range.getInductionVar();
    Value acc = range.getRegionIterArgs()[0];
    FailureOr<Value> next = failure();
    if (level + 1 < axes.size()) {
      next = build(level + 1, acc);
    } else {
      FailureOr<Value> element = emit(reduce.getSrc(), srcIndices);
      if (succeeded(element)) {
        Value wide = createScalarCast(b, loc, *element, dtype, accType);
        next = createReduceCombine(b, loc, reduce.getKind(), accType, acc,
                                   wide);
      }
    }
    scopes.pop_back();
    if (failed(next))
      return failure();
    EndOp::create(b, loc, ValueRange{*next});
    return range.getResult(0);
  };

  if (axes.empty())
    return emit(reduce.getSrc(), indices);
  Value init = createReduceIdentity(b, loc, reduce.getKind(), accType);
  FailureOr<Value> total = build(0, init);
  if (failed(total))
    return failure();
  return createScalarCast(b, loc, *total, accType, dtype);
}

FailureOr<Value> KernelBodyEmitter::emitGather(IndexOp gather,
                                               ArrayRef<Value> indices) {
  Location loc = gather.getLoc();
  ArrayRef<int64_t> srcShape = getTensorType(gather.getSrc()).getShape();
  size_t numIndexed = gather.getIndices().size();
  size_t batchRank = getTensorType(gather.getResult()).getRank() -
                     (srcShape.size() - numIndexed);
  ArrayRef<Value> batch = indices.take_front(batchRank);
  SmallVector<Value> srcIndices;
  Value valid;
  for (auto [axis, indexTensor] : llvm::enumerate(gather.getIndices())) {
    RankedTensorType type = getTensorType(indexTensor);
    FailureOr<Value> raw =
        emit(indexTensor, broadcastIndices(loc, batch, type.getShape()));
    if (failed(raw))
      return failure();
    Value index =
        type.getElementType().isUnsignedInteger()
            ? arith::IndexCastUIOp::create(b, loc, b.getIndexType(), *raw)
                  .getResult()
            : arith::IndexCastOp::create(b, loc, b.getIndexType(), *raw)
                  .getResult();
    // An index outside the axis reads zero instead of stray memory (a
    // negative one wraps to a large unsigned value).
    Value inBounds =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                              indexConst(loc, srcShape[axis]));
    valid = valid ? arith::AndIOp::create(b, loc, valid, inBounds).getResult()
                  : inBounds;
    srcIndices.push_back(arith::SelectOp::create(b, loc, inBounds, index,
                                                 indexConst(loc, 0)));
  }
  llvm::append_range(srcIndices, indices.drop_front(batchRank));
  FailureOr<Value> element = emit(gather.getSrc(), srcIndices);
  if (failed(element))
    return failure();
  Type dtype = getTensorType(gather.getResult()).getElementType();
  return arith::SelectOp::create(b, loc, valid, *element, zeroOf(loc, dtype))
      .getResult();
}

// Bytes are little-endian, as on every target tinygrad runs on: element j of
// a narrower result is bits [w*(j%r), w*(j%r+1)) of element j/r of the
// source, and a wider result packs r consecutive source elements.
FailureOr<Value> KernelBodyEmitter::emitBitcast(BitcastOp bitcast,
                                                ArrayRef<Value> indices) {
  Location loc = bitcast.getLoc();
  Type from = getTensorType(bitcast.getSrc()).getElementType();
  Type to = getTensorType(bitcast.getResult()).getElementType();
  if (from.isInteger(1) || to.isInteger(1))
    return bitcast.emitOpError("of a bool (i1) is not supported by rangeify "
                               "yet");
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  auto asBits = [&](Value value, unsigned width) -> Value {
    Type bits = b.getIntegerType(width);
    return value.getType() == bits
               ? value
               : arith::BitcastOp::create(b, loc, bits, value).getResult();
  };
  auto fromBits = [&](Value value) -> Value {
    Type storage = getStorageType(to);
    return value.getType() == storage
               ? value
               : arith::BitcastOp::create(b, loc, storage, value).getResult();
  };
  if (fromWidth == toWidth) {
    FailureOr<Value> element = emit(bitcast.getSrc(), indices);
    if (failed(element))
      return failure();
    return fromBits(asBits(*element, fromWidth));
  }

  SmallVector<Value> srcIndices(indices);
  Value last = indices.back();
  if (fromWidth > toWidth) {
    unsigned ratio = fromWidth / toWidth;
    srcIndices.back() =
        arith::DivUIOp::create(b, loc, last, indexConst(loc, ratio));
    FailureOr<Value> element = emit(bitcast.getSrc(), srcIndices);
    if (failed(element))
      return failure();
    Type wide = b.getIntegerType(fromWidth);
    Value part = arith::RemUIOp::create(b, loc, last, indexConst(loc, ratio));
    Value shift = arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, wide, part),
        arith::ConstantOp::create(b, loc, IntegerAttr::get(wide, toWidth)));
    Value shifted =
        arith::ShRUIOp::create(b, loc, asBits(*element, fromWidth), shift);
    return fromBits(
        arith::TruncIOp::create(b, loc, b.getIntegerType(toWidth), shifted));
  }
  unsigned ratio = toWidth / fromWidth;
  Type wide = b.getIntegerType(toWidth);
  Value base = arith::MulIOp::create(b, loc, last, indexConst(loc, ratio));
  Value packed;
  for (unsigned part = 0; part < ratio; ++part) {
    srcIndices.back() =
        part == 0 ? base
                  : arith::AddIOp::create(b, loc, base, indexConst(loc, part))
                        .getResult();
    FailureOr<Value> element = emit(bitcast.getSrc(), srcIndices);
    if (failed(element))
      return failure();
    Value bits = arith::ExtUIOp::create(b, loc, wide,
                                        asBits(*element, fromWidth));
    if (part != 0)
      bits = arith::ShLIOp::create(
          b, loc, bits,
          arith::ConstantOp::create(
              b, loc, IntegerAttr::get(wide, part * fromWidth)));
    packed = packed ? arith::OrIOp::create(b, loc, packed, bits).getResult()
                    : bits;
  }
  return fromBits(packed);
}

FailureOr<Value> KernelBodyEmitter::compute(Value value,
                                            ArrayRef<Value> indices) {
  if (Value buffer = buffers.lookup(value))
    return loadBuffer(value.getLoc(), buffer, indices,
                      getTensorType(value).getShape());
  Operation *op = value.getDefiningOp();
  if (!op)
    return emitError(value.getLoc(), "cannot index a block argument");
  Location loc = op->getLoc();
  RankedTensorType resultType = getTensorType(value);

  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](ConstOp constant) -> FailureOr<Value> {
        // Other constants are global buffers (FunctionRangeifier::run).
        if (!constant.getValue().isSplat())
          return constant.emitOpError("has no global buffer (internal error)");
        return createScalarConstant(
            b, loc, resultType.getElementType(),
            constant.getValue().getSplatValue<Attribute>());
      })
      .Case([&](ReshapeOp reshape) -> FailureOr<Value> {
        ArrayRef<int64_t> srcShape = getTensorType(reshape.getSrc()).getShape();
        ArrayRef<int64_t> dstShape = resultType.getShape();
        SmallVector<Value> srcIndices;
        // When only unit axes differ, the non-unit indices carry over.
        SmallVector<int64_t> srcAxes, dstAxes;
        for (auto [i, d] : llvm::enumerate(srcShape))
          if (d != 1)
            srcAxes.push_back(i);
        for (auto [i, d] : llvm::enumerate(dstShape))
          if (d != 1)
            dstAxes.push_back(i);
        bool unitOnly =
            srcAxes.size() == dstAxes.size() &&
            llvm::all_of(llvm::seq<size_t>(0, srcAxes.size()), [&](size_t k) {
              return srcShape[srcAxes[k]] == dstShape[dstAxes[k]];
            });
        if (unitOnly) {
          srcIndices.assign(srcShape.size(), indexConst(loc, 0));
          for (auto [s, d] : llvm::zip(srcAxes, dstAxes))
            srcIndices[s] = indices[d];
          return emit(reshape.getSrc(), srcIndices);
        }
        Value flat = linearize(loc, indices, dstShape);
        srcIndices.assign(srcShape.size(), Value());
        int64_t stride = 1;
        for (int64_t axis = srcShape.size() - 1; axis >= 0; --axis) {
          Value index = flat;
          if (stride != 1)
            index =
                arith::DivUIOp::create(b, loc, index, indexConst(loc, stride));
          if (axis != 0)
            index = arith::RemUIOp::create(b, loc, index,
                                           indexConst(loc, srcShape[axis]));
          srcIndices[axis] =
              srcShape[axis] == 1 ? indexConst(loc, 0) : index;
          stride *= srcShape[axis];
        }
        return emit(reshape.getSrc(), srcIndices);
      })
      .Case([&](PermuteOp permute) -> FailureOr<Value> {
        SmallVector<Value> srcIndices(indices.size());
        for (auto [i, axis] : llvm::enumerate(permute.getOrder()))
          srcIndices[axis] = indices[i];
        return emit(permute.getSrc(), srcIndices);
      })
      .Case([&](ExpandOp expand) -> FailureOr<Value> {
        ArrayRef<int64_t> srcShape = getTensorType(expand.getSrc()).getShape();
        return emit(expand.getSrc(),
                       broadcastIndices(loc, indices, srcShape));
      })
      .Case([&](ShrinkOp shrink) -> FailureOr<Value> {
        SmallVector<Value> srcIndices;
        for (auto [index, start] : llvm::zip(indices, shrink.getStarts()))
          srcIndices.push_back(
              start == 0 ? index
                         : arith::AddIOp::create(b, loc, index,
                                                 indexConst(loc, start))
                               .getResult());
        return emit(shrink.getSrc(), srcIndices);
      })
      .Case([&](FlipOp flip) -> FailureOr<Value> {
        ArrayRef<int64_t> shape = resultType.getShape();
        SmallVector<Value> srcIndices(indices);
        for (int64_t axis : flip.getAxes())
          srcIndices[axis] = arith::SubIOp::create(
              b, loc, indexConst(loc, shape[axis] - 1), indices[axis]);
        return emit(flip.getSrc(), srcIndices);
      })
      .Case([&](PadOp pad) -> FailureOr<Value> {
        ArrayRef<int64_t> srcShape = getTensorType(pad.getSrc()).getShape();
        SmallVector<Value> srcIndices;
        Value valid;
        for (auto [axis, index] : llvm::enumerate(indices)) {
          int64_t low = pad.getLow()[axis];
          if (low == 0 && pad.getHigh()[axis] == 0) {
            srcIndices.push_back(index);
            continue;
          }
          // index - low is in bounds when it is below the size as an
          // unsigned number (below low it wraps around).
          Value shifted =
              low == 0 ? index
                       : arith::SubIOp::create(b, loc, index,
                                               indexConst(loc, low))
                             .getResult();
          Value inBounds =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, shifted,
                                    indexConst(loc, srcShape[axis]));
          valid = valid
                      ? arith::AndIOp::create(b, loc, valid, inBounds)
                            .getResult()
                      : inBounds;
          srcIndices.push_back(arith::SelectOp::create(
              b, loc, inBounds, shifted, indexConst(loc, 0)));
        }
        FailureOr<Value> element = emit(pad.getSrc(), srcIndices);
        if (failed(element) || !valid)
          return element;
        return arith::SelectOp::create(
                   b, loc, valid, *element,
                   zeroOf(loc, resultType.getElementType()))
            .getResult();
      })
      .Case([&](IndexOp gather) { return emitGather(gather, indices); })
      .Case([&](StackOp stack) -> FailureOr<Value> {
        ArrayRef<Value> rest = indices.drop_front();
        FailureOr<Value> selected = emit(stack.getSrcs().back(), rest);
        for (int64_t k = stack.getSrcs().size() - 2; k >= 0; --k) {
          if (failed(selected))
            return failure();
          FailureOr<Value> candidate = emit(stack.getSrcs()[k], rest);
          if (failed(candidate))
            return failure();
          Value isK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            indices.front(),
                                            indexConst(loc, k));
          selected =
              arith::SelectOp::create(b, loc, isK, *candidate, *selected)
                  .getResult();
        }
        return selected;
      })
      .Case([&](BitcastOp bitcast) { return emitBitcast(bitcast, indices); })
      .Case([&](CastOp cast) -> FailureOr<Value> {
        FailureOr<Value> element = emit(cast.getSrc(), indices);
        if (failed(element))
          return failure();
        return createScalarCast(b, loc, *element,
                                getTensorType(cast.getSrc()).getElementType(),
                                resultType.getElementType());
      })
      .Case([&](ReduceOp reduce) { return emitReduce(reduce, indices); })
      .Case([&](ThreefryOp threefry) -> FailureOr<Value> {
        FailureOr<Value> counter =
            emit(threefry.getLhs(),
                 broadcastIndices(loc, indices,
                                  getTensorType(threefry.getLhs()).getShape()));
        if (failed(counter))
          return failure();
        FailureOr<Value> key =
            emit(threefry.getRhs(),
                 broadcastIndices(loc, indices,
                                  getTensorType(threefry.getRhs()).getShape()));
        if (failed(key))
          return failure();
        return createThreefry2x32(b, loc, *counter, *key);
      })
      .Case<DetachOp, ContiguousBackwardOp>([&](Operation *marker) {
        return emit(marker->getOperand(0), indices);
      })
      .Case([&](AfterOp after) { return emit(after.getSrc(), indices); })
      .Case<ParamOp, BufferOp>([&](Operation *storage) -> FailureOr<Value> {
        return storage->emitOpError("has no buffer (internal error)");
      })
      .Default([&](Operation *other) -> FailureOr<Value> {
        // Elementwise: every operand broadcast to the result's indices.
        if (!isElementwise(other))
          return other->emitOpError("is not supported by rangeify yet");
        SmallVector<Value> scalars;
        for (Value operand : other->getOperands()) {
          FailureOr<Value> scalar = emit(
              operand,
              broadcastIndices(loc, indices,
                               getTensorType(operand).getShape()));
          if (failed(scalar))
            return failure();
          scalars.push_back(*scalar);
        }
        return createScalarAlu(b, other, scalars);
      });
}

namespace {

/// Output rows [start, start + count) of a reduction-outside kernel, computed
/// `upcast` at a time (count is a multiple of upcast).
struct RowBlock {
  int64_t start = 0;
  int64_t count = 1;
  int64_t upcast = 1;
};

/// Builds the kernels of one tiny.function into a func.func.
class FunctionRangeifier {
public:
  FunctionRangeifier(FunctionOp function) : function(function) {}

  LogicalResult run();

private:
  LogicalResult checkSupported();
  /// Emits one kernel storing `value` into `buffer`.
  LogicalResult emitKernel(OpBuilder &builder, Value value, Value buffer);
  /// Emits one kernel storing `value` into `buffer` from element `offset`
  /// on (a part of the buffer, for the sources of a stack).
  LogicalResult emitKernelAt(OpBuilder &builder, Value value, Value buffer,
                             int64_t offset);
  /// The reduce `value` computes at its own positions (itself, or read
  /// through ops that keep positions, as in `max(r, 0)`), when nothing in
  /// `value`'s computation reads it at other positions: a kernel may then
  /// accumulate it in `value`'s buffer and compute `value` from there in
  /// place. Null when there is none.
  ReduceOp getPositionalReduce(Value value);
  /// Whether the kernel computing `reduce` reads every buffer its source
  /// reads in the source's row-major order, through elementwise ops,
  /// reshapes, shrinks and expands along reduced axes only, and reduces the
  /// source's last axis: its loads are then contiguous along the reduction
  /// and shared by no two output rows.
  bool reducesContiguously(ReduceOp reduce);
  /// Emits the kernel of a large reduce with its reduction loops outside the
  /// innermost output loop, accumulating in `buffer`, then (for a `value`
  /// computed from the reduce, say its relu) computing `value` there; fails
  /// to match (and emits nothing) when that form does not apply.
  FailureOr<bool> emitReduceOutside(OpBuilder &builder, Value value,
                                    Value buffer);
  /// Emits the reduction-outside kernel of `reduce` for the output rows
  /// `rows` of axis `rowAxis` (-1: no axis is split; `rows` is then
  /// ignored); with an `epilogue`, each row of accumulators is then replaced
  /// by that value, computed from them.
  LogicalResult emitReduceOutsideRows(OpBuilder &builder, ReduceOp reduce,
                                      Value epilogue, Value buffer,
                                      size_t innerAxis, int64_t rowAxis,
                                      RowBlock rows);

  /// Copies `value`, on another device than `dst`, into `dst`: as a range of
  /// the buffer it is a contiguous view of, or from a buffer of its own
  /// computed on its device first.
  LogicalResult emitDeviceCopy(OpBuilder &builder, Value value, Value dst,
                               function_ref<Value(Value)> allocate);
  /// Creates an empty kernel that writes `buffer`, named for the buffer's
  /// device when the function names devices.
  KernelOp createKernel(OpBuilder &builder, Location loc, StringRef name,
                        Value buffer);
  /// The buffer of a constant other than a splat (or of raw bytes): a
  /// read-only global, named in the function as a param's buffer is its
  /// argument. Null, with a diagnostic, when `value` has no flat form.
  Value getConstantBuffer(OpBuilder &builder, Operation *constant,
                          ElementsAttr value);

  FunctionOp function;
  DenseMap<Value, Value> buffers;
  /// Set when the function uses more than one device.
  bool spansDevices = false;
  /// Set when arguments and kernels name their devices: with several
  /// devices, or one that is not the host ("CPU"). Every buffer is then a
  /// function argument, so the runtime owns it (allocates it on its device)
  /// and can copy it.
  bool namesDevices = false;
  DenseMap<Value, StringAttr> bufferDevices;
  /// The global of each constant value, one per distinct value.
  DenseMap<Attribute, memref::GlobalOp> constantGlobals;
};

} // namespace

/// The kernel-level ops, which a tiny.function does not hold.
static bool isKernelLevel(Operation *op) {
  return isa<KernelOp, KCopyOp, KCustomFunctionOp, RangeOp, EndOp, KIndexOp,
             KLoadOp, KStoreOp, AtomicAddOp, SpecialOp, BarrierOp, WmmaOp,
             CustomOp>(op);
}

/// Reports `op`, in the body of a tiny.function, unless rangeify lowers it.
/// Every op is checked, whether its value is read or not, so an op no kernel
/// reads cannot be dropped silently.
static LogicalResult checkLowerable(Operation *op) {
  if (isa<CallOp>(op))
    return op->emitOpError("must be resolved before rangeify "
                           "(run -tiny-resolve-calls)");
  if (isa<GetTupleOp>(op))
    return op->emitOpError("is not supported by rangeify (a gettuple of a "
                           "tiny.tuple folds away: run -canonicalize)");
  if (isa<UnshardOp, MStackOp, MSelectOp, AllReduceOp>(op))
    return op->emitOpError("is a multi-device op: give each device its own "
                           "ops first (run -tiny-lower-allreduce and "
                           "-tiny-expand-multi)");
  if (isKernelLevel(op))
    return op->emitOpError("is a kernel-level op; rangeify lowers the "
                           "tensor-level ops of a tiny.function");
  if (isa<LoadOp, StageOp>(op)) {
    auto addrspace = op->getAttrOfType<AddrSpaceAttr>("addrspace");
    Type type = op->getResult(0).getType();
    if (addrspace && addrspace.getValue() != AddrSpace::Global &&
        isOnOneGpu(type))
      return op->emitOpError("puts a tensor in ")
             << stringifyAddrSpace(addrspace.getValue()) << " memory of "
             << getDevice(type).getNames().front().getValue()
             << ", which lives inside one kernel: a tensor can be there only "
                "on the host, whose address spaces are all one memory";
  }
  if (auto custom = dyn_cast<CustomFunctionOp>(op)) {
    // A host function reads and writes flat buffers in host memory.
    for (Value value :
         llvm::concat<Value>(custom.getArgs(), custom.getResults())) {
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type)
        return custom.emitOpError("passes a ")
               << value.getType()
               << " to or from a host function, which takes flat buffers";
      DeviceAttr device = getDevice(type);
      if (device &&
          (device.isMulti() || isGpuDeviceName(device.getNames().front())))
        return custom.emitOpError("runs host function '")
               << custom.getName() << "' on a value on " << device
               << ": a host function reads and writes host memory, one "
                  "CPU device's";
    }
    return success();
  }
  if (isa<ParamOp, BufferOp, ConstOp, BinaryOp, ReshapeOp, PermuteOp, ExpandOp,
          PadOp, ShrinkOp, FlipOp, IndexOp, StackOp, BitcastOp, ReduceOp,
          ContiguousOp, ContiguousBackwardOp, DetachOp, CopyOp, LoadOp, StageOp,
          StoreOp, AfterOp, TupleOp, ReturnOp>(op) ||
      isElementwise(op))
    return success();
  return op->emitOpError("is not supported by rangeify");
}

LogicalResult FunctionRangeifier::checkSupported() {
  DeviceAttr device;
  // A stage with ranges comes with the kernel ranges it closes: it is the
  // op to report, rather than those ranges or their bounds.
  WalkResult staged = function.walk([](StageOp stage) {
    if (stage.getRanges().empty())
      return WalkResult::advance();
    stage.emitOpError("closes kernel ranges, which rangeify does not lower "
                      "(it builds kernels itself): only a stage without "
                      "ranges runs");
    return WalkResult::interrupt();
  });
  if (staged.wasInterrupted())
    return failure();
  WalkResult result = function.walk([&](Operation *op) -> WalkResult {
    if (op == function)
      return WalkResult::advance();
    if (failed(checkLowerable(op)))
      return WalkResult::interrupt();
    for (Type type : op->getResultTypes()) {
      DeviceAttr resultDevice = getDevice(type);
      if (!resultDevice)
        continue;
      if (resultDevice.isMulti())
        return op->emitOpError("produces a multi-device value: give each "
                               "device its own ops first "
                               "(run -tiny-expand-multi)");
      if (device && resultDevice != device)
        spansDevices = true;
      device = resultDevice;
    }
    return WalkResult::advance();
  });
  namesDevices =
      spansDevices || (device && device.getNames().front() != "CPU");
  return failure(result.wasInterrupted());
}

/// tinygrad's kernel name: r_ with a reduction, E_ without, then the
/// output's loop bounds.
static std::string getKernelName(bool hasReduce, ArrayRef<int64_t> shape) {
  std::string name = hasReduce ? "r" : "E";
  for (int64_t dim : shape)
    name += "_" + std::to_string(dim);
  return name;
}

ReduceOp FunctionRangeifier::getPositionalReduce(Value value) {
  if (buffers.count(value))
    return {};
  int64_t size = getTensorType(value).getNumElements();
  // The ops that read their operands of `size` elements at the position of
  // the element of `value` being computed, from `value` up.
  DenseSet<Operation *> atPositions;
  SmallVector<Value> worklist{value};
  ReduceOp reduce;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op || atPositions.contains(op))
      continue;
    if (auto found = dyn_cast<ReduceOp>(op)) {
      if (!reduce)
        reduce = found;
      continue;
    }
    if (!keepsPositions(op, size))
      continue;
    atPositions.insert(op);
    for (Value operand : op->getOperands())
      if (getTensorType(operand).getNumElements() == size &&
          !buffers.count(operand))
        worklist.push_back(operand);
  }
  if (!reduce)
    return {};

  // The values computed from the reduce without a buffer between them.
  DenseSet<Value> fromReduce{reduce.getResult()};
  worklist.assign({reduce.getResult()});
  while (!worklist.empty())
    for (Operation *user : worklist.pop_back_val().getUsers())
      for (Value result : user->getResults())
        if (!buffers.count(result) && fromReduce.insert(result).second)
          worklist.push_back(result);
  // Every op of `value`'s computation that reads one of them must be one of
  // those reading it at the element being computed: a flip of it, say,
  // would read elements already replaced, or not yet accumulated.
  SmallVector<Value> cone{value};
  DenseSet<Value> seen;
  while (!cone.empty()) {
    Value current = cone.pop_back_val();
    if (!seen.insert(current).second || buffers.count(current) ||
        current == reduce.getResult())
      continue;
    Operation *op = current.getDefiningOp();
    if (!op)
      continue;
    for (Value operand : op->getOperands()) {
      if (fromReduce.contains(operand) &&
          (!atPositions.contains(op) ||
           getTensorType(operand).getNumElements() != size))
        return {};
      cone.push_back(operand);
    }
  }
  return reduce;
}

bool FunctionRangeifier::reducesContiguously(ReduceOp reduce) {
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  std::optional<size_t> lastAxis = getLastLongAxis(srcShape);
  if (!lastAxis || !llvm::is_contained(reduce.getAxes(), int64_t(*lastAxis)))
    return false;
  SmallVector<Value> worklist{reduce.getSrc()};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second || buffers.count(value))
      continue;
    Operation *op = value.getDefiningOp();
    if (!op || isa<ParamOp, ConstOp, ReduceOp>(op))
      continue;
    if (!isElementwise(op) && !isa<ReshapeOp, ExpandOp, ShrinkOp>(op))
      return false;
    // A value broadcast along an output axis (a matmul's operands) is what
    // the reduction-outside form loads once for several rows; one broadcast
    // along the reduced axes (a softmax's row maximum) is not.
    if (auto expand = dyn_cast<ExpandOp>(op)) {
      ArrayRef<int64_t> from = getTensorType(expand.getSrc()).getShape();
      if (getTensorType(expand.getResult()).getShape() != srcShape)
        return false;
      for (auto [axis, dim] : llvm::enumerate(srcShape))
        if (from[axis] == 1 && dim > 1 &&
            !llvm::is_contained(reduce.getAxes(), int64_t(axis)))
          return false;
    }
    llvm::append_range(worklist, op->getOperands());
  }
  return true;
}

// Matmul-like reductions read their source along the reduced axis, which is
// rarely the contiguous one. With the reduction outside the innermost output
// loop, that loop walks the output and (usually) the source contiguously, so
// it vectorizes; the accumulator lives in the output row, which stays in
// cache.
FailureOr<bool> FunctionRangeifier::emitReduceOutside(OpBuilder &builder,
                                                      Value value,
                                                      Value buffer) {
  ReduceOp reduce = getPositionalReduce(value);
  if (!reduce)
    return false;
  // The reduce itself, seen through reshapes that keep the row-major order,
  // is stored as accumulated; anything else computed from it (a relu, a
  // bias) is computed from the accumulators, in their place.
  Value core = value;
  while (auto reshape = core.getDefiningOp<ReshapeOp>()) {
    if (!isUnitReshape(reshape) || buffers.count(core))
      break;
    core = reshape.getSrc();
  }
  Value epilogue = core == reduce.getResult() ? Value() : value;
  if (epilogue && getTensorType(value).getElementType() !=
                      reduce.getType().getElementType())
    return false;
  RankedTensorType type = reduce.getType();
  Type dtype = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  // The innermost output loop runs over the last axis longer than 1 (the
  // reduced axes have length 1 in the result).
  std::optional<size_t> lastLong = getLastLongAxis(shape);
  if (!lastLong || reduce.getAxes().empty() ||
      isa<Float16Type, BFloat16Type>(dtype) ||
      getTensorType(reduce.getSrc()).getNumElements() < kMinElementsForThreads)
    return false;
  // This is the CPU's schedule: a few threads, each computing a block of
  // rows. On a GPU every output element is a thread of its own already;
  // the CPU's blocks would leave all but a few hundred of them idle.
  if (isOnOneGpu(type))
    return false;
  // A row sum (a softmax's, a layernorm's) reads each row contiguously:
  // with the reduction outside, the inner loop would stride across rows.
  if (reducesContiguously(reduce))
    return false;
  size_t innerAxis = *lastLong;

  // The first long axis other than the innermost is spread over threads
  // and UPCAST: each iteration computes `upcast` consecutive rows, so every
  // element of the source that does not depend on the row (matmul's B) is
  // loaded once for all of them. Rows that kUpcast does not divide get a
  // kernel of their own that computes them in one iteration, so an odd row
  // count does not drop every row to one at a time.
  int64_t rowAxis = -1;
  for (auto [axis, dim] : llvm::enumerate(shape))
    if (axis != innerAxis && dim > 1) {
      rowAxis = axis;
      break;
    }
  SmallVector<RowBlock, 2> blocks;
  if (rowAxis < 0) {
    blocks.push_back(RowBlock());
  } else if (int64_t dim = shape[rowAxis]; dim >= 2 * kUpcast) {
    int64_t tail = dim % kUpcast;
    blocks.push_back({0, dim - tail, kUpcast});
    if (tail)
      blocks.push_back({dim - tail, tail, tail});
  } else {
    // Few rows: the most, halving from kUpcast, that divide them.
    int64_t upcast = kUpcast;
    while (upcast > 1 && (dim % upcast != 0 || dim < 2 * upcast))
      upcast /= 2;
    blocks.push_back({0, dim, upcast});
  }
  for (RowBlock rows : blocks)
    if (failed(emitReduceOutsideRows(builder, reduce, epilogue, buffer,
                                     innerAxis, rowAxis, rows)))
      return failure();
  return true;
}

LogicalResult FunctionRangeifier::emitReduceOutsideRows(
    OpBuilder &builder, ReduceOp reduce, Value epilogue, Value buffer,
    size_t innerAxis, int64_t rowAxis, RowBlock rowBlock) {
  RankedTensorType type = reduce.getType();
  Type dtype = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> srcShape = getTensorType(reduce.getSrc()).getShape();
  SmallVector<int64_t> axes(reduce.getAxes());
  llvm::sort(axes);
  Location loc = reduce.getLoc();
  KernelOp kernel = createKernel(builder, loc, "r", buffer);
  Block *body = &kernel.getBody().front();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  KernelBodyEmitter emitter(builder, body, buffers);

  auto openRange = [&](AxisType axis, int64_t bound) {
    auto range = RangeOp::create(builder, loc, axis,
                                 emitter.indexConst(loc, bound));
    builder.setInsertionPoint(range.getBody().front().getTerminator());
    return range;
  };
  SmallVector<Value> outIndices(shape.size());
  for (auto [axis, dim] : llvm::enumerate(shape)) {
    if (axis == innerAxis)
      continue;
    int64_t bound = static_cast<int64_t>(axis) == rowAxis
                        ? rowBlock.count / rowBlock.upcast
                        : dim;
    AxisType role = static_cast<int64_t>(axis) == rowAxis && bound > 1
                        ? AxisType::Thread
                        : AxisType::Loop;
    outIndices[axis] = openRange(role, bound).getInductionVar();
  }
  // The indices of each upcast row: start + iteration * upcast + u.
  SmallVector<SmallVector<Value>> rows(rowBlock.upcast, outIndices);
  if (rowAxis >= 0 && (rowBlock.upcast > 1 || rowBlock.start > 0)) {
    Value base = arith::MulIOp::create(builder, loc, outIndices[rowAxis],
                                       emitter.indexConst(loc, rowBlock.upcast));
    for (int64_t u = 0; u < rowBlock.upcast; ++u)
      rows[u][rowAxis] =
          rowBlock.start + u == 0
              ? base
              : arith::AddIOp::create(
                    builder, loc, base,
                    emitter.indexConst(loc, rowBlock.start + u))
                    .getResult();
  }
  Block::iterator outerPoint = builder.getInsertionPoint();
  Block *outerBlock = builder.getInsertionBlock();

  // out[..., n, ...] = identity
  RangeOp init = openRange(AxisType::Loop, shape[innerAxis]);
  Value identity = createReduceIdentity(builder, loc, reduce.getKind(), dtype);
  for (SmallVector<Value> row : rows) {
    row[innerAxis] = init.getInductionVar();
    Value ptr = KIndexOp::create(
        builder, loc, buffer, ValueRange{emitter.linearize(loc, row, shape)});
    KStoreOp::create(builder, loc, ptr, identity, Value());
  }

  // for each reduced index: out[..., n, ...] = combine(out[...], src[...])
  builder.setInsertionPoint(outerBlock, outerPoint);
  // The last reduced axis is UNROLLed: each output element is loaded and
  // stored once per `unroll` reduced indices.
  int64_t lastReduced = axes.back();
  int64_t unroll = srcShape[lastReduced] % kReduceUnroll == 0
                       ? kReduceUnroll
                       : 1;
  SmallVector<Value> reduceIndices;
  for (int64_t axis : axes)
    reduceIndices.push_back(
        openRange(AxisType::Reduce,
                  axis == lastReduced ? srcShape[axis] / unroll
                                      : srcShape[axis])
            .getInductionVar());
  SmallVector<Value> unrolled(unroll, reduceIndices.back());
  if (unroll > 1) {
    Value base = arith::MulIOp::create(builder, loc, reduceIndices.back(),
                                       emitter.indexConst(loc, unroll));
    for (int64_t u = 0; u < unroll; ++u)
      unrolled[u] = u == 0 ? base
                           : arith::AddIOp::create(builder, loc, base,
                                                   emitter.indexConst(loc, u))
                                 .getResult();
  }
  RangeOp inner = openRange(AxisType::Loop, shape[innerAxis]);
  emitter.openScope();
  for (SmallVector<Value> row : rows) {
    row[innerAxis] = inner.getInductionVar();
    SmallVector<Value> srcIndices(row);
    for (auto [axis, index] : llvm::zip(axes, reduceIndices))
      srcIndices[axis] = index;
    Value ptr = KIndexOp::create(
        builder, loc, buffer, ValueRange{emitter.linearize(loc, row, shape)});
    Value acc = KLoadOp::create(builder, loc, ptr, Value(), Value());
    for (Value index : unrolled) {
      srcIndices[lastReduced] = index;
      FailureOr<Value> element = emitter.emit(reduce.getSrc(), srcIndices);
      if (failed(element))
        return failure();
      acc = createReduceCombine(builder, loc, reduce.getKind(), dtype, acc,
                                *element);
    }
    KStoreOp::create(builder, loc, ptr, acc, Value());
  }
  emitter.closeScope();
  kernel.setName(getKernelName(/*hasReduce=*/true, shape));
  if (!epilogue)
    return success();

  // for each output column: out[..., n, ...] = epilogue(out[...]). Every
  // read of the reduce is at the element being replaced (see
  // getPositionalReduce), so it reads the accumulated value.
  builder.setInsertionPoint(outerBlock, outerPoint);
  RangeOp columns = openRange(AxisType::Loop, shape[innerAxis]);
  ArrayRef<int64_t> outShape = getTensorType(epilogue).getShape();
  buffers[reduce.getResult()] = buffer;
  emitter.openScope();
  LogicalResult result = success();
  for (SmallVector<Value> row : rows) {
    row[innerAxis] = columns.getInductionVar();
    // The same element of the epilogue: its shape differs from the
    // reduce's in unit axes only.
    SmallVector<Value> longIndices;
    for (auto [axis, dim] : llvm::enumerate(shape))
      if (dim != 1)
        longIndices.push_back(row[axis]);
    SmallVector<Value> outIndices;
    auto next = longIndices.begin();
    for (int64_t dim : outShape)
      outIndices.push_back(dim == 1 ? emitter.indexConst(loc, 0) : *next++);
    FailureOr<Value> element = emitter.emit(epilogue, outIndices);
    if (failed(element)) {
      result = failure();
      break;
    }
    Value ptr = KIndexOp::create(
        builder, loc, buffer,
        ValueRange{emitter.linearize(loc, outIndices, outShape)});
    KStoreOp::create(builder, loc, ptr, *element, Value());
  }
  emitter.closeScope();
  buffers.erase(reduce.getResult());
  return result;
}

LogicalResult FunctionRangeifier::emitKernel(OpBuilder &builder, Value value,
                                             Value buffer) {
  // A value of no elements writes nothing: no kernel.
  if (getTensorType(value).getNumElements() == 0)
    return success();
  // A stack, seen through reshapes (which keep the row-major order), is its
  // sources one after another: each source gets a kernel writing its part,
  // where one kernel would compute every source and select one per element.
  Value core = value;
  while (auto reshape = core.getDefiningOp<ReshapeOp>()) {
    if (buffers.count(core))
      break;
    core = reshape.getSrc();
  }
  if (auto stack = core.getDefiningOp<StackOp>();
      stack && !buffers.count(core)) {
    int64_t offset = 0;
    for (Value src : stack.getSrcs()) {
      if (failed(emitKernelAt(builder, src, buffer, offset)))
        return failure();
      offset += getTensorType(src).getNumElements();
    }
    return success();
  }
  return emitKernelAt(builder, value, buffer, /*offset=*/0);
}

LogicalResult FunctionRangeifier::emitKernelAt(OpBuilder &builder, Value value,
                                               Value buffer, int64_t offset) {
  // The reduction-outside form writes whole buffers only.
  if (offset == 0) {
    FailureOr<bool> outside = emitReduceOutside(builder, value, buffer);
    if (failed(outside))
      return failure();
    if (*outside)
      return success();
  }
  Location loc = value.getLoc();
  RankedTensorType type = getTensorType(value);
  KernelOp kernel = createKernel(builder, loc, "E", buffer);
  Block *body = &kernel.getBody().front();

  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  KernelBodyEmitter emitter(builder, body, buffers);
  SmallVector<Value> indices;
  // A large kernel spreads its outermost loop over the CPU's threads; a
  // reduction's work is its source.
  int64_t work = type.getNumElements();
  if (ReduceOp reduce = getPositionalReduce(value))
    work = std::max(work, getTensorType(reduce.getSrc()).getNumElements());
  bool wantThreads = work >= kMinElementsForThreads;
  for (int64_t dim : type.getShape()) {
    AxisType axis = AxisType::Loop;
    if (wantThreads && dim > 1) {
      axis = AxisType::Thread;
      wantThreads = false;
    }
    auto range = RangeOp::create(builder, loc, axis,
                                 emitter.indexConst(loc, dim));
    indices.push_back(range.getInductionVar());
    builder.setInsertionPoint(range.getBody().front().getTerminator());
  }
  FailureOr<Value> element = emitter.emit(value, indices);
  if (failed(element))
    return failure();
  Value position = emitter.linearize(loc, indices, type.getShape());
  if (offset != 0)
    position = arith::AddIOp::create(builder, loc, position,
                                     emitter.indexConst(loc, offset));
  Value ptr = KIndexOp::create(builder, loc, buffer, ValueRange{position});
  KStoreOp::create(builder, loc, ptr, *element, /*gate=*/Value());

  kernel.setName(getKernelName(emitter.emittedReduce(), type.getShape()));
  return success();
}

/// The elements of `value`, in row-major order, as one range of a buffer:
/// the buffer and the element offset of the range. None when `value` is not
/// such a view (a permute, an expand, a pad, a shrink cutting its rows...).
static std::optional<std::pair<Value, int64_t>>
getContiguousRange(Value value, const DenseMap<Value, Value> &buffers) {
  if (Value buffer = buffers.lookup(value))
    return std::make_pair(buffer, int64_t{0});
  Operation *op = value.getDefiningOp();
  if (isa_and_nonnull<ReshapeOp, DetachOp, ContiguousBackwardOp, AfterOp>(op))
    return getContiguousRange(op->getOperand(0), buffers);
  auto shrink = dyn_cast_or_null<ShrinkOp>(op);
  if (!shrink)
    return std::nullopt;
  std::optional<std::pair<Value, int64_t>> range =
      getContiguousRange(shrink.getSrc(), buffers);
  if (!range)
    return std::nullopt;
  // Contiguous when the axes before the first partial one take one index
  // each and the axes after it are whole.
  ArrayRef<int64_t> srcShape = getTensorType(shrink.getSrc()).getShape();
  ArrayRef<int64_t> starts = shrink.getStarts(), ends = shrink.getEnds();
  bool seenPartial = false;
  int64_t offset = 0, stride = 1;
  for (int64_t axis = srcShape.size() - 1; axis >= 0; --axis) {
    int64_t length = ends[axis] - starts[axis];
    if (seenPartial && length != 1)
      return std::nullopt;
    if (length != srcShape[axis])
      seenPartial = true;
    offset += starts[axis] * stride;
    stride *= srcShape[axis];
  }
  range->second += offset;
  return range;
}

LogicalResult
FunctionRangeifier::emitDeviceCopy(OpBuilder &builder, Value value, Value dst,
                                   function_ref<Value(Value)> allocate) {
  std::optional<std::pair<Value, int64_t>> range =
      getContiguousRange(value, buffers);
  // The runtime copies between the buffers it allocated; a constant's
  // global is not one.
  if (range && range->first.getDefiningOp<memref::GetGlobalOp>())
    range.reset();
  if (!range) {
    // Permutes, expands and pads are applied on the source device, so the
    // copy moves exactly the view's elements (an expand's repeats included).
    Value staging = allocate(value);
    if (failed(emitKernel(builder, value, staging)))
      return failure();
    buffers[value] = staging;
    range = std::make_pair(staging, int64_t{0});
  }
  KCopyOp::create(builder, value.getLoc(), range->first, range->second, dst,
                  /*dst_offset=*/0, getTensorType(value).getNumElements());
  return success();
}

KernelOp FunctionRangeifier::createKernel(OpBuilder &builder, Location loc,
                                          StringRef name, Value buffer) {
  auto kernel = KernelOp::create(builder, loc, builder.getStringAttr(name));
  kernel.getBody().push_back(new Block());
  if (StringAttr device = bufferDevices.lookup(buffer))
    kernel.setDeviceAttr(device);
  return kernel;
}

/// The elements of `value` as the initial value of the flat buffer that
/// holds them: one dimension, of the dtype's storage type.
static FailureOr<ElementsAttr> getFlatElements(Operation *constant,
                                               ElementsAttr value) {
  auto type = cast<RankedTensorType>(value.getType());
  MemRefType bufferType = flatBufferType(type);
  auto flatType =
      RankedTensorType::get(bufferType.getShape(), bufferType.getElementType());
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value)) {
    DenseElementsAttr flat = dense;
    if (flatType.getElementType() != type.getElementType())
      flat = flat.bitcast(flatType.getElementType());
    return cast<ElementsAttr>(flat.reshape(flatType));
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    return cast<ElementsAttr>(
        DenseResourceElementsAttr::get(flatType, resource.getRawHandle()));
  return constant->emitOpError("holds elements rangeify cannot put in a "
                               "buffer: ")
         << value;
}

Value FunctionRangeifier::getConstantBuffer(OpBuilder &builder,
                                            Operation *constant,
                                            ElementsAttr value) {
  memref::GlobalOp &global = constantGlobals[value];
  MemRefType type = flatBufferType(cast<RankedTensorType>(value.getType()));
  if (!global) {
    FailureOr<ElementsAttr> elements = getFlatElements(constant, value);
    if (failed(elements))
      return Value();
    // Named after the function, numbered past the names in use.
    Operation *symbolTable = SymbolTable::getNearestSymbolTable(function);
    std::string name;
    for (unsigned n = 0;; ++n) {
      name = (function.getSymName() + "_constant" + Twine(n)).str();
      if (!SymbolTable::lookupSymbolIn(symbolTable, name))
        break;
    }
    // 64-byte aligned, for the kernels' vector loads.
    OpBuilder moduleBuilder(function);
    global = memref::GlobalOp::create(
        moduleBuilder, constant->getLoc(), name,
        moduleBuilder.getStringAttr("private"), type, *elements,
        /*constant=*/true, moduleBuilder.getI64IntegerAttr(64));
  }
  return memref::GetGlobalOp::create(builder, constant->getLoc(), type,
                                     global.getSymName());
}

LogicalResult FunctionRangeifier::run() {
  if (failed(checkSupported()))
    return failure();
  Block &body = function.getBody().front();
  auto ret = cast<ReturnOp>(body.getTerminator());

  // The returned tensors: one, or the elements of a tuple.
  SmallVector<Value> outputs;
  if (isa<TupleType>(ret.getValue().getType())) {
    auto tuple = ret.getValue().getDefiningOp<TupleOp>();
    if (!tuple)
      return ret.emitOpError("must return a tensor or a tiny.tuple of tensors "
                             "for rangeify");
    for (Value element : tuple.getElements()) {
      if (!isa<RankedTensorType>(element.getType()))
        return ret.emitOpError("returns a nested tuple, which rangeify does "
                               "not flatten yet");
      outputs.push_back(element);
    }
  } else {
    outputs.push_back(ret.getValue());
  }

  // One argument per slot, in slot order (the verifier gives each slot one
  // type), then one per result.
  SmallVector<ParamOp> inputs = getParamsInSlotOrder(function);
  SmallVector<Type> argTypes;
  for (ParamOp param : inputs)
    argTypes.push_back(flatBufferType(param.getType()));
  for (Value output : outputs)
    argTypes.push_back(flatBufferType(getTensorType(output)));

  OpBuilder builder(function);
  auto func = func::FuncOp::create(
      builder, function.getLoc(), function.getSymName(),
      builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  // Marks argument `index` as the caller's buffer `role` `binding`, on the
  // device of `type` where the function spans several devices, for the
  // runtime that binds or allocates it.
  auto markBuffer = [&](unsigned index, BufferRole role, int64_t binding,
                        Type type) {
    StringAttr deviceName;
    if (DeviceAttr device = getDevice(type); namesDevices && device) {
      deviceName = device.getNames().front();
      bufferDevices[entry->getArgument(index)] = deviceName;
    }
    func.setArgAttr(index, BufferAttr::getArgAttrName(),
                    BufferAttr::get(builder.getContext(), role, binding,
                                    deviceName));
  };
  DenseMap<int64_t, unsigned> argumentOfSlot;
  for (auto [index, param] : llvm::enumerate(inputs)) {
    argumentOfSlot[param.getSlot()] = index;
    markBuffer(index, BufferRole::Param, param.getSlot(), param.getType());
  }
  function.walk([&](ParamOp param) {
    buffers[param.getResult()] =
        entry->getArgument(argumentOfSlot.lookup(param.getSlot()));
  });
  unsigned numInputs = inputs.size();
  for (auto [i, output] : llvm::enumerate(outputs))
    markBuffer(numInputs + i, BufferRole::Output, i, output.getType());

  builder.setInsertionPointToStart(entry);
  SmallVector<Value> allocations;
  int64_t numScratch = 0;
  auto allocate = [&](Value value) -> Value {
    MemRefType type = flatBufferType(getTensorType(value));
    // On the host alone, a temporary is the function's own memory;
    // elsewhere only the runtime can allocate it (a GPU's memory, say).
    if (!namesDevices) {
      Value buffer =
          memref::AllocOp::create(builder, value.getLoc(), type);
      allocations.push_back(buffer);
      return buffer;
    }
    // The runtime allocates it on its device, before the function runs.
    unsigned index = func.getNumArguments();
    if (failed(func.insertArgument(index, type, {}, value.getLoc())))
      return Value();
    markBuffer(index, BufferRole::Scratch, numScratch++, value.getType());
    return entry->getArgument(index);
  };

  // Kernels in program order: every realized value before its readers.
  DenseMap<Value, unsigned> outputIndex;
  for (auto [i, output] : llvm::enumerate(outputs))
    outputIndex.try_emplace(output, i);
  auto isOutput = [&](Value value) { return outputIndex.count(value) != 0; };
  // Values that reduces read before them want realized (valueToRealizeFor).
  DenseSet<Value> realizedForReduce;
  // Copies of a buffer (a contiguous of a param or a buffer: the snapshot
  // -tiny-snapshot-overwritten takes of a buffer a store overwrites) not
  // taken yet, with their sources: until a store into that buffer, the
  // buffer itself holds the copy's value, and kernels read it there. At the
  // first store into it, the copy is taken (one kernel, before the store's)
  // only if a kernel after the store reads it, as tinygrad runs the reads
  // of a buffer before an assign into it instead of copying it.
  SmallVector<std::pair<Value, Value>> deferredCopies;
  for (Operation &op : body.without_terminator()) {
    if (auto buffer = dyn_cast<BufferOp>(op)) {
      buffers[buffer.getResult()] = allocate(buffer.getResult());
      continue;
    }
    // A constant other than a splat is read from a global, as a param is
    // read from its argument.
    if (isa<ConstOp, BinaryOp>(op)) {
      auto value =
          cast<ElementsAttr>(op.getAttr(isa<ConstOp>(op) ? "value" : "data"));
      if (isa<ConstOp>(op) && value.isSplat())
        continue;
      Value buffer = getConstantBuffer(builder, &op, value);
      if (!buffer)
        return failure();
      buffers[op.getResult(0)] = buffer;
      continue;
    }
    // A host function reads its arguments from buffers (computed into
    // buffers of their own when they are not in one) and writes each result
    // into a buffer of its own. It runs whether its results are read or not.
    if (auto custom = dyn_cast<CustomFunctionOp>(op)) {
      SmallVector<Value> inputs, outputs;
      for (Value arg : custom.getArgs()) {
        Value buffer = buffers.lookup(arg);
        if (!buffer) {
          buffer = allocate(arg);
          if (failed(emitKernel(builder, arg, buffer)))
            return failure();
          buffers[arg] = buffer;
        }
        inputs.push_back(buffer);
      }
      for (Value result : custom.getResults()) {
        auto output = outputIndex.find(result);
        Value buffer = output != outputIndex.end()
                           ? entry->getArgument(numInputs + output->second)
                           : allocate(result);
        buffers[result] = buffer;
        outputs.push_back(buffer);
      }
      auto signature = builder.getFunctionType(custom.getArgs().getTypes(),
                                               custom.getResultTypes());
      KCustomFunctionOp::create(builder, custom.getLoc(), custom.getName(),
                                inputs, outputs, signature);
      continue;
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      Value target = buffers.lookup(store.getTarget());
      if (target && target.getDefiningOp<memref::GetGlobalOp>())
        return store.emitOpError("stores into a constant");
      if (!target)
        return store.emitOpError("must store into a param or a buffer "
                                 "directly for rangeify");
      for (auto &[copy, src] : deferredCopies) {
        if (!copy || buffers.lookup(copy) != target)
          continue;
        if (readAfterStore(copy, store, buffers)) {
          Value buffer = allocate(copy);
          if (failed(emitKernel(builder, src, buffer)))
            return failure();
          buffers[copy] = buffer;
        }
        copy = Value();
      }
      Value stored = store.getValue();
      // A value that reads the target (say, its flip) is computed into a
      // buffer of its own first.
      if (readsUnrealized(stored, store.getTarget(), buffers)) {
        Value staging = allocate(stored);
        if (failed(emitKernel(builder, stored, staging)))
          return failure();
        buffers[stored] = staging;
      }
      if (failed(emitKernel(builder, stored, target)))
        return failure();
      continue;
    }
    if (op.getNumResults() != 1)
      continue;
    Value value = op.getResult(0);
    if (auto contiguous = dyn_cast<ContiguousOp>(op); contiguous &&
                                                     !isOutput(value)) {
      if (Value srcBuffer = buffers.lookup(contiguous.getSrc());
          srcBuffer && !srcBuffer.getDefiningOp<memref::GetGlobalOp>()) {
        buffers[value] = srcBuffer;
        deferredCopies.emplace_back(value, contiguous.getSrc());
        continue;
      }
    }
    if (auto reduce = dyn_cast<ReduceOp>(op))
      if (Value realized = valueToRealizeFor(reduce, isOutput))
        realizedForReduce.insert(realized);
    // A load or a stage (without ranges) puts its source in a new buffer on
    // its device, as a copy does.
    bool intoNewBuffer = isa<ContiguousOp, CopyOp, LoadOp, StageOp>(op);
    bool realize = intoNewBuffer ||
                   realizedForReduce.contains(value) ||
                   (outputIndex.count(value) && !buffers.count(value));
    if (!realize || buffers.count(value))
      continue;
    Value buffer = outputIndex.count(value)
                       ? entry->getArgument(numInputs + outputIndex[value])
                       : allocate(value);
    Value src = intoNewBuffer ? op.getOperand(0) : value;
    bool crossesDevices =
        isa<CopyOp, LoadOp, StageOp>(op) &&
        getDevice(src.getType()) != getDevice(value.getType());
    if (crossesDevices) {
      if (failed(emitDeviceCopy(builder, src, buffer, allocate)))
        return failure();
    } else if (failed(emitKernel(builder, src, buffer))) {
      // The value's own kernel computes it from its operands; only later
      // readers load it from the buffer.
      return failure();
    }
    buffers[value] = buffer;
  }
  // Outputs not written by their own kernel (a param returned as is, or a
  // value returned twice) are copied into their output buffer.
  for (auto [i, output] : llvm::enumerate(outputs)) {
    Value outBuffer = entry->getArgument(numInputs + i);
    if (buffers.lookup(output) == outBuffer)
      continue;
    if (failed(emitKernel(builder, output, outBuffer)))
      return failure();
  }
  for (Value allocation : allocations)
    memref::DeallocOp::create(builder, function.getLoc(), allocation);
  func::ReturnOp::create(builder, function.getLoc());
  function.erase();
  return success();
}

namespace {
struct TinyRangeifyPass
    : public tiny::impl::TinyRangeifyBase<TinyRangeifyPass> {
  void runOnOperation() override {
    SmallVector<FunctionOp> functions(getOperation().getOps<FunctionOp>());
    for (FunctionOp function : functions) {
      // A private function is only reached through calls, which are
      // resolved by now: nothing runs it as a program.
      if (SymbolTable::getSymbolVisibility(function) ==
          SymbolTable::Visibility::Private) {
        function.erase();
        continue;
      }
      if (failed(FunctionRangeifier(function).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
