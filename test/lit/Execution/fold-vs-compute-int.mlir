// Folded vs computed on the integer dtypes and bool: every foldable
// elementwise op on edge values (0, +-1, +-2, 3, +-7, the minimum and
// maximum and their neighbours, 2^(w/2) and neighbours), folded by
// -canonicalize (with and without -tiny-decompose first) and computed by
// tiny-run on parameters, bit for bit; the folds of one constant operand
// (x + 0, x * 1, x * 0, x & 0, ...) and of one value twice (max(x, x),
// x != x, ...) against the same op computed. Not folded: division by 0 and
// MIN / -1 (16 of 225 pairs; the unsigned dtypes 11 of 121). The counts
// below pin that the folds happen. See Inputs/fold_vs_compute.py.
// RUN: rm -rf %t && %python %S/Inputs/fold_vs_compute.py %t i1 i8 i16 i32 i64 ui8 ui16 ui32 ui64 | FileCheck %s --implicit-check-not=MISMATCH

// CHECK: max i1 [decompose]: 4 of 4 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: and i1 [decompose]: 4 of 4 folded, 3 of 5 partial folds fire, 0 differ
// CHECK: cmplt i1 [decompose]: 4 of 4 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cmpge i1 [decompose]: 4 of 4 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: not i1 [decompose]: 2 of 2 folded, 0 differ
// CHECK: where i1 [decompose]: 8 of 8 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add i8 [decompose]: 225 of 225 folded, 2 of 7 partial folds fire, 0 differ
// CHECK: mul i8 [decompose]: 225 of 225 folded, 4 of 7 partial folds fire, 0 differ
// CHECK: max i8 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cdiv i8 [decompose]: 209 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: floordiv i8 [decompose]: 209 of 225 folded, 0 of 7 partial folds fire, 0 differ
// CHECK: and i8 [decompose]: 225 of 225 folded, 3 of 7 partial folds fire, 0 differ
// CHECK: cmplt i8 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cmpge i8 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: where i8 [decompose]: 450 of 450 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add i16 [decompose]: 225 of 225 folded, 2 of 7 partial folds fire, 0 differ
// CHECK: mul i16 [decompose]: 225 of 225 folded, 4 of 7 partial folds fire, 0 differ
// CHECK: max i16 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cdiv i16 [decompose]: 209 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: floordiv i16 [decompose]: 209 of 225 folded, 0 of 7 partial folds fire, 0 differ
// CHECK: and i16 [decompose]: 225 of 225 folded, 3 of 7 partial folds fire, 0 differ
// CHECK: cmplt i16 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cmpge i16 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: where i16 [decompose]: 450 of 450 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add i32 [decompose]: 225 of 225 folded, 2 of 7 partial folds fire, 0 differ
// CHECK: mul i32 [decompose]: 225 of 225 folded, 4 of 7 partial folds fire, 0 differ
// CHECK: max i32 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cdiv i32 [decompose]: 209 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: floordiv i32 [decompose]: 209 of 225 folded, 0 of 7 partial folds fire, 0 differ
// CHECK: and i32 [decompose]: 225 of 225 folded, 3 of 7 partial folds fire, 0 differ
// CHECK: cmplt i32 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cmpge i32 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: where i32 [decompose]: 450 of 450 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add i64 [decompose]: 225 of 225 folded, 2 of 7 partial folds fire, 0 differ
// CHECK: mul i64 [decompose]: 225 of 225 folded, 4 of 7 partial folds fire, 0 differ
// CHECK: max i64 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cdiv i64 [decompose]: 209 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: floordiv i64 [decompose]: 209 of 225 folded, 0 of 7 partial folds fire, 0 differ
// CHECK: and i64 [decompose]: 225 of 225 folded, 3 of 7 partial folds fire, 0 differ
// CHECK: cmplt i64 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: cmpge i64 [decompose]: 225 of 225 folded, 1 of 7 partial folds fire, 0 differ
// CHECK: where i64 [decompose]: 450 of 450 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add ui8 [decompose]: 121 of 121 folded, 2 of 5 partial folds fire, 0 differ
// CHECK: mul ui8 [decompose]: 121 of 121 folded, 4 of 5 partial folds fire, 0 differ
// CHECK: max ui8 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cdiv ui8 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: floordiv ui8 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: and ui8 [decompose]: 121 of 121 folded, 3 of 5 partial folds fire, 0 differ
// CHECK: cmplt ui8 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cmpge ui8 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: where ui8 [decompose]: 242 of 242 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add ui16 [decompose]: 121 of 121 folded, 2 of 5 partial folds fire, 0 differ
// CHECK: mul ui16 [decompose]: 121 of 121 folded, 4 of 5 partial folds fire, 0 differ
// CHECK: max ui16 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cdiv ui16 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: floordiv ui16 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: and ui16 [decompose]: 121 of 121 folded, 3 of 5 partial folds fire, 0 differ
// CHECK: cmplt ui16 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cmpge ui16 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: where ui16 [decompose]: 242 of 242 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add ui32 [decompose]: 121 of 121 folded, 2 of 5 partial folds fire, 0 differ
// CHECK: mul ui32 [decompose]: 121 of 121 folded, 4 of 5 partial folds fire, 0 differ
// CHECK: max ui32 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cdiv ui32 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: floordiv ui32 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: and ui32 [decompose]: 121 of 121 folded, 3 of 5 partial folds fire, 0 differ
// CHECK: cmplt ui32 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cmpge ui32 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: where ui32 [decompose]: 242 of 242 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: add ui64 [decompose]: 121 of 121 folded, 2 of 5 partial folds fire, 0 differ
// CHECK: mul ui64 [decompose]: 121 of 121 folded, 4 of 5 partial folds fire, 0 differ
// CHECK: max ui64 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cdiv ui64 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: floordiv ui64 [decompose]: 110 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: and ui64 [decompose]: 121 of 121 folded, 3 of 5 partial folds fire, 0 differ
// CHECK: cmplt ui64 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: cmpge ui64 [decompose]: 121 of 121 folded, 1 of 5 partial folds fire, 0 differ
// CHECK: where ui64 [decompose]: 242 of 242 folded, 3 of 3 partial folds fire, 0 differ
// CHECK: total mismatches: 0
