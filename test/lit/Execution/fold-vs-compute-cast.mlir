// Folded vs computed for cast(cast(x: A, B), C) -> cast(x, C), which
// tiny.cast folds when B holds every value of A: over every chain of three
// different dtypes, on A's edge values, the single cast computed against
// the two casts computed one after the other, bit for bit (any NaN matches
// any NaN); a float outside an integer C's range (undefined) is skipped.
// See Inputs/fold_vs_compute.py.
// RUN: rm -rf %t && %python %S/Inputs/fold_vs_compute.py %t casts | FileCheck %s --implicit-check-not=MISMATCH
// CHECK: cast: 528 of 1716 chains fold, 5371 values compared, 0 differ
// CHECK: total mismatches: 0
