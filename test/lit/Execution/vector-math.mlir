// exp2, log2 and sin on CPU vectors call glibc's vector math library
// (libmvec, jit/VectorMath.h) instead of one libm call per lane (f32 exp2
// excepted: -tiny-inline-exp2 computes it in place, calling nothing): in the
// kernels compiled apart (tiny-run's JIT), in the whole program compiled
// into an artifact (tiny-compile), and with the variant of the host CPU
// (_ZGVe for AVX-512, _ZGVd for AVX2, _ZGVb for SSE and loop remainders).
// Inputs/vector_math_check.py compares the results with Python's math
// module on transcendental_check.py's inputs (ranges, subnormal and
// overflow edges, inf, NaN, +-0) and holds them to 4 ulp (glibc's bound
// for libmvec), special values exactly.
//
// Measured on x86-64 with AVX-512 (glibc 2.36), max error in ulp:
//   f32 exp2 0.97, log2 1.78 (on [0.5, 2]), sin 2.11 (near k*pi/2 < 4096)
//   f64 (from glibc's scalar results) exp2 1, log2 2, sin 3; sin of the
//   hardest reductions 5 (from the exact value), as glibc's scalar sin.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/vector_math_check.py gen %t
// RUN: tiny-run %s --entry=f32 -i %t/f32.exp2.in.npy -i %t/f32.log2.in.npy -i %t/f32.sin.in.npy -o %t/f32.exp2.jit.npy -o %t/f32.log2.jit.npy -o %t/f32.sin.jit.npy
// RUN: tiny-run %s --entry=f64 -i %t/f64.exp2.in.npy -i %t/f64.log2.in.npy -i %t/f64.sin.in.npy -o %t/f64.exp2.jit.npy -o %t/f64.log2.jit.npy -o %t/f64.sin.jit.npy
// RUN: python3 %S/Inputs/vector_math_check.py check %t jit | FileCheck %s
//
// The same through artifacts, which link the library when they load.
// RUN: tiny-compile %s --entry=f32 -o %t/f32.tiny
// RUN: tiny-compile %s --entry=f64 -o %t/f64.tiny
// RUN: tiny-run %t/f32.tiny -i %t/f32.exp2.in.npy -i %t/f32.log2.in.npy -i %t/f32.sin.in.npy -o %t/f32.exp2.artifact.npy -o %t/f32.log2.artifact.npy -o %t/f32.sin.artifact.npy
// RUN: tiny-run %t/f64.tiny -i %t/f64.exp2.in.npy -i %t/f64.log2.in.npy -i %t/f64.sin.in.npy -o %t/f64.exp2.artifact.npy -o %t/f64.log2.artifact.npy -o %t/f64.sin.artifact.npy
// RUN: python3 %S/Inputs/vector_math_check.py check %t artifact | FileCheck %s
//
// The kernels' code calls the library's functions, and no libm function
// lane by lane (a remainder loop may call one on a scalar); f32 exp2 calls
// nothing.
// RUN: tiny-run %s --entry=f32 -i %t/f32.exp2.in.npy -i %t/f32.log2.in.npy -i %t/f32.sin.in.npy --dump-dir=%t/dump32 > /dev/null
// RUN: tiny-run %s --entry=f64 -i %t/f64.exp2.in.npy -i %t/f64.log2.in.npy -i %t/f64.sin.in.npy --dump-dir=%t/dump64 > /dev/null
// RUN: cat %t/dump32/f32.ll | FileCheck %s --check-prefix=CALLS32
// RUN: cat %t/dump64/f64.ll | FileCheck %s --check-prefix=CALLS64
// RUN: not grep -E "call .*@llvm\.(exp2|log2|sin)\.v" %t/dump32/f32.ll %t/dump64/f64.ll
// RUN: not grep -E "exp2f" %t/dump32/f32.ll
// CALLS32-DAG: call <{{8|16}} x float> @_ZGV{{d|e}}N{{8|16}}v_log2f(
// CALLS32-DAG: call <{{8|16}} x float> @_ZGV{{d|e}}N{{8|16}}v_sinf(
// CALLS64-DAG: call <{{4|8}} x double> @_ZGV{{d|e}}N{{4|8}}v_exp2(
// CALLS64-DAG: call <{{4|8}} x double> @_ZGV{{d|e}}N{{4|8}}v_log2(
// CALLS64-DAG: call <{{4|8}} x double> @_ZGV{{d|e}}N{{4|8}}v_sin(
//
// $TINY_VECTOR_MATH=0 compiles without the library (for comparing).
// RUN: env TINY_VECTOR_MATH=0 tiny-run %s --entry=f32 -i %t/f32.exp2.in.npy -i %t/f32.log2.in.npy -i %t/f32.sin.in.npy --dump-dir=%t/dump-off > /dev/null
// RUN: not grep _ZGV %t/dump-off/f32.ll
//
// An artifact that calls the library, loaded where it cannot be loaded,
// fails to link with the reason; it never runs.
// RUN: env TINY_LIBMVEC=%t/no-libmvec.so not tiny-run %t/f32.tiny -i %t/f32.exp2.in.npy -i %t/f32.log2.in.npy -i %t/f32.sin.in.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: Symbols not found: {{.*}}_ZGV
// MISSING: tiny-run: error: {{.*}}f32.tiny: cannot load the object code: {{.*}} (the code calls the vector math library: cannot load {{.*}}no-libmvec.so: {{.*}})

