//===- RangeifyBuffers.cpp - the kernel ABI of rangeify -------------------===//
//
// The buffers -tiny-rangeify's func.func works on, and their roles for the
// runtime: one flat buffer per param slot (in slot order) and per output,
// each marked with its BufferAttr role and, where the function names
// devices, its device; temporaries as the function's own memory on the
// host alone, else as scratch arguments the runtime allocates; a constant
// other than a splat as a read-only global; a copy across devices as a
// range of a buffer (staged on its device when it is no such range).
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/ScalarAlu.h"

#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

/// The flat buffer a tensor of this type is stored in: one element per
/// logical element (a scalar takes one, a value of no elements none, so the
/// runtime moves none of its bytes), of the dtype's storage type.
MemRefType rangeify::flatBufferType(RankedTensorType type) {
  return MemRefType::get({type.getNumElements()},
                         getStorageType(type.getElementType()));
}

void FunctionRangeifier::createBufferFunction(OpBuilder &builder) {
  // One argument per slot, in slot order (the verifier gives each slot one
  // type), then one per result.
  SmallVector<ParamOp> inputs = getParamsInSlotOrder(function);
  SmallVector<Type> argTypes;
  for (ParamOp param : inputs)
    argTypes.push_back(flatBufferType(param.getType()));
  for (Value output : outputs)
    argTypes.push_back(flatBufferType(getTensorType(output)));

  func = func::FuncOp::create(builder, function.getLoc(),
                              function.getSymName(),
                              builder.getFunctionType(argTypes, {}));
  entry = func.addEntryBlock();
  DenseMap<int64_t, unsigned> argumentOfSlot;
  for (auto [index, param] : llvm::enumerate(inputs)) {
    argumentOfSlot[param.getSlot()] = index;
    markBuffer(index, BufferRole::Param, param.getSlot(), param.getType());
  }
  function.walk([&](ParamOp param) {
    buffers[param.getResult()] =
        entry->getArgument(argumentOfSlot.lookup(param.getSlot()));
  });
  numInputs = inputs.size();
  for (auto [i, output] : llvm::enumerate(outputs))
    markBuffer(numInputs + i, BufferRole::Output, i, output.getType());
}

void FunctionRangeifier::markBuffer(unsigned index, BufferRole role,
                                    int64_t binding, Type type) {
  StringAttr deviceName;
  if (DeviceAttr device = getDevice(type); namesDevices && device) {
    deviceName = device.getNames().front();
    bufferDevices[entry->getArgument(index)] = deviceName;
  }
  func.setArgAttr(index, BufferAttr::getArgAttrName(),
                  BufferAttr::get(func.getContext(), role, binding,
                                  deviceName));
}

Value FunctionRangeifier::allocate(OpBuilder &builder, Value value) {
  MemRefType type = flatBufferType(getTensorType(value));
  // On the host alone, a temporary is the function's own memory;
  // elsewhere only the runtime can allocate it (a GPU's memory, say).
  if (!namesDevices) {
    Value buffer = memref::AllocOp::create(builder, value.getLoc(), type);
    allocations.push_back(buffer);
    return buffer;
  }
  // The runtime allocates it on its device, before the function runs.
  unsigned index = func.getNumArguments();
  if (failed(func.insertArgument(index, type, {}, value.getLoc())))
    return Value();
  markBuffer(index, BufferRole::Scratch, numScratch++, value.getType());
  return entry->getArgument(index);
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
  ArrayRef<int64_t> shape = shrink.getType().getShape();
  bool seenPartial = false;
  for (int64_t axis = srcShape.size() - 1; axis >= 0; --axis) {
    if (seenPartial && shape[axis] != 1)
      return std::nullopt;
    if (shape[axis] != srcShape[axis])
      seenPartial = true;
  }
  // The range starts at the source element of the first element.
  SmallVector<int64_t> first(shape.size(), 0);
  range->second += getLinearIndex(*shrink.getSourceIndex(first), srcShape);
  return range;
}

LogicalResult FunctionRangeifier::emitDeviceCopy(OpBuilder &builder,
                                                 Value value, Value dst) {
  std::optional<std::pair<Value, int64_t>> range =
      getContiguousRange(value, buffers);
  // The runtime copies between the buffers it allocated; a constant's
  // global is not one.
  if (range && range->first.getDefiningOp<memref::GetGlobalOp>())
    range.reset();
  if (!range) {
    // Permutes, expands and pads are applied on the source device, so the
    // copy moves exactly the view's elements (an expand's repeats included).
    Value staging = allocate(builder, value);
    if (failed(emitKernel(builder, value, staging)))
      return failure();
    buffers[value] = staging;
    range = std::make_pair(staging, int64_t{0});
  }
  k::CopyOp::create(builder, value.getLoc(), range->first, range->second, dst,
                    /*dst_offset=*/0, getTensorType(value).getNumElements());
  return success();
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
