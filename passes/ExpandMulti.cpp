//===- ExpandMulti.cpp - one op per device (-tiny-expand-multi) ------------===//
//
// A value on a tuple of n devices is n values, one per device, and an op on
// such values is the same op on each device. This pass writes that out in
// every public `tiny.function`, so that no value is left on a device tuple:
//   - an op on values of one tuple is cloned per device, each clone reading
//     that device's values and producing values on that device
//   - mselect(v, i) is v's value on device i; mstack's operands are the
//     values of its result
//   - copy(x, tuple) of a value on one device is one copy per device;
//     copy(v, tuple) of a value on another tuple of the same size copies
//     device i's value to the tuple's device i; copy(v, device) of a value on
//     a tuple reads device 0's value, every device holding the whole value
//     (as tinygrad does; a sharded value is gathered by -tiny-multi). A copy
//     onto the device the value is on is the value itself.
//   - a buffer on a tuple is one buffer per device, each with a slot of its
//     own; buffers that shared a slot share the new slots too
//   - stores and afters run per device; an after on one device that waits
//     on per-device stores waits on all of them
// Ops whose results no device reads after that are removed.
// A private tiny.function can only be reached through calls, which
// -tiny-resolve-calls inlines; it is left as it is (its params on a tuple
// are its callers' shards).
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYEXPANDMULTI
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The device tuple a value of `type` lives on (for a tuple type, that of
/// its first element on one), or null.
DeviceAttr findDeviceTuple(Type type) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    for (Type element : tuple.getTypes())
      if (DeviceAttr devices = findDeviceTuple(element))
        return devices;
    return {};
  }
  DeviceAttr device = getDevice(type);
  return device && device.isMulti() ? device : DeviceAttr();
}

/// `type` with every tensor on `devices` moved to its device `index`.
Type getTypeOnDevice(Type type, DeviceAttr devices, unsigned index) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    SmallVector<Type> elements;
    for (Type element : tuple.getTypes())
      elements.push_back(getTypeOnDevice(element, devices, index));
    return TupleType::get(type.getContext(), elements);
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getEncoding() != devices)
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               devices.getDeviceAt(index));
}

/// `value` on `device`: the value itself when it is there already.
Value copyTo(OpBuilder &builder, Location loc, Value value, DeviceAttr device) {
  if (getDevice(value.getType()) == device)
    return value;
  return CopyOp::create(builder, loc, value, device);
}

/// The values on each device of a value on a device tuple (or of a token
/// that per-device stores produced).
struct PerDevice {
  DeviceAttr devices;
  SmallVector<Value> values;
};

/// Rewrites the body of one tiny.function so that no value is on a device
/// tuple.
class FunctionExpander {
public:
  explicit FunctionExpander(FunctionOp function) : function(function) {}

  LogicalResult run();

private:
  /// Reports what has no per-device form, before anything is rewritten.
  LogicalResult checkExpandable();
  LogicalResult expand(Operation *op);
  LogicalResult expandCopy(CopyOp copy);
  LogicalResult expandAfter(AfterOp after);
  /// Clones `op` once per device of the tuple its values are on.
  LogicalResult expandClone(Operation *op);
  /// Moves the attributes of per-device `clone` of an op on `devices` to
  /// device `index`: device names, typed constants and buffer slots.
  LogicalResult moveAttributes(Operation *clone, DeviceAttr devices,
                               unsigned index);
  /// The slot of device `index`'s buffer for buffer slot `slot` on
  /// `devices`.
  uint64_t getBufferSlot(uint64_t slot, DeviceAttr devices, unsigned index);

  FunctionOp function;
  DenseMap<Value, PerDevice> perDevice;
  /// The ops replaced by their per-device forms, in program order.
  SmallVector<Operation *> replaced;
  /// Per-device slots of each slot of a buffer on a tuple.
  std::map<uint64_t, SmallVector<uint64_t>> bufferSlots;
  uint64_t nextBufferSlot = 0;
};

