// tiny-run --cpu-schedule sets -tiny-cpu-schedule's options for the CPU
// kernels: every schedule gives the same product (by hand: [[1, 2, 3],
// [4, 5, 6]] @ [[7, 8], [9, 10], [11, 12]] = [[58, 64], [139, 154]]), an
// option the pass does not take or a value it refuses is an error, and
// --beam, which chooses those options itself, does not go with it.

// RUN: tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 | FileCheck %s
// RUN: tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 --cpu-schedule="pack=on hoist-threads=true threads=3 row-upcast=1 reduce-unroll=1" | FileCheck %s
// RUN: tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 --cpu-schedule="min-work=0 cache-bytes=64" | FileCheck %s
// RUN: not tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 --cpu-schedule="bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 --cpu-schedule="pack=maybe" 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not tiny-run %s -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 --cpu-schedule="pack=off" --beam=1 2>&1 | FileCheck %s --check-prefix=BEAM

// CHECK: {{\[\[}}58, 64], [139, 154]] : tensor<2x2xf32>
// UNKNOWN: error: -tiny-cpu-schedule options 'bogus=1': {{.*}}no such option bogus
// UNKNOWN: tiny-run: error: cannot compile @mm
// VALUE: error: -tiny-cpu-schedule: pack must be auto, on or off, not 'maybe'
// BEAM: tiny-run: error: --cpu-schedule cannot be given with --beam

#cpu = #tiny.device<"CPU">

tiny.function @mm -> tensor<2x2xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %a2 = tiny.reshape %a to [2, 1, 3] : tensor<6xf32, #cpu>
  %ae = tiny.expand %a2 to [2, 2, 3] : tensor<2x1x3xf32, #cpu>
  %b2 = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<3x2xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2, 3] : tensor<2x3xf32, #cpu>
  %be = tiny.expand %b3 to [2, 2, 3] : tensor<1x2x3xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<2x2x3xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<2x2x3xf32, #cpu>
  %c = tiny.reshape %s to [2, 2] : tensor<2x2x1xf32, #cpu>
  tiny.return %c : tensor<2x2xf32, #cpu>
}
