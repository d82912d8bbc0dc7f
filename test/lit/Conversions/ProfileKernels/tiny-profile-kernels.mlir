// RUN: tiny-opt %s -split-input-file -tiny-profile-kernels | FileCheck %s

// Each call of a kernel function (marked tiny.kernel) is wrapped: begin
// before, end after with the kernel's name (a NUL-terminated global made once
// per name), its FLOP and its byte estimate. A kernel called twice shares its
// name global; a kernel without estimates reports 0; a call of a function
// that is not a kernel is left alone.
// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @[[$E:tiny_kernel_name[0-9]+]] : memref<4xi8> = dense<[69, 95, 54, 0]>
// CHECK-DAG: memref.global "private" constant @[[$R:tiny_kernel_name[0-9]+]] : memref<6xi8> = dense<[114, 95, 50, 95, 49, 0]>
// CHECK-LABEL: func.func @host(
// CHECK: call @tiny_host_kernel_begin() : () -> ()
// CHECK-NEXT: call @E_6(%{{.*}}) : (memref<6xf32>) -> ()
// CHECK-NEXT: %[[G0:.*]] = memref.get_global @[[$E]] : memref<4xi8>
// CHECK-NEXT: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[G0]]
// CHECK-NEXT: %[[A0:.*]] = arith.index_cast %[[P0]] : index to i64
// CHECK-NEXT: %[[F0:.*]] = arith.constant 6 : i64
// CHECK-NEXT: %[[B0:.*]] = arith.constant 48 : i64
// CHECK-NEXT: call @tiny_host_kernel_end(%[[A0]], %[[F0]], %[[B0]]) : (i64, i64, i64) -> ()
// CHECK-NEXT: call @helper() : () -> ()
// CHECK-NEXT: call @tiny_host_kernel_begin() : () -> ()
// CHECK-NEXT: call @r_2_1(%{{.*}}) : (memref<6xf32>) -> ()
// CHECK-NEXT: %[[G1:.*]] = memref.get_global @[[$R]] : memref<6xi8>
// CHECK-NEXT: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[G1]]
// CHECK-NEXT: %[[A1:.*]] = arith.index_cast %[[P1]] : index to i64
// CHECK-NEXT: %[[F1:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[B1:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @tiny_host_kernel_end(%[[A1]], %[[F1]], %[[B1]])
// CHECK-NEXT: call @tiny_host_kernel_begin() : () -> ()
// CHECK-NEXT: call @E_6(%{{.*}})
// CHECK-NEXT: %[[G2:.*]] = memref.get_global @[[$E]] : memref<4xi8>
// CHECK: call @tiny_host_kernel_end(
// CHECK-NEXT: return
// CHECK-DAG: func.func private @tiny_host_kernel_begin()
// CHECK-DAG: func.func private @tiny_host_kernel_end(i64, i64, i64)
module {
  func.func @host(%x: memref<6xf32>) {
    call @E_6(%x) : (memref<6xf32>) -> ()
    call @helper() : () -> ()
    call @r_2_1(%x) : (memref<6xf32>) -> ()
    call @E_6(%x) : (memref<6xf32>) -> ()
    return
  }
  func.func private @E_6(%x: memref<6xf32>) attributes {tiny.kernel, tiny.flops = 6 : i64, tiny.bytes = 48 : i64} {
    return
  }
  func.func private @r_2_1(%x: memref<6xf32>) attributes {tiny.kernel} {
    return
  }
  func.func private @helper() {
    return
  }
}

// -----

// No kernel calls: nothing is declared, the module is as it was.
// CHECK-LABEL: func.func @plain(
// CHECK-NEXT: call @helper2()
// CHECK-NOT: tiny_host_kernel
// CHECK-NOT: tiny_kernel_name
module {
  func.func @plain() {
    call @helper2() : () -> ()
    return
  }
  func.func private @helper2() {
    return
  }
}
