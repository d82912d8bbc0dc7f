//===- Passes.td - tiny-to-tiny rewrite passes -------------*- tablegen -*-===//

#ifndef TINY_PASSES_TD
#define TINY_PASSES_TD

include "mlir/Pass/PassBase.td"

def TinyDecompose : Pass<"tiny-decompose"> {
  let summary = "Rewrite derived ops into tinygrad's primitive ops";
  let description = [{
    For targets that only have the primitive ALU ops:
    - `neg(x)` -> `mul(x, -1)`
    - `sub(a, b)` -> `add(a, mul(b, -1))`
    - `fdiv(a, b)` -> `mul(a, reciprocal(b))`
    - `pow(a, b)` -> `exp2(mul(log2(a), b))`
    - `mulacc(a, b, c)` -> `add(mul(a, b), c)`
    - `cmpgt(a, b)` -> `cmplt(b, a)`
    - `cmple(a, b)` -> `cmpge(b, a)`, then as `cmpge`
    - `cmpge(a, b)` -> `cmpne(cmplt(a, b), true)` on integers and i1; on
      floats `or(cmplt(b, a), cmpeq(a, b))`, which keeps `NaN >= x` false as
      IEEE requires (negating `cmplt` would make it true)
    - `cmpeq(a, b)` -> `cmpne(cmpne(a, b), true)`
    - `not(x)` -> `cmpne(x, true)`
    - `floordiv(a, b)` / `floormod(a, b)` -> `cdiv` / `cmod` corrected by one
      step where the remainder is non-zero and its sign differs from the
      divisor's (unsigned types need no correction)

    Constants are created as rank-0 `tiny.const`s that broadcast.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyFoldMovement : Pass<"tiny-fold-movement"> {
  let summary = "Simplify chains of movement ops";
  let description = [{
    Movement-op algebra:
    - `permute(permute(x))` -> one `permute` with the composed order
    - `shrink(shrink(x))` -> one `shrink`
    - `pad(pad(x))` -> one `pad` (both pad with zeros, so the amounts add)
    - `expand(expand(x))` -> one `expand`
    - `flip(flip(x))` -> one `flip` of the axes flipped an odd number of times
    The ops' folders, which this pass also applies, remove identity
    movements (reshape to the same shape, identity permute, zero pad, full
    shrink, flip of size-1 axes, expand to the same shape), move splat
    constants, and fold `reshape(reshape(x))` into `reshape(x)`.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

#endif // TINY_PASSES_TD
