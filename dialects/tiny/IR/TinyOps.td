//===- TinyOps.td - tiny tensor-level operations -----------*- tablegen -*-===//
//
// Tensor-level ops: a DAG of whole tensors with value semantics. Each op's
// result type is derived from its operands and attributes the way tinygrad
// derives dtype, shape and device, and is inferred (never spelled twice).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_OPS_TD
#define TINY_OPS_TD

include "TinyDialect.td"
include "TinyAttrs.td"
include "TinyEnums.td"
include "TinyInterfaces.td"
include "TinyTypes.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

//===----------------------------------------------------------------------===//
// Type inference helpers
//===----------------------------------------------------------------------===//

// Infers the result type with a shared C++ rule, `::mlir::tiny::<fn>`, that
// sees the operands only (elementwise ops).
class Tiny_InferWith<string fn> : TraitList<[
  DeclareOpInterfaceMethods<InferTypeOpInterface>,
  NativeOpTrait<"InferTypeOpAdaptor", [], [{}], [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return ::mlir::tiny::}] # fn # [{(location, operands, inferredReturnTypes);
    }
  }]>
]>;

// Integer value ranges (tinygrad's vmin/vmax) for upstream integer-range
// analysis; the range of a tensor bounds every element. Ops whose operands may
// have no range (floats, tokens) see the optional form of the operand ranges.
def Tiny_InferIntRange
    : DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>;
def Tiny_InferIntRangeOptional
    : DeclareOpInterfaceMethods<InferIntRangeInterface,
                                ["inferResultRangesFromOptional"]>;

// Each result element comes from the same-index elements of the operands,
// broadcast (see TinyOps.h).
def Tiny_BroadcastElementwise : NativeOpTrait<"BroadcastElementwise"> {
  let cppNamespace = "::mlir::OpTrait::tiny";
}

//===----------------------------------------------------------------------===//
// Source ops
//===----------------------------------------------------------------------===//

class Tiny_StorageOp<string mnemonic, string what> : Tiny_Op<mnemonic,
    [Pure, InferTypeOpAdaptor]> {
  let arguments = (ins
    ConfinedAttr<I64Attr, [IntNonNegative]>:$slot,
    TypeAttrOf<Tiny_DType>:$dtype,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$size,
    Tiny_DeviceAttr:$device,
    DefaultValuedAttr<Tiny_AddrSpaceAttr, "::mlir::tiny::AddrSpace::Global">:$addrspace,
    UnitAttr:$isVolatile,
    OptionalAttr<DenseI64ArrayAttr>:$image
  );
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $slot `:` $dtype (`size` $size^)? (`image` $image^)? `on`
    custom<Device>($device) (`addrspace` `` $addrspace^)?
    (`volatile` $isVolatile^)? attr-dict
  }];
  let hasVerifier = 1;
  let summary = "flat " # what # " storage of a dtype on a device";
}

def Tiny_ParamOp : Tiny_StorageOp<"param", "parameter"> {
  let description = [{
    A function parameter: flat storage with no shape operand. `slot` is the
    argument position. With `size` n the value has shape (n,); without it, it
    is a scalar of shape (); with `image [h, w]` it has shape (h, w, 4) and
    `size` must be h*w*4. Logical shapes are views (`reshape`, `shrink`) of
    the flat value.

    ```mlir
    %x = tiny.param 0 : f32 size 6 on "CPU"
    %s = tiny.param 1 : i32 on "CPU"
    %img = tiny.param 2 : f16 size 24 image [2, 3] on "CUDA" addrspace global
    ```
  }];
}

def Tiny_BufferOp : Tiny_StorageOp<"buffer", "buffer"> {
  let description = [{
    A buffer the program allocates: flat storage with no shape operand,
    identified by `slot`, with the same attributes and shape rule as
    `tiny.param`.

    ```mlir
    %b = tiny.buffer 0 : f32 size 16 on ["CPU:0", "CPU:1"]
    ```
  }];
}