LogicalResult FunctionExpander::checkExpandable() {
  auto hasDeviceTuple = [](TypeRange types) {
    return llvm::any_of(types, [](Type type) {
      return static_cast<bool>(findDeviceTuple(type));
    });
  };
  for (Operation &op : function.getBody().front()) {
    if (auto param = dyn_cast<ParamOp>(op)) {
      if (param.getDevice().isMulti())
        return param.emitOpError("of entry function @")
               << function.getSymName() << " is on device tuple "
               << param.getDevice()
               << ": an entry's inputs live on one device each; shard it "
                  "with copies inside the program (or make @"
               << function.getSymName() << " private if it is only called)";
      continue;
    }
    if (isa<AllReduceOp>(op))
      return op.emitOpError(
          "must be lowered before -tiny-expand-multi (run "
          "-tiny-lower-allreduce)");
    if (isa<CallOp>(op) && (hasDeviceTuple(op.getOperandTypes()) ||
                            hasDeviceTuple(op.getResultTypes())))
      return op.emitOpError("on a device tuple must be resolved before "
                            "-tiny-expand-multi (run -tiny-resolve-calls)");
    if (auto ret = dyn_cast<ReturnOp>(op)) {
      if (DeviceAttr devices = findDeviceTuple(ret.getValue().getType()))
        return ret.emitOpError("returns a value on device tuple ")
               << devices << ": gather it with a copy to one device";
      continue;
    }
    for (Value operand : op.getOperands()) {
      auto unshard = operand.getDefiningOp<UnshardOp>();
      if (!unshard)
        continue;
      auto copy = dyn_cast<CopyOp>(op);
      InFlightDiagnostic diag =
          copy && !copy.getDevice().isMulti()
              ? op.emitOpError("gathers the shards of a tiny.unshard; run "
                               "-tiny-multi first, which writes the gather "
                               "as per-device copies")
              : op.emitOpError("reads the logical value of a tiny.unshard, "
                               "which has no per-device form (-tiny-multi "
                               "could not run it per shard)");
      diag.attachNote(unshard.getLoc()) << "unshard here";
      return diag;
    }
  }
  return success();
}

uint64_t FunctionExpander::getBufferSlot(uint64_t slot, DeviceAttr devices,
                                         unsigned index) {
  SmallVector<uint64_t> &slots = bufferSlots[slot];
  while (slots.size() < devices.getNumDevices())
    slots.push_back(nextBufferSlot++);
  return slots[index];
}

LogicalResult FunctionExpander::moveAttributes(Operation *clone,
                                               DeviceAttr devices,
                                               unsigned index) {
  SmallVector<NamedAttribute> attrs(clone->getAttrs());
  for (NamedAttribute named : attrs) {
    Attribute attr = named.getValue();
    Attribute moved = attr;
    if (attr == devices) {
      moved = devices.getDeviceAt(index);
    } else if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
      moved = TypeAttr::get(getTypeOnDevice(typeAttr.getValue(), devices,
                                            index));
    } else if (auto typed = dyn_cast<TypedAttr>(attr)) {
      Type type = getTypeOnDevice(typed.getType(), devices, index);
      if (type == typed.getType())
        continue;
      auto dense = dyn_cast<DenseElementsAttr>(attr);
      if (!dense)
        return clone->emitOpError("holds a constant on device tuple ")
               << devices << " that cannot be moved to one device";
      moved = dense.reshape(cast<ShapedType>(type));
    }
    if (moved != attr)
      clone->setAttr(named.getName(), moved);
  }
  if (auto buffer = dyn_cast<BufferOp>(clone))
    buffer.setSlot(getBufferSlot(buffer.getSlot(), devices, index));
  return success();
}

