// RUN: tiny-opt %s -split-input-file -tiny-inline-exp2=scale=ldexp | FileCheck %s --check-prefixes=CHECK,LDEXP
// RUN: tiny-opt %s -split-input-file -tiny-inline-exp2=scale=multiply | FileCheck %s --check-prefixes=CHECK,MULTIPLY
// RUN: not tiny-opt %s -split-input-file -tiny-inline-exp2=scale=table 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: -tiny-inline-exp2: scale must be auto, ldexp or multiply, not 'table'

// A vector exp2: clamped (NaN to -150), split into n + s, the series of 2^s
// by Horner's rule (products and sums that may contract), scaled by 2^n,
// and NaN passed through.

// CHECK-LABEL: func.func @vector
// CHECK-SAME: (%[[X:.*]]: vector<16xf32>)
// CHECK-NOT: math.exp2
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<-1.500000e+02> : vector<16xf32>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<1.280000e+02> : vector<16xf32>
// CHECK: %[[MAX:.*]] = arith.maxnumf %[[X]], %[[LO]] : vector<16xf32>
// CHECK: %[[C:.*]] = arith.minnumf %[[MAX]], %[[HI]] : vector<16xf32>
// CHECK: %[[N:.*]] = math.roundeven %[[C]] : vector<16xf32>
// CHECK: %[[S:.*]] = arith.subf %[[C]], %[[N]] : vector<16xf32>
// CHECK: %[[C7:.*]] = arith.constant dense<1.52527336E-5> : vector<16xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[C7]], %[[S]] fastmath<contract> : vector<16xf32>
// CHECK: %[[C6:.*]] = arith.constant dense<1.54035297E-4> : vector<16xf32>
// CHECK: arith.addf %[[M]], %[[C6]] fastmath<contract> : vector<16xf32>
// The last step adds 1.
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK: %[[P:.*]] = arith.addf %{{.*}}, %[[ONE]] fastmath<contract> : vector<16xf32>
// CHECK: %[[K:.*]] = arith.fptosi %[[N]] : vector<16xf32> to vector<16xi32>
// LDEXP: %[[R:.*]] = llvm.call_intrinsic "llvm.ldexp"(%[[P]], %[[K]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// MULTIPLY: %[[HALF:.*]] = arith.shrsi %[[K]], %{{.*}} : vector<16xi32>
// MULTIPLY: %[[REST:.*]] = arith.subi %[[K]], %[[HALF]] : vector<16xi32>
// MULTIPLY: %[[B1:.*]] = arith.addi %[[HALF]], %{{.*}} : vector<16xi32>
// MULTIPLY: %[[E1:.*]] = arith.shli %[[B1]], %{{.*}} : vector<16xi32>
// MULTIPLY: %[[F1:.*]] = arith.bitcast %[[E1]] : vector<16xi32> to vector<16xf32>
// MULTIPLY: %[[PF:.*]] = arith.mulf %[[P]], %[[F1]] : vector<16xf32>
// MULTIPLY: %[[B2:.*]] = arith.addi %[[REST]], %{{.*}} : vector<16xi32>
// MULTIPLY: %[[E2:.*]] = arith.shli %[[B2]], %{{.*}} : vector<16xi32>
// MULTIPLY: %[[F2:.*]] = arith.bitcast %[[E2]] : vector<16xi32> to vector<16xf32>
// MULTIPLY: %[[R:.*]] = arith.mulf %[[PF]], %[[F2]] : vector<16xf32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<16xf32>
// CHECK: %[[Y:.*]] = arith.select %[[NAN]], %[[X]], %[[R]] : vector<16xi1>, vector<16xf32>
// CHECK: return %[[Y]]
func.func @vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.exp2 %x : vector<16xf32>
  return %y : vector<16xf32>
}

// -----

// A scalar exp2 is rewritten the same way, with scalar constants.

// CHECK-LABEL: func.func @scalar
// CHECK-NOT: math.exp2
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// LDEXP: llvm.intr.ldexp(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// MULTIPLY: arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.cmpf uno
func.func @scalar(%x: f32) -> f32 {
  %y = math.exp2 %x : f32
  return %y : f32
}

// -----

// Other float types and other math ops are left to LLVM (and the vector
// math library).

// CHECK-LABEL: func.func @others
// CHECK: math.exp2 %{{.*}} : f64
// CHECK: math.exp2 %{{.*}} : vector<8xf64>
// CHECK: math.exp2 %{{.*}} : f16
// CHECK: math.exp %{{.*}} : f32
// CHECK: math.log2 %{{.*}} : f32
func.func @others(%a: f64, %b: vector<8xf64>, %c: f16, %d: f32) -> (f64, vector<8xf64>, f16, f32, f32) {
  %0 = math.exp2 %a : f64
  %1 = math.exp2 %b : vector<8xf64>
  %2 = math.exp2 %c : f16
  %3 = math.exp %d : f32
  %4 = math.log2 %d : f32
  return %0, %1, %2, %3, %4 : f64, vector<8xf64>, f16, f32, f32
}

// -----

// A CPU kernel's exp2 is rewritten; a GPU kernel's is left to its own
// pipeline's libraries (libdevice, ocml).

// CHECK-LABEL: func.func @kernels
// CHECK: tiny.k.kernel "E_4"
// CHECK-NOT: math.exp2
// CHECK: tiny.k.kernel "E_4_gpu"
// CHECK: math.exp2
func.func @kernels(%x: memref<4xf32>, %y: memref<4xf32>) {
  tiny.k.kernel "E_4" {
    %c4 = arith.constant 4 : index
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %x[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %q = tiny.k.index %y[%i] : memref<4xf32>
      tiny.k.store %q, %e : !tiny.ptr<f32, global>
    }
  }
  tiny.k.kernel "E_4_gpu" on "CUDA" {
    %c4 = arith.constant 4 : index
    tiny.k.range global %i < %c4 {
      %p = tiny.k.index %x[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %q = tiny.k.index %y[%i] : memref<4xf32>
      tiny.k.store %q, %e : !tiny.ptr<f32, global>
    }
  }
  return
}
