// RUN: tiny-opt %s -split-input-file -tiny-expand-arith | FileCheck %s

// Signed floor and ceiling division become divsi with compares and selects.
// CHECK-LABEL: func.func @divisions
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.ceildivui
// CHECK: arith.divsi
// CHECK: arith.select
// CHECK: return
func.func @divisions(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.floordivsi %a, %b : i32
  %1 = arith.ceildivsi %a, %b : i32
  %2 = arith.ceildivui %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// bf16 conversions become integer bit manipulation.
// CHECK-LABEL: func.func @bf16
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast
// CHECK: return
func.func @bf16(%x: bf16, %y: f32) -> (f32, bf16) {
  %0 = arith.extf %x : bf16 to f32
  %1 = arith.truncf %y : f32 to bf16
  return %0, %1 : f32, bf16
}

// -----

// Float min and max stay for LLVM, which orders -0 < +0 (the compare and
// select of -arith-expand does not); so do conversions of other floats.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.minimumf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: return
func.func @kept(%x: f32, %y: f32, %v: vector<8xf32>, %w: vector<8xf32>, %h: f16) -> (f32, vector<8xf32>, f32) {
  %0 = arith.maximumf %x, %y : f32
  %1 = arith.minimumf %v, %w : vector<8xf32>
  %2 = arith.extf %h : f16 to f32
  return %0, %1, %2 : f32, vector<8xf32>, f32
}
