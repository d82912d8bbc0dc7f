// RUN: tiny-opt %s -split-input-file -convert-tiny-to-gpu -cse | FileCheck %s
// RUN: tiny-opt %s -split-input-file -convert-tiny-to-gpu=block-size=128 | FileCheck %s --check-prefix=B128

// The outer range of a kernel is split into blocks of threads; each thread
// takes one index, guarded because 1000 is not a multiple of 256. Buffers
// the function allocates move to device memory.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<1000xf32>
// CHECK: %[[N:.*]] = arith.constant 1000 : index
// CHECK: %[[BUF:.*]] = gpu.alloc () : memref<1000xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[BX]], %[[THREADS]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: tiny.k.index %[[A]][%[[I]]]
// CHECK: tiny.k.index %[[BUF]][%[[I]]]
// CHECK: gpu.terminator
// CHECK: gpu.dealloc %[[BUF]] : memref<1000xf32>
// CHECK-NOT: tiny.k.kernel
// CHECK-NOT: tiny.k.range
// B128-LABEL: func.func @elementwise
// B128-DAG: arith.constant 128 : index
// B128-DAG: arith.constant 8 : index
func.func @elementwise(%a: memref<1000xf32>, %o: memref<1000xf32>) {
  %c1000 = arith.constant 1000 : index
  %buf = memref.alloc() : memref<1000xf32>
  tiny.k.kernel "E_1000" {
    tiny.k.range loop %i < %c1000 {
      %p = tiny.k.index %a[%i] : memref<1000xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %buf[%i] : memref<1000xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
  }
  memref.dealloc %buf : memref<1000xf32>
  return
}

// -----

// A short range gets one block of as many threads; inner ranges stay.
// CHECK-LABEL: func.func @short
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9]+}} = %[[ONE]], {{.*}}) threads({{.*}}) in (%{{[a-z0-9]+}} = %[[SIX]],
// CHECK: tiny.k.range reduce
func.func @short(%a: memref<24xf32>, %o: memref<6xf32>) {
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  tiny.k.kernel "r_6" {
    tiny.k.range loop %i < %c6 {
      %s = tiny.k.range reduce %r < %c4 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<24xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<6xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// GPU ids and barriers become their gpu ops; a kernel without a range runs
// on one thread.
// CHECK-LABEL: func.func @ids
// CHECK: gpu.launch
// CHECK-NEXT: %[[G:.*]] = gpu.block_id x
// CHECK-NEXT: %[[L:.*]] = gpu.thread_id y
// CHECK-NEXT: %[[X:.*]] = gpu.global_id z
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: arith.addi %[[G]], %[[L]]
// CHECK-NOT: tiny.k.special
// CHECK-NOT: tiny.k.barrier
func.func @ids(%o: memref<4xindex>) {
  %c4 = arith.constant 4 : index
  tiny.k.kernel "ids" {
    %g = tiny.k.special "gidx0" bound %c4
    %l = tiny.k.special "lidx1" bound %c4
    %x = tiny.k.special "idx2" bound %c4
    tiny.k.barrier
    %s = arith.addi %g, %l : index
    %t = arith.addi %s, %x : index
    %c0 = arith.constant 0 : index
    %p = tiny.k.index %o[%c0] : memref<4xindex>
    tiny.k.store %p, %t : !tiny.ptr<index, global>
  }
  return
}