// CHECK: f32 exp2 [-100, 100]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 exp2 [-155, 129] (subnormal and overflow edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 exp2 special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 exp2 exact values: ok
// CHECK: f32 log2 [1e-30, 1e30]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 log2 [0.5, 2]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 log2 subnormals [1.4e-45, 1.2e-38]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 log2 special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 log2 exact values: ok
// CHECK: f32 sin [-1000, 1000]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 sin near k*pi/2 < 4096: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 sin near k*pi/2 in [4096, 2^24]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 sin |x| in [4096, 3.4e38]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 sin special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f32 sin exact values: ok
// CHECK: f64 exp2 [-100, 100]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 exp2 [-1000, 1000]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 exp2 [-1080, 1025] (subnormal and overflow edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 exp2 special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 exp2 exact values: ok
// CHECK: f64 log2 [1e-300, 1e300]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 log2 [0.5, 2]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 log2 subnormals [5e-324, 2.2e-308]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 log2 special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 log2 exact values: ok
// CHECK: f64 sin [-1000, 1000]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 sin near k*pi/2 < 2^20: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 sin near k*pi/2 in [2^20, 2^50]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 sin |x| in [2^20, 1.8e308]: max {{[0-9.]+}} ulp (bound 4): ok
// CHECK: f64 sin special values (inf, nan, 0, -0, edges): max {{[0-9.]+}} ulp (bound 6): ok
// CHECK: f64 sin exact values: ok
// CHECK-NOT: FAIL

#cpu = #tiny.device<"CPU">

tiny.function @f32 -> tuple<tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>> {
  %a = tiny.param 0 : f32 size 65536 on "CPU"
  %b = tiny.param 1 : f32 size 65536 on "CPU"
  %c = tiny.param 2 : f32 size 65536 on "CPU"
  %e = tiny.exp2 %a : tensor<65536xf32, #cpu>
  %l = tiny.log2 %b : tensor<65536xf32, #cpu>
  %s = tiny.sin %c : tensor<65536xf32, #cpu>
  %t = tiny.tuple %e, %l, %s : tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>
  tiny.return %t : tuple<tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>, tensor<65536xf32, #cpu>>
}

tiny.function @f64 -> tuple<tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>> {
  %a = tiny.param 0 : f64 size 65536 on "CPU"
  %b = tiny.param 1 : f64 size 65536 on "CPU"
  %c = tiny.param 2 : f64 size 65536 on "CPU"
  %e = tiny.exp2 %a : tensor<65536xf64, #cpu>
  %l = tiny.log2 %b : tensor<65536xf64, #cpu>
  %s = tiny.sin %c : tensor<65536xf64, #cpu>
  %t = tiny.tuple %e, %l, %s : tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>
  tiny.return %t : tuple<tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>, tensor<65536xf64, #cpu>>
}
