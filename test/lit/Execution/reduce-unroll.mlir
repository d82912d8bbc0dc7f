// A 4x8x3 matmul kernel in the reduction-outside form -tiny-rangeify writes
// (2 rows per iteration, the reduce range outside the column loop,
// accumulating in the output), with LOOP and REDUCE ranges only: the CPU
// kernel pipeline's -tiny-cpu-schedule UNROLLs the reduce range by 4 and
// -tiny-expand-upcast copies it, run by mlir-runner.
// A[i][k] = 8i + k + 1 and B[k][j] = 3k + j - 5; the products, computed in
// Python integers, are
//   [[324, 360, 396], [676, 776, 876], [1028, 1192, 1356],
//    [1380, 1608, 1836]].

// RUN: tiny-opt %s -tiny-jit-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s
// The schedule the run above gets: 2 iterations of the reduce range, 4
// reduced indices each, carrying both rows' accumulators.
// RUN: tiny-opt %s -tiny-cpu-schedule | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @mm
// IR: tiny.k.range reduce %[[KB:.*]] < %[[C2:.*]] {
// IR-NEXT: tiny.k.range loop %{{.*}} < %c3 {
// IR: %{{.*}}:2 = tiny.k.range unroll %{{.*}} < %[[C4:.*]] iter_args
// IR: return

// CHECK:      324
// CHECK-NEXT: 360
// CHECK-NEXT: 396
// CHECK-NEXT: 676
// CHECK-NEXT: 776
// CHECK-NEXT: 876
// CHECK-NEXT: 1028
// CHECK-NEXT: 1192
// CHECK-NEXT: 1356
// CHECK-NEXT: 1380
// CHECK-NEXT: 1608
// CHECK-NEXT: 1836
// CHECK-NOT:  {{.}}

memref.global "private" constant @a : memref<32xf32> =
    dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0,
           13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0,
           24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0]>
memref.global "private" constant @b : memref<24xf32> =
    dense<[-5.0, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0,
           7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0,
           18.0]>

func.func @mm(%a: memref<32xf32>, %b: memref<24xf32>, %c: memref<12xf32>) {
  tiny.k.kernel "r_4_3_8" {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %ib < %c2 {
      %r0 = arith.muli %ib, %c2 : index
      %r1 = arith.addi %r0, %c1 : index
      %o0 = arith.muli %r0, %c3 : index
      %o1 = arith.muli %r1, %c3 : index
      %a0 = arith.muli %r0, %c8 : index
      %a1 = arith.muli %r1, %c8 : index
      tiny.k.range loop %j < %c3 {
        %e0 = arith.addi %o0, %j : index
        %p0 = tiny.k.index %c[%e0] : memref<12xf32>
        tiny.k.store %p0, %zero : !tiny.ptr<f32, global>
        %e1 = arith.addi %o1, %j : index
        %p1 = tiny.k.index %c[%e1] : memref<12xf32>
        tiny.k.store %p1, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c8 {
        tiny.k.range loop %j < %c3 {
          %bk = arith.muli %k, %c3 : index
          %bi = arith.addi %bk, %j : index
          %pb = tiny.k.index %b[%bi] : memref<24xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %e0 = arith.addi %o0, %j : index
          %p0 = tiny.k.index %c[%e0] : memref<12xf32>
          %acc0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
          %ai0 = arith.addi %a0, %k : index
          %pa0 = tiny.k.index %a[%ai0] : memref<32xf32>
          %va0 = tiny.k.load %pa0 : !tiny.ptr<f32, global>
          %m0 = arith.mulf %va0, %vb : f32
          %s0 = arith.addf %acc0, %m0 : f32
          tiny.k.store %p0, %s0 : !tiny.ptr<f32, global>
          %e1 = arith.addi %o1, %j : index
          %p1 = tiny.k.index %c[%e1] : memref<12xf32>
          %acc1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
          %ai1 = arith.addi %a1, %k : index
          %pa1 = tiny.k.index %a[%ai1] : memref<32xf32>
          %va1 = tiny.k.load %pa1 : !tiny.ptr<f32, global>
          %m1 = arith.mulf %va1, %vb : f32
          %s1 = arith.addf %acc1, %m1 : f32
          tiny.k.store %p1, %s1 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

func.func @main() {
  %a = memref.get_global @a : memref<32xf32>
  %b = memref.get_global @b : memref<24xf32>
  %c = memref.alloc() : memref<12xf32>
  call @mm(%a, %b, %c) : (memref<32xf32>, memref<24xf32>, memref<12xf32>) -> ()
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
