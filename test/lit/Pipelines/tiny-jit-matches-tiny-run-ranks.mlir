// A program across MPI ranks compiles to the same code in tiny-opt as in
// tiny-run: the rank guard around each kernel is a pass of tiny-to-kernels
// (-tiny-guard-kernels-by-rank), not a step of the JIT's own. Compiling
// needs no MPI job; running it does (test/runtime/mpi/spmd.sh).
//
// RUN: tiny-run %s --print-lowered > %t.run
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-jit{entry=there_and_back})' > %t.opt
// RUN: diff %t.run %t.opt
// RUN: FileCheck %s --input-file=%t.run
//
// The kernel on rank 1 (x * x + 1) and the one on rank 0 (- x) are each
// called under a test of the rank the JIT writes to @tiny_host_rank; the
// copies between them are not: both ranks take part in each.
// CHECK: llvm.mlir.global external @tiny_host_rank() {{.*}} : i64
// CHECK-LABEL: llvm.func @there_and_back(
// CHECK-DAG: %[[ONE:.+]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG: %[[ZERO:.+]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: llvm.call @tiny_host_copy(
// CHECK: llvm.mlir.addressof @tiny_host_rank
// CHECK: %[[RANK1:.+]] = llvm.load
// CHECK-NEXT: %[[OWNS1:.+]] = llvm.icmp "eq" %[[RANK1]], %[[ONE]] : i64
// CHECK-NEXT: llvm.cond_br %[[OWNS1]]
// CHECK: llvm.call @E_1024(
// CHECK: llvm.call @tiny_host_copy(
// CHECK: %[[RANK0:.+]] = llvm.load
// CHECK-NEXT: %[[OWNS0:.+]] = llvm.icmp "eq" %[[RANK0]], %[[ZERO]] : i64
// CHECK-NEXT: llvm.cond_br %[[OWNS0]]
// CHECK: llvm.call @E_1024n1(

#r0 = #tiny.device<"CPU">
#r1 = #tiny.device<"CPU@1">

tiny.function @there_and_back -> tensor<1024xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %one = tiny.const dense<1.0> : tensor<1024xf32, #r1>
  %m = tiny.mul %c, %c : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %a = tiny.add %m, %one : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %b = tiny.copy %a to "CPU" : tensor<1024xf32, #r1>
  %r = tiny.sub %b, %x : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>
  tiny.return %r : tensor<1024xf32, #r0>
}
