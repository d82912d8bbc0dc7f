//===- TinyMovementFolders.cpp - folders of tiny movement ops --------------===//
//
// Folders: rewrites of one op that need no new ops. Each rule carries its
// tinygrad-style one-line form.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyFoldUtils.h"
#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tiny;
using mlir::tiny::detail::isSplatOf;
using mlir::tiny::detail::splatAs;

static bool isIdentityOrder(ArrayRef<int64_t> order) {
  for (auto [i, axis] : llvm::enumerate(order))
    if (axis != static_cast<int64_t>(i))
      return false;
  return true;
}

// reshape(x) -> x when the shape does not change; reshape(const) -> const;
// reshape(reshape(x)) -> reshape(x), in place
OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (Attribute splat = splatAs(adaptor.getSrc(), getType()))
    return splat;
  if (auto inner = getSrc().getDefiningOp<ReshapeOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

// permute(x, identity) -> x; permute(const) -> const
OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOrder(getOrder()))
    return getSrc();
  return splatAs(adaptor.getSrc(), getType());
}

// expand(x) -> x when the shape does not change; expand(const) -> const
OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return splatAs(adaptor.getSrc(), getType());
}

// pad(x, 0, 0) -> x; pad(const 0) -> const 0 (pads fill with zeros)
OpFoldResult PadOp::fold(FoldAdaptor adaptor) {
  auto isZero = [](int64_t amount) { return amount == 0; };
  if (llvm::all_of(getLow(), isZero) && llvm::all_of(getHigh(), isZero))
    return getSrc();
  if (isSplatOf(adaptor.getSrc(), 0))
    return splatAs(adaptor.getSrc(), getType());
  return {};
}

// shrink(x, full range) -> x; shrink(const) -> const
OpFoldResult ShrinkOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return splatAs(adaptor.getSrc(), getType());
}

// flip(x, []) -> x; flip of size-1 axes only -> x; flip(const) -> const
OpFoldResult FlipOp::fold(FoldAdaptor adaptor) {
  auto shape = getType().getShape();
  if (llvm::all_of(getAxes(), [&](int64_t axis) { return shape[axis] <= 1; }))
    return getSrc();
  return splatAs(adaptor.getSrc(), getType());
}
