//===- TinyInterfaces.td - tiny op interfaces --------------*- tablegen -*-===//
//
// Interfaces of tiny ops. Their implementations live with the ops
// (TinyMovementIndexing.cpp for the movement ops).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_INTERFACES
#define TINY_INTERFACES

include "mlir/IR/OpBase.td"

def Tiny_MovementOpInterface : OpInterface<"MovementOpInterface"> {
  let description = [{
    A view of one source tensor whose result element at index `r` is the
    source element at index `f(r)`, or zero where `f` maps `r` to no source
    element (a pad's padding). Each op states `f` once, here, in every form
    its users need:

      - on constant indices (`getSourceIndex`, and its inverse
        `getResultIndex`), for analyses and folders;
      - on `index`-typed SSA values (`buildSourceIndices`, and its inverse
        `buildResultIndices`), for kernel code (rangeify);
      - as tensor ops (`createOn`, the same view of another tensor, and
        `createInverseOn`, the view that undoes a bijective one), for
        rewrites of the tensor graph (remove-views, multi-device).

    The SSA forms take the index constants from a callback, so that a caller
    can share them (rangeify places one per value at a kernel's start), and
    report where the map is defined as an `i1` value `valid` (left null when
    it is defined everywhere).
  }];
  let cppNamespace = "::mlir::tiny";

  let methods = [
    InterfaceMethod<
      /*desc=*/"The tensor this op views.",
      /*retTy=*/"::mlir::Value",
      /*methodName=*/"getViewSource",
      /*args=*/(ins),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{ return $_op->getOperand(0); }]>,
    InterfaceMethod<
      /*desc=*/[{
        The index of the source element that the result element at
        `resultIndex` is, or none when it is no source element (padding).
      }],
      /*retTy=*/"std::optional<::llvm::SmallVector<int64_t>>",
      /*methodName=*/"getSourceIndex",
      /*args=*/(ins "::llvm::ArrayRef<int64_t>":$resultIndex)>,
    InterfaceMethod<
      /*desc=*/[{
        The inverse map: the index of the one result element that is the
        source element at `sourceIndex`, or none when no result element is
        (a shrink cut it off) or several are (an expand broadcasts it).
      }],
      /*retTy=*/"std::optional<::llvm::SmallVector<int64_t>>",
      /*methodName=*/"getResultIndex",
      /*args=*/(ins "::llvm::ArrayRef<int64_t>":$sourceIndex)>,
    InterfaceMethod<
      /*desc=*/[{
        Builds the source indices of the result element at `resultIndices`
        (one `index` value per result axis) at `builder`'s insertion point,
        taking index constants from `getConstant`. Where some result indices
        read no source element, sets `valid` to an `i1` that is false there
        (the returned indices are then in bounds, but name an element that
        must not be used); leaves it alone otherwise.
      }],
      /*retTy=*/"::llvm::SmallVector<::mlir::Value>",
      /*methodName=*/"buildSourceIndices",
      /*args=*/(ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
                    "::mlir::ValueRange":$resultIndices,
                    "::mlir::tiny::IndexConstantFn":$getConstant,
                    "::mlir::Value &":$valid)>,
    InterfaceMethod<
      /*desc=*/[{
        The inverse of buildSourceIndices: the result indices of the source
        element at `sourceIndices`, with `valid` set where some source
        elements are in no result element. Fails, building nothing, when
        the map has no inverse (an expand that broadcasts).
      }],
      /*retTy=*/"::mlir::FailureOr<::llvm::SmallVector<::mlir::Value>>",
      /*methodName=*/"buildResultIndices",
      /*args=*/(ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
                    "::mlir::ValueRange":$sourceIndices,
                    "::mlir::tiny::IndexConstantFn":$getConstant,
                    "::mlir::Value &":$valid)>,
    InterfaceMethod<
      /*desc=*/[{
        The same view of `source` instead of this op's source: a new op
        whose result type is inferred again (so `source` may be on another
        device, or be another device's shard).
      }],
      /*retTy=*/"::mlir::Value",
      /*methodName=*/"createOn",
      /*args=*/(ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
                    "::mlir::Value":$source)>,
    InterfaceMethod<
      /*desc=*/[{
        For a bijective view (every source element is exactly one result
        element), the view of `value`, a tensor of the result's shape, that
        undoes this one: its element at source index `s` is `value`'s at
        result index `getResultIndex(s)`. Null, building nothing, for a view
        that is not bijective.
      }],
      /*retTy=*/"::mlir::Value",
      /*methodName=*/"createInverseOn",
      /*args=*/(ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
                    "::mlir::Value":$value)>,
  ];
}

#endif // TINY_INTERFACES
