//===- TinyTypes.td - tiny types and type constraints ------*- tablegen -*-===//

#ifndef TINY_TYPES_TD
#define TINY_TYPES_TD

include "TinyDialect.td"
include "TinyEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"

def Tiny_TokenType : TypeDef<Tiny_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "ordering token produced by side effects such as store";
  let description = [{
    tinygrad orders effects with AFTER; here a `store` yields a token and
    `after` takes tokens, so ordering is plain SSA.
  }];
}

def Tiny_PtrType : TypeDef<Tiny_Dialect, "Ptr"> {
  let mnemonic = "ptr";
  let summary = "address of one element of a kernel buffer";
  let description = [{
    What a kernel-level `tiny.k.index` yields and `tiny.k.load` /
    `tiny.k.store` consume, as tinygrad's INDEX does: the element dtype and
    the address space of the buffer it points into.

    ```mlir
    !tiny.ptr<f32, global>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        EnumParameter<Tiny_AddrSpace>:$addrSpace);
  let assemblyFormat = "`<` $elementType `,` $addrSpace `>`";
}

//===----------------------------------------------------------------------===//
// DType and tensor constraints
//===----------------------------------------------------------------------===//

def Tiny_DType : Type<CPred<"::mlir::tiny::isDType($_self)">,
    "tinygrad dtype (i1, i8..i64, ui8..ui64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ)">;

class Tiny_TensorOf<string kind, string descr> : Type<
    CPred<"::mlir::tiny::isTensorOf($_self, ::mlir::tiny::DTypeClass::" # kind # ")">,
    descr, "::mlir::RankedTensorType">;

def Tiny_Tensor : Tiny_TensorOf<"Any", "statically shaped tensor of a tinygrad dtype">;
def Tiny_FloatTensor : Tiny_TensorOf<"Float", "statically shaped float tensor">;
def Tiny_IntTensor : Tiny_TensorOf<"Int", "statically shaped integer tensor">;
def Tiny_BoolTensor : Tiny_TensorOf<"Bool", "statically shaped i1 tensor">;
def Tiny_IntOrBoolTensor : Tiny_TensorOf<"IntOrBool",
    "statically shaped integer or i1 tensor">;
def Tiny_NumericTensor : Tiny_TensorOf<"Numeric",
    "statically shaped integer or float tensor">;
def Tiny_U64Tensor : Tiny_TensorOf<"U64", "statically shaped ui64 tensor">;
def Tiny_MultiTensor : Type<
    CPred<"::mlir::tiny::isMultiDeviceTensor($_self)">,
    "tensor on a tuple of devices", "::mlir::RankedTensorType">;

def Tiny_Value : AnyTypeOf<[Tiny_Tensor, AnyTuple]>;

#endif // TINY_TYPES_TD
