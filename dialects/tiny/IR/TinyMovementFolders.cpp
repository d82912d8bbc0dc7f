//===- TinyMovementFolders.cpp - folders of tiny movement ops --------------===//
//
// Folders: rewrites of one op that need no new ops. Each rule carries its
// tinygrad-style one-line form. A movement op on a movement op of its kind
// composes in place (the outer op reads the inner one's source), so that
// -canonicalize itself collapses chains of views and leaves the inner op to
// dead-code removal when nothing else reads it.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyFoldUtils.h"
#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"

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

// permute(x, identity) -> x; permute(const) -> const;
// permute(permute(x, p), q) -> permute(x, [p[q[i]] for i]), in place, and
// -> x when that order is the identity
OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  if (isIdentityOrder(getOrder()))
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<PermuteOp>()) {
    ArrayRef<int64_t> innerOrder = inner.getOrder();
    SmallVector<int64_t> order;
    for (int64_t axis : getOrder())
      order.push_back(innerOrder[axis]);
    if (isIdentityOrder(order))
      return inner.getSrc();
    setOrder(order);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return splatAs(adaptor.getSrc(), getType());
}

// expand(x) -> x when the shape does not change; expand(const) -> const;
// expand(expand(x)) -> expand(x), in place
OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (Attribute splat = splatAs(adaptor.getSrc(), getType()))
    return splat;
  if (auto inner = getSrc().getDefiningOp<ExpandOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

// pad(x, 0, 0) -> x; pad(const 0) -> const 0 (pads fill with zeros);
// pad(pad(x, l1, h1), l2, h2) -> pad(x, l1 + l2, h1 + h2), in place: both
// fill with zeros
OpFoldResult PadOp::fold(FoldAdaptor adaptor) {
  auto isZero = [](int64_t amount) { return amount == 0; };
  if (llvm::all_of(getLow(), isZero) && llvm::all_of(getHigh(), isZero))
    return getSrc();
  if (isSplatOf(adaptor.getSrc(), 0))
    return splatAs(adaptor.getSrc(), getType());
  if (auto inner = getSrc().getDefiningOp<PadOp>()) {
    SmallVector<int64_t> low, high;
    for (auto [a, b] : llvm::zip_equal(inner.getLow(), getLow()))
      low.push_back(a + b);
    for (auto [a, b] : llvm::zip_equal(inner.getHigh(), getHigh()))
      high.push_back(a + b);
    setLow(low);
    setHigh(high);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

// shrink(x, full range) -> x; shrink(const) -> const;
// shrink(shrink(x, [s1, e1)), [s2, e2)) -> shrink(x, [s1 + s2, s1 + e2)),
// in place
OpFoldResult ShrinkOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (Attribute splat = splatAs(adaptor.getSrc(), getType()))
    return splat;
  if (auto inner = getSrc().getDefiningOp<ShrinkOp>()) {
    SmallVector<int64_t> starts, ends;
    for (auto [innerStart, start, end] :
         llvm::zip_equal(inner.getStarts(), getStarts(), getEnds())) {
      starts.push_back(innerStart + start);
      ends.push_back(innerStart + end);
    }
    setStarts(starts);
    setEnds(ends);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

// flip(x, []) -> x; flip of size-1 axes only -> x; flip(const) -> const;
// flip(flip(x, a1), a2) -> flip(x, axes flipped an odd number of times), in
// place, and -> x when there are none
OpFoldResult FlipOp::fold(FoldAdaptor adaptor) {
  auto shape = getType().getShape();
  if (llvm::all_of(getAxes(), [&](int64_t axis) { return shape[axis] <= 1; }))
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<FlipOp>()) {
    llvm::SmallBitVector flipped(shape.size());
    for (int64_t axis : inner.getAxes())
      flipped.flip(axis);
    for (int64_t axis : getAxes())
      flipped.flip(axis);
    if (flipped.none())
      return inner.getSrc();
    SmallVector<int64_t> axes;
    for (int axis : flipped.set_bits())
      axes.push_back(axis);
    setAxes(axes);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return splatAs(adaptor.getSrc(), getType());
}

// mselect(mstack(a_0, ..., a_n-1), i) -> a_i; mselect(splat, i) -> the splat
// on device i
OpFoldResult MSelectOp::fold(FoldAdaptor adaptor) {
  if (auto stack = getSrc().getDefiningOp<MStackOp>())
    return stack.getSrcs()[getIndex()];
  return splatAs(adaptor.getSrc(), getType());
}
