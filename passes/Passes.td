//===- Passes.td - tiny-to-tiny rewrite passes -------------*- tablegen -*-===//

#ifndef TINY_PASSES_TD
#define TINY_PASSES_TD

include "mlir/Pass/PassBase.td"

def TinyResolveCalls : Pass<"tiny-resolve-calls", "::mlir::ModuleOp"> {
  let summary = "Inline tiny.call by substituting params with argument views";
  let description = [{
    Replaces each `tiny.call @f(args)` by the body of `tiny.function @f`,
    with each `tiny.param` of slot i replaced by the flat storage view of
    argument i: `reshape(arg, (size,))` (or the image shape), or the argument
    itself for a scalar param. A multi-device argument built by `unshard` is
    checked and substituted per shard: its per-device source is used, and
    the function's own `unshard` of the param rebuilds the logical view.

    Errors name the argument: `arg 1 shape mismatch: expected size 6, got
    (2, 4)`, `arg 0 expected scalar, got (3,)`, `arg 0 dtype mismatch:
    expected f32, got i32`, a device mismatch, params not numbered 0..n-1,
    and a wrong argument count. Calls inside the inlined bodies are resolved
    too; a call chain deeper than `max-depth` is reported as recursion.
  }];
  let options = [
    Option<"maxDepth", "max-depth", "unsigned", /*default=*/"64",
           "Nesting of calls inside inlined bodies before giving up">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

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
