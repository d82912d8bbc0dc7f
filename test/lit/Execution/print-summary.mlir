// A result of more than 1000 elements prints summarized as numpy does (the
// first and last 3 entries of each axis longer than 6); --print-full prints
// all of it. Expected: x = 0..1199 viewed as 40x30, so row r starts at 30r.

// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(1200, dtype=np.int32))" %t.x.npy
// RUN: tiny-run %s --entry=grid -i %t.x.npy | FileCheck %s --match-full-lines --check-prefix=SUMMARY
// RUN: tiny-run %s --entry=grid -i %t.x.npy --print-full | FileCheck %s --check-prefix=FULL
// RUN: tiny-run %s --entry=small -i %t.x.npy | FileCheck %s --check-prefix=SMALL

#cpu = #tiny.device<"CPU">

// SUMMARY: [{{\[}}0, 1, 2, ..., 27, 28, 29], [30, 31, 32, ..., 57, 58, 59], [60, 61, 62, ..., 87, 88, 89], ..., [1110, 1111, 1112, ..., 1137, 1138, 1139], [1140, 1141, 1142, ..., 1167, 1168, 1169], [1170, 1171, 1172, ..., 1197, 1198, 1199]] : tensor<40x30xi32>
// FULL: [{{\[}}0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
// FULL-SAME: [600, 601, 602,
// FULL-SAME: 1197, 1198, 1199]] : tensor<40x30xi32>
tiny.function @grid -> tensor<40x30xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %r = tiny.reshape %a to [40, 30] : tensor<1200xi32, #cpu>
  tiny.return %r : tensor<40x30xi32, #cpu>
}

// 1000 elements print whole.
// SMALL: [0, 1, 2, 3, 4, 5, 6, 7,
// SMALL-SAME: 993, 994, 995, 996, 997, 998, 999] : tensor<1000xi32>
tiny.function @small -> tensor<1000xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %s = tiny.shrink %a [0] to [1000] : tensor<1200xi32, #cpu>
  tiny.return %s : tensor<1000xi32, #cpu>
}