LogicalResult FunctionExpander::expandCopy(CopyOp copy) {
  if (copy.getShard())
    return copy.emitOpError("shards its value; run -tiny-multi first, which "
                            "writes it as per-device copies of its parts");
  OpBuilder builder(copy);
  Location loc = copy.getLoc();
  DeviceAttr target = copy.getDevice();
  auto it = perDevice.find(copy.getSrc());
  if (it == perDevice.end()) {
    if (!target.isMulti())
      return success();
    // copy(x, tuple): every device gets x.
    PerDevice result{target, {}};
    for (unsigned i = 0, e = target.getNumDevices(); i < e; ++i)
      result.values.push_back(
          copyTo(builder, loc, copy.getSrc(), target.getDeviceAt(i)));
    perDevice[copy.getResult()] = std::move(result);
    replaced.push_back(copy);
    return success();
  }
  const PerDevice &src = it->second;
  if (!target.isMulti()) {
    // Not a gather (that reads an unshard): every device holds the whole
    // value, so device 0's is it.
    copy.getResult().replaceAllUsesWith(
        copyTo(builder, loc, src.values.front(), target));
    replaced.push_back(copy);
    return success();
  }
  if (target.getNumDevices() != src.devices.getNumDevices())
    return copy.emitOpError("copies a value on ")
           << src.devices.getNumDevices() << " devices (" << src.devices
           << ") to " << target.getNumDevices() << " devices (" << target
           << "): a copy between device tuples needs one target device per "
              "source device";
  PerDevice result{target, {}};
  for (auto [i, value] : llvm::enumerate(src.values))
    result.values.push_back(
        copyTo(builder, loc, value, target.getDeviceAt(i)));
  perDevice[copy.getResult()] = std::move(result);
  replaced.push_back(copy);
  return success();
}

LogicalResult FunctionExpander::expandAfter(AfterOp after) {
  auto src = perDevice.find(after.getSrc());
  bool perDeviceDeps = llvm::any_of(
      after.getDeps(), [&](Value dep) { return perDevice.count(dep); });
  if (src == perDevice.end() && !perDeviceDeps)
    return success();
  // Device `index`'s after waits on that device's effects of the same tuple
  // and on every device's effects of another tuple.
  auto getDeps = [&](std::optional<unsigned> index) {
    SmallVector<Value> deps;
    for (Value dep : after.getDeps()) {
      auto it = perDevice.find(dep);
      if (it == perDevice.end())
        deps.push_back(dep);
      else if (index && it->second.devices == src->second.devices)
        deps.push_back(it->second.values[*index]);
      else
        llvm::append_range(deps, it->second.values);
    }
    return deps;
  };
  OpBuilder builder(after);
  if (src == perDevice.end()) {
    Value waiting = AfterOp::create(builder, after.getLoc(), after.getSrc(),
                                    getDeps(std::nullopt));
    after.getResult().replaceAllUsesWith(waiting);
    replaced.push_back(after);
    return success();
  }
  PerDevice result{src->second.devices, {}};
  for (auto [i, value] : llvm::enumerate(src->second.values))
    result.values.push_back(
        AfterOp::create(builder, after.getLoc(), value, getDeps(i)));
  perDevice[after.getResult()] = std::move(result);
  replaced.push_back(after);
  return success();
}

