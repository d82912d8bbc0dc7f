// tiny-run --cast-inputs converts a .npy file of another dtype to its
// param's as numpy's astype does (C's conversions): floats round to the
// nearest (an infinity beyond the range), floats truncate toward zero into
// integers, integers keep their low bits, and anything is true as a bool
// when not zero (NaN included). Each result is compared, byte for byte,
// with numpy's own astype of the same file.
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([0.1, 1e40, -2.5, 1 + 2.0**-24]))" %t.f64.npy
// RUN: tiny-run %s --entry=f32 --cast-inputs -i @%t.f64.npy | FileCheck %s --check-prefix=F32
// F32: [0.1, inf, -2.5, 1] : tensor<4xf32>
// RUN: tiny-run %s --entry=f32 --cast-inputs -i 4xf32=@%t.f64.npy -o %t.f32.npy
// RUN: %python %S/Inputs/same_as_astype.py %t.f32.npy %t.f64.npy | FileCheck %s --check-prefix=NUMPY
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([2.9, -2.9, -0.5, 2147483647.9]))" %t.trunc.npy
// RUN: tiny-run %s --entry=i32 --cast-inputs -i %t.trunc.npy -o %t.i32.npy
// RUN: %python %S/Inputs/same_as_astype.py %t.i32.npy %t.trunc.npy | FileCheck %s --check-prefix=NUMPY
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([300, -1, 255, 256]))" %t.i64.npy
// RUN: tiny-run %s --entry=ui8 --cast-inputs -i %t.i64.npy | FileCheck %s --check-prefix=UI8
// UI8: [44, 255, 255, 0] : tensor<4xui8>
// RUN: tiny-run %s --entry=ui8 --cast-inputs -i %t.i64.npy -o %t.ui8.npy
// RUN: %python %S/Inputs/same_as_astype.py %t.ui8.npy %t.i64.npy | FileCheck %s --check-prefix=NUMPY
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([0.0, -0.0, 0.5, np.nan]))" %t.bool.npy
// RUN: tiny-run %s --entry=i1 --cast-inputs -i %t.bool.npy | FileCheck %s --check-prefix=I1
// I1: [false, false, true, true] : tensor<4xi1>
// RUN: tiny-run %s --entry=i1 --cast-inputs -i %t.bool.npy -o %t.i1.npy
// RUN: %python %S/Inputs/same_as_astype.py %t.i1.npy %t.bool.npy | FileCheck %s --check-prefix=NUMPY
//
// int32 to float16: 2049 is a tie that rounds to the even 2048, 65520 is
// beyond float16's range.
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([2049, 65520, -3, 7], np.int32))" %t.i32in.npy
// RUN: tiny-run %s --entry=f16 --cast-inputs -i %t.i32in.npy | FileCheck %s --check-prefix=F16
// F16: [2048, inf, -3, 7] : tensor<4xf16>
// RUN: tiny-run %s --entry=f16 --cast-inputs -i %t.i32in.npy -o %t.f16.npy
// RUN: %python %S/Inputs/same_as_astype.py %t.f16.npy %t.i32in.npy | FileCheck %s --check-prefix=NUMPY
//
// NUMPY: same as numpy's astype: True
//
// RUN: tiny-run --help | FileCheck %s --check-prefix=HELP
// HELP: --cast-inputs{{.*}} - convert a .npy input of another dtype
//
// Without the flag, the mismatch is an error that names it.
// RUN: not tiny-run %s --entry=f32 -i %t.f64.npy 2>&1 | FileCheck %s --check-prefix=NOCAST
// NOCAST: tiny-run: error: input 0: '{{.*}}.f64.npy' holds 4xf64, but @f32's param slot 0 is 4xf32; --cast-inputs converts it as numpy's astype does
//
// C leaves a float out of an integer's range, NaN included, undefined
// (numpy's result depends on the machine): it is refused, by index.
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([1.0, np.nan, 3e9, 4.0]))" %t.nan.npy
// RUN: not tiny-run %s --entry=i32 --cast-inputs -i %t.nan.npy 2>&1 | FileCheck %s --check-prefix=NAN
// NAN: tiny-run: error: input 0: '{{.*}}.nan.npy': element 1 is NaN, which i32 cannot hold
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.array([1.0, 2.0, 3e9, 4.0]))" %t.big.npy
// RUN: not tiny-run %s --entry=i32 --cast-inputs -i %t.big.npy 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tiny-run: error: input 0: '{{.*}}.big.npy': element 2 is 3.0E+9, which i32 cannot hold
//
// The shape is never cast.
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.ones((2, 2)))" %t.2x2.npy
// RUN: not tiny-run %s --entry=f32 --cast-inputs -i %t.2x2.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tiny-run: error: input 0: '{{.*}}.2x2.npy' holds 2x2xf64, but @f32's param slot 0 is 4xf32

#cpu = #tiny.device<"CPU">

tiny.function @f32 -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %x : tensor<4xf32, #cpu>
}

tiny.function @f16 -> tensor<4xf16, #cpu> {
  %x = tiny.param 0 : f16 size 4 on "CPU"
  tiny.return %x : tensor<4xf16, #cpu>
}

tiny.function @i32 -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  tiny.return %x : tensor<4xi32, #cpu>
}

tiny.function @ui8 -> tensor<4xui8, #cpu> {
  %x = tiny.param 0 : ui8 size 4 on "CPU"
  tiny.return %x : tensor<4xui8, #cpu>
}

tiny.function @i1 -> tensor<4xi1, #cpu> {
  %x = tiny.param 0 : i1 size 4 on "CPU"
  tiny.return %x : tensor<4xi1, #cpu>
}
