// tiny-run --print-schedule on a program across ranks, run alone: it prints
// the schedule as the JIT makes it, then refuses to run without the other
// rank. The declaration of the host call its CPU kernels wait in
// (tiny_host_await, -tiny-guard-kernels-by-rank) is not a function with a
// schedule.
//
// RUN: not tiny-run %s --print-schedule -i 1,2,3,4 2>&1 | FileCheck %s
// CHECK-DAG: schedule @there_and_back: 2 kernels: E_4 E_4{{$}}
// CHECK-DAG: belongs to MPI rank 1, but this process runs alone
// CHECK-NOT: schedule @tiny_host_await

#r0 = #tiny.device<"CPU">
#r1 = #tiny.device<"CPU@1">
tiny.function @there_and_back -> tensor<4xf32, #r0> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<4xf32, #r0>
  %m = tiny.mul %c, %c : tensor<4xf32, #r1>, tensor<4xf32, #r1>
  %b = tiny.copy %m to "CPU" : tensor<4xf32, #r1>
  %r = tiny.sub %b, %x : tensor<4xf32, #r0>, tensor<4xf32, #r0>
  tiny.return %r : tensor<4xf32, #r0>
}