LogicalResult FunctionExpander::expandClone(Operation *op) {
  // The one tuple the op's values are on.
  DeviceAttr devices;
  auto useTuple = [&](DeviceAttr other) -> LogicalResult {
    if (!other || other == devices)
      return success();
    if (devices)
      return op->emitOpError("mixes values on device tuples ")
             << devices << " and " << other
             << ": an op runs per device on values of one tuple; copy one "
                "onto the other's devices first";
    devices = other;
    return success();
  };
  for (Value operand : op->getOperands()) {
    auto it = perDevice.find(operand);
    if (it != perDevice.end() && failed(useTuple(it->second.devices)))
      return failure();
  }
  for (Type type : op->getResultTypes())
    if (failed(useTuple(findDeviceTuple(type))))
      return failure();
  if (!devices)
    return success();
  if (op->getNumRegions() != 0)
    return op->emitOpError("has regions, which -tiny-expand-multi does not "
                           "clone per device");
  for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
    DeviceAttr device = getDevice(type);
    if (device && device != devices)
      return op->emitOpError("result #")
             << i << " is on " << device << " but the op reads values on "
             << devices << ", so it has no per-device form";
  }

  OpBuilder builder(op);
  SmallVector<PerDevice> results(op->getNumResults(), PerDevice{devices, {}});
  for (unsigned i = 0, e = devices.getNumDevices(); i < e; ++i) {
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      auto it = perDevice.find(operand);
      if (it != perDevice.end())
        mapping.map(operand, it->second.values[i]);
    }
    Operation *clone = builder.clone(*op, mapping);
    for (OpResult result : clone->getResults())
      result.setType(getTypeOnDevice(result.getType(), devices, i));
    if (failed(moveAttributes(clone, devices, i)))
      return failure();
    for (auto [perResult, result] : llvm::zip(results, clone->getResults()))
      perResult.values.push_back(result);
  }
  for (auto [result, values] : llvm::zip(op->getResults(), results))
    perDevice[result] = std::move(values);
  replaced.push_back(op);
  return success();
}

LogicalResult FunctionExpander::expand(Operation *op) {
  // Every value on a tuple comes from an op expanded before its readers;
  // checkExpandable reported the others (params, unshards, allreduces).
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (DeviceAttr devices = findDeviceTuple(operand.getType()))
      if (!perDevice.count(operand))
        return op->emitOpError("operand #")
               << i << " is on device tuple " << devices
               << " but has no per-device values";
  if (auto select = dyn_cast<MSelectOp>(op)) {
    const PerDevice &src = perDevice.find(select.getSrc())->second;
    select.getResult().replaceAllUsesWith(src.values[select.getIndex()]);
    replaced.push_back(op);
    return success();
  }
  if (auto stack = dyn_cast<MStackOp>(op)) {
    perDevice[stack.getResult()] = {getDevice(stack.getType()),
                                    llvm::to_vector(stack.getSrcs())};
    replaced.push_back(op);
    return success();
  }
  // Its readers were reported; the shards it views are expanded.
  if (isa<UnshardOp>(op)) {
    replaced.push_back(op);
    return success();
  }
  if (auto copy = dyn_cast<CopyOp>(op))
    return expandCopy(copy);
  if (auto after = dyn_cast<AfterOp>(op))
    return expandAfter(after);
  return expandClone(op);
}

LogicalResult FunctionExpander::run() {
  if (failed(checkExpandable()))
    return failure();
  Block &body = function.getBody().front();
  for (BufferOp buffer : body.getOps<BufferOp>())
    nextBufferSlot = std::max<uint64_t>(nextBufferSlot, buffer.getSlot() + 1);
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
    if (failed(expand(&op)))
      return failure();
  if (replaced.empty())
    return success();
  // Readers come after what they read: erase them first.
  for (Operation *op : llvm::reverse(replaced)) {
    if (!op->use_empty())
      return op->emitOpError("is still read by '")
             << op->user_begin()->getName() << "' after -tiny-expand-multi";
    op->erase();
  }
  // Per-device ops nothing reads (say, device 1's half of a replicated value
  // when only device 0's is copied out) would still be realized by
  // -tiny-rangeify. Params stay: they are the function's inputs.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (!isa<ParamOp>(op) && isOpTriviallyDead(&op))
      op.erase();
  return success();
}

struct TinyExpandMultiPass
    : mlir::tiny::impl::TinyExpandMultiBase<TinyExpandMultiPass> {
  void runOnOperation() override {
    for (FunctionOp function : getOperation().getOps<FunctionOp>()) {
      if (function.isPrivate())
        continue;
      if (failed(FunctionExpander(function).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
