//===- Passes.td - tiny conversion passes ------------------*- tablegen -*-===//

#ifndef TINY_CONVERSIONS_PASSES_TD
#define TINY_CONVERSIONS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTinyToSCF : Pass<"convert-tiny-to-scf"> {
  let summary = "Lower kernel-level tiny ops to scf loops and memref accesses";
  let description = [{
    - a THREAD `tiny.k.range` without iter_args -> `scf.parallel` (which
      -tiny-to-llvm runs on OpenMP threads); every other range -> `scf.for`
      from 0 to its bound, carrying its iter_args
    - `tiny.k.load` / `tiny.k.store` of a `tiny.k.index` -> `memref.load` /
      `memref.store`; a gate becomes an `scf.if` (a gated load yields its
      alternative value where the gate is false)
    - `tiny.k.atomic_add` -> `memref.atomic_rmw`
    - `tiny.k.kernel` -> its body, in place
    GPU-only ops (`special`, `barrier`, `wmma`) and `custom` code have no
    CPU form and are reported.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // TINY_CONVERSIONS_PASSES_TD
