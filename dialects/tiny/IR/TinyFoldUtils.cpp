//===- TinyFoldUtils.cpp - helpers shared by the tiny folders --------------===//

#include "dialects/tiny/IR/TinyFoldUtils.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

Attribute mlir::tiny::detail::splatAs(Attribute operand, Type resultType) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(operand);
  if (!splat)
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(resultType),
                                splat.getSplatValue<Attribute>());
}

bool mlir::tiny::detail::isSplatOf(Attribute attr, int64_t value) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  if (isa<FloatType>(splat.getElementType())) {
    APFloat element = splat.getSplatValue<APFloat>();
    bool lost;
    APFloat expected(static_cast<double>(value));
    expected.convert(element.getSemantics(), APFloat::rmNearestTiesToEven,
                     &lost);
    return element.bitwiseIsEqual(expected);
  }
  APInt element = splat.getSplatValue<APInt>();
  return element == APInt(element.getBitWidth(), value, /*isSigned=*/true,
                          /*implicitTrunc=*/true);
}
