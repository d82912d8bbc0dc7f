// RUN: tiny-opt %s -split-input-file -convert-tiny-to-runtime | FileCheck %s

// Each copy becomes a call naming its buffers by argument position, with
// byte offsets and a byte count (element counts times 4 for i32); the
// runtime entry point is declared once.
// CHECK-LABEL: func.func @copies
// CHECK-SAME: (%{{.*}}: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %{{.*}}: memref<2xi32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:3">}, %{{.*}}: memref<4xi32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:2">})
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
func.func @copies(%x: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">},
                  %out: memref<2xi32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:3">},
                  %s: memref<4xi32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:2">}) {
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

// -----

// A host function call: the function's name is a NUL-terminated global; the
// descriptors of its buffers (address, dtype, rank, shape: f32 = 12, ui8 =
// 6, i32 = 4) are i64 words on the stack, inputs first; the name global is
// shared by the calls of one function.
// CHECK-LABEL: memref.global "private" constant @tiny_host_function_name0 : memref<9xi8> = dense<[100, 101, 115, 99, 114, 105, 98, 101, 0]>
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @host_call
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<6xf32>, %[[B:[a-z0-9_]+]]: memref<1xi8>, %[[C:[a-z0-9_]+]]: memref<4xi32>)
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT: %[[WA:.*]] = arith.index_cast %[[PA]] : index to i64
// CHECK-NEXT: %[[F32:.*]] = arith.constant 12 : i64
// CHECK-NEXT: %[[RANK2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[D0:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[D1:.*]] = arith.constant 3 : i64
// CHECK: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-NEXT: %[[WB:.*]] = arith.index_cast %[[PB]] : index to i64
// CHECK-NEXT: %[[UI8:.*]] = arith.constant 6 : i64
// CHECK-NEXT: %[[RANK0:.*]] = arith.constant 0 : i64
// CHECK: %[[PC:.*]] = memref.extract_aligned_pointer_as_index %[[C]]
// CHECK-NEXT: %[[WC:.*]] = arith.index_cast %[[PC]] : index to i64
// CHECK-NEXT: %[[I32:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[RANK1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[D2:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[WORDS:.*]] = memref.alloca() : memref<12xi64>
// CHECK: memref.store %[[WA]], %[[WORDS]][%{{.*}}]
// CHECK: memref.store %[[F32]], %[[WORDS]]
// CHECK: memref.store %[[RANK2]], %[[WORDS]]
// CHECK: memref.store %[[D0]], %[[WORDS]]
// CHECK: memref.store %[[D1]], %[[WORDS]]
// CHECK: memref.store %[[WB]], %[[WORDS]]
// CHECK: memref.store %[[UI8]], %[[WORDS]]
// CHECK: memref.store %[[RANK0]], %[[WORDS]]
// CHECK: memref.store %[[WC]], %[[WORDS]]
// CHECK: memref.store %[[I32]], %[[WORDS]]
// CHECK: memref.store %[[RANK1]], %[[WORDS]]
// CHECK: memref.store %[[D2]], %[[WORDS]]
// CHECK-NEXT: %[[NAME:.*]] = memref.get_global @tiny_host_function_name0 : memref<9xi8>
// CHECK-NEXT: %[[PN:.*]] = memref.extract_aligned_pointer_as_index %[[NAME]]
// CHECK-NEXT: %[[WN:.*]] = arith.index_cast %[[PN]] : index to i64
// CHECK-NEXT: %[[NIN:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[NOUT:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[PW:.*]] = memref.extract_aligned_pointer_as_index %[[WORDS]]
// CHECK-NEXT: %[[WW:.*]] = arith.index_cast %[[PW]] : index to i64
// CHECK-NEXT: call @tiny_host_call_function(%[[WN]], %[[NIN]], %[[NOUT]], %[[WW]]) : (i64, i64, i64, i64) -> ()
// CHECK: memref.get_global @tiny_host_function_name0
// CHECK: call @tiny_host_call_function(
// CHECK-NOT: tiny.k.custom_function
// CHECK: func.func private @tiny_host_call_function(i64, i64, i64, i64)
func.func @host_call(%a: memref<6xf32>, %b: memref<1xi8>, %c: memref<4xi32>) {
  tiny.k.custom_function "describe"(%a, %b : memref<6xf32>, memref<1xi8>) to (%c : memref<4xi32>) signature (tensor<2x3xf32>, tensor<ui8>) -> tensor<4xi32>
  tiny.k.custom_function "describe"() to () signature () -> ()
  return
}
