// Folded vs computed on the float dtypes: every foldable elementwise op on
// edge values (+-0, +-inf, NaN with either sign, +-1, +-0.5, +-1.5, +-3,
// 1 + ulp, the largest finite, the smallest normal, the smallest and
// largest subnormals, values whose square underflows or overflows), folded
// by -canonicalize (with and without -tiny-decompose first) and computed by
// tiny-run on parameters, bit for bit except that any NaN matches any NaN;
// the folds of one constant operand (x + -0, x * 1, ...) and of one value
// twice (max(x, x), x < x) against the same op computed. bf16 goes in and
// out as ui16 through tiny.bitcast. The counts below pin that the folds
// happen. See Inputs/fold_vs_compute.py.
//
// Regression test: max(+0, -0) folded to +0 but computed -0 on the CPU
// (max-ieee.mlir), which this found in all four dtypes.
// RUN: rm -rf %t && %python %S/Inputs/fold_vs_compute.py %t f16 bf16 f32 f64 | FileCheck %s --implicit-check-not=MISMATCH

// CHECK: add f16 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: sub f16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: mul f16 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: max f16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmplt f16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmpne f16 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: cmpge f16 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: neg f16 [decompose]: 28 of 28 folded, 0 differ
// CHECK: where f16 [decompose]: 1568 of 1568 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: mulacc f16 [decompose]: 2352 of 2352 folded, 0 differ
// CHECK: add bf16 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: sub bf16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: mul bf16 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: max bf16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmplt bf16 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmpne bf16 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: cmpge bf16 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: neg bf16 [decompose]: 28 of 28 folded, 0 differ
// CHECK: where bf16 [decompose]: 1568 of 1568 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: mulacc bf16 [decompose]: 2352 of 2352 folded, 0 differ
// CHECK: add f32 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: sub f32 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: mul f32 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: max f32 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmplt f32 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmpne f32 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: cmpge f32 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: neg f32 [decompose]: 28 of 28 folded, 0 differ
// CHECK: where f32 [decompose]: 1568 of 1568 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: mulacc f32 [decompose]: 2352 of 2352 folded, 0 differ
// CHECK: add f64 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: sub f64 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: mul f64 [decompose]: 784 of 784 folded, 2 of 9 partial folds fire, 0 differ
// CHECK: max f64 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmplt f64 [decompose]: 784 of 784 folded, 1 of 9 partial folds fire, 0 differ
// CHECK: cmpne f64 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: cmpge f64 [decompose]: 784 of 784 folded, 0 of 9 partial folds fire, 0 differ
// CHECK: neg f64 [decompose]: 28 of 28 folded, 0 differ
// CHECK: where f64 [decompose]: 1568 of 1568 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: mulacc f64 [decompose]: 2352 of 2352 folded, 0 differ
// CHECK: total mismatches: 0
