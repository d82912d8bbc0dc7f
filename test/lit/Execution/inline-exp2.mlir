// f32 exp2 computed in place (-tiny-inline-exp2), vector and scalar, with
// both ways of scaling by 2^n, run by mlir-runner. Printed as the results'
// bits.
//
// On integral inputs the series is exactly 1, so the result is exact: the
// expected bits are 2^x as an f32 (0 below 2^-149, inf from 2^128), written
// out by hand: 1.0 = 0x3f800000 = 1065353216, 2^-126 = 0x00800000 =
// 8388608, 2^-127 = 0x00400000 (subnormal), 2^-149 = 1 (the smallest
// subnormal), 2^127 = 0x7f000000 = 2130706432, inf = 0x7f800000 =
// 2139095040, 1024 = 0x44800000 = 1149239296; NaN comes back as it went
// in (0x7fc00000 = 2143289344).
//
// On other inputs (subnormal results and the edge below 2^128 among them)
// the two scalings round once, at the end, so they give the same bits: the
// outputs are compared whole. Their accuracy over ranges of inputs is
// measured by transcendental-accuracy.mlir.

// RUN: tiny-opt %s -tiny-inline-exp2=scale=multiply -tiny-jit-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so > %t.multiply
// RUN: tiny-opt %s -tiny-inline-exp2=scale=ldexp -tiny-jit-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so > %t.ldexp
// RUN: diff %t.multiply %t.ldexp
// RUN: FileCheck %s < %t.multiply
// The pipeline's own choice (scale=auto) gives the same bits again.
// RUN: tiny-opt %s -tiny-jit-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | diff %t.multiply -

// Integral inputs, vector then scalar.
// CHECK:      {{^}}1065353216, 1065353216, 1073741824, 1090519040, 1056964608, 8388608, 4194304, 1, 0, 0, 2130706432, 2139095040, 2139095040, 0, 2143289344, 1149239296,
// CHECK-NEXT: {{^}}1065353216, 1065353216, 1073741824, 1090519040, 1056964608, 8388608, 4194304, 1, 0, 0, 2130706432, 2139095040, 2139095040, 0, 2143289344, 1149239296,
// Other inputs, vector then scalar: the same bits either way.
// CHECK-NEXT: {{^}}[[INEXACT:[0-9]+(, [0-9]+){15},]]
// CHECK-NEXT: {{^}}[[INEXACT]]
// CHECK-NOT: {{[0-9]}}

// Not constant: loads from them are not folded, the code computes.
memref.global "private" @integral : memref<16xf32> =
    dense<[0.0, -0.0, 1.0, 3.0, -1.0, -126.0, -127.0, -149.0, -150.0, -200.0,
           127.0, 128.0, 0x7F800000, 0xFF800000, 0x7FC00000, 10.0]>
memref.global "private" @other : memref<16xf32> =
    dense<[-149.7, -149.3, -140.25, -126.6, -0.3, 0.7, 1.5, 100.1, 127.2,
           127.9, -0.5, 0.5, 3.3, -77.7, 64.4, 127.99]>

func.func @print_bits(%bits: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %b = memref.load %bits[%i] : memref<16xi32>
    vector.print %b : i32 punctuation <no_punctuation>
    vector.print punctuation <comma>
  }
  vector.print punctuation <newline>
  return
}

func.func @vector_exp2(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %out = memref.alloca() : memref<16xi32>
  %v = vector.load %x[%c0] : memref<16xf32>, vector<16xf32>
  %e = math.exp2 %v : vector<16xf32>
  %bits = arith.bitcast %e : vector<16xf32> to vector<16xi32>
  vector.store %bits, %out[%c0] : memref<16xi32>, vector<16xi32>
  call @print_bits(%out) : (memref<16xi32>) -> ()
  return
}

func.func @scalar_exp2(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %out = memref.alloca() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %x[%i] : memref<16xf32>
    %e = math.exp2 %v : f32
    %bits = arith.bitcast %e : f32 to i32
    memref.store %bits, %out[%i] : memref<16xi32>
  }
  call @print_bits(%out) : (memref<16xi32>) -> ()
  return
}

func.func @main() {
  %integral = memref.get_global @integral : memref<16xf32>
  %other = memref.get_global @other : memref<16xf32>
  call @vector_exp2(%integral) : (memref<16xf32>) -> ()
  call @scalar_exp2(%integral) : (memref<16xf32>) -> ()
  call @vector_exp2(%other) : (memref<16xf32>) -> ()
  call @scalar_exp2(%other) : (memref<16xf32>) -> ()
  return
}
