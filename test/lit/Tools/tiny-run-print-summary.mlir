// A result of more than 1000 elements prints summarized as numpy prints it
// (np.array2string with separator ', ' and numpy's defaults, threshold 1000
// and edgeitems 3): the first and last 3 entries of each axis longer than 6
// with `...` between, each element right-aligned to the widest shown, the
// rows of a 2-D result on lines of their own and the blocks of higher ranks
// apart by one more empty line per rank. The expected text is numpy's own.
// --print-full prints every element, on one line, as a small result prints.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/summary_cases.py %t
// RUN: tiny-run %s --entry=line -i %t/x1200.npy > %t/line.out
// RUN: diff %t/line.expected %t/line.out
// RUN: tiny-run %s --entry=rows -i %t/x1200.npy > %t/rows.out
// RUN: diff %t/rows.expected %t/rows.out
// RUN: tiny-run %s --entry=narrow -i %t/x1200.npy > %t/narrow.out
// RUN: diff %t/narrow.expected %t/narrow.out
// RUN: tiny-run %s --entry=cube -i %t/x2000.npy > %t/cube.out
// RUN: diff %t/cube.expected %t/cube.out
// RUN: tiny-run %s --entry=four -i %t/x1200.npy > %t/four.out
// RUN: diff %t/four.expected %t/four.out
//
// The layout, for a reader (the diffs above check it whole; with
// --strict-whitespace and --match-full-lines a pattern starts right after
// its colon):
// RUN: FileCheck %s --check-prefix=ROWS --match-full-lines --strict-whitespace --input-file=%t/rows.out
// ROWS:{{\[}}[   0,    1,    2, ...,   27,   28,   29],
// ROWS-NEXT: [  30,   31,   32, ...,   57,   58,   59],
// ROWS-NEXT: [  60,   61,   62, ...,   87,   88,   89],
// ROWS-NEXT: ...,
// ROWS-NEXT: [1110, 1111, 1112, ..., 1137, 1138, 1139],
// ROWS-NEXT: [1140, 1141, 1142, ..., 1167, 1168, 1169],
// ROWS-NEXT: [1170, 1171, 1172, ..., 1197, 1198, 1199]] : tensor<40x30xi32>
//
// Floats in their shortest exact form and booleans as true / false, as a
// small result prints them, right-aligned the same way.
// RUN: tiny-run %s --entry=halves -i %t/x1200.npy | FileCheck %s --check-prefix=FLOAT --match-full-lines --strict-whitespace
// FLOAT:[    0,   0.5,     1, ..., 598.5,   599, 599.5] : tensor<1200xf32>
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(1200) % 3 == 0)" %t/mask.npy
// RUN: tiny-run %s --entry=mask -i %t/mask.npy | FileCheck %s --check-prefix=BOOL --match-full-lines --strict-whitespace
// BOOL:[ true, false, false, ...,  true, false, false] : tensor<1200xi1>
//
// RUN: tiny-run %s --entry=rows -i %t/x1200.npy --print-full | FileCheck %s --check-prefix=FULL
// FULL: [{{\[}}0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
// FULL-SAME: [600, 601, 602,
// FULL-SAME: 1197, 1198, 1199]] : tensor<40x30xi32>
//
// 1000 elements print whole, on one line, unpadded.
// RUN: tiny-run %s --entry=small -i %t/x1200.npy | FileCheck %s --check-prefix=SMALL
// SMALL: [0, 1, 2, 3, 4, 5, 6, 7,
// SMALL-SAME: 993, 994, 995, 996, 997, 998, 999] : tensor<1000xi32>

#cpu = #tiny.device<"CPU">

tiny.function @line -> tensor<1200xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  tiny.return %a : tensor<1200xi32, #cpu>
}

tiny.function @rows -> tensor<40x30xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %r = tiny.reshape %a to [40, 30] : tensor<1200xi32, #cpu>
  tiny.return %r : tensor<40x30xi32, #cpu>
}

tiny.function @narrow -> tensor<400x3xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %r = tiny.reshape %a to [400, 3] : tensor<1200xi32, #cpu>
  tiny.return %r : tensor<400x3xi32, #cpu>
}

tiny.function @cube -> tensor<10x10x20xi32, #cpu> {
  %a = tiny.param 0 : i32 size 2000 on "CPU"
  %r = tiny.reshape %a to [10, 10, 20] : tensor<2000xi32, #cpu>
  tiny.return %r : tensor<10x10x20xi32, #cpu>
}

tiny.function @four -> tensor<2x3x10x20xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %r = tiny.reshape %a to [2, 3, 10, 20] : tensor<1200xi32, #cpu>
  tiny.return %r : tensor<2x3x10x20xi32, #cpu>
}

tiny.function @halves -> tensor<1200xf32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %f = tiny.cast %a to f32 : tensor<1200xi32, #cpu>
  %half = tiny.const dense<0.5> : tensor<1200xf32, #cpu>
  %r = tiny.mul %f, %half : tensor<1200xf32, #cpu>
  tiny.return %r : tensor<1200xf32, #cpu>
}

tiny.function @mask -> tensor<1200xi1, #cpu> {
  %a = tiny.param 0 : i1 size 1200 on "CPU"
  tiny.return %a : tensor<1200xi1, #cpu>
}

tiny.function @small -> tensor<1000xi32, #cpu> {
  %a = tiny.param 0 : i32 size 1200 on "CPU"
  %s = tiny.shrink %a [0] to [1000] : tensor<1200xi32, #cpu>
  tiny.return %s : tensor<1000xi32, #cpu>
}
