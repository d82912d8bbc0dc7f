// RUN: tiny-opt %s -split-input-file -tiny-decompose | FileCheck %s

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @neg
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32
// CHECK: %[[M1:.*]] = tiny.const dense<-1> : tensor<i32, #tiny.device<"CPU">>
// CHECK: %[[R:.*]] = tiny.mul %[[X]], %[[M1]]
// CHECK: return %[[R]]
func.func @neg(%x: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %0 = tiny.neg %x : tensor<4xi32, #cpu>
  return %0 : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @sub
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK: %[[M1:.*]] = tiny.const dense<-1.000000e+00> : tensor<f32
// CHECK: %[[N:.*]] = tiny.mul %[[B]], %[[M1]]
// CHECK: %[[R:.*]] = tiny.add %[[A]], %[[N]]
// CHECK: return %[[R]]
func.func @sub(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.sub %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Unsigned negation wraps: -1 is the all-ones value.
// CHECK-LABEL: func.func @neg_unsigned
// CHECK: tiny.const dense<255> : tensor<ui8
// CHECK: tiny.mul
func.func @neg_unsigned(%x: tensor<4xui8, #cpu>) -> tensor<4xui8, #cpu> {
  %0 = tiny.neg %x : tensor<4xui8, #cpu>
  return %0 : tensor<4xui8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @fdiv
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK: %[[I:.*]] = tiny.reciprocal %[[B]]
// CHECK: %[[R:.*]] = tiny.mul %[[A]], %[[I]]
// CHECK: return %[[R]]
func.func @fdiv(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.fdiv %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// pow(a, b) is exp2(log2(|a|) * b) with C pow's cases: b's class (zero,
// integral: trunc(b) == b, odd: trunc(b / 2) != b / 2) picks 1, the power,
// its negation or NaN for a negative a (its sign bit: a < 0 or 1/a < 0).
// CHECK-LABEL: func.func @pow
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK-DAG: %[[ZERO:.*]] = tiny.const dense<0.000000e+00>
// CHECK-DAG: %[[ONE:.*]] = tiny.const dense<1.000000e+00>
// CHECK-DAG: %[[HALF:.*]] = tiny.const dense<5.000000e-01>
// CHECK: %[[BELOW:.*]] = tiny.cmplt %[[A]], %[[ZERO]]
// CHECK: %[[NEG:.*]] = tiny.mul %[[A]]
// CHECK: %[[ABS:.*]] = tiny.where %[[BELOW]], %[[NEG]], %[[A]]
// CHECK: %[[L:.*]] = tiny.log2 %[[ABS]]
// CHECK: %[[M:.*]] = tiny.mul %[[L]], %[[B]]
// CHECK: %[[E:.*]] = tiny.exp2 %[[M]]
// CHECK: %[[NOTUNIT:.*]] = tiny.cmpne %[[ABS]], %[[ONE]]
// CHECK: %[[INV:.*]] = tiny.reciprocal %[[A]]
// CHECK: tiny.cmplt %[[INV]], %[[ZERO]]
// CHECK: %[[T:.*]] = tiny.trunc %[[B]]
// CHECK: tiny.cmpne %[[T]], %[[B]]
// CHECK: %[[H:.*]] = tiny.mul %[[B]], %[[HALF]]
// CHECK: %[[HT:.*]] = tiny.trunc %[[H]]
// CHECK: tiny.cmpne %[[HT]], %[[H]]
// CHECK: %[[R:.*]] = tiny.where %{{.*}}, %[[ONE]], %{{.*}}
// CHECK-NEXT: return %[[R]]
func.func @pow(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.pow %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A constant exponent's class is decided here: 3 is an odd integer and not
// zero, so a negative a gives -|a|^3, and no trunc or select on b is left.
// CHECK-LABEL: func.func @pow_odd_constant
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32
// CHECK-NOT: tiny.trunc
// CHECK-DAG: %[[MINUS:.*]] = tiny.const dense<-1.000000e+00>
// CHECK-DAG: %[[ONE:.*]] = tiny.const dense<1.000000e+00>
// CHECK: %[[BELOW:.*]] = tiny.cmplt %[[A]]
// CHECK: tiny.exp2
// CHECK: %[[P:.*]] = tiny.where %{{.*}}, %[[ONE]], %{{.*}}
// CHECK: %[[SIGN:.*]] = tiny.or %[[BELOW]], %{{.*}}
// CHECK-NEXT: %[[NEGP:.*]] = tiny.mul %[[P]], %[[MINUS]]
// CHECK-NEXT: %[[R:.*]] = tiny.where %[[SIGN]], %[[NEGP]], %[[P]]
// CHECK-NEXT: return %[[R]]
func.func @pow_odd_constant(%a: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %c = tiny.const dense<3.0> : tensor<f32, #cpu>
  %0 = tiny.pow %a, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @mulacc
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32{{.*}}>, %[[C:.*]]: tensor<4xf32
// CHECK: %[[M:.*]] = tiny.mul %[[A]], %[[B]]
// CHECK: %[[R:.*]] = tiny.add %[[M]], %[[C]]
// CHECK: return %[[R]]
func.func @mulacc(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>, %c: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %0 = tiny.mulacc %a, %b, %c : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @cmpgt
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK: %[[R:.*]] = tiny.cmplt %[[B]], %[[A]]
// CHECK: return %[[R]]
func.func @cmpgt(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.cmpgt %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// On floats, a >= b is (b < a) or (a == b), so NaN >= x stays false.
// CHECK-LABEL: func.func @cmpge_float
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true>
// CHECK-DAG: %[[GT:.*]] = tiny.cmplt %[[B]], %[[A]]
// CHECK-DAG: %[[NE:.*]] = tiny.cmpne %[[A]], %[[B]]
// CHECK: %[[EQ:.*]] = tiny.cmpne %[[NE]], %[[T]]
// CHECK: %[[R:.*]] = tiny.or %[[GT]], %[[EQ]]
// CHECK: return %[[R]]
func.func @cmpge_float(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.cmpge %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// On integers, a >= b is not(a < b).
// CHECK-LABEL: func.func @cmpge_int
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32{{.*}}>, %[[B:.*]]: tensor<4xi32
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true>
// CHECK-DAG: %[[LT:.*]] = tiny.cmplt %[[A]], %[[B]]
// CHECK: %[[R:.*]] = tiny.cmpne %[[LT]], %[[T]]
// CHECK-NOT: tiny.or
// CHECK: return %[[R]]
func.func @cmpge_int(%a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.cmpge %a, %b : tensor<4xi32, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a <= b is b >= a, then decomposed as cmpge.
// CHECK-LABEL: func.func @cmple
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32{{.*}}>, %[[B:.*]]: tensor<4xi32
// CHECK: %[[LT:.*]] = tiny.cmplt %[[B]], %[[A]]
// CHECK: %[[R:.*]] = tiny.cmpne %[[LT]], %{{.*}}
// CHECK: return %[[R]]
func.func @cmple(%a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.cmple %a, %b : tensor<4xi32, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @cmpeq
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32{{.*}}>, %[[B:.*]]: tensor<4xf32
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true>
// CHECK-DAG: %[[NE:.*]] = tiny.cmpne %[[A]], %[[B]]
// CHECK: %[[R:.*]] = tiny.cmpne %[[NE]], %[[T]]
// CHECK: return %[[R]]
func.func @cmpeq(%a: tensor<4xf32, #cpu>, %b: tensor<4xf32, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.cmpeq %a, %b : tensor<4xf32, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @not
// CHECK-SAME: (%[[X:.*]]: tensor<4xi1
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<i1, #tiny.device<"CPU">>
// CHECK: %[[R:.*]] = tiny.cmpne %[[X]], %[[T]]
// CHECK: return %[[R]]
func.func @not(%x: tensor<4xi1, #cpu>) -> tensor<4xi1, #cpu> {
  %0 = tiny.not %x : tensor<4xi1, #cpu>
  return %0 : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floordiv = cdiv, minus one where the remainder is non-zero and its sign
// differs from the divisor's.
// CHECK-LABEL: func.func @floordiv
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32{{.*}}>, %[[B:.*]]: tensor<4xi32
// CHECK-DAG: %[[M1:.*]] = tiny.const dense<-1> : tensor<i32
// CHECK-DAG: %[[Z:.*]] = tiny.const dense<0> : tensor<i32
// CHECK: %[[Q:.*]] = tiny.cdiv %[[A]], %[[B]]
// CHECK: %[[REM:.*]] = tiny.cmod %[[A]], %[[B]]
// CHECK: %[[NZ:.*]] = tiny.cmpne %[[REM]], %[[Z]]
// CHECK: %[[RN:.*]] = tiny.cmplt %[[REM]], %[[Z]]
// CHECK: %[[BN:.*]] = tiny.cmplt %[[B]], %[[Z]]
// CHECK: %[[DIFF:.*]] = tiny.cmpne %[[RN]], %[[BN]]
// CHECK: %[[STEP:.*]] = tiny.and %[[NZ]], %[[DIFF]]
// CHECK: %[[ADJ:.*]] = tiny.where %[[STEP]], %[[M1]], %[[Z]]
// CHECK: %[[R:.*]] = tiny.add %[[Q]], %[[ADJ]]
// CHECK: return %[[R]]
func.func @floordiv(%a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %0 = tiny.floordiv %a, %b : tensor<4xi32, #cpu>
  return %0 : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floormod = cmod, plus the divisor where floordiv steps.
// CHECK-LABEL: func.func @floormod
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32{{.*}}>, %[[B:.*]]: tensor<4xi32
// CHECK: %[[REM:.*]] = tiny.cmod %[[A]], %[[B]]
// CHECK: %[[STEP:.*]] = tiny.and
// CHECK: %[[ADJ:.*]] = tiny.where %[[STEP]], %[[B]], %{{.*}}
// CHECK: %[[R:.*]] = tiny.add %[[REM]], %[[ADJ]]
// CHECK: return %[[R]]
func.func @floormod(%a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %0 = tiny.floormod %a, %b : tensor<4xi32, #cpu>
  return %0 : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Unsigned operands never have a remainder whose sign differs: plain C forms.
// CHECK-LABEL: func.func @floor_unsigned
// CHECK-SAME: (%[[A:.*]]: tensor<4xui8{{.*}}>, %[[B:.*]]: tensor<4xui8
// CHECK: %[[Q:.*]] = tiny.cdiv %[[A]], %[[B]]
// CHECK: %[[M:.*]] = tiny.cmod %[[A]], %[[B]]
// CHECK-NOT: tiny.where
// CHECK: return %[[Q]], %[[M]]
func.func @floor_unsigned(%a: tensor<4xui8, #cpu>, %b: tensor<4xui8, #cpu>) -> (tensor<4xui8, #cpu>, tensor<4xui8, #cpu>) {
  %0 = tiny.floordiv %a, %b : tensor<4xui8, #cpu>
  %1 = tiny.floormod %a, %b : tensor<4xui8, #cpu>
  return %0, %1 : tensor<4xui8, #cpu>, tensor<4xui8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Primitives are left alone.
// CHECK-LABEL: func.func @primitives
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.cmplt
// CHECK-NEXT: tiny.cmpne
// CHECK-NEXT: tiny.cdiv
// CHECK-NEXT: return
func.func @primitives(%a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> (tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi32, #cpu>) {
  %0 = tiny.add %a, %b : tensor<4xi32, #cpu>
  %1 = tiny.cmplt %a, %b : tensor<4xi32, #cpu>
  %2 = tiny.cmpne %a, %b : tensor<4xi32, #cpu>
  %3 = tiny.cdiv %a, %b : tensor<4xi32, #cpu>
  return %0, %1, %2, %3 : tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi32, #cpu>
}
