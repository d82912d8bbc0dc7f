//===- RangeifyKernels.cpp - one kernel of rangeify -----------------------===//
//
// How -tiny-rangeify emits the kernel that stores one value into its
// buffer: a stack as one kernel per source, a large matmul-like reduce in
// its own schedule (RangeifyReduceOutside.cpp), anything else as one LOOP
// range per axis around the value's scalar code (RangeifyKernelBody.cpp)
// and a store at the flat position. Which range runs on threads is
// -tiny-cpu-schedule's choice.
//
//===----------------------------------------------------------------------===//

#include "passes/Rangeify.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::rangeify;

/// tinygrad's kernel name: r_ with a reduction, E_ without, then the
/// output's loop bounds.
std::string rangeify::getKernelName(bool hasReduce,
                                    ArrayRef<int64_t> shape) {
  std::string name = hasReduce ? "r" : "E";
  for (int64_t dim : shape)
    name += "_" + std::to_string(dim);
  return name;
}

LogicalResult FunctionRangeifier::emitKernel(OpBuilder &builder, Value value,
                                             Value buffer) {
  Block *block = builder.getInsertionBlock();
  Block::iterator point = builder.getInsertionPoint();
  Operation *before = point == block->begin() ? nullptr : &*std::prev(point);
  while (true) {
    rows.unplaced.clear();
    if (succeeded(emitKernelOnce(builder, value, buffer)))
      return success();
    if (rows.unplaced.empty())
      return failure();
    // A kernel that would compute a row value once per element of a row
    // (its loops do not hold the row's ranges outside the broadcast ones)
    // is emitted again once the row value has a buffer of its own: its
    // kernel comes first, here, where its sources hold what they hold for
    // the reading kernel.
    SmallVector<Value> unplaced = std::move(rows.unplaced);
    Block::iterator first =
        before ? std::next(Block::iterator(before)) : block->begin();
    SmallVector<Operation *> emitted;
    for (Operation &op : llvm::make_range(first, builder.getInsertionPoint()))
      emitted.push_back(&op);
    for (Operation *op : llvm::reverse(emitted))
      op->erase();
    for (Value row : unplaced) {
      if (buffers.count(row))
        continue;
      // Its own kernel computes it as any value (a large reduce's schedule
      // would not place it either, and would ask for its buffer again).
      rows.values.erase(row);
      Value rowBuffer = allocate(builder, row);
      if (!rowBuffer)
        return emitError(row.getLoc(), "cannot get a buffer for a reduce");
      if (failed(emitKernel(builder, row, rowBuffer)))
        return failure();
      buffers[row] = rowBuffer;
    }
    before = point == block->begin() ? nullptr : &*std::prev(point);
  }
}

LogicalResult FunctionRangeifier::emitKernelOnce(OpBuilder &builder,
                                                 Value value, Value buffer) {
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
  k::KernelOp kernel = createKernel(builder, loc, "E", buffer);
  Block *body = &kernel.getBody().front();

  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  KernelBodyEmitter emitter(builder, body, buffers, rows);
  SmallVector<Value> indices;
  for (int64_t dim : type.getShape()) {
    auto range = k::RangeOp::create(builder, loc, AxisType::Loop,
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
  Value ptr = k::IndexOp::create(builder, loc, buffer, ValueRange{position});
  k::StoreOp::create(builder, loc, ptr, *element, /*gate=*/Value());

  kernel.setName(getKernelName(emitter.emittedReduce(), type.getShape()));
  return success();
}

k::KernelOp FunctionRangeifier::createKernel(OpBuilder &builder, Location loc,
                                             StringRef name, Value buffer) {
  auto kernel = k::KernelOp::create(builder, loc, builder.getStringAttr(name));
  kernel.getBody().push_back(new Block());
  if (StringAttr device = bufferDevices.lookup(buffer))
    kernel.setDeviceAttr(device);
  return kernel;
}
