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

// -----

// fp8 truncations become integer ops on the source's bits: f32 bits in
// i32, the magnitude clamped to the largest finite fp8 (448 is 0x43E00000),
// an i8 result bitcast to the fp8 type.
// CHECK-LABEL: func.func @truncf_to_fp8
// CHECK-NOT: arith.truncf
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.minui %{{.*}}, %{{.*}} : i32
// CHECK: arith.trunci %{{.*}} : i32 to i8
// CHECK: arith.bitcast %{{.*}} : i8 to f8E4M3FN
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @truncf_to_fp8(%x: f32) -> f8E4M3FN {
  %0 = arith.truncf %x : f32 to f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

// From f64 the bits are i64 (no rounding through f32); from f16 the value
// is first widened to f32, exactly.
// CHECK-LABEL: func.func @truncf_to_fp8_wide_and_narrow
// CHECK: arith.bitcast %{{.*}} : vector<4xf64> to vector<4xi64>
// CHECK: arith.trunci %{{.*}} : vector<4xi64> to vector<4xi8>
// CHECK: arith.bitcast %{{.*}} : vector<4xi8> to vector<4xf8E5M2FNUZ>
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: arith.bitcast %[[W]] : f32 to i32
// CHECK: arith.bitcast %{{.*}} : i8 to f8E4M3FNUZ
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @truncf_to_fp8_wide_and_narrow(%x: vector<4xf64>, %h: f16) -> (vector<4xf8E5M2FNUZ>, f8E4M3FNUZ) {
  %0 = arith.truncf %x : vector<4xf64> to vector<4xf8E5M2FNUZ>
  %1 = arith.truncf %h : f16 to f8E4M3FNUZ
  return %0, %1 : vector<4xf8E5M2FNUZ>, f8E4M3FNUZ
}

// -----

// fp8 extensions become integer ops on the i8 bits, widened to i32 and
// bitcast to f32; to f64 and f16 the f32 is then extended or truncated.
// CHECK-LABEL: func.func @extf_from_fp8
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : vector<4xf8E5M2> to vector<4xi8>
// CHECK: arith.extui %[[B]] : vector<4xi8> to vector<4xi32>
// CHECK: arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.extf %[[F]] : f32 to f64
// CHECK: %[[G:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.truncf %[[G]] : f32 to f16
// CHECK: return
func.func @extf_from_fp8(%v: vector<4xf8E5M2>, %x: f8E4M3FN, %y: f8E4M3FNUZ) -> (vector<4xf32>, f64, f16) {
  %0 = arith.extf %v : vector<4xf8E5M2> to vector<4xf32>
  %1 = arith.extf %x : f8E4M3FN to f64
  %2 = arith.extf %y : f8E4M3FNUZ to f16
  return %0, %1, %2 : vector<4xf32>, f64, f16
}

// -----

// Other ops on fp8 compute in f32 and round back; a compare yields its i1.
// CHECK-LABEL: func.func @fp8_in_f32
// CHECK-NOT: arith.extf
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : i8 to f8E5M2FNUZ
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: return
func.func @fp8_in_f32(%x: f8E5M2FNUZ, %y: f8E5M2FNUZ) -> (f8E5M2FNUZ, i1) {
  %0 = arith.addf %x, %y : f8E5M2FNUZ
  %1 = arith.cmpf olt, %x, %y : f8E5M2FNUZ
  return %0, %1 : f8E5M2FNUZ, i1
}

// -----

// fp8 selects, constants and bitcasts stay: LLVM holds fp8 in i8.
// CHECK-LABEL: func.func @fp8_kept
// CHECK-NEXT: arith.constant 1.000000e+00 : f8E4M3FN
// CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f8E4M3FN
// CHECK-NEXT: arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK-NEXT: return
func.func @fp8_kept(%c: i1, %x: f8E4M3FN) -> i8 {
  %one = arith.constant 1.0 : f8E4M3FN
  %0 = arith.select %c, %x, %one : f8E4M3FN
  %1 = arith.bitcast %0 : f8E4M3FN to i8
  return %1 : i8
}
