// RUN: tiny-opt %s -split-input-file -convert-tiny-to-gpu -tiny-gpu-insert-barriers -cse | FileCheck %s

// Schedules written by hand: the conversion reads the AxisTypes of the
// ranges as they are (no -tiny-gpu-schedule runs here) and makes the launch
// they say.

// Two GLOBAL and two LOCAL ranges: the innermost of each nest takes x, the
// next y. The bounds are the launch's sizes, so no range is guarded.
// CHECK-LABEL: func.func @grid_2d
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C8]], %{{.*}} = %[[C4]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[C32]], %{{.*}} = %[[C2]], %{{.*}} = %[[C1]]) function(@E_4_8_2_32)
// CHECK-NOT: scf.if
// CHECK: %[[ROW:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[ROW]], %[[TY]] : index
// CHECK-NEXT: %[[C:.*]] = arith.addi %[[COL]], %[[TX]] : index
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[R]], %[[C]]] : memref<8x256xf32>
// CHECK-NOT: tiny.k.range
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @grid_2d(%o: memref<8x256xf32>) {
  tiny.k.kernel "E_4_8_2_32" {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range global %by < %c4 {
      tiny.k.range global %bx < %c8 {
        tiny.k.range local %ty < %c2 {
          tiny.k.range local %tx < %c32 {
            %row = arith.muli %by, %c2 : index
            %col = arith.muli %bx, %c32 : index
            %r = arith.addi %row, %ty : index
            %c = arith.addi %col, %tx : index
            %p = tiny.k.index %o[%r, %c] : memref<8x256xf32>
            tiny.k.store %p, %one : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// One block per row (GLOBAL) and the row's max shared by the block's
// threads (GROUP_REDUCE): 256 threads each take every 256th element from
// their own (a REDUCE range of 2 in the GROUP_REDUCE's body), the parts
// meet in 256 floats of workgroup memory and combine as a tree of 8 steps,
// each ended by a barrier; the first thread stores.
// CHECK-LABEL: func.func @group_rows
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C16]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], {{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %{{.*}} : index
// CHECK: %[[PART:.*]] = tiny.k.range reduce %{{.*}} < %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK: arith.muli %{{.*}}, %[[C256]]
// CHECK-NEXT: arith.addi %{{.*}}, %[[TX]]
// CHECK: arith.maximumf
// CHECK: memref.store %[[PART]], %[[SMEM]][%[[TX]]] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-8: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: %[[TOTAL:.*]] = memref.load %[[SMEM]][%{{.*}}]
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %{{.*}}, %[[TOTAL]] : f32
// CHECK-NEXT: %[[OUT:.*]] = tiny.k.index %{{.*}}[%[[BX]]]
// CHECK-NEXT: tiny.k.store %[[OUT]], %[[MAX]] if %[[FIRST]]
// CHECK-NEXT: gpu.terminator
func.func @group_rows(%a: memref<8192xf32>, %o: memref<16xf32>) {
  tiny.k.kernel "r_16_512" {
    %c16 = arith.constant 16 : index
    %c512 = arith.constant 512 : index
    %ninf = arith.constant 0xFF800000 : f32
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    tiny.k.range global %row < %c16 {
      %s = tiny.k.range group_reduce %g < %c256 iter_args(%acc = %ninf) -> (f32) {
        %part = tiny.k.range reduce %j < %c2 iter_args(%acc1 = %acc) -> (f32) {
          %jg = arith.muli %j, %c256 : index
          %r = arith.addi %jg, %g : index
          %b = arith.muli %row, %c512 : index
          %k = arith.addi %b, %r : index
          %p = tiny.k.index %a[%k] : memref<8192xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          %m = arith.maximumf %acc1, %v : f32
          tiny.k.end %m : f32
        }
        tiny.k.end %part : f32
      }
      %q = tiny.k.index %o[%row] : memref<16xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A sum to a scalar as a GROUP_REDUCE alone: one block of as many threads
// as the range's bound, 64, thread t taking (113 - t) / 64 of the 50
// iterations: one or none.
// CHECK-LABEL: func.func @group_scalar
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C64]], {{.*}} workgroup(%[[SMEM:.*]] : memref<64xi32, #gpu.address_space<workgroup>>)
// CHECK: arith.subi %{{.*}}, %[[TX]]
// CHECK-COUNT-7: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @group_scalar(%a: memref<50xi32>, %o: memref<1xi32>) {
  tiny.k.kernel "r_50" {
    %c0 = arith.constant 0 : index
    %c50 = arith.constant 50 : index
    %zero = arith.constant 0 : i32
    %c64 = arith.constant 64 : index
    %c113 = arith.constant 113 : index
    %s = tiny.k.range group_reduce %g < %c64 iter_args(%acc = %zero) -> (i32) {
      %rest = arith.subi %c113, %g : index
      %count = arith.divui %rest, %c64 : index
      %part = tiny.k.range reduce %j < %count iter_args(%acc1 = %acc) -> (i32) {
        %jg = arith.muli %j, %c64 : index
        %r = arith.addi %jg, %g : index
        %p = tiny.k.index %a[%r] : memref<50xi32>
        %v = tiny.k.load %p : !tiny.ptr<i32, global>
        %n = arith.addi %acc1, %v : i32
        tiny.k.end %n : i32
      }
      tiny.k.end %part : i32
    }
    %q = tiny.k.index %o[%c0] : memref<1xi32>
    tiny.k.store %q, %s : !tiny.ptr<i32, global>
  }
  return
}

// -----

// A GLOBAL range of one iteration: one block of one thread runs the body,
// which keeps its serial loop.
// CHECK-LABEL: func.func @one_thread
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) function(@E_3)
// CHECK: tiny.k.range loop
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @one_thread(%o: memref<3xf32>) {
  tiny.k.kernel "E_3" {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range global %g < %c1 {
      tiny.k.range loop %i < %c3 {
        %p = tiny.k.index %o[%i] : memref<3xf32>
        tiny.k.store %p, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
