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
// reads it. A value of no elements has no kernel. A custom kernel is one
// kernel of its own, its body cloned over buffers of its results; it
// updates an operand's buffer in place when nothing else reads it, or when
// its result is only stored back into that buffer and nothing reads the
// buffer's old value after the kernel (a deferred copy of it is taken
// first).
//
// This file holds the pass, the check of what it lowers and the walk that
// realizes values in program order; Rangeify.h lists the files of its
// other jobs.
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Elementwise.h"
#include "passes/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYRANGEIFY
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

/// The kernel-level ops, which a tiny.function does not hold.
static bool isKernelLevel(Operation *op) {
  return isa<k::KernelOp, k::CopyOp, k::CustomFunctionOp, k::RangeOp, k::EndOp,
             k::IndexOp, k::LoadOp, k::StoreOp, k::AtomicAddOp, k::SpecialOp,
             k::BarrierOp, k::WmmaOp, k::CustomOp>(op);
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
  if (isa<ParamOp, BufferOp, ConstOp, BinaryOp, CustomKernelOp, ReshapeOp,
          PermuteOp, ExpandOp, PadOp, ShrinkOp, FlipOp, IndexOp, StackOp,
          BitcastOp, ReduceOp, ContiguousOp, ContiguousBackwardOp, DetachOp,
          CopyOp, LoadOp, StageOp, StoreOp, AfterOp, TupleOp, ReturnOp>(op) ||
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
    // A custom kernel's body is kernel-level already: it is cloned as is.
    if (op == function || op->getParentOfType<CustomKernelOp>())
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

LogicalResult FunctionRangeifier::run() {
  if (failed(checkSupported()))
    return failure();
  Block &body = function.getBody().front();
  auto ret = cast<ReturnOp>(body.getTerminator());

  // The returned tensors: one, or the elements of a tuple.
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

  for (auto [i, output] : llvm::enumerate(outputs))
    outputIndex.try_emplace(output, i);
  OpBuilder builder(function);
  createBufferFunction(builder);
  builder.setInsertionPointToStart(entry);
  // Kernels in program order: every realized value before its readers.
  // Values that reduces read before them want realized (valueToRealizeFor).
  DenseSet<Value> realizedForReduce;
  // Values read at more positions than they have: a convolution's gradient
  // that its weight gradient reads once per weight, say.
  DenseMap<Value, uint64_t> broadcastReads = getBroadcastReads(body);
  for (Operation &op : body.without_terminator()) {
    if (auto buffer = dyn_cast<BufferOp>(op)) {
      buffers[buffer.getResult()] = allocate(builder, buffer.getResult());
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
      SmallVector<Value> argBuffers, resultBuffers;
      for (Value arg : custom.getArgs()) {
        Value buffer = buffers.lookup(arg);
        if (!buffer) {
          buffer = allocate(builder, arg);
          if (failed(emitKernel(builder, arg, buffer)))
            return failure();
          buffers[arg] = buffer;
        }
        argBuffers.push_back(buffer);
      }
      for (Value result : custom.getResults()) {
        auto output = outputIndex.find(result);
        Value buffer = output != outputIndex.end()
                           ? getOutputBuffer(output->second)
                           : allocate(builder, result);
        buffers[result] = buffer;
        resultBuffers.push_back(buffer);
      }
      auto signature = builder.getFunctionType(custom.getArgs().getTypes(),
                                               custom.getResultTypes());
      k::CustomFunctionOp::create(builder, custom.getLoc(), custom.getName(),
                                  argBuffers, resultBuffers, signature);
      continue;
    }
    if (auto custom = dyn_cast<CustomKernelOp>(op)) {
      if (failed(emitCustomKernel(builder, custom)))
        return failure();
      continue;
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      // A store into after(x, deps) stores into x once deps are done; they
      // are, as their ops come first and kernels are emitted in op order
      // (two assigns into one buffer in one program).
      Value targetValue = store.getTarget();
      while (auto after = targetValue.getDefiningOp<AfterOp>())
        targetValue = after.getSrc();
      Value target = buffers.lookup(targetValue);
      if (target && target.getDefiningOp<memref::GetGlobalOp>())
        return store.emitOpError("stores into a constant");
      if (!target)
        return store.emitOpError("must store into a param or a buffer "
                                 "directly for rangeify");
      for (auto &[copy, src] : deferredCopies) {
        if (!copy || buffers.lookup(copy) != target)
          continue;
        if (readAfterStore(copy, store, buffers)) {
          Value buffer = allocate(builder, copy);
          if (failed(emitKernel(builder, src, buffer)))
            return failure();
          buffers[copy] = buffer;
        }
        copy = Value();
      }
      // The custom kernel that computed the value wrote it there already.
      if (inPlaceStores.contains(store))
        continue;
      Value stored = store.getValue();
      // Row values that read the target (an assign of softmax(x) into x) get
      // buffers first, as reduces did before row values: the store's kernel
      // then writes x in place, not after staging the whole value.
      if (failed(realizeRowValuesReading(builder, stored, store.getTarget())))
        return failure();
      // A value that reads the target (say, its flip) is computed into a
      // buffer of its own first.
      if (readsUnrealized(stored, store.getTarget(), buffers)) {
        Value staging = allocate(builder, stored);
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
    // A reduce read along its reduced axes by one kernel is computed there,
    // once per row, before the row's loop (softmax, layernorm): x is read
    // once from memory rather than once per reduce.
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      auto isOutputValue = [&](Value value) { return isOutput(value); };
      if (Value realized = valueToRealizeFor(reduce, isOutputValue);
          realized && !isRecomputedByReaders(realized, buffers)) {
        if (isComputedPerRow(reduce, realized, isOutputValue))
          rows.values.insert(realized);
        else
          realizedForReduce.insert(realized);
      }
    }
    // A load or a stage (without ranges) puts its source in a new buffer on
    // its device, as a copy does.
    bool intoNewBuffer = isa<ContiguousOp, CopyOp, LoadOp, StageOp>(op);
    bool realize = intoNewBuffer || realizedForReduce.contains(value) ||
                   (!rows.values.contains(value) &&
                    isRealizedForBroadcast(value, broadcastReads.lookup(value),
                                           buffers, rows.values)) ||
                   (outputIndex.count(value) && !buffers.count(value));
    if (!realize || buffers.count(value))
      continue;
    Value buffer = outputIndex.count(value)
                       ? getOutputBuffer(outputIndex[value])
                       : allocate(builder, value);
    Value src = intoNewBuffer ? op.getOperand(0) : value;
    bool crossesDevices =
        isa<CopyOp, LoadOp, StageOp>(op) &&
        getDevice(src.getType()) != getDevice(value.getType());
    if (crossesDevices) {
      if (failed(emitDeviceCopy(builder, src, buffer)))
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
    Value outBuffer = getOutputBuffer(i);
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

LogicalResult FunctionRangeifier::realizeRowValuesReading(OpBuilder &builder,
                                                          Value value,
                                                          Value target) {
  SmallVector<Value> reading;
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen{value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (buffers.count(current))
      continue;
    if (rows.values.contains(current) &&
        readsUnrealized(current, target, buffers))
      reading.push_back(current);
    if (Operation *op = current.getDefiningOp())
      for (Value operand : op->getOperands())
        if (seen.insert(operand).second)
          worklist.push_back(operand);
  }
  // In program order: a later row value's kernel reads an earlier one's
  // buffer.
  llvm::sort(reading, [](Value a, Value b) {
    return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
  });
  for (Value row : reading) {
    rows.values.erase(row);
    Value buffer = allocate(builder, row);
    if (!buffer)
      return emitError(row.getLoc(), "cannot get a buffer for a reduce");
    if (failed(emitKernel(builder, row, buffer)))
      return failure();
    buffers[row] = buffer;
  }
  return success();
}

/// Whether a custom kernel's body may write its buffer `buffer`: some
/// pointer into it is used other than by a load.
static bool mayWrite(BlockArgument buffer) {
  for (Operation *user : buffer.getUsers()) {
    auto index = dyn_cast<k::IndexOp>(user);
    if (!index)
      return true;
    if (llvm::any_of(index->getUsers(),
                     [](Operation *use) { return !isa<k::LoadOp>(use); }))
      return true;
  }
  return false;
}

LogicalResult FunctionRangeifier::emitCustomKernel(OpBuilder &builder,
                                                   CustomKernelOp custom) {
  // Each result is its argument after the kernel ran. A buffer the kernel
  // only reads, of a result nothing reads, is the argument's own (or that
  // of the param or buffer it is a reshape of); others
  // are a copy of the argument, unless the argument's buffer is one nothing
  // else reads (a program's buffer, or a custom kernel's result, read only
  // here), or the result is only stored back into it and nothing reads its
  // old value after the kernel (tinygrad's custom kernel on a buffer): the
  // kernel then updates it in place.
  SmallVector<Value> kernelBuffers;
  for (auto [arg, result, bodyBuffer] :
       llvm::zip(custom.getArgs(), custom.getResults(),
                 custom.getBody().getArguments())) {
    Value argBuffer = buffers.lookup(arg);
    Value buffer;
    bool onlyRead = !mayWrite(bodyBuffer) && result.use_empty();
    if (auto output = outputIndex.find(result); output != outputIndex.end()) {
      buffer = getOutputBuffer(output->second);
    } else if (argBuffer &&
               (onlyRead ||
                (arg.hasOneUse() && isa_and_nonnull<BufferOp, CustomKernelOp>(
                                        arg.getDefiningOp())))) {
      buffer = argBuffer;
    } else if (Value storage = getStorage(arg, buffers);
               onlyRead && storage &&
               !buffers.lookup(storage).getDefiningOp<memref::GetGlobalOp>()) {
      argBuffer = buffer = buffers.lookup(storage);
    } else if (StoreOp store = getInPlaceStore(custom, arg, result)) {
      Value storage = getStorage(arg, buffers);
      argBuffer = buffer = buffers.lookup(storage);
      if (failed(takeCopiesBefore(builder, custom, store, buffer)))
        return failure();
      inPlaceStores.insert(store);
    } else {
      buffer = allocate(builder, result);
    }
    if (!buffer)
      return custom.emitOpError("cannot get a buffer for result #")
             << kernelBuffers.size();
    if (buffer != argBuffer && failed(emitKernel(builder, arg, buffer)))
      return failure();
    buffers[result] = buffer;
    kernelBuffers.push_back(buffer);
  }
  k::KernelOp kernel = createKernel(builder, custom.getLoc(), custom.getName(),
                                    kernelBuffers.front());
  IRMapping mapping;
  mapping.map(custom.getBody().getArguments(), kernelBuffers);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&kernel.getBody().front());
  for (Operation &bodyOp : custom.getBody().front())
    builder.clone(bodyOp, mapping);
  return success();
}

LogicalResult FunctionRangeifier::takeCopiesBefore(OpBuilder &builder,
                                                   CustomKernelOp custom,
                                                   StoreOp store,
                                                   Value buffer) {
  for (auto &[copy, src] : deferredCopies) {
    if (!copy || buffers.lookup(copy) != buffer)
      continue;
    if (usedAfterKernel(copy, custom, store, buffers)) {
      Value copyBuffer = allocate(builder, copy);
      if (!copyBuffer)
        return custom.emitOpError("cannot get a buffer for a copy of an "
                                  "operand it updates in place");
      if (failed(emitKernel(builder, src, copyBuffer)))
        return failure();
      buffers[copy] = copyBuffer;
    }
    copy = Value();
  }
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