def Tiny_ConstOp : Tiny_Op<"const", [ConstantLike, Pure, InferTypeOpAdaptor,
    Tiny_InferIntRange]> {
  let summary = "a constant tensor";
  let description = [{
    A tensor of known elements: one value for every element (a splat), or
    one value per element, row-major (a weight, a lookup table). The value is
    a dense elements attribute (`dense<...>`, or `dense_resource<...>` for a
    large blob kept out of line) whose type, device encoding included, is the
    result type. -tiny-rangeify computes a splat in the kernels that read it
    and keeps any other constant in a read-only global buffer that they load
    from, as they load a param.

    ```mlir
    %c = tiny.const dense<1.5> : tensor<2x3xf32, #tiny.device<"CPU">>
    %t = tiny.const dense<[0, 1, 4, 9]> : tensor<4xi32, #tiny.device<"CPU">>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tiny_BinaryOp : Tiny_Op<"binary", [ConstantLike, Pure, InferTypeOpAdaptor]> {
  let summary = "raw bytes";
  let description = [{
    A 1-D ui8 tensor of raw bytes, such as a serialized kernel or weights
    (read as another dtype through `tiny.bitcast`). Like a constant that is
    not a splat, it is kept in a read-only global buffer.

    ```mlir
    %b = tiny.binary dense<[1, 2, 255]> : tensor<3xui8, #tiny.device<"CPU">>
    ```
  }];
  let arguments = (ins ElementsAttr:$data);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$data attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

class Tiny_MovementOp<string mnemonic, list<Trait> traits = []>
    : Tiny_Op<mnemonic, traits # [Pure, InferTypeOpAdaptor]> {
  let results = (outs Tiny_Tensor:$result);
}

// Movement ops whose folder removes identities and moves splat constants:
// the views of one source, each stating its index map once
// (Tiny_MovementOpInterface, in TinyMovementIndexing.cpp).
class Tiny_FoldableMovementOp<string mnemonic, list<Trait> traits = []>
    : Tiny_MovementOp<mnemonic, traits # [
        DeclareOpInterfaceMethods<Tiny_MovementOpInterface>]> {
  let hasFolder = 1;
}

def Tiny_ReshapeOp : Tiny_FoldableMovementOp<"reshape", [Tiny_InferIntRange]> {
  let summary = "view with a new shape and the same element count";
  let description = [{
    ```mlir
    %y = tiny.reshape %x to [2, 3] : tensor<6xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$shape);
  let assemblyFormat = "$src `to` $shape attr-dict `:` type($src)";
}

def Tiny_PermuteOp : Tiny_FoldableMovementOp<"permute", [Tiny_InferIntRange]> {
  let summary = "reorder the axes";
  let description = [{
    Result axis i is source axis `order[i]`; `order` is a permutation.

    ```mlir
    %y = tiny.permute %x [1, 0] : tensor<2x3xf32>   // tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$order);
  let assemblyFormat = "$src $order attr-dict `:` type($src)";
}

def Tiny_ExpandOp : Tiny_FoldableMovementOp<"expand", [Tiny_InferIntRange]> {
  let summary = "broadcast unit axes to a larger size";
  let description = [{
    Same rank; each source axis either equals the new size or is 1.

    ```mlir
    %y = tiny.expand %x to [4, 3] : tensor<1x3xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$shape);
  let assemblyFormat = "$src `to` $shape attr-dict `:` type($src)";
}

def Tiny_PadOp : Tiny_FoldableMovementOp<"pad", [Tiny_InferIntRange]> {
  let summary = "pad each axis with zeros before and after";
  let description = [{
    Axis i grows by `low[i] + high[i]`; both are non-negative. The new
    elements are zero.

    ```mlir
    %y = tiny.pad %x low [1, 0] high [0, 2] : tensor<2x3xf32>  // tensor<3x5xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high);
  let assemblyFormat = "$src `low` $low `high` $high attr-dict `:` type($src)";
}

def Tiny_ShrinkOp : Tiny_FoldableMovementOp<"shrink", [Tiny_InferIntRange]> {
  let summary = "take the sub-range [start, end) of each axis";
  let description = [{
    `0 <= start[i] <= end[i] <= dim[i]` on every axis.

    ```mlir
    %y = tiny.shrink %x [1, 0] to [2, 3] : tensor<4x3xf32>  // tensor<1x3xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$starts,
                       DenseI64ArrayAttr:$ends);
  let assemblyFormat = "$src $starts `to` $ends attr-dict `:` type($src)";
}

def Tiny_FlipOp : Tiny_FoldableMovementOp<"flip", [Tiny_InferIntRange]> {
  let summary = "reverse the listed axes";
  let description = [{
    ```mlir
    %y = tiny.flip %x axes [0] : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, DenseI64ArrayAttr:$axes);
  let assemblyFormat = "$src `axes` $axes attr-dict `:` type($src)";
}

def Tiny_IndexOp : Tiny_MovementOp<"index", [Tiny_InferIntRange]> {
  let summary = "gather along the leading axes with integer index tensors";
  let description = [{
    The k index tensors (any integer dtype, ui8 included) broadcast to a
    common shape S; the result has shape S followed by the source axes after
    the first k: `result[s..., r...] = src[i0[s], ..., ik-1[s], r...]`.

    ```mlir
    %y = tiny.index %table[%idx] : tensor<10x4xf32>, tensor<3xui8>  // tensor<3x4xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, Variadic<Tiny_IntTensor>:$indices);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` type($src) `,` type($indices)
  }];
}

def Tiny_StackOp : Tiny_MovementOp<"stack", [SameTypeOperands,
    Tiny_InferIntRange]> {
  let summary = "stack equally typed tensors along a new leading axis";
  let description = [{
    ```mlir
    %y = tiny.stack %a, %b : tensor<3xf32>  // tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Variadic<Tiny_Tensor>:$srcs);
  let assemblyFormat = "$srcs attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

def Tiny_BitcastOp : Tiny_MovementOp<"bitcast"> {
  let summary = "reinterpret the bytes as another dtype";
  let description = [{
    Keeps the total byte count: with a different element size the last axis
    is rescaled and must divide evenly. A scalar keeps its element size.

    ```mlir
    %y = tiny.bitcast %x to ui8 : tensor<2xf32>  // tensor<8xui8>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, TypeAttrOf<Tiny_DType>:$dtype);
  let assemblyFormat = "$src `to` $dtype attr-dict `:` type($src)";
}

def Tiny_UnshardOp : Tiny_MovementOp<"unshard"> {
  let summary = "view per-device shards as one logical tensor";
  let description = [{
    The operand is the per-shard value on a tuple of n devices; the result is
    the logical tensor whose `axis` is n times longer, the device index being
    the outer factor.

    ```mlir
    %y = tiny.unshard %x axis 0 : tensor<2x3xf32, #tiny.device<"CPU:0", "CPU:1">>
    ```
  }];
  let arguments = (ins Tiny_MultiTensor:$src,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$axis);
  let assemblyFormat = "$src `axis` $axis attr-dict `:` type($src)";
}

//===----------------------------------------------------------------------===//
// Reduce ops
//===----------------------------------------------------------------------===//

def Tiny_ReduceOp : Tiny_Op<"reduce", [Pure, InferTypeOpAdaptor,
    Tiny_InferIntRange]> {
  let summary = "reduce the listed axes with add, max or mul";
  let description = [{
    Reduced axes keep length 1, as tinygrad's REDUCE_AXIS does.

    ```mlir
    %s = tiny.reduce add %x axes [1] : tensor<4x3xf32>  // tensor<4x1xf32>
    ```
  }];
  let arguments = (ins Tiny_ReduceKindAttr:$kind, Tiny_Tensor:$src,
                       DenseI64ArrayAttr:$axes);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "`` $kind $src `axes` $axes attr-dict `:` type($src)";
}

def Tiny_AllReduceOp : Tiny_Op<"allreduce",
    [Pure, SameOperandsAndResultType]> {
  let summary = "reduce the shards of a multi-device value on every device";
  let description = [{
    Every device ends with the combination of all shards.

    ```mlir
    %r = tiny.allreduce add %x : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
    ```
  }];
  let arguments = (ins Tiny_ReduceKindAttr:$kind, Tiny_MultiTensor:$src);
  let results = (outs Tiny_MultiTensor:$result);
  let assemblyFormat = "`` $kind $src attr-dict `:` type($src)";
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

class Tiny_UnaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : Tiny_Op<mnemonic, traits # [Pure, SameOperandsAndResultType,
                                  Tiny_BroadcastElementwise]> {
  let arguments = (ins operandType:$src);
  let results = (outs operandType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

def Tiny_Exp2Op : Tiny_UnaryOp<"exp2", Tiny_FloatTensor> {
  let summary = "2 raised to each element";
  let description = "`%y = tiny.exp2 %x : tensor<4xf32>`";
}
def Tiny_Log2Op : Tiny_UnaryOp<"log2", Tiny_FloatTensor> {
  let summary = "base-2 logarithm";
  let description = "`%y = tiny.log2 %x : tensor<4xf32>`";
}
def Tiny_SinOp : Tiny_UnaryOp<"sin", Tiny_FloatTensor> {
  let summary = "sine (radians)";
  let description = "`%y = tiny.sin %x : tensor<4xf32>`";
}
def Tiny_SqrtOp : Tiny_UnaryOp<"sqrt", Tiny_FloatTensor> {
  let summary = "square root";
  let description = "`%y = tiny.sqrt %x : tensor<4xf32>`";
}
def Tiny_ReciprocalOp : Tiny_UnaryOp<"reciprocal", Tiny_FloatTensor> {
  let summary = "1 / x";
  let description = "`%y = tiny.reciprocal %x : tensor<4xf32>`";
}
def Tiny_TruncOp : Tiny_UnaryOp<"trunc", Tiny_FloatTensor> {
  let summary = "round toward zero";
  let description = "`%y = tiny.trunc %x : tensor<4xf32>`";
}
def Tiny_NegOp : Tiny_UnaryOp<"neg", Tiny_NumericTensor, [Tiny_InferIntRange]> {
  let summary = "negation (derived: mul by -1)";
  let description = "`%y = tiny.neg %x : tensor<4xi32>`";
}
def Tiny_NotOp : Tiny_UnaryOp<"not", Tiny_BoolTensor> {
  let summary = "logical not (derived: cmpne with true)";
  let description = "`%y = tiny.not %x : tensor<4xi1>`";
}

def Tiny_CastOp : Tiny_Op<"cast", [Pure, InferTypeOpAdaptor,
    Tiny_InferIntRangeOptional, Tiny_BroadcastElementwise]> {
  let hasFolder = 1;
  let summary = "convert each element to another dtype";
  let description = [{
    ```mlir
    %y = tiny.cast %x to f16 : tensor<4xf32>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, TypeAttrOf<Tiny_DType>:$dtype);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$src `to` $dtype attr-dict `:` type($src)";
}

// Binary ops broadcast their operands: shapes are right-aligned and each axis
// is equal or 1. Operands share dtype and device.
class Tiny_BinaryElementwiseOp<string mnemonic, Type operandType,
                               string infer, list<Trait> traits = []>
    : Tiny_Op<mnemonic, traits # [Pure, AllElementTypesMatch<["lhs", "rhs"]>,
                                  Tiny_InferWith<infer>,
                                  Tiny_BroadcastElementwise]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<OperandTypes>(type($lhs), type($rhs))
  }];
}

class Tiny_ArithOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : Tiny_BinaryElementwiseOp<mnemonic, operandType, "inferBroadcast", traits>;
class Tiny_CompareOp<string mnemonic, list<Trait> traits = []>
    : Tiny_BinaryElementwiseOp<mnemonic, Tiny_Tensor, "inferBroadcastBool",
                               traits # [Tiny_InferIntRangeOptional]>;

def Tiny_AddOp : Tiny_ArithOp<"add", Tiny_NumericTensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "addition (integers wrap around)";
  let description = "`%z = tiny.add %x, %y : tensor<4xf32>`";
}
def Tiny_SubOp : Tiny_ArithOp<"sub", Tiny_NumericTensor, [Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "subtraction (derived: add of neg)";
  let description = "`%z = tiny.sub %x, %y : tensor<4xf32>`";
}
def Tiny_MulOp : Tiny_ArithOp<"mul", Tiny_NumericTensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "multiplication";
  let description = "`%z = tiny.mul %x, %y : tensor<4xf32>`";
}
def Tiny_FDivOp : Tiny_ArithOp<"fdiv", Tiny_FloatTensor> {
  let summary = "float division (derived: mul by reciprocal)";
  let description = "`%z = tiny.fdiv %x, %y : tensor<4xf32>`";
}
def Tiny_CDivOp : Tiny_ArithOp<"cdiv", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "integer division truncating toward zero (C)";
  let description = "`%z = tiny.cdiv %x, %y : tensor<4xi32>`";
}
def Tiny_CModOp : Tiny_ArithOp<"cmod", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "remainder with the dividend's sign (C)";
  let description = "`%z = tiny.cmod %x, %y : tensor<4xi32>`";
}
def Tiny_FloorDivOp : Tiny_ArithOp<"floordiv", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let summary = "integer division rounding down (Python)";
  let description = "`%z = tiny.floordiv %x, %y : tensor<4xi32>`";
}
def Tiny_FloorModOp : Tiny_ArithOp<"floormod", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let summary = "remainder with the divisor's sign (Python)";
  let description = "`%z = tiny.floormod %x, %y : tensor<4xi32>`";
}
def Tiny_MaxOp : Tiny_ArithOp<"max", Tiny_Tensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "elementwise maximum";
  let description = "`%z = tiny.max %x, %y : tensor<4xf32>`";
}
def Tiny_PowOp : Tiny_ArithOp<"pow", Tiny_FloatTensor> {
  let summary = "x ** y (derived: exp2(log2(x) * y))";
  let description = "`%z = tiny.pow %x, %y : tensor<4xf32>`";
}
def Tiny_XorOp : Tiny_ArithOp<"xor", Tiny_IntOrBoolTensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "bitwise exclusive or";
  let description = "`%z = tiny.xor %x, %y : tensor<4xi32>`";
}
def Tiny_OrOp : Tiny_ArithOp<"or", Tiny_IntOrBoolTensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "bitwise or";
  let description = "`%z = tiny.or %x, %y : tensor<4xi1>`";
}
def Tiny_AndOp : Tiny_ArithOp<"and", Tiny_IntOrBoolTensor, [Commutative,
    Tiny_InferIntRange]> {
  let hasFolder = 1;
  let summary = "bitwise and";
  let description = "`%z = tiny.and %x, %y : tensor<4xi1>`";
}
def Tiny_ShlOp : Tiny_ArithOp<"shl", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let summary = "shift left";
  let description = "`%z = tiny.shl %x, %y : tensor<4xui32>`";
}
def Tiny_ShrOp : Tiny_ArithOp<"shr", Tiny_IntTensor, [Tiny_InferIntRange]> {
  let summary = "shift right (arithmetic for signed, logical for unsigned)";
  let description = "`%z = tiny.shr %x, %y : tensor<4xui32>`";
}
def Tiny_ThreefryOp : Tiny_ArithOp<"threefry", Tiny_U64Tensor> {
  let summary = "Threefry-2x32 random bits of a counter and a key";
  let description = [{
    The Threefry-2x32 block cipher with 20 rounds (Salmon et al., SC 2011),
    as tinygrad's THREEFRY computes it: each uint64 counter and key is two
    32-bit words, the low word first, and the two output words pack into a
    uint64 the same way.

    ```mlir
    %z = tiny.threefry %ctr, %key : tensor<4xui64>
    ```
  }];
}

def Tiny_CmpLtOp : Tiny_CompareOp<"cmplt"> {
  let hasFolder = 1;
  let summary = "x < y (false when either is NaN)";
  let description = "`%z = tiny.cmplt %x, %y : tensor<4xf32>`";
}
def Tiny_CmpNeOp : Tiny_CompareOp<"cmpne", [Commutative]> {
  let hasFolder = 1;
  let summary = "x != y (true when either is NaN)";
  let description = "`%z = tiny.cmpne %x, %y : tensor<4xf32>`";
}
def Tiny_CmpEqOp : Tiny_CompareOp<"cmpeq", [Commutative]> {
  let hasFolder = 1;
  let summary = "x == y (false when either is NaN)";
  let description = "`%z = tiny.cmpeq %x, %y : tensor<4xf32>`";
}
def Tiny_CmpGtOp : Tiny_CompareOp<"cmpgt"> {
  let summary = "x > y (derived: cmplt with operands swapped)";
  let description = "`%z = tiny.cmpgt %x, %y : tensor<4xf32>`";
}
def Tiny_CmpGeOp : Tiny_CompareOp<"cmpge"> {
  let summary = "x >= y (derived)";
  let description = "`%z = tiny.cmpge %x, %y : tensor<4xf32>`";
}
def Tiny_CmpLeOp : Tiny_CompareOp<"cmple"> {
  let summary = "x <= y (derived)";
  let description = "`%z = tiny.cmple %x, %y : tensor<4xf32>`";
}

def Tiny_WhereOp : Tiny_Op<"where", [Pure,
    AllElementTypesMatch<["trueValue", "falseValue"]>,
    Tiny_InferWith<"inferWhere">, Tiny_InferIntRangeOptional,
    Tiny_BroadcastElementwise]> {
  let hasFolder = 1;
  let summary = "select by a boolean condition";
  let description = [{
    The three operands broadcast together; the condition is i1.

    ```mlir
    %z = tiny.where %c, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Tiny_BoolTensor:$condition, Tiny_Tensor:$trueValue,
                       Tiny_Tensor:$falseValue);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $trueValue `,` $falseValue attr-dict `:` type($condition)
    `,` type($trueValue) `,` type($falseValue)
  }];
}

def Tiny_MulAccOp : Tiny_Op<"mulacc", [Pure,
    AllElementTypesMatch<["a", "b", "c"]>, Tiny_InferWith<"inferBroadcast">,
    Tiny_BroadcastElementwise]> {
  let summary = "a * b + c";
  let description = [{
    ```mlir
    %z = tiny.mulacc %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Tiny_NumericTensor:$a, Tiny_NumericTensor:$b,
                       Tiny_NumericTensor:$c);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c)
  }];
}

//===----------------------------------------------------------------------===//
// Marker ops
//===----------------------------------------------------------------------===//

class Tiny_MarkerOp<string mnemonic> : Tiny_Op<mnemonic,
    [Pure, SameOperandsAndResultType, Tiny_InferIntRange]> {
  let arguments = (ins Tiny_Tensor:$src);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

def Tiny_ContiguousOp : Tiny_MarkerOp<"contiguous"> {
  let summary = "realize the value in its own buffer";
  let description = "`%y = tiny.contiguous %x : tensor<4xf32>`";
}
def Tiny_ContiguousBackwardOp : Tiny_MarkerOp<"contiguous_backward"> {
  let summary = "realize the gradient flowing back through this value";
  let description = "`%y = tiny.contiguous_backward %x : tensor<4xf32>`";
}
def Tiny_DetachOp : Tiny_MarkerOp<"detach"> {
  let summary = "stop gradients through this value";
  let description = "`%y = tiny.detach %x : tensor<4xf32>`";
}

//===----------------------------------------------------------------------===//
// Call ops
//===----------------------------------------------------------------------===//

def Tiny_FunctionOp : Tiny_Op<"function", [Symbol, IsolatedFromAbove,
    SingleBlock, NoRegionArguments]> {
  let summary = "a function whose inputs are the params in its body";
  let description = [{
    As in tinygrad, a function's inputs are the `tiny.param` ops of its body,
    numbered by slot; the region has no block arguments. Params that share
    a slot read one input and must have one type. `tiny.call`
    substitutes each param by the storage view of the matching argument
    (`-tiny-resolve-calls`).

    ```mlir
    tiny.function @scale -> tensor<2x3xf32, #tiny.device<"CPU">> {
      %p = tiny.param 0 : f32 size 6 on "CPU"
      %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #tiny.device<"CPU">>
      tiny.return %v : tensor<2x3xf32, #tiny.device<"CPU">>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<Tiny_Value>:$result_type);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name `->` $result_type attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def Tiny_ReturnOp : Tiny_Op<"return", [Pure, HasParent<"FunctionOp">,
    ReturnLike, Terminator]> {
  let summary = "return the value of a function";
  let description = "`tiny.return %v : tensor<4xf32>`";
  let arguments = (ins Tiny_Value:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Tiny_CallOp : Tiny_Op<"call", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a tiny.function";
  let description = [{
    The result type is the callee's. Arguments are checked against the
    callee's params when the call is resolved (`-tiny-resolve-calls`): any
    argument whose element count matches the param's storage size is
    accepted, since the param is a flat view of it.

    ```mlir
    %r = tiny.call @scale(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<Tiny_Tensor>:$args);
  let results = (outs Tiny_Value:$result);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, $result)
  }];
}

def Tiny_TupleOp : Tiny_Op<"tuple", [Pure, InferTypeOpAdaptor]> {
  let summary = "group values into a tuple";
  let description = [{
    ```mlir
    %t = tiny.tuple %a, %b : tensor<4xf32>, tensor<i32>
    ```
  }];
  let arguments = (ins Variadic<Tiny_Value>:$elements);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = "$elements attr-dict `:` type($elements)";
}

def Tiny_GetTupleOp : Tiny_Op<"gettuple", [Pure, InferTypeOpAdaptor]> {
  let summary = "pick one element of a tuple";
  let description = [{
    ```mlir
    %a = tiny.gettuple %t[0] : tuple<tensor<4xf32>, tensor<i32>>
    ```
  }];
  let arguments = (ins AnyTuple:$tuple,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$index);
  let results = (outs Tiny_Value:$result);
  let assemblyFormat = "$tuple `[` $index `]` attr-dict `:` type($tuple)";
  let hasFolder = 1;
}

def Tiny_CustomFunctionOp : Tiny_Op<"custom_function"> {
  let summary = "call an externally provided function by name";
  let description = [{
    An opaque function the compiler does not see into (tinygrad's
    CUSTOM_FUNCTION), such as a vendor library routine: the host function
    registered under `name` (jit/HostFunctions.h), which reads its arguments
    and writes its results as flat buffers in host memory. It may have
    effects beyond its results, so it is never folded, moved or dropped,
    even when no result is read.

    ```mlir
    %r = tiny.custom_function "sgemm"(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<Tiny_Value>:$args);
  let results = (outs Variadic<Tiny_Value>:$results);
  let assemblyFormat = [{
    $name `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def Tiny_CustomKernelOp : Tiny_Op<"custom_kernel", [SingleBlock,
    NoTerminator, IsolatedFromAbove, InferTypeOpAdaptor]> {
  let summary = "run a hand-written kernel on the buffers of tensors";
  let description = [{
    A kernel the program brings written out, as tinygrad's custom kernels
    (`AFTER(buf, CALL(SINK(...)))`): the body is kernel-level ops
    (`tiny.k.range`, `tiny.k.index`, `tiny.k.load`, `tiny.k.store`,
    `tiny.k.atomic_add`, `arith`, ...) over one flat buffer per operand,
    the block arguments, of the operand's element count and storage type
    (integers signless). Each result is its argument after the kernel ran
    (tinygrad's AFTER): the kernel starts from the operands' values and may
    read and write any of the buffers; later ops read the results. The body
    is isolated from the tensor-level ops around it: it sees only its
    buffers. -tiny-rangeify runs it as one `tiny.k.kernel` named `name`.

    ```mlir
    %r:2 = tiny.custom_kernel "scatter"(%acc, %idx) : tensor<4xf32>, tensor<8xi32> {
    ^bb0(%a: memref<4xf32>, %i: memref<8xi32>):
      ...
    }
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<Tiny_Tensor>:$args);
  let results = (outs Variadic<Tiny_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $name `(` $args `)` attr-dict `:` type($args) $body
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement across devices and address spaces
//===----------------------------------------------------------------------===//

def Tiny_CopyOp : Tiny_Op<"copy", [Pure, InferTypeOpAdaptor,
    Tiny_InferIntRange]> {
  let summary = "copy a value to another device or tuple of devices";
  let description = [{
    A copy to a tuple of devices gives every device the whole value (as
    tinygrad's `to`); with `shard k` the value is split along axis k into
    equal, consecutive parts instead, one per device in order, and the
    result is the logical value over them (as tinygrad's `shard`):
    -tiny-multi writes it as `unshard(mstack(copies of the parts), k)`.

    ```mlir
    %y = tiny.copy %x to "CUDA:1" : tensor<4xf32, #tiny.device<"CPU">>
    %s = tiny.copy %x to ["CPU:1", "CPU:2"] shard 0 : tensor<4x3xf32, #tiny.device<"CPU">>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, Tiny_DeviceAttr:$device,
      OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$shard);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $src `to` custom<Device>($device) (`shard` $shard^)? attr-dict `:`
    type($src)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::tiny::DeviceAttr":$device), [{
      build($_builder, $_state, src, device, ::mlir::IntegerAttr());
    }]>,
  ];
  let hasVerifier = 1;
}

def Tiny_MStackOp : Tiny_Op<"mstack", [Pure, InferTypeOpAdaptor]> {
  let summary = "one value per device, as a multi-device value";
  let description = [{
    The operands have the same shape and dtype and are each on one, distinct
    device; the result lives on the tuple of those devices, in order.

    ```mlir
    %m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:1">>
    ```
  }];
  let arguments = (ins Variadic<Tiny_Tensor>:$srcs);
  let results = (outs Tiny_MultiTensor:$result);
  let assemblyFormat = "$srcs attr-dict `:` type($srcs)";
}

def Tiny_MSelectOp : Tiny_Op<"mselect", [Pure, InferTypeOpAdaptor]> {
  let summary = "the value on one device of a multi-device value";
  let description = [{
    ```mlir
    %a = tiny.mselect %m[1] : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
    ```
  }];
  let arguments = (ins Tiny_MultiTensor:$src,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$index);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` type($src)";
  let hasFolder = 1;
}

def Tiny_LoadOp : Tiny_Op<"load", [Pure, InferTypeOpAdaptor]> {
  let summary = "pull a value into a new buffer on a device and address space";
  let description = [{
    The result holds the source's elements in a buffer of its own on
    `device`, in memory of `addrspace`: a new buffer even when the source is
    on that device already (a copy to another device moves the bytes first).
    On a CPU device every address space is host memory, so a local or
    register buffer is a buffer like any other; on a GPU a local or
    register buffer lives inside one kernel, so a load into one cannot hold
    a tensor (-tiny-rangeify reports it).

    ```mlir
    %l = tiny.load %x to "CPU" addrspace local : tensor<16xf32, #tiny.device<"CPU">>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, Tiny_DeviceAttr:$device,
    DefaultValuedAttr<Tiny_AddrSpaceAttr, "::mlir::tiny::AddrSpace::Global">:$addrspace);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $src `to` custom<Device>($device) (`addrspace` `` $addrspace^)?
    attr-dict `:` type($src)
  }];
}

def Tiny_StageOp : Tiny_Op<"stage", [Pure, InferTypeOpAdaptor]> {
  let summary = "realize a value in a new buffer, over closed ranges";
  let description = [{
    tinygrad's STAGE (its BUFFERIZE): `src` computed at every index of the
    given kernel ranges and stored in a new buffer on `device`, in memory of
    `addrspace`. The result shape is the ranges' extents followed by the
    source shape (the opposite of an index, which removes leading axes).
    Each range is the induction variable of an enclosing `tiny.k.range`, and
    its extent, written after it, is that range's bound (checked when the
    bound is a constant): it is spelled out so the type is known where the
    op is parsed, before the enclosing range exists.

    With no ranges, a stage realizes the whole source, like `tiny.load`, and
    runs. With ranges it is the kernel-level form tinygrad's rangeify builds
    on its way to kernels; tiny's -tiny-rangeify builds kernels directly and
    reports such a stage.

    ```mlir
    %b = tiny.stage %x [] on "CPU" : tensor<4xf32, #cpu>  // tensor<4xf32>
    tiny.k.range loop %i < %c4 {
      // tensor<4x3xf32>
      %s = tiny.stage %v [%i < 4] on "CPU" addrspace local : tensor<3xf32, #cpu>
    }
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, Variadic<Index>:$ranges,
    DenseI64ArrayAttr:$extents, Tiny_DeviceAttr:$device,
    DefaultValuedAttr<Tiny_AddrSpaceAttr, "::mlir::tiny::AddrSpace::Global">:$addrspace);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = [{
    $src custom<StageRanges>($ranges, $extents) `on` custom<Device>($device)
    (`addrspace` `` $addrspace^)? attr-dict `:` type($src)
  }];
  let hasVerifier = 1;
}

def Tiny_StoreOp : Tiny_Op<"store", [AllTypesMatch<["target", "value"]>]> {
  let summary = "write a value into a buffer (or a view of one)";
  let description = [{
    Yields a token; `tiny.after` orders readers of the buffer after it.

    ```mlir
    %t = tiny.store %buf, %v : tensor<4xf32, #tiny.device<"CPU">>
    ```
  }];
  let arguments = (ins Tiny_Tensor:$target, Tiny_Tensor:$value);
  let results = (outs Tiny_TokenType:$token);
  let assemblyFormat = "$target `,` $value attr-dict `:` type($target)";
}

def Tiny_AfterOp : Tiny_Op<"after", [Pure, InferTypeOpAdaptor,
    Tiny_InferIntRangeOptional]> {
  let summary = "a value, promised to be read after the given effects";
  let description = [{
    Passes `src` through; consumers of the result run after every dependency.

    ```mlir
    %b2 = tiny.after %buf(%t) : tensor<4xf32, #tiny.device<"CPU">>, !tiny.token
    ```
  }];
  let arguments = (ins Tiny_Tensor:$src, Variadic<AnyType>:$deps);
  let results = (outs Tiny_Tensor:$result);
  let assemblyFormat = "$src `(` $deps `)` attr-dict `:` type($src) `,` type($deps)";
  let hasVerifier = 1;
}

#endif // TINY_OPS_TD
