// A hand-written schedule run: a 4x3x4 matmul kernel whose rows are UPCAST
// by 2 and whose reduced axis is UNROLLed by 2 inside a REDUCE range, through
// the CPU kernel pipeline (tiny-jit-cpu: -tiny-expand-upcast after
// -tiny-cpu-schedule, which keeps a schedule written by hand), run by
// mlir-runner. A[i][k] = 4i + k + 1 and B[k][j] = 3k + j - 5; the products,
// computed in Python integers, are
//   [[10, 20, 30], [2, 28, 54], [-6, 36, 78], [-14, 44, 102]].

// RUN: tiny-opt %s -tiny-jit-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s
// The code the runner runs has no range left of the ones copied per index.
// RUN: tiny-opt %s -tiny-cpu-schedule -tiny-expand-upcast | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @mm
// IR-NOT: tiny.k.range upcast
// IR-NOT: tiny.k.range unroll
// IR: return

// CHECK:      10
// CHECK-NEXT: 20
// CHECK-NEXT: 30
// CHECK-NEXT: 2
// CHECK-NEXT: 28
// CHECK-NEXT: 54
// CHECK-NEXT: -6
// CHECK-NEXT: 36
// CHECK-NEXT: 78
// CHECK-NEXT: -14
// CHECK-NEXT: 44
// CHECK-NEXT: 102
// CHECK-NOT:  {{.}}

memref.global "private" constant @a : memref<16xf32> =
    dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0,
           13.0, 14.0, 15.0, 16.0]>
memref.global "private" constant @b : memref<12xf32> =
    dense<[-5.0, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]>

func.func @mm(%a: memref<16xf32>, %b: memref<12xf32>, %c: memref<12xf32>) {
  tiny.k.kernel "r_4_3_4" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %ib < %c2 {
      tiny.k.range loop %j < %c3 {
        tiny.k.range upcast %u < %c2 {
          %i2 = arith.muli %ib, %c2 : index
          %i = arith.addi %i2, %u : index
          %sum = tiny.k.range reduce %kb < %c2 iter_args(%acc = %zero) -> (f32) {
            %part = tiny.k.range unroll %ku < %c2 iter_args(%acc2 = %acc) -> (f32) {
              %k2 = arith.muli %kb, %c2 : index
              %k = arith.addi %k2, %ku : index
              %ai4 = arith.muli %i, %c4 : index
              %ai = arith.addi %ai4, %k : index
              %pa = tiny.k.index %a[%ai] : memref<16xf32>
              %va = tiny.k.load %pa : !tiny.ptr<f32, global>
              %bk3 = arith.muli %k, %c3 : index
              %bi = arith.addi %bk3, %j : index
              %pb = tiny.k.index %b[%bi] : memref<12xf32>
              %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
              %m = arith.mulf %va, %vb : f32
              %n = arith.addf %acc2, %m : f32
              tiny.k.end %n : f32
            }
            tiny.k.end %part : f32
          }
          %ci3 = arith.muli %i, %c3 : index
          %ci = arith.addi %ci3, %j : index
          %pc = tiny.k.index %c[%ci] : memref<12xf32>
          tiny.k.store %pc, %sum : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

func.func @main() {
  %a = memref.get_global @a : memref<16xf32>
  %b = memref.get_global @b : memref<12xf32>
  %c = memref.alloc() : memref<12xf32>
  call @mm(%a, %b, %c) : (memref<16xf32>, memref<12xf32>, memref<12xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  scf.for %e = %c0 to %c12 step %c1 {
    %v = memref.load %c[%e] : memref<12xf32>
    vector.print %v : f32
  }
  memref.dealloc %c : memref<12xf32>
  return
}
