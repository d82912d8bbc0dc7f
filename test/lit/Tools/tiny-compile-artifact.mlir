// tiny-compile writes a compiled program to an artifact, which tiny-run
// runs with no compilation, told from MLIR by its first bytes whatever its
// name; the same inputs and outputs as the program's source.
//
// Expected, by hand: @rows: x = 1..6 as 2 rows of 3, each row of 2 x + 1
// summed: 2 (1+2+3) + 3 = 15 and 2 (4+5+6) + 3 = 33. @scaled: x * s.
//
// RUN: tiny-compile %s --entry=rows -o %t.tiny
// RUN: tiny-run %t.tiny -i 1,2,3,4,5,6 --print-compile-time 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: load time: {{[0-9.e+-]+}} s
// ROWS: {{\[\[15\], \[33\]\]}} : tensor<2x1xf32>
// RUN: cp %t.tiny %t.renamed.mlir
// RUN: tiny-run %t.renamed.mlir -i 6xf32=1,2,3,4,5,6 --entry=rows | FileCheck %s --check-prefix=SAME
// SAME: {{\[\[15\], \[33\]\]}} : tensor<2x1xf32>
//
// Inputs from .npy, results to .npy, checked with numpy.
// RUN: tiny-compile %s --entry=scaled -o %t.scaled.tiny
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([1, 2, 3, 4], np.float32))" %t.x.npy
// RUN: tiny-run %t.scaled.tiny -i 4xf32=@%t.x.npy -i f32=2.5 -o %t.y.npy
// RUN: %python -c "import numpy as np, sys; print('scaled', np.load(sys.argv[1]).tolist() == [2.5, 5.0, 7.5, 10.0])" %t.y.npy | FileCheck %s --check-prefix=NPY
// NPY: scaled True
// The signature is the program's: inputs are checked against it.
// RUN: not tiny-run %t.scaled.tiny -i 3xf32=1,2,3 -i f32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tiny-run: error: input 0: given 3xf32, but @scaled's param slot 0 is 4xf32
//
// Options that act on the compilation, and another entry, are refused.
// RUN: not tiny-run %t.tiny -i 1,2,3,4,5,6 --profile 2>&1 | FileCheck %s --check-prefix=PROFILE
// PROFILE: tiny-run: error: --profile acts on the compilation, and {{.*}}.tiny is compiled already (give it to tiny-compile)
// RUN: not tiny-run %t.tiny -i 1,2,3,4,5,6 --mlir-timing 2>&1 | FileCheck %s --check-prefix=MLIR
// MLIR: tiny-run: error: MLIR's options act on the compilation, and {{.*}}.tiny is compiled already
// RUN: not tiny-run %t.tiny -i 1,2,3,4 -i 2 --entry=scaled 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: tiny-run: error: --entry=scaled, but {{.*}}.tiny holds @rows
//
// MLIR's options act on tiny-compile's compilation; --help lists
// tiny-compile's own options first, then MLIR's.
// RUN: tiny-compile %s --entry=rows -o %t.timed.tiny --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: TinySelectEntry
// RUN: tiny-run %t.timed.tiny -i 1,2,3,4,5,6 | FileCheck %s --check-prefix=SAME
// RUN: tiny-compile --help | FileCheck %s --check-prefix=HELP
// HELP: General tiny-compile options:
// HELP: -o <prog.tiny>
// HELP: MLIR options (pass manager, IR printing, timing):
// HELP-NOT: --polly
//
// tiny-compile's errors are the compiler's.
// RUN: not tiny-compile %s -o %t.none.tiny 2>&1 | FileCheck %s --check-prefix=SEVERAL
// SEVERAL: tiny-compile: error: the module has several tiny.functions; choose one with --entry
// RUN: not tiny-compile %s --entry=nope -o %t.none.tiny 2>&1 | FileCheck %s --check-prefix=NOPE
// NOPE: tiny-compile: error: no tiny.function named 'nope'
// RUN: not tiny-compile %s --entry=rows -o %t.missing-dir/x.tiny 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: tiny-compile: error: cannot write {{.*}}missing-dir/x.tiny: No such file or directory

#cpu = #tiny.device<"CPU">

tiny.function @rows -> tensor<2x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<2x3xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<2x3xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>
  %a = tiny.add %m, %one : tensor<2x3xf32, #cpu>
  %s = tiny.reduce add %a axes [1] : tensor<2x3xf32, #cpu>
  tiny.return %s : tensor<2x1xf32, #cpu>
}

tiny.function @scaled -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.param 1 : f32 on "CPU"
  %b = tiny.reshape %s to [1] : tensor<f32, #cpu>
  %e = tiny.expand %b to [4] : tensor<1xf32, #cpu>
  %y = tiny.mul %x, %e : tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}
