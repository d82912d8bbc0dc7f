// RUN: tiny-opt %s -split-input-file -tiny-guard-kernels-by-rank | FileCheck %s
// Run twice: a guarded kernel is not guarded again, and the global is
// declared once.
// RUN: tiny-opt %s -split-input-file -tiny-guard-kernels-by-rank -tiny-guard-kernels-by-rank | FileCheck %s

// Buffers on rank 1 make the function span ranks. The kernel on "CPU@1"
// runs where the rank is 1; the one without a device on rank 0's host. The
// copy between ranks is not guarded: both ranks take part in it.
// CHECK-LABEL: memref.global "public" @tiny_host_rank : memref<i64>
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @across_ranks
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: %[[G1:.+]] = memref.get_global @tiny_host_rank : memref<i64>
// CHECK-NEXT: %[[R1:.+]] = memref.load %[[G1]][] : memref<i64>
// CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[OWNS1:.+]] = arith.cmpi eq, %[[R1]], %[[ONE]] : i64
// CHECK-NEXT: scf.if %[[OWNS1]] {
// CHECK-NEXT: tiny.k.kernel "E_4" on "CPU@1" {
// CHECK: tiny.k.copy
// CHECK-NEXT: %[[G0:.+]] = memref.get_global @tiny_host_rank : memref<i64>
// CHECK-NEXT: %[[R0:.+]] = memref.load %[[G0]][] : memref<i64>
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[OWNS0:.+]] = arith.cmpi eq, %[[R0]], %[[ZERO]] : i64
// CHECK-NEXT: scf.if %[[OWNS0]] {
// CHECK-NEXT: tiny.k.kernel "E_4n1" {
// CHECK-NOT: scf.if
// CHECK: return
func.func @across_ranks(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU@1">},
                        %out: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>},
                        %there: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU@1">}) {
  %tmp = memref.alloc() : memref<4xf32>
  tiny.k.kernel "E_4" on "CPU@1" {
    %c4 = arith.constant 4 : index
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %x[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %there[%i] : memref<4xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
  }
  tiny.k.copy %there[0] to %tmp[0] count 4 : memref<4xf32>, memref<4xf32>
  tiny.k.kernel "E_4n1" {
    %c4 = arith.constant 4 : index
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %tmp[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.negf %v : f32
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %n : !tiny.ptr<f32, global>
    }
  }
  memref.dealloc %tmp : memref<4xf32>
  return
}

// -----

// Every buffer on rank 0, but a kernel names a device of rank 2: the
// function spans ranks all the same.
// CHECK-LABEL: memref.global "public" @tiny_host_rank : memref<i64>
// CHECK-LABEL: func.func @kernel_on_rank2
// CHECK: %[[TWO:.+]] = arith.constant 2 : i64
// CHECK-NEXT: arith.cmpi eq, %{{.+}}, %[[TWO]] : i64
// CHECK-NEXT: scf.if
// CHECK-NEXT: tiny.k.kernel "E_4" on "CPU:1@2"
func.func @kernel_on_rank2(%out: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  tiny.k.kernel "E_4" on "CPU:1@2" {
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c4 {
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A program of one process ("CPU:1" is rank 0's) is left as it is: no
// global, no guard.
// CHECK-NOT: tiny_host_rank
// CHECK-LABEL: func.func @one_process
// CHECK-NOT: scf.if
// CHECK-NOT: tiny_host_rank
func.func @one_process(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">},
                       %out: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  tiny.k.kernel "E_4" on "CPU:1" {
    %c4 = arith.constant 4 : index
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %x[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
  }
  return
}
