// tinygrad's collectives written as compositions of copies and elementwise
// ops on virtual devices CPU:1 .. CPU:n: broadcast, scatter, gather,
// allgather, reduce, reduce-scatter and allreduce, on 2, 3 and 4 devices,
// with a length every device count divides (12) and one none does (7),
// plus the tiny.allreduce op lowered as a ring, all-to-all and naive
// exchange (tiny-run --allreduce=...), whose bytes sent per device are
// checked against what each exchange must move, read from the runtime's
// counters. Inputs/collectives.py writes each program, runs it and compares
// the results with values it computes itself; see its docstrings for the
// chunking and the byte formulas.

// RUN: python3 %S/Inputs/collectives.py tiny-run | FileCheck %s

// CHECK-NOT: FAIL
// CHECK: ok allreduce-op-ring n=3 N=12 sent [16, 16, 16] elements
// CHECK: ok allreduce-op-ring n=4 N=12 sent [18, 18, 18, 18] elements
// CHECK: ok allreduce-op-all2all n=4 N=12 sent [18, 18, 18, 18] elements
// CHECK: ok allreduce-op-naive n=4 N=12 sent [36, 36, 36, 36] elements
// CHECK-NOT: FAIL
// CHECK: 0 failures
