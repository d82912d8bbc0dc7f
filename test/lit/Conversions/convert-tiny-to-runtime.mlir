// RUN: tiny-opt %s -split-input-file -convert-tiny-to-runtime | FileCheck %s

// Each copy becomes a call naming its buffers by argument position, with
// byte offsets and a byte count (element counts times 4 for i32); the
// runtime entry point is declared once.
// CHECK-LABEL: func.func @copies
// CHECK-SAME: (%{{.*}}: memref<4xi32> {tiny.device = "CPU:1", tiny.slot = 0 : i64}, %{{.*}}: memref<2xi32> {tiny.device = "CPU:3", tiny.output = 0 : i64}, %{{.*}}: memref<4xi32> {tiny.device = "CPU:2", tiny.scratch = 0 : i64})
// CHECK-NEXT: %[[D:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[DO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[S:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[SO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[N:.*]] = arith.constant 16 : i64
// CHECK-NEXT: call @tiny_host_copy(%[[D]], %[[DO]], %[[S]], %[[SO]], %[[N]]) : (i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT: %[[D:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[DO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[S:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[SO:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[N:.*]] = arith.constant 8 : i64
// CHECK-NEXT: call @tiny_host_copy(%[[D]], %[[DO]], %[[S]], %[[SO]], %[[N]]) : (i64, i64, i64, i64, i64) -> ()
// CHECK-NOT: tiny.k.copy
// CHECK: func.func private @tiny_host_copy(i64, i64, i64, i64, i64)
// CHECK-NOT: func.func private @tiny_host_copy
func.func @copies(%x: memref<4xi32> {tiny.device = "CPU:1", tiny.slot = 0 : i64},
                  %out: memref<2xi32> {tiny.device = "CPU:3", tiny.output = 0 : i64},
                  %s: memref<4xi32> {tiny.device = "CPU:2", tiny.scratch = 0 : i64}) {
  tiny.k.copy %x[0] to %s[0] count 4 : memref<4xi32>, memref<4xi32>
  tiny.k.copy %s[1] to %out[0] count 2 : memref<4xi32>, memref<2xi32>
  return
}

// -----

// f16 elements are 2 bytes; an i1 (bool) element is stored in 1 byte.
// CHECK-LABEL: func.func @element_sizes
// CHECK: %[[N:.*]] = arith.constant 6 : i64
// CHECK-NEXT: call @tiny_host_copy(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[N]])
// CHECK: %[[N:.*]] = arith.constant 5 : i64
// CHECK-NEXT: call @tiny_host_copy(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[N]])
func.func @element_sizes(%a: memref<3xf16>, %b: memref<3xf16>, %c: memref<5xi1>, %d: memref<5xi1>) {
  tiny.k.copy %a[0] to %b[0] count 3 : memref<3xf16>, memref<3xf16>
  tiny.k.copy %c[0] to %d[0] count 5 : memref<5xi1>, memref<5xi1>
  return
}

// -----

// Without copies, nothing changes and nothing is declared.
// CHECK-LABEL: func.func @no_copies
// CHECK-NOT: tiny_host_copy
func.func @no_copies(%a: memref<4xf32>) {
  return
}
