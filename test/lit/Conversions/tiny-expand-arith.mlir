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

// -----

// A bf16 select, scalar or vector, selects the i16 bits; other selects stay.
// CHECK-LABEL: func.func @select_bf16
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: bf16, %[[Y:.*]]: bf16, %[[V:.*]]: vector<4xbf16>, %[[W:.*]]: vector<4xbf16>, %[[F:.*]]: f32, %[[G:.*]]: f32)
// CHECK-DAG: %[[XB:.*]] = arith.bitcast %[[X]] : bf16 to i16
// CHECK-DAG: %[[YB:.*]] = arith.bitcast %[[Y]] : bf16 to i16
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[XB]], %[[YB]] : i16
// CHECK: %[[R:.*]] = arith.bitcast %[[S]] : i16 to bf16
// CHECK-DAG: %[[VB:.*]] = arith.bitcast %[[V]] : vector<4xbf16> to vector<4xi16>
// CHECK-DAG: %[[WB:.*]] = arith.bitcast %[[W]] : vector<4xbf16> to vector<4xi16>
// CHECK: %[[SV:.*]] = arith.select %[[C]], %[[VB]], %[[WB]] : vector<4xi16>
// CHECK: %[[RV:.*]] = arith.bitcast %[[SV]] : vector<4xi16> to vector<4xbf16>
// CHECK: %[[RF:.*]] = arith.select %[[C]], %[[F]], %[[G]] : f32
// CHECK: return %[[R]], %[[RV]], %[[RF]]
func.func @select_bf16(%c: i1, %x: bf16, %y: bf16, %v: vector<4xbf16>, %w: vector<4xbf16>, %f: f32, %g: f32) -> (bf16, vector<4xbf16>, f32) {
  %0 = arith.select %c, %x, %y : bf16
  %1 = arith.select %c, %v, %w : vector<4xbf16>
  %2 = arith.select %c, %f, %g : f32
  return %0, %1, %2 : bf16, vector<4xbf16>, f32
}
