// tiny-run --profile times each kernel launch and prints a table to stderr:
// one line per launch with the kernel's name, its time, GFLOP/s, GB/s and
// share of the kernels' time, then its static FLOP and byte estimates; a
// totals line ends it. Times and rates vary from run to run; the estimates
// do not. r_2_1 sums the rows of x and divides each sum by 3 (the mean is
// read by a broadcast, so its kernel stores the mean, as tinygrad's does):
// 6 adds and, as the division lowers, 3 ops for each of the 2 means (12
// FLOPs); it touches x (24 bytes) and the 2 means (8 bytes). E_3_2 computes
// x - mean for each of 6 elements (6 FLOPs) and touches x, the means and the
// result (24 + 8 + 24 bytes). The result is returned transposed so that the
// mean gets a kernel of its own: untransposed, the kernel writing x - mean
// computes each row's mean before the row (a row value of -tiny-rangeify),
// one launch.
//
// RUN: tiny-run %s --profile -i 1,2,3,4,5,6 2> %t.profile | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.profile
// OUT: {{\[}}[-1, -1], [0, 0], [1, 1]] : tensor<3x2xf32>
// CHECK: {{^#  *kernel  *time \(us\)  *GFLOP/s  *GB/s  *share  *FLOPs  *bytes$}}
// CHECK-NEXT: {{^0  *r_2_1  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9]%  *12  *32$}}
// CHECK-NEXT: {{^1  *E_3_2  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9]%  *6  *56$}}
// CHECK-NEXT: {{^ *total \(2 launches\)  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *[0-9]+\.[0-9][0-9]  *100\.0%  *18  *88$}}
//
// With --repeat the table comes after the repeated launches, one line per
// kernel of the program (its fastest launch), not one per launch of them all.
// RUN: tiny-run %s --profile --repeat=3 -i 1,2,3,4,5,6 2>&1 >/dev/null | FileCheck %s --check-prefix=REPEAT
// REPEAT: {{^best of 3 launches: }}
// REPEAT-NEXT: {{^#  *kernel  *time \(us\)}}
// REPEAT-NEXT: {{^0  *r_2_1  *[0-9]+\.[0-9][0-9] .* 12  *32$}}
// REPEAT-NEXT: {{^1  *E_3_2  *[0-9]+\.[0-9][0-9] .* 6  *56$}}
// REPEAT-NEXT: {{^ *total \(2 launches\) .* 18  *88$}}
//
// Without --profile the compiled code makes no timing call; with the
// pipeline's profile option it calls the runtime around each kernel.
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-jit{entry=centered})' | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: tiny_host_kernel
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-jit{entry=centered profile=1})' | FileCheck %s --check-prefix=TIMED
// TIMED-LABEL: llvm.func @centered(
// TIMED: llvm.call @tiny_host_kernel_begin() : () -> ()
// TIMED-NOT: llvm.call
// TIMED: llvm.call @r_2_1(
// TIMED-NOT: llvm.call
// TIMED: llvm.call @tiny_host_kernel_end(
// TIMED-NOT: llvm.call
// TIMED: llvm.call @tiny_host_kernel_begin() : () -> ()
// TIMED-NOT: llvm.call
// TIMED: llvm.call @E_3_2(
// TIMED-NOT: llvm.call
// TIMED: llvm.call @tiny_host_kernel_end(
//
// --help says how the estimates are made.
// RUN: tiny-run --help | FileCheck %s --check-prefix=HELP
// HELP: --profile {{.*}}The estimates are static: FLOPs count the kernel's arithmetic ops

#cpu = #tiny.device<"CPU">

tiny.function @centered -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %m = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %s = tiny.reduce add %m axes [1] : tensor<2x3xf32, #cpu>
  %three = tiny.const dense<3.0> : tensor<2x1xf32, #cpu>
  %mean = tiny.fdiv %s, %three : tensor<2x1xf32, #cpu>
  %b = tiny.expand %mean to [2, 3] : tensor<2x1xf32, #cpu>
  %r = tiny.sub %m, %b : tensor<2x3xf32, #cpu>
  %t = tiny.permute %r [1, 0] : tensor<2x3xf32, #cpu>
  tiny.return %t : tensor<3x2xf32, #cpu>
}
