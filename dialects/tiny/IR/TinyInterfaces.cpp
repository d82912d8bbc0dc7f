//===- TinyInterfaces.cpp - tiny op interfaces ----------------------------===//
//
// The generated interface definitions and the flat-position arithmetic that
// movement ops and kernel emission share.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tiny;

#include "dialects/tiny/IR/TinyInterfaces.cpp.inc"

Value mlir::tiny::buildLinearIndex(OpBuilder &builder, Location loc,
                                   ValueRange indices, ArrayRef<int64_t> shape,
                                   IndexConstantFn getConstant) {
  Value flat;
  int64_t stride = 1;
  for (int64_t axis = shape.size() - 1; axis >= 0; --axis) {
    if (shape[axis] != 1) {
      Value term = indices[axis];
      if (stride != 1)
        term = arith::MulIOp::create(builder, loc, term, getConstant(stride));
      flat = flat ? arith::AddIOp::create(builder, loc, flat, term).getResult()
                  : term;
    }
    stride *= shape[axis];
  }
  return flat ? flat : getConstant(0);
}

int64_t mlir::tiny::getLinearIndex(ArrayRef<int64_t> index,
                                   ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [i, dim] : llvm::zip_equal(index, shape))
    flat = flat * dim + i;
  return flat;
}

SmallVector<int64_t> mlir::tiny::getDelinearizedIndex(int64_t position,
                                                      ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t axis = shape.size() - 1; axis >= 0; --axis) {
    if (shape[axis] == 0)
      continue;
    index[axis] = position % shape[axis];
    position /= shape[axis];
  }
  return index;
}
