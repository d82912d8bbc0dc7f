// tiny-run -i takes iree-run-module's typed forms, SHAPExDTYPE=VALUES and
// SHAPExDTYPE=@FILE.npy (DTYPE=VALUE for a scalar), next to the untyped
// ones (numbers, FILE.npy, @FILE.npy). The shape and dtype given must be the
// param's, and a .npy file's must be those given or the param's: any
// mismatch is an error naming the input, what it holds and what the param
// is. Expected: x * s for x = 1, 2, 3, 4.
//
// RUN: tiny-run %s --entry=scaled -i 4xf32=1,2,3,4 -i f32=3.5 | FileCheck %s --check-prefix=TYPED
// TYPED: [3.5, 7, 10.5, 14] : tensor<4xf32>
// Numbers may also be separated by spaces, in brackets, as iree-run-module
// writes them.
// RUN: tiny-run %s --entry=scaled -i '4xf32=[1 2 3 4]' -i f32=3.5 | FileCheck %s --check-prefix=TYPED
// RUN: tiny-run %s --entry=scaled -i 1,2,3,4 -i 3.5 | FileCheck %s --check-prefix=TYPED
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(1, 5, dtype=np.float32))" %t.x.npy
// RUN: tiny-run %s --entry=scaled -i 4xf32=@%t.x.npy -i f32=2 | FileCheck %s --check-prefix=NPY
// RUN: tiny-run %s --entry=scaled -i @%t.x.npy -i 2 | FileCheck %s --check-prefix=NPY
// RUN: tiny-run %s --entry=scaled -i %t.x.npy -i 2 | FileCheck %s --check-prefix=NPY
// NPY: [2, 4, 6, 8] : tensor<4xf32>
//
// A shape that is not the param's, even of the same element count, a dtype
// that is not the param's, and a scalar for a tensor or back.
// RUN: not tiny-run %s --entry=scaled -i 2x2xf32=1,2,3,4 -i f32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tiny-run: error: input 0: given 2x2xf32, but @scaled's param slot 0 is 4xf32 (params are flat: give it as 4xf32)
// RUN: not tiny-run %s --entry=scaled -i 5xf32=1,2,3,4,5 -i f32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tiny-run: error: input 0: given 5xf32, but @scaled's param slot 0 is 4xf32{{$}}
// RUN: not tiny-run %s --entry=scaled -i 4294967296x4294967296xf32=1 -i f32=1 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tiny-run: error: input 0: given 4294967296x4294967296xf32, but @scaled's param slot 0 is 4xf32{{$}}
// RUN: not tiny-run %s --entry=scaled -i 4xi32=1,2,3,4 -i f32=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tiny-run: error: input 0: given 4xi32, but @scaled's param slot 0 is 4xf32
// RUN: not tiny-run %s --entry=scaled -i 4xf32=1,2,3,4 -i 1xf32=1 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: tiny-run: error: input 1: given 1xf32, but @scaled's param slot 1 is f32
// RUN: not tiny-run %s --entry=scaled -i f32=1 -i f32=1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: tiny-run: error: input 0: given f32, but @scaled's param slot 0 is 4xf32
//
// What is not a shape and dtype, and the values' count for a typed input.
// RUN: not tiny-run %s --entry=scaled -i 4xq32=1,2,3,4 -i f32=1 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: tiny-run: error: input 0: '4xq32' is not a shape and dtype such as 32xf32 (or f32 for a scalar)
// RUN: not tiny-run %s --entry=scaled -i 4xf32=1,2,3 -i f32=1 2>&1 | FileCheck %s --check-prefix=VALUES
// VALUES: tiny-run: error: input 0: expected 4 values, got 3
//
// A .npy file's own shape and dtype are checked against the type given, or
// the param's; a dtype differing is refused unless --cast-inputs is given.
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.ones((2, 2), np.float32)); np.save(sys.argv[2], np.ones(4))" %t.2x2.npy %t.f64.npy
// RUN: not tiny-run %s --entry=scaled -i 4xf32=@%t.2x2.npy -i f32=1 2>&1 | FileCheck %s --check-prefix=NPY-GIVEN
// NPY-GIVEN: tiny-run: error: input 0: '{{.*}}.2x2.npy' holds 2x2xf32, but the input is given as 4xf32
// RUN: not tiny-run %s --entry=scaled -i %t.2x2.npy -i f32=1 2>&1 | FileCheck %s --check-prefix=NPY-PARAM
// NPY-PARAM: tiny-run: error: input 0: '{{.*}}.2x2.npy' holds 2x2xf32, but @scaled's param slot 0 is 4xf32
// RUN: not tiny-run %s --entry=scaled -i 4xf32=@%t.f64.npy -i f32=1 2>&1 | FileCheck %s --check-prefix=NPY-DTYPE
// NPY-DTYPE: tiny-run: error: input 0: '{{.*}}.f64.npy' holds 4xf64, but the input is given as 4xf32; --cast-inputs converts it as numpy's astype does
// RUN: not tiny-run %s --entry=scaled -i @%t.x.bin -i f32=1 2>&1 | FileCheck %s --check-prefix=NOT-NPY
// NOT-NPY: tiny-run: error: input 0: '{{.*}}.x.bin' is not a .npy file, the only files read
//
// An image param [h, w] has shape (h, w, 4), the one kind of param with
// more than one dimension: its typed input is hxwx4, and a .npy file of
// that shape fits it untyped.
// RUN: tiny-run %s --entry=image -i 2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s --check-prefix=IMAGE
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(24, dtype=np.float32).reshape(2, 3, 4))" %t.image.npy
// RUN: tiny-run %s --entry=image -i %t.image.npy | FileCheck %s --check-prefix=IMAGE
// IMAGE: {{\[\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], {{\[\[}}12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]] : tensor<2x3x4xf32>
// RUN: not tiny-run %s --entry=image -i 24xf32=@%t.image.npy 2>&1 | FileCheck %s --check-prefix=IMAGE-FLAT
// IMAGE-FLAT: tiny-run: error: input 0: given 24xf32, but @image's param slot 0 is 2x3x4xf32{{$}}
//
// -i @FILE and -o @FILE are not LLVM's response files (arguments read from
// FILE): they name the .npy files, as iree-run-module's --input=@FILE and
// --output=@FILE do.
// RUN: tiny-run %s --entry=scaled -i @%t.x.npy -i f32=2 -o @%t.y.npy
// RUN: %python -c "import numpy as np, sys; print(np.load(sys.argv[1]))" %t.y.npy | FileCheck %s --check-prefix=OUT
// OUT: [2. 4. 6. 8.]
//
// RUN: tiny-run --help | FileCheck %s --check-prefix=HELP
// HELP: -i <[SHAPExDTYPE=]values|[@]file.npy>
// HELP-SAME: 6xi32=1,2,3,4,5,6, 32xf32=@x.npy, f32=3.5 (a scalar)
//
// Integer dtypes: x + s for x = 1..6, s = -10.
// RUN: tiny-run %s --entry=shifted -i 6xi64=1,2,3,4,5,6 -i i64=-10 | FileCheck %s --check-prefix=INT
// INT: [-9, -8, -7, -6, -5, -4] : tensor<6xi64>

#cpu = #tiny.device<"CPU">

tiny.function @scaled -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.param 1 : f32 on "CPU"
  %s1 = tiny.reshape %s to [1] : tensor<f32, #cpu>
  %b = tiny.expand %s1 to [4] : tensor<1xf32, #cpu>
  %r = tiny.mul %x, %b : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

tiny.function @shifted -> tensor<6xi64, #cpu> {
  %x = tiny.param 0 : i64 size 6 on "CPU"
  %s = tiny.param 1 : i64 on "CPU"
  %s1 = tiny.reshape %s to [1] : tensor<i64, #cpu>
  %b = tiny.expand %s1 to [6] : tensor<1xi64, #cpu>
  %r = tiny.add %x, %b : tensor<6xi64, #cpu>
  tiny.return %r : tensor<6xi64, #cpu>
}

tiny.function @image -> tensor<2x3x4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 24 image [2, 3] on "CPU"
  tiny.return %x : tensor<2x3x4xf32, #cpu>
}
