// RUN: tiny-opt %s -split-input-file -canonicalize="test-convergence" | FileCheck %s

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @identity_movements
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identity_movements(%x: tensor<2x3xf32, #cpu>) -> (tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>) {
  // reshape(x, shape(x)) -> x
  %0 = tiny.reshape %x to [2, 3] : tensor<2x3xf32, #cpu>
  // permute(x, identity) -> x
  %1 = tiny.permute %x [0, 1] : tensor<2x3xf32, #cpu>
  // expand(x, shape(x)) -> x
  %2 = tiny.expand %x to [2, 3] : tensor<2x3xf32, #cpu>
  // pad(x, 0, 0) -> x
  %3 = tiny.pad %x low [0, 0] high [0, 0] : tensor<2x3xf32, #cpu>
  // shrink(x, full range) -> x
  %4 = tiny.shrink %x [0, 0] to [2, 3] : tensor<2x3xf32, #cpu>
  // flip(x, []) -> x
  %5 = tiny.flip %x axes [] : tensor<2x3xf32, #cpu>
  %6 = tiny.reshape %x to [1, 2, 3] : tensor<2x3xf32, #cpu>
  // flip of a size-1 axis -> x; reshape(reshape(x)) -> reshape(x) -> x
  %7 = tiny.flip %6 axes [0] : tensor<1x2x3xf32, #cpu>
  %8 = tiny.reshape %7 to [2, 3] : tensor<1x2x3xf32, #cpu>
  return %0, %1, %2, %3, %4, %5, %8 : tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// reshape(reshape(x)) -> reshape(x)
// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [3, 2] : tensor<6xf32
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%x: tensor<6xf32, #cpu>) -> tensor<3x2xf32, #cpu> {
  %0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %1 = tiny.reshape %0 to [3, 2] : tensor<2x3xf32, #cpu>
  return %1 : tensor<3x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Movements that change the value are kept.
// CHECK-LABEL: func.func @real_movements
// CHECK-NEXT: tiny.reshape
// CHECK-NEXT: tiny.permute
// CHECK-NEXT: tiny.pad
// CHECK-NEXT: tiny.shrink
// CHECK-NEXT: tiny.flip
// CHECK-NEXT: return
func.func @real_movements(%x: tensor<2x3xf32, #cpu>) -> (tensor<3x2xf32, #cpu>, tensor<3x2xf32, #cpu>, tensor<3x3xf32, #cpu>, tensor<1x3xf32, #cpu>, tensor<2x3xf32, #cpu>) {
  %0 = tiny.reshape %x to [3, 2] : tensor<2x3xf32, #cpu>
  %1 = tiny.permute %x [1, 0] : tensor<2x3xf32, #cpu>
  %2 = tiny.pad %x low [1, 0] high [0, 0] : tensor<2x3xf32, #cpu>
  %3 = tiny.shrink %x [1, 0] to [2, 3] : tensor<2x3xf32, #cpu>
  %4 = tiny.flip %x axes [0] : tensor<2x3xf32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32, #cpu>, tensor<3x2xf32, #cpu>, tensor<3x3xf32, #cpu>, tensor<1x3xf32, #cpu>, tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Movement of a splat constant is the constant in the new shape.
// CHECK-LABEL: func.func @splat_movements
// CHECK-DAG: %[[E:.*]] = tiny.const dense<2.500000e+00> : tensor<4x3xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[R:.*]] = tiny.const dense<2.500000e+00> : tensor<3xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[P:.*]] = tiny.const dense<2.500000e+00> : tensor<3x1xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[S:.*]] = tiny.const dense<2.500000e+00> : tensor<1x1xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[Z:.*]] = tiny.const dense<0> : tensor<3x5xi32, #tiny.device<"CPU">>
// CHECK-NOT: tiny.expand
// CHECK-NOT: tiny.reshape
// CHECK: return %[[E]], %[[R]], %[[P]], %[[S]], %[[Z]]
func.func @splat_movements() -> (tensor<4x3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<3x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<3x5xi32, #cpu>) {
  %c = tiny.const dense<2.5> : tensor<1x3xf32, #cpu>
  %0 = tiny.expand %c to [4, 3] : tensor<1x3xf32, #cpu>
  %1 = tiny.reshape %c to [3] : tensor<1x3xf32, #cpu>
  %2 = tiny.permute %c [1, 0] : tensor<1x3xf32, #cpu>
  %3 = tiny.shrink %c [0, 1] to [1, 2] : tensor<1x3xf32, #cpu>
  %z = tiny.const dense<0> : tensor<1x3xi32, #cpu>
  %4 = tiny.pad %z low [1, 1] high [1, 1] : tensor<1x3xi32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<4x3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<3x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<3x5xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Padding a non-zero constant adds zeros, so the result is no splat: kept.
// CHECK-LABEL: func.func @pad_nonzero_splat
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<2xf32
// CHECK: tiny.pad %[[C]] low [1] high [0]
func.func @pad_nonzero_splat() -> tensor<3xf32, #cpu> {
  %c = tiny.const dense<1.0> : tensor<2xf32, #cpu>
  %0 = tiny.pad %c low [1] high [0] : tensor<2xf32, #cpu>
  return %0 : tensor<3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// -0.0 is not the pad value +0.0: kept.
// CHECK-LABEL: func.func @pad_negative_zero_splat
// CHECK: tiny.pad
func.func @pad_negative_zero_splat() -> tensor<3xf32, #cpu> {
  %c = tiny.const dense<-0.0> : tensor<2xf32, #cpu>
  %0 = tiny.pad %c low [1] high [0] : tensor<2xf32, #cpu>
  return %0 : tensor<3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Integer constant folding wraps around, and cdiv/cmod truncate toward zero.
// CHECK-LABEL: func.func @fold_int
// CHECK-DAG: %[[ADD:.*]] = tiny.const dense<-128> : tensor<4xi8
// CHECK-DAG: %[[MUL:.*]] = tiny.const dense<2> : tensor<4xi8
// CHECK-DAG: %[[DIV:.*]] = tiny.const dense<-3> : tensor<4xi8
// CHECK-DAG: %[[MOD:.*]] = tiny.const dense<-1> : tensor<4xi8
// CHECK-DAG: %[[SUB:.*]] = tiny.const dense<126> : tensor<4xi8
// CHECK-DAG: %[[MAX:.*]] = tiny.const dense<127> : tensor<4xi8
// CHECK: return %[[ADD]], %[[MUL]], %[[DIV]], %[[MOD]], %[[SUB]], %[[MAX]]
func.func @fold_int() -> (tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>) {
  %a = tiny.const dense<127> : tensor<4xi8, #cpu>
  %one = tiny.const dense<1> : tensor<4xi8, #cpu>
  %m7 = tiny.const dense<-7> : tensor<4xi8, #cpu>
  %two = tiny.const dense<2> : tensor<4xi8, #cpu>
  %m128 = tiny.const dense<-128> : tensor<4xi8, #cpu>
  // 127 + 1 wraps to -128
  %0 = tiny.add %a, %one : tensor<4xi8, #cpu>
  // 127 * 2 = 254 wraps to -2, and -2 * -1 = 2
  %p = tiny.mul %a, %two : tensor<4xi8, #cpu>
  %m1 = tiny.const dense<-1> : tensor<4xi8, #cpu>
  %1 = tiny.mul %p, %m1 : tensor<4xi8, #cpu>
  // -7 / 2 = -3 (C), -7 % 2 = -1 (C)
  %2 = tiny.cdiv %m7, %two : tensor<4xi8, #cpu>
  %3 = tiny.cmod %m7, %two : tensor<4xi8, #cpu>
  // -128 - 2 wraps to 126
  %4 = tiny.sub %m128, %two : tensor<4xi8, #cpu>
  %5 = tiny.max %m128, %a : tensor<4xi8, #cpu>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>, tensor<4xi8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Unsigned folding: max and division read the bits as unsigned.
// CHECK-LABEL: func.func @fold_unsigned
// CHECK-DAG: %[[MAX:.*]] = tiny.const dense<200> : tensor<ui8
// CHECK-DAG: %[[DIV:.*]] = tiny.const dense<100> : tensor<ui8
// CHECK-DAG: %[[LT:.*]] = tiny.const dense<true> : tensor<i1
// CHECK: return %[[MAX]], %[[DIV]], %[[LT]]
func.func @fold_unsigned() -> (tensor<ui8, #cpu>, tensor<ui8, #cpu>, tensor<i1, #cpu>) {
  %a = tiny.const dense<200> : tensor<ui8, #cpu>
  %b = tiny.const dense<2> : tensor<ui8, #cpu>
  %0 = tiny.max %a, %b : tensor<ui8, #cpu>
  %1 = tiny.cdiv %a, %b : tensor<ui8, #cpu>
  %2 = tiny.cmplt %b, %a : tensor<ui8, #cpu>
  return %0, %1, %2 : tensor<ui8, #cpu>, tensor<ui8, #cpu>, tensor<i1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Division by zero and MIN / -1 are not folded.
// CHECK-LABEL: func.func @no_fold_division
// CHECK: tiny.cdiv
// CHECK: tiny.cmod
// CHECK: tiny.cdiv
func.func @no_fold_division() -> (tensor<i32, #cpu>, tensor<i32, #cpu>, tensor<i8, #cpu>) {
  %a = tiny.const dense<7> : tensor<i32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %0 = tiny.cdiv %a, %z : tensor<i32, #cpu>
  %1 = tiny.cmod %a, %z : tensor<i32, #cpu>
  %min = tiny.const dense<-128> : tensor<i8, #cpu>
  %m1 = tiny.const dense<-1> : tensor<i8, #cpu>
  %2 = tiny.cdiv %min, %m1 : tensor<i8, #cpu>
  return %0, %1, %2 : tensor<i32, #cpu>, tensor<i32, #cpu>, tensor<i8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Float comparisons with NaN: <, == false; != true.
// CHECK-LABEL: func.func @fold_nan_compare
// CHECK-DAG: %[[F:.*]] = tiny.const dense<false> : tensor<i1
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<i1
// CHECK: return %[[F]], %[[F]], %[[T]], %[[F]], %[[T]]
func.func @fold_nan_compare() -> (tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>) {
  %nan = tiny.const dense<0x7FC00000> : tensor<f32, #cpu>
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %0 = tiny.cmplt %nan, %one : tensor<f32, #cpu>
  %1 = tiny.cmplt %one, %nan : tensor<f32, #cpu>
  %2 = tiny.cmpne %nan, %one : tensor<f32, #cpu>
  %3 = tiny.cmpeq %nan, %one : tensor<f32, #cpu>
  // NaN != NaN even for the same value
  %4 = tiny.cmpne %nan, %nan : tensor<f32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>, tensor<i1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Float max is IEEE 754-2019 maximum: NaN wins from either side, -0 < +0.
// CHECK-LABEL: func.func @fold_max_ieee
// CHECK-DAG: %[[NAN:.*]] = tiny.const dense<0x7FC00000> : tensor<f32
// CHECK-DAG: %[[PZ:.*]] = tiny.const dense<0.000000e+00> : tensor<f32
// CHECK-DAG: %[[NZ:.*]] = tiny.const dense<-0.000000e+00> : tensor<f32
// CHECK-NOT: tiny.max
// CHECK: return %[[NAN]], %[[NAN]], %[[PZ]], %[[PZ]], %[[NZ]]
func.func @fold_max_ieee() -> (tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>) {
  %nan = tiny.const dense<0x7FC00000> : tensor<f32, #cpu>
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %pz = tiny.const dense<0.0> : tensor<f32, #cpu>
  %nz = tiny.const dense<-0.0> : tensor<f32, #cpu>
  %0 = tiny.max %nan, %one : tensor<f32, #cpu>, tensor<f32, #cpu>
  %1 = tiny.max %one, %nan : tensor<f32, #cpu>, tensor<f32, #cpu>
  %2 = tiny.max %pz, %nz : tensor<f32, #cpu>, tensor<f32, #cpu>
  %3 = tiny.max %nz, %pz : tensor<f32, #cpu>, tensor<f32, #cpu>
  %4 = tiny.max %nz, %nz : tensor<f32, #cpu>, tensor<f32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// x != x and x == x fold on integers but not on floats (x may be NaN).
// CHECK-LABEL: func.func @self_compare
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32{{.*}}>, %[[F:.*]]: tensor<4xf32
// CHECK-DAG: %[[FALSE:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK-DAG: %[[TRUE:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[NE:.*]] = tiny.cmpne %[[F]], %[[F]]
// CHECK-DAG: %[[EQ:.*]] = tiny.cmpeq %[[F]], %[[F]]
// CHECK: return %[[FALSE]], %[[TRUE]], %[[NE]], %[[EQ]], %[[FALSE]]
func.func @self_compare(%i: tensor<4xi32, #cpu>, %f: tensor<4xf32, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %0 = tiny.cmpne %i, %i : tensor<4xi32, #cpu>
  %1 = tiny.cmpeq %i, %i : tensor<4xi32, #cpu>
  %2 = tiny.cmpne %f, %f : tensor<4xf32, #cpu>
  %3 = tiny.cmpeq %f, %f : tensor<4xf32, #cpu>
  %4 = tiny.cmplt %f, %f : tensor<4xf32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Float folding rounds to the dtype (f16: 2048 + 1 = 2048).
// CHECK-LABEL: func.func @fold_float
// CHECK-DAG: %[[A:.*]] = tiny.const dense<2.048000e+03> : tensor<f16
// CHECK-DAG: %[[M:.*]] = tiny.const dense<7.500000e+00> : tensor<f32
// CHECK: return %[[A]], %[[M]]
func.func @fold_float() -> (tensor<f16, #cpu>, tensor<f32, #cpu>) {
  %a = tiny.const dense<2048.0> : tensor<f16, #cpu>
  %b = tiny.const dense<1.0> : tensor<f16, #cpu>
  %0 = tiny.add %a, %b : tensor<f16, #cpu>
  %c = tiny.const dense<2.5> : tensor<f32, #cpu>
  %d = tiny.const dense<3.0> : tensor<f32, #cpu>
  %1 = tiny.mul %c, %d : tensor<f32, #cpu>
  return %0, %1 : tensor<f16, #cpu>, tensor<f32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Identities. Constants move to the right of commutative ops first.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32{{.*}}>, %[[C:.*]]: tensor<4xi1
// CHECK-DAG: %[[Z:.*]] = tiny.const dense<0> : tensor<4xi32
// CHECK: return %[[X]], %[[X]], %[[Z]], %[[X]], %[[X]], %[[X]], %[[X]], %[[C]], %[[X]]
func.func @identities(%x: tensor<4xi32, #cpu>, %c: tensor<4xi1, #cpu>) -> (tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xi32, #cpu>) {
  %zero = tiny.const dense<0> : tensor<4xi32, #cpu>
  %one = tiny.const dense<1> : tensor<4xi32, #cpu>
  // add(0, x) -> add(x, 0) -> x
  %0 = tiny.add %zero, %x : tensor<4xi32, #cpu>
  // mul(x, 1) -> x
  %1 = tiny.mul %x, %one : tensor<4xi32, #cpu>
  // mul(x, 0) -> 0 on integers
  %2 = tiny.mul %x, %zero : tensor<4xi32, #cpu>
  // sub(x, 0) -> x
  %3 = tiny.sub %x, %zero : tensor<4xi32, #cpu>
  // max(x, x) -> x
  %4 = tiny.max %x, %x : tensor<4xi32, #cpu>
  // where(c, x, x) -> x
  %5 = tiny.where %c, %x, %x : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  // cast(x, i32) -> x
  %6 = tiny.cast %x to i32 : tensor<4xi32, #cpu>
  // and(c, c) -> c
  %7 = tiny.and %c, %c : tensor<4xi1, #cpu>
  // cdiv(x, 1) -> x
  %8 = tiny.cdiv %x, %one : tensor<4xi32, #cpu>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Float identities that would change -0.0, NaN or inf do not fire.
// CHECK-LABEL: func.func @float_identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK: %[[ADD:.*]] = tiny.add %[[X]], %{{.*}}
// CHECK: %[[MUL:.*]] = tiny.mul %[[X]], %{{.*}}
// CHECK: return %[[ADD]], %[[MUL]], %[[X]]
func.func @float_identities(%x: tensor<4xf32, #cpu>) -> (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) {
  %zero = tiny.const dense<0.0> : tensor<4xf32, #cpu>
  %nzero = tiny.const dense<-0.0> : tensor<4xf32, #cpu>
  // x + 0.0 is not x for x = -0.0
  %0 = tiny.add %x, %zero : tensor<4xf32, #cpu>
  // x * 0.0 is not 0 for NaN and inf
  %1 = tiny.mul %x, %zero : tensor<4xf32, #cpu>
  // x + -0.0 is x for every x
  %2 = tiny.add %x, %nzero : tensor<4xf32, #cpu>
  return %0, %1, %2 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A broadcasting identity keeps its op when the result is larger than x.
// CHECK-LABEL: func.func @broadcast_identity
// CHECK: tiny.add
func.func @broadcast_identity(%x: tensor<4xi32, #cpu>) -> tensor<2x4xi32, #cpu> {
  %zero = tiny.const dense<0> : tensor<2x4xi32, #cpu>
  %0 = tiny.add %x, %zero : tensor<4xi32, #cpu>, tensor<2x4xi32, #cpu>
  return %0 : tensor<2x4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// where with a constant condition picks a side.
// CHECK-LABEL: func.func @where_const
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK: return %[[A]], %[[B]]
func.func @where_const(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) {
  %t = tiny.const dense<true> : tensor<i1, #cpu>
  %f = tiny.const dense<false> : tensor<i1, #cpu>
  %0 = tiny.where %t, %a, %b : tensor<i1, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %1 = tiny.where %f, %a, %b : tensor<i1, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  return %0, %1 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
}

// -----

// cast(cast(x, B), C) -> cast(x, C) when B holds every value of x.
#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @double_cast_folds
// CHECK-SAME: (%[[I8:.*]]: tensor<4xi8, {{.*}}>, %[[U16:.*]]: tensor<4xui16, {{.*}}>, %[[F:.*]]: tensor<4xf32, {{.*}}>, %[[B:.*]]: tensor<4xi1, {{.*}}>)
// CHECK-DAG: %[[U16I64:.*]] = tiny.cast %[[U16]] to i64 : tensor<4xui16
// CHECK-DAG: %[[FF16:.*]] = tiny.cast %[[F]] to f16 : tensor<4xf32
// CHECK-DAG: %[[BI32:.*]] = tiny.cast %[[B]] to i32 : tensor<4xi1
// CHECK: return %[[I8]], %[[U16I64]], %[[FF16]], %[[BI32]]
func.func @double_cast_folds(%i8: tensor<4xi8, #cpu>, %u16: tensor<4xui16, #cpu>,
                             %f: tensor<4xf32, #cpu>, %b: tensor<4xi1, #cpu>)
    -> (tensor<4xi8, #cpu>, tensor<4xi64, #cpu>, tensor<4xf16, #cpu>, tensor<4xi32, #cpu>) {
  // i8 -> i32 -> i8: back where it started
  %0 = tiny.cast %i8 to i32 : tensor<4xi8, #cpu>
  %1 = tiny.cast %0 to i8 : tensor<4xi32, #cpu>
  // ui16 -> f32 (24-bit mantissa holds 16 bits) -> i64
  %2 = tiny.cast %u16 to f32 : tensor<4xui16, #cpu>
  %3 = tiny.cast %2 to i64 : tensor<4xf32, #cpu>
  // f32 -> f64 -> f16
  %4 = tiny.cast %f to f64 : tensor<4xf32, #cpu>
  %5 = tiny.cast %4 to f16 : tensor<4xf64, #cpu>
  // bool -> f32 -> i32
  %6 = tiny.cast %b to f32 : tensor<4xi1, #cpu>
  %7 = tiny.cast %6 to i32 : tensor<4xf32, #cpu>
  return %1, %3, %5, %7 : tensor<4xi8, #cpu>, tensor<4xi64, #cpu>, tensor<4xf16, #cpu>, tensor<4xi32, #cpu>
}

// -----

// The intermediate dtype loses values: both casts stay.
#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @double_cast_keeps
// CHECK: tiny.cast %{{.*}} to i8 : tensor<4xi32
// CHECK: tiny.cast %{{.*}} to i32 : tensor<4xi8
// CHECK: tiny.cast %{{.*}} to f32 : tensor<4xi32
// CHECK: tiny.cast %{{.*}} to i32 : tensor<4xf32
// CHECK: tiny.cast %{{.*}} to i8 : tensor<4xui8
// CHECK: tiny.cast %{{.*}} to i32 : tensor<4xi8
// CHECK: tiny.cast %{{.*}} to f16 : tensor<4xf32
// CHECK: tiny.cast %{{.*}} to f32 : tensor<4xf16
// CHECK: tiny.cast %{{.*}} to i1 : tensor<4xi32
// CHECK: tiny.cast %{{.*}} to i32 : tensor<4xi1
// CHECK: tiny.cast %{{.*}} to ui32 : tensor<4xi16
// CHECK: tiny.cast %{{.*}} to i64 : tensor<4xui32
func.func @double_cast_keeps(%i32: tensor<4xi32, #cpu>, %u8: tensor<4xui8, #cpu>,
                             %f: tensor<4xf32, #cpu>, %i16: tensor<4xi16, #cpu>)
    -> (tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi64, #cpu>) {
  // i32 -> i8 truncates
  %0 = tiny.cast %i32 to i8 : tensor<4xi32, #cpu>
  %1 = tiny.cast %0 to i32 : tensor<4xi8, #cpu>
  // f32 has 24 mantissa bits, i32 needs 31
  %2 = tiny.cast %i32 to f32 : tensor<4xi32, #cpu>
  %3 = tiny.cast %2 to i32 : tensor<4xf32, #cpu>
  // ui8 200 is not an i8
  %4 = tiny.cast %u8 to i8 : tensor<4xui8, #cpu>
  %5 = tiny.cast %4 to i32 : tensor<4xi8, #cpu>
  // f16 rounds f32
  %6 = tiny.cast %f to f16 : tensor<4xf32, #cpu>
  %7 = tiny.cast %6 to f32 : tensor<4xf16, #cpu>
  // bool keeps only zero / non-zero
  %8 = tiny.cast %i32 to i1 : tensor<4xi32, #cpu>
  %9 = tiny.cast %8 to i32 : tensor<4xi1, #cpu>
  // a negative i16 is not a ui32
  %10 = tiny.cast %i16 to ui32 : tensor<4xi16, #cpu>
  %11 = tiny.cast %10 to i64 : tensor<4xui32, #cpu>
  return %1, %3, %5, %7, %9, %11 : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi64, #cpu>
}

// -----

// Bools order false < true (unsigned), as in the kernel lowering.
#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @bool_order
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[F:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK: return %[[T]], %[[F]], %[[T]]
func.func @bool_order() -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %f = tiny.const dense<false> : tensor<4xi1, #cpu>
  %t = tiny.const dense<true> : tensor<4xi1, #cpu>
  %0 = tiny.cmplt %f, %t : tensor<4xi1, #cpu>
  %1 = tiny.cmplt %t, %f : tensor<4xi1, #cpu>
  %2 = tiny.max %f, %t : tensor<4xi1, #cpu>
  return %0, %1, %2 : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A movement op on one of its kind composes in place: [1, 2, 0] then
// [1, 0, 2] is [2, 1, 0]; [1, 2, 0] then [2, 0, 1] is the identity. The
// inner permute stays for its other user.
// CHECK-LABEL: func.func @compose_permutes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32
// CHECK-NEXT: %[[P:.*]] = tiny.permute %[[X]] [1, 2, 0]
// CHECK-NEXT: %[[Q:.*]] = tiny.permute %[[X]] [2, 1, 0]
// CHECK-NEXT: return %[[Q]], %[[X]], %[[P]]
func.func @compose_permutes(%x: tensor<2x3x4xf32, #cpu>) -> (tensor<4x3x2xf32, #cpu>, tensor<2x3x4xf32, #cpu>, tensor<3x4x2xf32, #cpu>) {
  %0 = tiny.permute %x [1, 2, 0] : tensor<2x3x4xf32, #cpu>
  %1 = tiny.permute %0 [1, 0, 2] : tensor<3x4x2xf32, #cpu>
  %2 = tiny.permute %0 [2, 0, 1] : tensor<3x4x2xf32, #cpu>
  return %1, %2, %0 : tensor<4x3x2xf32, #cpu>, tensor<2x3x4xf32, #cpu>, tensor<3x4x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// shrink(shrink(x)) offsets the inner bounds; pad(pad(x)) adds the amounts;
// expand(expand(x)) expands x once.
// CHECK-LABEL: func.func @compose_shrink_pad_expand
// CHECK-SAME: (%[[X:.*]]: tensor<10x8xf32, #tiny.device<"CPU">>, %[[Y:.*]]: tensor<1x1x3xf32
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[X]] [3, 1] to [5, 4]
// CHECK-NEXT: %[[P:.*]] = tiny.pad %[[X]] low [1, 2] high [3, 0]
// CHECK-NEXT: %[[E:.*]] = tiny.expand %[[Y]] to [5, 4, 3]
// CHECK-NEXT: return %[[S]], %[[P]], %[[E]]
func.func @compose_shrink_pad_expand(%x: tensor<10x8xf32, #cpu>, %y: tensor<1x1x3xf32, #cpu>) -> (tensor<2x3xf32, #cpu>, tensor<14x10xf32, #cpu>, tensor<5x4x3xf32, #cpu>) {
  %0 = tiny.shrink %x [2, 0] to [8, 6] : tensor<10x8xf32, #cpu>
  %1 = tiny.shrink %0 [1, 1] to [3, 4] : tensor<6x6xf32, #cpu>
  %2 = tiny.pad %x low [1, 0] high [2, 0] : tensor<10x8xf32, #cpu>
  %3 = tiny.pad %2 low [0, 2] high [1, 0] : tensor<13x8xf32, #cpu>
  %4 = tiny.expand %y to [1, 4, 3] : tensor<1x1x3xf32, #cpu>
  %5 = tiny.expand %4 to [5, 4, 3] : tensor<1x4x3xf32, #cpu>
  return %1, %3, %5 : tensor<2x3xf32, #cpu>, tensor<14x10xf32, #cpu>, tensor<5x4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// flip(flip(x)) flips the axes flipped an odd number of times, and is x
// when there are none.
// CHECK-LABEL: func.func @compose_flips
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32
// CHECK-NEXT: %[[F:.*]] = tiny.flip %[[X]] axes [0, 2]
// CHECK-NEXT: return %[[F]], %[[X]]
func.func @compose_flips(%x: tensor<2x3x4xf32, #cpu>) -> (tensor<2x3x4xf32, #cpu>, tensor<2x3x4xf32, #cpu>) {
  %0 = tiny.flip %x axes [0, 1] : tensor<2x3x4xf32, #cpu>
  %1 = tiny.flip %0 axes [1, 2] : tensor<2x3x4xf32, #cpu>
  %2 = tiny.flip %x axes [1] : tensor<2x3x4xf32, #cpu>
  %3 = tiny.flip %2 axes [1] : tensor<2x3x4xf32, #cpu>
  return %1, %3 : tensor<2x3x4xf32, #cpu>, tensor<2x3x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Movement ops of different kinds do not compose: a permute of a reshape,
// a shrink of a pad, an expand of a reshape and a flip of a permute stay.
// CHECK-LABEL: func.func @no_compose_across_kinds
// CHECK-NEXT: tiny.reshape
// CHECK-NEXT: tiny.permute
// CHECK-NEXT: tiny.pad
// CHECK-NEXT: tiny.shrink
// CHECK-NEXT: tiny.reshape
// CHECK-NEXT: tiny.expand
// CHECK-NEXT: tiny.permute
// CHECK-NEXT: tiny.flip
func.func @no_compose_across_kinds(%x: tensor<2x3xf32, #cpu>) -> (tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<4x2x3xf32, #cpu>, tensor<3x2xf32, #cpu>) {
  %0 = tiny.reshape %x to [3, 2] : tensor<2x3xf32, #cpu>
  %1 = tiny.permute %0 [1, 0] : tensor<3x2xf32, #cpu>
  %2 = tiny.pad %x low [1, 0] high [1, 0] : tensor<2x3xf32, #cpu>
  %3 = tiny.shrink %2 [0, 0] to [2, 3] : tensor<4x3xf32, #cpu>
  %4 = tiny.reshape %x to [1, 2, 3] : tensor<2x3xf32, #cpu>
  %5 = tiny.expand %4 to [4, 2, 3] : tensor<1x2x3xf32, #cpu>
  %6 = tiny.permute %x [1, 0] : tensor<2x3xf32, #cpu>
  %7 = tiny.flip %6 axes [0] : tensor<3x2xf32, #cpu>
  return %1, %3, %5, %7 : tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<4x2x3xf32, #cpu>, tensor<3x2xf32, #cpu>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#pair = #tiny.device<"CPU:1", "CPU:2">
// mselect(mstack(a, b), i) is the i-th value; mselect of a splat is the splat
// on that device; mselect of another value on the tuple stays.
// CHECK-LABEL: func.func @mselect
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32, {{.*}}>, %[[B:.*]]: tensor<3xf32, {{.*}}>, %[[M:.*]]: tensor<3xf32
// CHECK-DAG: %[[C:.*]] = tiny.const dense<2.000000e+00> : tensor<3xf32, #tiny.device<"CPU:2">>
// CHECK-DAG: %[[S:.*]] = tiny.mselect %[[M]][1]
// CHECK: return %[[B]], %[[A]], %[[C]], %[[S]]
func.func @mselect(%a: tensor<3xf32, #d1>, %b: tensor<3xf32, #d2>, %m: tensor<3xf32, #pair>) -> (tensor<3xf32, #d2>, tensor<3xf32, #d1>, tensor<3xf32, #d2>, tensor<3xf32, #d2>) {
  %stack = tiny.mstack %a, %b : tensor<3xf32, #d1>, tensor<3xf32, #d2>
  %0 = tiny.mselect %stack[1] : tensor<3xf32, #pair>
  %1 = tiny.mselect %stack[0] : tensor<3xf32, #pair>
  %c = tiny.const dense<2.0> : tensor<3xf32, #pair>
  %2 = tiny.mselect %c[1] : tensor<3xf32, #pair>
  %3 = tiny.mselect %m[1] : tensor<3xf32, #pair>
  return %0, %1, %2, %3 : tensor<3xf32, #d2>, tensor<3xf32, #d1>, tensor<3xf32, #d2>, tensor<3xf32, #d2>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @gettuple_of_tuple
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}, %[[B:.*]]: tensor<i32
// CHECK-NEXT: return %[[B]], %[[A]]
func.func @gettuple_of_tuple(%a: tensor<4xf32, #cpu>, %b: tensor<i32, #cpu>) -> (tensor<i32, #cpu>, tensor<4xf32, #cpu>) {
  // gettuple(tuple(a, b), 1) -> b
  %t = tiny.tuple %a, %b : tensor<4xf32, #cpu>, tensor<i32, #cpu>
  %0 = tiny.gettuple %t[1] : tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>>
  %1 = tiny.gettuple %t[0] : tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>>
  return %0, %1 : tensor<i32, #cpu>, tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Only a tiny.tuple's elements are known: a tuple argument stays.
// CHECK-LABEL: func.func @gettuple_of_argument
// CHECK-NEXT: tiny.gettuple
func.func @gettuple_of_argument(%t: tuple<tensor<4xf32, #cpu>>) -> tensor<4xf32, #cpu> {
  %0 = tiny.gettuple %t[0] : tuple<tensor<4xf32, #cpu>>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Folders compute on splats only: constants with one value per element stay
// as they are, and so do the ops that read them.
// CHECK-LABEL: func.func @non_splat_constants
// CHECK-DAG: %[[A:.*]] = tiny.const dense<[1, 2]> : tensor<2xi32
// CHECK-DAG: %[[B:.*]] = tiny.const dense<[3, 4]> : tensor<2xi32
// CHECK: %[[S:.*]] = tiny.add %[[A]], %[[B]]
// CHECK: %[[R:.*]] = tiny.reshape %[[A]] to [2, 1]
// CHECK: return %[[S]], %[[R]]
func.func @non_splat_constants() -> (tensor<2xi32, #cpu>, tensor<2x1xi32, #cpu>) {
  %a = tiny.const dense<[1, 2]> : tensor<2xi32, #cpu>
  %b = tiny.const dense<[3, 4]> : tensor<2xi32, #cpu>
  %0 = tiny.add %a, %b : tensor<2xi32, #cpu>
  %1 = tiny.reshape %a to [2, 1] : tensor<2xi32, #cpu>
  return %0, %1 : tensor<2xi32, #cpu>, tensor<2x1xi32, #cpu>
}
