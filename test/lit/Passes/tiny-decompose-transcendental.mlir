// RUN: tiny-opt %s -split-input-file -tiny-decompose=approximate-transcendentals=1 | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-decompose | FileCheck %s --check-prefix=DEFAULT

// The shapes of the approximations; their accuracy is checked by
// Execution/transcendental-accuracy.mlir. Constants are rank-0 and
// broadcast; the greedy driver moves them to the top of the function.

#cpu = #tiny.device<"CPU">

// exp2(x) = 2^k * p(x - k), k = round(x) by a truncating cast to i32 (x is
// clamped first, so it is in range), 2^k as two halves built in the
// exponent bits.
// CHECK-LABEL: func.func @exp2_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32, #tiny.device<"CPU">>)
// CHECK-DAG: %[[MANT:.*]] = tiny.const dense<23> : tensor<i32, #tiny.device<"CPU">>
// CHECK-DAG: %[[BIAS:.*]] = tiny.const dense<127> : tensor<i32, #tiny.device<"CPU">>
// CHECK-DAG: %[[ONE:.*]] = tiny.const dense<1> : tensor<i32, #tiny.device<"CPU">>
// CHECK-DAG: %[[LN2:.*]] = tiny.const dense<0.693147182> : tensor<f32, #tiny.device<"CPU">>
// CHECK-DAG: %[[LIMIT:.*]] = tiny.const dense<1.600000e+02> : tensor<f32, #tiny.device<"CPU">>
// CHECK: %[[NAN:.*]] = tiny.cmpne %[[X]], %[[X]] : tensor<4xf32
// CHECK: %[[LOW:.*]] = tiny.where %{{.*}}, %{{.*}}, %[[X]]
// CHECK: tiny.cmplt %[[LIMIT]], %[[LOW]]
// CHECK: %[[K:.*]] = tiny.cast %{{.*}} to i32 : tensor<4xf32
// CHECK: %[[KF:.*]] = tiny.cast %[[K]] to f32 : tensor<4xi32
// CHECK: tiny.mul %[[KF]]
// CHECK: tiny.add %{{.*}}, %[[LN2]]
// CHECK: %[[P:.*]] = tiny.add
// CHECK: %[[KHI:.*]] = tiny.shr %[[K]], %[[ONE]] : tensor<4xi32{{.*}}>, tensor<i32
// CHECK: %[[KLO:.*]] = tiny.add %[[K]], %{{.*}} : tensor<4xi32
// CHECK: %[[E1:.*]] = tiny.add %[[KLO]], %[[BIAS]]
// CHECK: %[[B1:.*]] = tiny.shl %[[E1]], %[[MANT]]
// CHECK: %[[F1:.*]] = tiny.bitcast %[[B1]] to f32 : tensor<4xi32
// CHECK: %[[E2:.*]] = tiny.add %[[KHI]], %[[BIAS]]
// CHECK: %[[B2:.*]] = tiny.shl %[[E2]], %[[MANT]]
// CHECK: %[[F2:.*]] = tiny.bitcast %[[B2]] to f32 : tensor<4xi32
// CHECK: %[[M:.*]] = tiny.mul %[[P]], %[[F2]]
// CHECK: %[[Y:.*]] = tiny.mul %[[M]], %[[F1]]
// CHECK: %[[R:.*]] = tiny.where %[[NAN]], %[[X]], %[[Y]]
// CHECK: return %[[R]]
// CHECK-NOT: tiny.exp2
// DEFAULT-LABEL: func.func @exp2_f32
// DEFAULT: %[[E:.*]] = tiny.exp2 %{{.*}} : tensor<4xf32
// DEFAULT: return %[[E]]
func.func @exp2_f32(%x: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.exp2 %x : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// log2(x) = k + log2(m): subnormals scaled by 2^64 first; k and m from the
// bits offset by those of sqrt(1/2) (0x3f3504f3 = 1060439283); the head of
// f - f^2/2 chopped to 12 bits; then the special values.
// CHECK-LABEL: func.func @log2_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK-DAG: %[[MINNORMAL:.*]] = tiny.const dense<1.17549435E-38> : tensor<f32
// CHECK-DAG: %[[SCALE:.*]] = tiny.const dense<1.84467441E+19> : tensor<f32
// CHECK-DAG: %[[MINUSOFFSET:.*]] = tiny.const dense<-1060439283> : tensor<i32
// CHECK-DAG: %[[OFFSET:.*]] = tiny.const dense<1060439283> : tensor<i32
// CHECK-DAG: %[[MASK:.*]] = tiny.const dense<8388607> : tensor<i32
// CHECK-DAG: %[[CHOP:.*]] = tiny.const dense<-4096> : tensor<i32
// CHECK-DAG: %[[ZERO:.*]] = tiny.const dense<0.000000e+00> : tensor<f32
// CHECK-DAG: %[[MINUSINF:.*]] = tiny.const dense<0xFF800000> : tensor<f32
// CHECK-DAG: %[[NAN:.*]] = tiny.const dense<0x7FC00000> : tensor<f32
// CHECK-DAG: %[[INF:.*]] = tiny.const dense<0x7F800000> : tensor<f32
// CHECK: %[[SUB:.*]] = tiny.cmplt %[[X]], %[[MINNORMAL]]
// CHECK: %[[SCALED:.*]] = tiny.mul %[[X]], %[[SCALE]]
// CHECK: %[[A:.*]] = tiny.where %[[SUB]], %[[SCALED]], %[[X]]
// CHECK: %[[BITS:.*]] = tiny.bitcast %[[A]] to i32 : tensor<4xf32
// CHECK: %[[OFF:.*]] = tiny.add %[[BITS]], %[[MINUSOFFSET]]
// CHECK: %[[K:.*]] = tiny.shr %[[OFF]], %{{.*}} : tensor<4xi32
// CHECK: %[[MBITS:.*]] = tiny.and %[[OFF]], %[[MASK]]
// CHECK: %[[MB:.*]] = tiny.add %[[MBITS]], %[[OFFSET]]
// CHECK: %[[M:.*]] = tiny.bitcast %[[MB]] to f32 : tensor<4xi32
// CHECK: tiny.reciprocal
// CHECK: tiny.bitcast %{{.*}} to i32
// CHECK: tiny.and %{{.*}}, %[[CHOP]]
// CHECK: tiny.cast %[[K]] to f32 : tensor<4xi32
// CHECK: %[[NZ:.*]] = tiny.cmpne %[[X]], %[[ZERO]]
// CHECK: %[[R1:.*]] = tiny.where %[[NZ]], %{{.*}}, %[[MINUSINF]]
// CHECK: %[[NEG:.*]] = tiny.cmplt %[[X]], %[[ZERO]]
// CHECK: %[[R2:.*]] = tiny.where %[[NEG]], %[[NAN]], %[[R1]]
// CHECK: %[[NI:.*]] = tiny.cmpne %[[X]], %[[INF]]
// CHECK: %[[R3:.*]] = tiny.where %[[NI]], %[[R2]], %[[INF]]
// CHECK: %[[ISNAN:.*]] = tiny.cmpne %[[X]], %[[X]]
// CHECK: %[[R:.*]] = tiny.where %[[ISNAN]], %[[X]], %[[R3]]
// CHECK: return %[[R]]
// CHECK-NOT: tiny.log2
func.func @log2_f32(%x: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.log2 %x : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// sin(x): |x| below 4096 reduces by Cody-Waite (q = x * 2/pi + 1/2 cast to
// i32), above by Payne-Hanek (integer products with the bits of 2/pi in
// ui64, words picked by a select chain); the quadrant picks sin or cos and
// the sign; inf and NaN give NaN.
// CHECK-LABEL: func.func @sin_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK-DAG: %[[LIMIT:.*]] = tiny.const dense<4.096000e+03> : tensor<f32
// CHECK-DAG: %[[TWOOVERPI:.*]] = tiny.const dense<0.636619746> : tensor<f32
// CHECK-DAG: %[[WORD0:.*]] = tiny.const dense<2734261102> : tensor<ui64
// CHECK-DAG: %[[NAN:.*]] = tiny.const dense<0x7FC00000> : tensor<f32
// CHECK-DAG: %[[INF:.*]] = tiny.const dense<0x7F800000> : tensor<f32
// CHECK: %[[NEG:.*]] = tiny.cmplt %[[X]], %{{.*}}
// CHECK: %[[MAG:.*]] = tiny.where %[[NEG]]
// CHECK: %[[FINITE:.*]] = tiny.cmplt %[[MAG]], %[[INF]]
// CHECK: %[[AX:.*]] = tiny.where %[[FINITE]], %[[MAG]]
// CHECK: %[[MODERATE:.*]] = tiny.cmplt %[[AX]], %[[LIMIT]]
// CHECK: tiny.mul %{{.*}}, %[[TWOOVERPI]]
// CHECK: tiny.cast %{{.*}} to i32 : tensor<4xf32
// CHECK: %[[BITS32:.*]] = tiny.bitcast %[[AX]] to ui32 : tensor<4xf32
// CHECK: tiny.cast %[[BITS32]] to ui64 : tensor<4xui32
// CHECK: tiny.where %{{.*}}, %{{.*}}, %[[WORD0]] : tensor<4xi1{{.*}}>, tensor<ui64
// CHECK: tiny.mul %{{.*}}, %{{.*}} : tensor<4xui64
// CHECK: %[[R:.*]] = tiny.where %[[MODERATE]]
// CHECK: %[[Q:.*]] = tiny.where %[[MODERATE]], %{{.*}}, %{{.*}} : tensor<4xi1{{.*}}>, tensor<4xi32
// CHECK: tiny.and %[[Q]], %{{.*}} : tensor<4xi32
// CHECK: %[[Y:.*]] = tiny.where %[[FINITE]], %{{.*}}, %[[NAN]]
// CHECK: return %[[Y]]
// CHECK-NOT: tiny.sin
func.func @sin_f32(%x: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.sin %x : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// f64 works on i64 bits: 52 mantissa bits, bias 1023, clamp at +-1100.
// CHECK-LABEL: func.func @exp2_f64
// CHECK-DAG: tiny.const dense<52> : tensor<i64
// CHECK-DAG: tiny.const dense<1023> : tensor<i64
// CHECK-DAG: tiny.const dense<1.100000e+03> : tensor<f64
// CHECK: tiny.cast %{{.*}} to i64 : tensor<4xf64
// CHECK: tiny.bitcast %{{.*}} to f64 : tensor<4xi64
// CHECK-NOT: tiny.exp2
func.func @exp2_f64(%x: tensor<4xf64, #cpu>) -> tensor<4xf64, #cpu> {
  %0 = tiny.exp2 %x : tensor<4xf64, #cpu>
  return %0 : tensor<4xf64, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// f16 and bf16 compute in f32; shapes and the device are kept.
// CHECK-LABEL: func.func @sin_f16
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf16, #tiny.device<"CPU">>)
// CHECK: %[[W:.*]] = tiny.cast %[[X]] to f32 : tensor<2x3xf16, #tiny.device<"CPU">>
// CHECK: tiny.bitcast %{{.*}} to ui32 : tensor<2x3xf32
// CHECK: %[[Y:.*]] = tiny.cast %{{.*}} to f16 : tensor<2x3xf32, #tiny.device<"CPU">>
// CHECK: return %[[Y]] : tensor<2x3xf16, #tiny.device<"CPU">>
// CHECK-NOT: tiny.sin
// DEFAULT-LABEL: func.func @sin_f16
// DEFAULT: tiny.sin %{{.*}} : tensor<2x3xf16
func.func @sin_f16(%x: tensor<2x3xf16, #cpu>) -> tensor<2x3xf16, #cpu> {
  %0 = tiny.sin %x : tensor<2x3xf16, #cpu>
  return %0 : tensor<2x3xf16, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @log2_bf16
// CHECK: tiny.cast %{{.*}} to f32 : tensor<8xbf16
// CHECK: tiny.bitcast %{{.*}} to i32 : tensor<8xf32
// CHECK: %[[Y:.*]] = tiny.cast %{{.*}} to bf16 : tensor<8xf32
// CHECK: return %[[Y]]
// CHECK-NOT: tiny.log2
func.func @log2_bf16(%x: tensor<8xbf16, #cpu>) -> tensor<8xbf16, #cpu> {
  %0 = tiny.log2 %x : tensor<8xbf16, #cpu>
  return %0 : tensor<8xbf16, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// pow decomposes into exp2(log2(a) * b), and both are then approximated.
// CHECK-LABEL: func.func @pow
// CHECK-NOT: tiny.pow
// CHECK-NOT: tiny.log2
// CHECK-NOT: tiny.exp2
// CHECK: return
// DEFAULT-LABEL: func.func @pow
// DEFAULT: %[[L:.*]] = tiny.log2 %{{.*}}
// DEFAULT: %[[M:.*]] = tiny.mul %[[L]], %{{.*}}
// DEFAULT: tiny.exp2 %[[M]]
func.func @pow(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.pow %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Other ops are left alone: integer ALU ops, sqrt, reciprocal, trunc.
// CHECK-LABEL: func.func @untouched
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32{{.*}}>, %[[F:.*]]: tensor<4xf32
// CHECK: %[[S:.*]] = tiny.shl %[[I]], %[[I]]
// CHECK: %[[A:.*]] = tiny.add %[[S]], %[[I]]
// CHECK: %[[Q:.*]] = tiny.sqrt %[[F]]
// CHECK: %[[R:.*]] = tiny.reciprocal %[[Q]]
// CHECK: %[[T:.*]] = tiny.trunc %[[R]]
// CHECK: return %[[A]], %[[T]]
func.func @untouched(%i: tensor<4xi32, #cpu>, %f: tensor<4xf32, #cpu>) -> (tensor<4xi32, #cpu>, tensor<4xf32, #cpu>) {
  %0 = tiny.shl %i, %i : tensor<4xi32, #cpu>
  %1 = tiny.add %0, %i : tensor<4xi32, #cpu>
  %2 = tiny.sqrt %f : tensor<4xf32, #cpu>
  %3 = tiny.reciprocal %2 : tensor<4xf32, #cpu>
  %4 = tiny.trunc %3 : tensor<4xf32, #cpu>
  return %1, %4 : tensor<4xi32, #cpu>, tensor<4xf32, #cpu>
}
