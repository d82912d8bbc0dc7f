//===- DecomposePatterns.td - -tiny-decompose's rules ------*- tablegen -*-===//
//
// The decompositions of -tiny-decompose that rewrite one derived op into a
// fixed expression of primitives, as declarative rewrite rules. Those that
// need more than that stay in Decompose.cpp: pow (its exponent's class is
// decided at compile time for a constant) and the floor divisions (one
// sign test shared by several compares, none for unsigned integers).
//
// The constants are rank-0 tensors with the dtype and device of the value
// they combine with (createScalar / createBool in Decompose.cpp); they
// broadcast against any shape.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_DECOMPOSEPATTERNS_TD
#define TINY_PASSES_DECOMPOSEPATTERNS_TD

include "mlir/IR/PatternBase.td"
include "TinyOps.td"

/// -1 with the dtype and device of `$0`.
def MinusOneLike : NativeCodeCall<
    "createScalar($_builder, $_loc, $0.getType(), -1)">;
/// The bool `true` on the device of `$0`.
def TrueLike : NativeCodeCall<
    "createBool($_builder, $_loc, $0.getType(), true)">;

def IsFloatTensor : Constraint<CPred<
    "::llvm::isa<::mlir::FloatType>("
    "::mlir::getElementTypeOrSelf($0.getType()))">, "a float tensor">;
def IsNotFloatTensor : Constraint<Neg<CPred<
    "::llvm::isa<::mlir::FloatType>("
    "::mlir::getElementTypeOrSelf($0.getType()))">>, "not a float tensor">;

// neg(x) -> mul(x, -1)
def DecomposeNeg : Pat<(Tiny_NegOp $x), (Tiny_MulOp $x, (MinusOneLike $x))>;

// sub(a, b) -> add(a, mul(b, -1))
def DecomposeSub : Pat<(Tiny_SubOp $a, $b),
                       (Tiny_AddOp $a, (Tiny_MulOp $b, (MinusOneLike $b)))>;

// fdiv(a, b) -> mul(a, reciprocal(b))
def DecomposeFDiv : Pat<(Tiny_FDivOp $a, $b),
                        (Tiny_MulOp $a, (Tiny_ReciprocalOp $b))>;

// mulacc(a, b, c) -> add(mul(a, b), c)
def DecomposeMulAcc : Pat<(Tiny_MulAccOp $a, $b, $c),
                          (Tiny_AddOp (Tiny_MulOp $a, $b), $c)>;

// cmpgt(a, b) -> cmplt(b, a)
def DecomposeCmpGt : Pat<(Tiny_CmpGtOp $a, $b), (Tiny_CmpLtOp $b, $a)>;

// cmple(a, b) -> cmpge(b, a)
def DecomposeCmpLe : Pat<(Tiny_CmpLeOp $a, $b), (Tiny_CmpGeOp $b, $a)>;

// integers: cmpge(a, b) -> not(cmplt(a, b))
def DecomposeCmpGeInt : Pat<(Tiny_CmpGeOp $a, $b),
    (Tiny_CmpNeOp (Tiny_CmpLtOp $a, $b), (TrueLike $a)),
    [(IsNotFloatTensor $a)]>;

// floats: cmpge(a, b) -> or(cmplt(b, a), cmpeq(a, b)), false on NaN
def DecomposeCmpGeFloat : Pat<(Tiny_CmpGeOp $a, $b),
    (Tiny_OrOp (Tiny_CmpLtOp $b, $a), (Tiny_CmpEqOp $a, $b)),
    [(IsFloatTensor $a)]>;

// cmpeq(a, b) -> not(cmpne(a, b)); NaN != x is true, so NaN == x is false.
// not(x) is cmpne(x, true).
def DecomposeCmpEq : Pat<(Tiny_CmpEqOp $a, $b),
    (Tiny_CmpNeOp (Tiny_CmpNeOp $a, $b), (TrueLike $a))>;

// not(x) -> cmpne(x, true)
def DecomposeNot : Pat<(Tiny_NotOp $x), (Tiny_CmpNeOp $x, (TrueLike $x))>;

#endif // TINY_PASSES_DECOMPOSEPATTERNS_TD
