//===- Rangeify.h - the parts of -tiny-rangeify -----------------*- C++ -*-===//
//
// -tiny-rangeify is split by job, one file each:
//   - Rangeify.cpp: the pass; what it lowers; the function's values walked in
//     program order, realizing each that needs a buffer;
//   - RangeifyRealize.cpp: the decisions which values get a buffer, and
//     whether a store (or a custom kernel) can write its target in place;
//   - RangeifyKernels.cpp: one kernel's loop nest and store;
//   - RangeifyKernelBody.cpp: the scalar code inside a kernel's loops
//     (KernelBodyEmitter), movement ops through their index maps;
//   - RangeifyReduceOutside.cpp: the schedule of large matmul-like reduces
//     (reduction loops outside the innermost output loop);
//   - RangeifyBuffers.cpp: the kernel ABI: the func.func's buffer arguments
//     and their roles, scratch buffers, constants' globals, device copies.
// This header declares what they share; nothing outside rangeify uses it.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_RANGEIFY_H
#define TINY_PASSES_RANGEIFY_H

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tiny::rangeify {

/// Reduces whose source has at least this many elements get the
/// reduction-outside form (RangeifyReduceOutside.cpp); -tiny-cpu-schedule
/// spreads kernels of this much work over threads.
constexpr int64_t kMinReduceOutsideElements = 1 << 14;

/// The flat buffer a tensor of this type is stored in (RangeifyBuffers.cpp).
MemRefType flatBufferType(RankedTensorType type);

// RangeifyRealize.cpp

/// True for a reshape that only adds or removes unit axes.
bool isUnitReshape(ReshapeOp reshape);
/// True when `op` reads each of its operands of `size` elements at the
/// position of the result element it computes, and has `size` elements.
bool keepsPositions(Operation *op, int64_t size);
/// The value to give a buffer so that a kernel computes `reduce` once per
/// element, or null when none is needed.
Value valueToRealizeFor(ReduceOp reduce, function_ref<bool(Value)> isOutput);
/// True when `value`'s reduces read no buffer and it reads at most three:
/// it gets no buffer, its readers compute it (tinygrad's remove_bufferize).
bool isRecomputedByReaders(Value value, const DenseMap<Value, Value> &buffers);
/// Whether `realized`, the value valueToRealizeFor gives `reduce`, may go
/// without a buffer, its one reading kernel computing it once per row
/// (KernelBodyEmitter's row values): it is on the host, has the reduce's
/// shape, is read only through expands along the reduce's reduced axes
/// (softmax's x - max(x), layernorm's (x - mean) * rstd), and what is
/// computed from those reads ends in one value, the one kernel's (reduces of
/// them that are broadcast back alike are followed to their own reads).
bool isComputedPerRow(ReduceOp reduce, Value realized,
                      function_ref<bool(Value)> isOutput);
/// The elementwise values of `body` that expands or broadcasting
/// elementwise ops read at more positions than they have (through movement
/// ops and markers), with the number of positions read that way.
DenseMap<Value, uint64_t> getBroadcastReads(Block &body);
/// Whether `value`, read at `reads` positions by broadcasts (0: none), gets a
/// buffer rather than being recomputed at each: tinygrad ends the kernel before
/// a broadcast unless the value's readers recompute it (isRecomputedByReaders);
/// tiny also recomputes it when that costs fewer ops than a kernel launch is
/// worth.
/// Row values (`rowValues`) in the value's computation cost one load each,
/// as a buffer read does: its readers' kernels compute them once per row or
/// read them from a buffer.
bool isRealizedForBroadcast(Value value, uint64_t reads,
                            const DenseMap<Value, Value> &buffers,
                            const DenseSet<Value> &rowValues);
/// Whether computing `reduce`'s source, up to realized values, computes a
/// reduce made of indices (an arange that a one-hot mask compares with).
bool readsReduceOfIndices(ReduceOp reduce,
                          const DenseMap<Value, Value> &buffers);
/// True when computing `value` reads `target` at other positions than the
/// one it computes, without a realized buffer between them.
bool readsUnrealized(Value value, Value target,
                     const DenseMap<Value, Value> &buffers);
/// True when a kernel emitted after `store` would read `copy`.
bool readAfterStore(Value copy, StoreOp store,
                    const DenseMap<Value, Value> &buffers);
/// The value `value` is a view of (itself, or through reshapes and afters)
/// that has a buffer, or null: `value`'s elements are that buffer's.
Value getStorage(Value value, const DenseMap<Value, Value> &buffers);
/// True when an op after `kernel` other than `store` (its result's store
/// back into its operand's buffer) would use `value`, through values that
/// have no buffer yet: a read of it, or a store into it before `store`. An
/// `after` of it ordered after `store`, and a store into it after `store`,
/// name the buffer once `store` wrote it and are not such uses.
bool usedAfterKernel(Value value, CustomKernelOp kernel, StoreOp store,
                     const DenseMap<Value, Value> &buffers);

// RangeifyKernels.cpp

/// tinygrad's kernel name: r_ with a reduction, E_ without, then the
/// output's loop bounds.
std::string getKernelName(bool hasReduce, ArrayRef<int64_t> shape);

// RangeifyKernelBody.cpp

/// Values that get no buffer although broadcasts read them (isComputedPerRow):
/// the reading kernel computes each once per row, outside the loops along
/// which it is broadcast. A kernel that cannot (where that would compute it
/// more times than it has elements) lists it in `unplaced` and fails; its
/// value then gets a buffer, and the kernel is emitted again.
struct RowValues {
  DenseSet<Value> values;
  SmallVector<Value> unplaced;
};

/// Emits the scalar code that computes tensor values at given indices,
/// inside the loops of one kernel.
class KernelBodyEmitter {
public:
  /// Emits into `kernelBody`, whose start also holds the index constants.
  /// Without `placeRows`, the kernel computes no row value (a large
  /// reduce's own schedule, RangeifyReduceOutside.cpp): each is unplaced.
  KernelBodyEmitter(OpBuilder &builder, Block *kernelBody,
                    const DenseMap<Value, Value> &buffers, RowValues &rows,
                    bool placeRows = true)
      : b(builder), kernelBody(kernelBody), buffers(buffers), rows(rows),
        placeRows(placeRows) {
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
  /// Computes row value `value` at `indices` outside the innermost ranges
  /// around the insertion point that the indices do not vary along.
  FailureOr<Value> emitRowValue(Value value, ArrayRef<Value> indices);
  /// True when `value` is defined before the insertion point, in its block
  /// or one around it: code emitted there may use it.
  bool isAvailable(Value value);
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
  RowValues &rows;
  bool placeRows;
  DenseMap<int64_t, Value> indexConstants;
  DenseMap<Value, Value> kernelGlobals;
  /// One cache per open range body: a value computed inside a loop is only
  /// reused inside it.
  SmallVector<Cache> scopes;
  bool hasReduce = false;
};

/// Builds the kernels of one tiny.function into a func.func.
class FunctionRangeifier {
public:
  FunctionRangeifier(FunctionOp function) : function(function) {}

  LogicalResult run();

private:
  // Rangeify.cpp: what rangeify lowers, and the kernels in program order.
  LogicalResult checkSupported();
  /// True for a value the function returns.
  bool isOutput(Value value) const { return outputIndex.count(value) != 0; }

  // RangeifyBuffers.cpp: the func.func's buffer arguments and their roles.
  /// Creates the func.func over the params' and outputs' flat buffers
  /// (params in slot order), marks their roles, and maps each param to its
  /// argument.
  void createBufferFunction(OpBuilder &builder);
  /// Marks argument `index` as the caller's buffer `role` `binding`, on the
  /// device of `type` where the function names devices, for the runtime
  /// that binds or allocates it.
  void markBuffer(unsigned index, BufferRole role, int64_t binding, Type type);
  /// A new buffer for `value`: the function's own memory on the host alone,
  /// else a scratch argument the runtime allocates on its device. Null when
  /// no argument can be added.
  Value allocate(OpBuilder &builder, Value value);
  /// The buffer argument of output `index`.
  Value getOutputBuffer(unsigned index) const {
    return entry->getArgument(numInputs + index);
  }

  // RangeifyKernels.cpp: one kernel's loops and store.
  /// Emits one kernel storing `value` into `buffer`.
  LogicalResult emitKernel(OpBuilder &builder, Value value, Value buffer);
  /// Emits one kernel storing `value` into `buffer` from element `offset`
  /// on (a part of the buffer, for the sources of a stack).
  LogicalResult emitKernelAt(OpBuilder &builder, Value value, Value buffer,
                             int64_t offset);
  /// Emits `custom`'s body as one kernel over buffers of its results.
  LogicalResult emitCustomKernel(OpBuilder &builder, CustomKernelOp custom);
  /// The store of custom kernel result `result` back into the buffer of
  /// its operand `arg` that lets the kernel write that buffer in place, or
  /// null when there is none (RangeifyRealize.cpp).
  StoreOp getInPlaceStore(CustomKernelOp custom, Value arg, Value result);
  /// Takes, before `custom`'s kernel writes `buffer` in place, the deferred
  /// copies of `buffer` that a later kernel reads.
  LogicalResult takeCopiesBefore(OpBuilder &builder, CustomKernelOp custom,
                                 StoreOp store, Value buffer);
  /// Creates an empty kernel that writes `buffer`, named for the buffer's
  /// device when the function names devices.
  k::KernelOp createKernel(OpBuilder &builder, Location loc, StringRef name,
                           Value buffer);
  // RangeifyReduceOutside.cpp: the schedule of large (matmul-like) reduces.
  /// The reduce `value` computes at its own positions (itself, or read
  /// through ops that keep positions, as in `max(r, 0)`), when nothing in
  /// `value`'s computation reads it at other positions: a kernel may then
  /// accumulate it in `value`'s buffer and compute `value` from there in
  /// place. Null when there is none.
  ReduceOp getPositionalReduce(Value value);
  /// The reduce `value` is, through unit reshapes and one permute (null if
  /// none), and in `chain` those ops from the reduce up to `value`.
  ReduceOp getPermutedReduce(Value value, SmallVectorImpl<Operation *> &chain);
  /// Whether every op of `value`'s computation that reads a value computed
  /// from `reduce` reads it at the element being computed (is one of
  /// `atPositions`, on operands of `size` elements).
  bool isAccumulatedInPlace(Value value, ReduceOp reduce,
                            const llvm::DenseSet<Operation *> &atPositions,
                            int64_t size);
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
  /// Emits the reduction-outside kernel of `reduce`, its innermost output
  /// loop over axis `innerAxis`; with an `epilogue`, each row of
  /// accumulators is then replaced by that value, computed from them.
  /// `toBuffer` (a permute and unit reshapes, from the reduce up) says where
  /// each element of the reduce is stored in `buffer`; empty, the buffer
  /// holds the reduce in its order.
  LogicalResult emitReduceOutsideNest(OpBuilder &builder, ReduceOp reduce,
                                      Value epilogue, Value buffer,
                                      ArrayRef<Operation *> toBuffer,
                                      size_t innerAxis);

  // RangeifyBuffers.cpp, continued.
  /// Copies `value`, on another device than `dst`, into `dst`: as a range of
  /// the buffer it is a contiguous view of, or from a buffer of its own
  /// computed on its device first.
  LogicalResult emitDeviceCopy(OpBuilder &builder, Value value, Value dst);
  /// The buffer of a constant other than a splat (or of raw bytes): a
  /// read-only global, named in the function as a param's buffer is its
  /// argument. Null, with a diagnostic, when `value` has no flat form.
  Value getConstantBuffer(OpBuilder &builder, Operation *constant,
                          ElementsAttr value);

  FunctionOp function;
  DenseMap<Value, Value> buffers;
  /// Reduces' values that kernels reading them compute once per row.
  RowValues rows;
  /// Gives a buffer, each computed by its own kernel, to the row values of
  /// `value`'s computation that read `target` (which a store of `value` is
  /// about to overwrite).
  LogicalResult realizeRowValuesReading(OpBuilder &builder, Value value,
                                        Value target);
  /// emitKernel's one try: fails, with rows.unplaced set, when a row value
  /// must get a buffer first.
  LogicalResult emitKernelOnce(OpBuilder &builder, Value value, Value buffer);
  /// Copies of a buffer (a contiguous of a param or a buffer: the snapshot
  /// -tiny-snapshot-overwritten takes of a buffer a store overwrites) not
  /// taken yet, with their sources: until a store into that buffer, the
  /// buffer itself holds the copy's value, and kernels read it there. At the
  /// first write into it (a store, or a custom kernel updating it in place),
  /// the copy is taken (one kernel, before the write's) only if a kernel
  /// after the write reads it, as tinygrad runs the reads of a buffer before
  /// an assign into it instead of copying it. An entry is null once its
  /// buffer was written.
  SmallVector<std::pair<Value, Value>> deferredCopies;
  /// Stores of a custom kernel's result back into the buffer the kernel
  /// updated in place: they emit nothing.
  DenseSet<Operation *> inPlaceStores;
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
  /// The returned tensors (one, or a tuple's elements), each with its
  /// output number.
  SmallVector<Value> outputs;
  DenseMap<Value, unsigned> outputIndex;
  /// The func.func being built, its entry block and how many of its
  /// arguments are params.
  func::FuncOp func;
  Block *entry = nullptr;
  unsigned numInputs = 0;
  /// The function's own temporaries (host only), freed at its end.
  SmallVector<Value> allocations;
  /// Scratch buffer arguments so far.
  int64_t numScratch = 0;
};


} // namespace mlir::tiny::rangeify

#endif // TINY_PASSES_RANGEIFY_H
