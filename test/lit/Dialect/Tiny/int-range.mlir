// RUN: tiny-opt %s -split-input-file -int-range-optimizations | FileCheck %s

// Integer value ranges (InferIntRangeInterface on tensor-level tiny ops) as
// seen through upstream -int-range-optimizations: a comparison whose operand
// ranges decide it becomes a tiny.const, and a where on a decided condition
// folds to its branch. Next to each rule is a case where it must not fire.

#cpu = #tiny.device<"CPU">
// cast(ui8 -> i32) is in [0, 255]: cmplt(x, 256) -> true
// CHECK-LABEL: func.func @cast_ui8_lt_256
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @cast_ui8_lt_256(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %c = tiny.const dense<256> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %e, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// 255 is in [0, 255]: cmplt(x, 255) stays
// CHECK-LABEL: func.func @cast_ui8_lt_255
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cast_ui8_lt_255(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %c = tiny.const dense<255> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %e, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// cast(i8 -> i32) sign-extends to [-128, 127]: cmpge(x, -128) -> true
// CHECK-LABEL: func.func @cast_i8_ge_min
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @cast_i8_ge_min(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %c = tiny.const dense<-128> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %e, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a signed source may be negative: cmplt(cast(i8 -> i32), 0) stays
// CHECK-LABEL: func.func @cast_i8_lt_zero
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cast_i8_lt_zero(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %e, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// same width keeps the bits: cast(ui8 -> i8) is [-128, 127], cmplt(x, 0) stays
// CHECK-LABEL: func.func @cast_ui8_to_i8_same_width
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cast_ui8_to_i8_same_width(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i8 : tensor<4xui8, #cpu>
  %c = tiny.const dense<0> : tensor<4xi8, #cpu>
  %r = tiny.cmplt %e, %c : tensor<4xi8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// truncation of [0, 15] to i8 keeps [0, 15]: cmplt(x, 16) -> true
// CHECK-LABEL: func.func @cast_trunc
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @cast_trunc(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %m = tiny.const dense<16> : tensor<4xi32, #cpu>
  %r0 = tiny.cmod %e, %m : tensor<4xi32, #cpu>
  %t = tiny.cast %r0 to i8 : tensor<4xi32, #cpu>
  %c = tiny.const dense<16> : tensor<4xi8, #cpu>
  %r = tiny.cmplt %t, %c : tensor<4xi8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// truncation of [0, 255] to i8 wraps to [-128, 127]: cmplt(x, 0) stays
// CHECK-LABEL: func.func @cast_trunc_wraps
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cast_trunc_wraps(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %t = tiny.cast %e to i8 : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi8, #cpu>
  %r = tiny.cmplt %t, %c : tensor<4xi8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// cast(x, bool) is x != 0: [1, 256] -> true
// CHECK-LABEL: func.func @cast_to_bool
// CHECK-NOT: tiny.cast
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cast
// CHECK: return %[[C]] :
func.func @cast_to_bool(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %one = tiny.const dense<1> : tensor<4xi32, #cpu>
  %a = tiny.add %e, %one : tensor<4xi32, #cpu>
  %r = tiny.cast %a to i1 : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] may be 0: cast(x, bool) stays
// CHECK-LABEL: func.func @cast_to_bool_unknown
// CHECK: %[[R:.*]] = tiny.cast %{{.*}} to i1
// CHECK: return %[[R]] :
func.func @cast_to_bool_unknown(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %r = tiny.cast %e to i1 : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// bool -> i8 zero-extends to [0, 1]: cmpge(x, 0) -> true
// CHECK-LABEL: func.func @cast_bool_zero_extends
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @cast_bool_zero_extends(%b: tensor<4xi1, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %b to i8 : tensor<4xi1, #cpu>
  %c = tiny.const dense<0> : tensor<4xi8, #cpu>
  %r = tiny.cmpge %e, %c : tensor<4xi8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a float source has no range: cast(f32 -> i32) is the full range
// CHECK-LABEL: func.func @cast_float
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cast_float(%x: tensor<4xf32, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xf32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %e, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] + [0, 255] = [0, 510]: cmplt(x, 511) -> true
// CHECK-LABEL: func.func @add
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @add(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %s = tiny.add %a, %b : tensor<4xi32, #cpu>
  %c = tiny.const dense<511> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// 510 is reachable: cmplt(x + y, 510) stays
// CHECK-LABEL: func.func @add_overlap
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @add_overlap(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %s = tiny.add %a, %b : tensor<4xi32, #cpu>
  %c = tiny.const dense<510> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// ui8 [0, 99] + 1 = [1, 100]: cmpne(x, 0) -> true
// CHECK-LABEL: func.func @add_ui8_bounded
// CHECK-NOT: tiny.cmpne
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpne
// CHECK: return %[[C]] :
func.func @add_ui8_bounded(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %m = tiny.const dense<100> : tensor<4xui8, #cpu>
  %a = tiny.cmod %x, %m : tensor<4xui8, #cpu>
  %one = tiny.const dense<1> : tensor<4xui8, #cpu>
  %s = tiny.add %a, %one : tensor<4xui8, #cpu>
  %z = tiny.const dense<0> : tensor<4xui8, #cpu>
  %r = tiny.cmpne %s, %z : tensor<4xui8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// ui8 [0, 199] + 100 wraps past 255: cmplt(s, 100) stays
// CHECK-LABEL: func.func @add_ui8_wraps
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @add_ui8_wraps(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %m = tiny.const dense<200> : tensor<4xui8, #cpu>
  %a = tiny.cmod %x, %m : tensor<4xui8, #cpu>
  %k = tiny.const dense<100> : tensor<4xui8, #cpu>
  %s = tiny.add %a, %k : tensor<4xui8, #cpu>
  %r = tiny.cmplt %s, %k : tensor<4xui8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] + INT_MAX overflows the signed view: cmplt(s, 0) stays
// CHECK-LABEL: func.func @add_i32_wraps
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @add_i32_wraps(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %big = tiny.const dense<2147483647> : tensor<4xi32, #cpu>
  %s = tiny.add %a, %big : tensor<4xi32, #cpu>
  %z = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %s, %z : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] - [0, 255] = [-255, 255]: cmpgt(x, -256) -> true
// CHECK-LABEL: func.func @sub
// CHECK-NOT: tiny.cmpgt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpgt
// CHECK: return %[[C]] :
func.func @sub(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %s = tiny.sub %a, %b : tensor<4xi32, #cpu>
  %c = tiny.const dense<-256> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// the difference may be negative: cmpge(x - y, 0) stays
// CHECK-LABEL: func.func @sub_overlap
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @sub_overlap(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %s = tiny.sub %a, %b : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] * 4 = [0, 1020]: cmplt(x, 1021) -> true
// CHECK-LABEL: func.func @mul
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @mul(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<4> : tensor<4xi32, #cpu>
  %m = tiny.mul %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<1021> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] * 2^24 overflows i32: cmpge(x, 0) stays
// CHECK-LABEL: func.func @mul_wraps
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @mul_wraps(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<16777216> : tensor<4xi32, #cpu>
  %m = tiny.mul %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// neg([0, 255]) = [-255, 0]: cmple(x, 0) -> true
// CHECK-LABEL: func.func @neg
// CHECK-NOT: tiny.cmple
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmple
// CHECK: return %[[C]] :
func.func @neg(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %n = tiny.neg %a : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmple %n, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// neg of the full i32 range is the full range: cmple(neg(x), 0) stays
// CHECK-LABEL: func.func @neg_full
// CHECK: %[[R:.*]] = tiny.cmple
// CHECK: return %[[R]] :
func.func @neg_full(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %n = tiny.neg %x : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmple %n, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// cdiv([-128, 127], 2) = [-64, 63]: cmpgt(x, -65) -> true
// CHECK-LABEL: func.func @cdiv
// CHECK-NOT: tiny.cmpgt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpgt
// CHECK: return %[[C]] :
func.func @cdiv(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<2> : tensor<4xi32, #cpu>
  %d = tiny.cdiv %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<-65> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %d, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// unsigned cdiv(ui8, 16) = [0, 15]: cmplt(x, 16) -> true
// CHECK-LABEL: func.func @cdiv_ui8
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @cdiv_ui8(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<16> : tensor<4xui8, #cpu>
  %d = tiny.cdiv %x, %k : tensor<4xui8, #cpu>
  %c = tiny.const dense<16> : tensor<4xui8, #cpu>
  %r = tiny.cmplt %d, %c : tensor<4xui8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a divisor that may be 0 bounds nothing: cmplt(x / y, 256) stays
// CHECK-LABEL: func.func @cdiv_by_range_with_zero
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cdiv_by_range_with_zero(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %d = tiny.cdiv %a, %b : tensor<4xi32, #cpu>
  %c = tiny.const dense<256> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %d, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// cmod takes the dividend's sign: cmod([-128, 127], 10) = [-9, 9], cmpgt(x, -10) -> true
// CHECK-LABEL: func.func @cmod
// CHECK-NOT: tiny.cmpgt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpgt
// CHECK: return %[[C]] :
func.func @cmod(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<10> : tensor<4xi32, #cpu>
  %m = tiny.cmod %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<-10> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// cmod of a signed dividend may be negative: cmpge(x, 0) stays
// CHECK-LABEL: func.func @cmod_negative
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @cmod_negative(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<10> : tensor<4xi32, #cpu>
  %m = tiny.cmod %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floordiv([-128, 127], 16) = [-8, 7]: cmpge(x, -8) -> true
// CHECK-LABEL: func.func @floordiv
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @floordiv(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<16> : tensor<4xi32, #cpu>
  %d = tiny.floordiv %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<-8> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %d, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// -8 is reachable: cmpgt(floordiv(x, 16), -8) stays
// CHECK-LABEL: func.func @floordiv_overlap
// CHECK: %[[R:.*]] = tiny.cmpgt
// CHECK: return %[[R]] :
func.func @floordiv_overlap(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<16> : tensor<4xi32, #cpu>
  %d = tiny.floordiv %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<-8> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %d, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floormod takes the divisor's sign: floormod([-128, 127], 10) = [0, 9], cmpge(x, 0) -> true
// CHECK-LABEL: func.func @floormod
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @floormod(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %k = tiny.const dense<10> : tensor<4xi32, #cpu>
  %m = tiny.floormod %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floormod(x, -10) = [-9, 0]: cmple(x, 0) -> true
// CHECK-LABEL: func.func @floormod_negative_divisor
// CHECK-NOT: tiny.cmple
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmple
// CHECK: return %[[C]] :
func.func @floormod_negative_divisor(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<-10> : tensor<4xi32, #cpu>
  %m = tiny.floormod %x, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmple %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [8, 11] lies in one period of 16: floormod(x, 16) = [8, 11], cmpge(x, 8) -> true
// CHECK-LABEL: func.func @floormod_one_period
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @floormod_one_period(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %four = tiny.const dense<4> : tensor<4xi32, #cpu>
  %m0 = tiny.cmod %a, %four : tensor<4xi32, #cpu>
  %eight = tiny.const dense<8> : tensor<4xi32, #cpu>
  %s = tiny.add %m0, %eight : tensor<4xi32, #cpu>
  %k = tiny.const dense<16> : tensor<4xi32, #cpu>
  %m = tiny.floormod %s, %k : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %eight : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a divisor that may be 0 bounds nothing: cmpge(floormod(x, y), 0) stays
// CHECK-LABEL: func.func @floormod_by_range_with_zero
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @floormod_by_range_with_zero(%x: tensor<4xi32, #cpu>, %y: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %m = tiny.floormod %x, %y : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// max([-128, 127], 0) = [0, 127]: cmpge(x, 0) -> true
// CHECK-LABEL: func.func @max
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @max(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xi8, #cpu>
  %z = tiny.const dense<0> : tensor<4xi32, #cpu>
  %m = tiny.max %a, %z : tensor<4xi32, #cpu>
  %r = tiny.cmpge %m, %z : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// signed max(x, -1) is [-1, 127], not the unsigned 255: the max stays, cmpge(m, -1) -> true
// CHECK-LABEL: func.func @max_signed
// CHECK-DAG: %[[M:.*]] = tiny.max
// CHECK-DAG: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK: return %[[C]], %[[M]] :
func.func @max_signed(%x: tensor<4xi8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi8, #cpu>) {
  %k = tiny.const dense<-1> : tensor<4xi8, #cpu>
  %m = tiny.max %x, %k : tensor<4xi8, #cpu>
  %r = tiny.cmpge %m, %k : tensor<4xi8, #cpu>
  return %r, %m : tensor<4xi1, #cpu>, tensor<4xi8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// unsigned max(x, 200) = [200, 255]: cmpge(x, 200) -> true
// CHECK-LABEL: func.func @max_unsigned
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @max_unsigned(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<200> : tensor<4xui8, #cpu>
  %m = tiny.max %x, %k : tensor<4xui8, #cpu>
  %r = tiny.cmpge %m, %k : tensor<4xui8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// and(x, 7) = [0, 7]: cmplt(x, 8) -> true
// CHECK-LABEL: func.func @and
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @and(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<7> : tensor<4xi32, #cpu>
  %a = tiny.and %x, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<8> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %a, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// and(x, -8) keeps the sign: cmplt(x, 8) stays
// CHECK-LABEL: func.func @and_not_mask
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @and_not_mask(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<-8> : tensor<4xi32, #cpu>
  %a = tiny.and %x, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<8> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %a, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// or([0, 255], 256) = [256, 511]: cmpge(x, 256) -> true
// CHECK-LABEL: func.func @or
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @or(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<256> : tensor<4xi32, #cpu>
  %o = tiny.or %a, %k : tensor<4xi32, #cpu>
  %r = tiny.cmpge %o, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// or(b, true) -> true
// CHECK-LABEL: func.func @or_bool_true
// CHECK-NOT: tiny.or
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.or
// CHECK: return %[[C]] :
func.func @or_bool_true(%b: tensor<4xi1, #cpu>) -> tensor<4xi1, #cpu> {
  %t = tiny.const dense<true> : tensor<4xi1, #cpu>
  %r = tiny.or %b, %t : tensor<4xi1, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// xor([0, 255], 255) = [0, 255]: cmplt(x, 256) -> true
// CHECK-LABEL: func.func @xor
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @xor(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<255> : tensor<4xi32, #cpu>
  %o = tiny.xor %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<256> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %o, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// shl([0, 255], 4) = [0, 4080]: cmplt(x, 4081) -> true
// CHECK-LABEL: func.func @shl
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @shl(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<4> : tensor<4xi32, #cpu>
  %s = tiny.shl %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<4081> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// shl([0, 255], 24) overflows the signed view: cmpge(x, 0) stays
// CHECK-LABEL: func.func @shl_wraps
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @shl_wraps(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<24> : tensor<4xi32, #cpu>
  %s = tiny.shl %a, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a shift amount that is not known gives the full range: cmplt(shl(x, y), 4081) stays
// CHECK-LABEL: func.func @shl_unknown_amount
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @shl_unknown_amount(%x: tensor<4xui8, #cpu>, %y: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %s = tiny.shl %a, %y : tensor<4xi32, #cpu>
  %c = tiny.const dense<4081> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// arithmetic shr(i32, 28) = [-8, 7]: cmpge(x, -8) -> true
// CHECK-LABEL: func.func @shr_signed
// CHECK-NOT: tiny.cmpge
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[C]] :
func.func @shr_signed(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<28> : tensor<4xi32, #cpu>
  %s = tiny.shr %x, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<-8> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// arithmetic shr keeps the sign: cmpge(shr(x, 28), 0) stays
// CHECK-LABEL: func.func @shr_signed_may_be_negative
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @shr_signed_may_be_negative(%x: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<28> : tensor<4xi32, #cpu>
  %s = tiny.shr %x, %k : tensor<4xi32, #cpu>
  %c = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %s, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// logical shr(ui32, 28) = [0, 15]: cmplt(x, 16) -> true
// CHECK-LABEL: func.func @shr_unsigned
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @shr_unsigned(%x: tensor<4xui32, #cpu>) -> tensor<4xi1, #cpu> {
  %k = tiny.const dense<28> : tensor<4xui32, #cpu>
  %s = tiny.shr %x, %k : tensor<4xui32, #cpu>
  %c = tiny.const dense<16> : tensor<4xui32, #cpu>
  %r = tiny.cmplt %s, %c : tensor<4xui32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// -1 is outside [0, 255]: cmpeq(x, -1) -> false
// CHECK-LABEL: func.func @cmpeq_out_of_range
// CHECK-NOT: tiny.cmpeq
// CHECK: %[[C:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK-NOT: tiny.cmpeq
// CHECK: return %[[C]] :
func.func @cmpeq_out_of_range(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<-1> : tensor<4xi32, #cpu>
  %r = tiny.cmpeq %a, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// -1 is outside [0, 255]: cmpne(x, -1) -> true
// CHECK-LABEL: func.func @cmpne_out_of_range
// CHECK-NOT: tiny.cmpne
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmpne
// CHECK: return %[[C]] :
func.func @cmpne_out_of_range(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<-1> : tensor<4xi32, #cpu>
  %r = tiny.cmpne %a, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] > 255 never holds: cmpgt(x, 255) -> false
// CHECK-LABEL: func.func @cmpgt_false
// CHECK-NOT: tiny.cmpgt
// CHECK: %[[C:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK-NOT: tiny.cmpgt
// CHECK: return %[[C]] :
func.func @cmpgt_false(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<255> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %a, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// [0, 255] <= 255 always holds: cmple(x, 255) -> true
// CHECK-LABEL: func.func @cmple_true
// CHECK-NOT: tiny.cmple
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmple
// CHECK: return %[[C]] :
func.func @cmple_true(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<255> : tensor<4xi32, #cpu>
  %r = tiny.cmple %a, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// an unsigned value is never below 0: cmplt(x: ui8, 0) -> false
// CHECK-LABEL: func.func @cmplt_unsigned
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @cmplt_unsigned(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %z = tiny.const dense<0> : tensor<4xui8, #cpu>
  %r = tiny.cmplt %x, %z : tensor<4xui8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a signed value may be below 0: cmplt(x: i8, 0) stays
// CHECK-LABEL: func.func @cmplt_signed
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cmplt_signed(%x: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %z = tiny.const dense<0> : tensor<4xi8, #cpu>
  %r = tiny.cmplt %x, %z : tensor<4xi8, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// bools compare as 0 < 1: cmplt(b, false) -> false
// CHECK-LABEL: func.func @cmplt_bool
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<false> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @cmplt_bool(%b: tensor<4xi1, #cpu>) -> tensor<4xi1, #cpu> {
  %f = tiny.const dense<false> : tensor<4xi1, #cpu>
  %r = tiny.cmplt %b, %f : tensor<4xi1, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floats have no range: cmplt(x, y) on f32 stays
// CHECK-LABEL: func.func @cmplt_float
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @cmplt_float(%x: tensor<4xf32, #cpu>, %y: tensor<4xf32, #cpu>) -> tensor<4xi1, #cpu> {
  %r = tiny.cmplt %x, %y : tensor<4xf32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// where(c, [0, 255], [0, 127]) = [0, 255]: cmplt(w, 256) -> true
// CHECK-LABEL: func.func @where_union
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @where_union(%c: tensor<4xi1, #cpu>, %x: tensor<4xui8, #cpu>, %y: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b0 = tiny.cast %y to i32 : tensor<4xi8, #cpu>
  %z = tiny.const dense<0> : tensor<4xi32, #cpu>
  %b = tiny.max %b0, %z : tensor<4xi32, #cpu>
  %w = tiny.where %c, %a, %b : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %k = tiny.const dense<256> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %w, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// where(c, [0, 255], [-128, 127]) may be negative: cmpge(w, 0) stays
// CHECK-LABEL: func.func @where_union_overlap
// CHECK: %[[R:.*]] = tiny.cmpge
// CHECK: return %[[R]] :
func.func @where_union_overlap(%c: tensor<4xi1, #cpu>, %x: tensor<4xui8, #cpu>, %y: tensor<4xi8, #cpu>) -> tensor<4xi1, #cpu> {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xi8, #cpu>
  %w = tiny.where %c, %a, %b : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %k = tiny.const dense<0> : tensor<4xi32, #cpu>
  %r = tiny.cmpge %w, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// a decided condition picks one branch: where(cmplt([0, 255], 256), a, b) -> a
// CHECK-LABEL: func.func @where_decided
// CHECK-NOT: tiny.where
// CHECK: return %arg1 :
func.func @where_decided(%x: tensor<4xui8, #cpu>, %a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<256> : tensor<4xi32, #cpu>
  %c = tiny.cmplt %e, %k : tensor<4xi32, #cpu>
  %r = tiny.where %c, %a, %b : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  return %r : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// with a decided condition only the chosen branch's range counts: cmplt(where(true, [0, 255], y), 256) -> true
// CHECK-LABEL: func.func @where_decided_range
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[C]] :
func.func @where_decided_range(%x: tensor<4xui8, #cpu>, %y: tensor<4xi32, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<256> : tensor<4xi32, #cpu>
  %c = tiny.cmplt %e, %k : tensor<4xi32, #cpu>
  %w = tiny.where %c, %e, %y : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %r = tiny.cmplt %w, %k : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// an undecided condition keeps the where
// CHECK-LABEL: func.func @where_undecided
// CHECK: %[[R:.*]] = tiny.where
// CHECK: return %[[R]] :
func.func @where_undecided(%x: tensor<4xui8, #cpu>, %a: tensor<4xi32, #cpu>, %b: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %k = tiny.const dense<255> : tensor<4xi32, #cpu>
  %c = tiny.cmplt %e, %k : tensor<4xi32, #cpu>
  %r = tiny.where %c, %a, %b : tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  return %r : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Views hold only their source's elements: each view of [0, 255] is below 256.
// CHECK-LABEL: func.func @views
// CHECK-NOT: tiny.cmplt
// CHECK-DAG: %[[A:.*]] = tiny.const dense<true> : tensor<3x2xi1
// CHECK-DAG: %[[C:.*]] = tiny.const dense<true> : tensor<4x2x3xi1
// CHECK-DAG: %[[D:.*]] = tiny.const dense<true> : tensor<1x3xi1
// CHECK-DAG: %[[E:.*]] = tiny.const dense<true> : tensor<2x3xi1
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[A]], %[[A]], %[[C]], %[[D]], %[[E]] :
func.func @views(%x: tensor<2x3xui8, #cpu>) -> (tensor<3x2xi1, #cpu>, tensor<3x2xi1, #cpu>, tensor<4x2x3xi1, #cpu>, tensor<1x3xi1, #cpu>, tensor<2x3xi1, #cpu>) {
  %e = tiny.cast %x to i32 : tensor<2x3xui8, #cpu>
  %c = tiny.const dense<256> : tensor<i32, #cpu>
  %0 = tiny.reshape %e to [3, 2] : tensor<2x3xi32, #cpu>
  %1 = tiny.permute %e [1, 0] : tensor<2x3xi32, #cpu>
  %r2 = tiny.reshape %e to [1, 2, 3] : tensor<2x3xi32, #cpu>
  %2 = tiny.expand %r2 to [4, 2, 3] : tensor<1x2x3xi32, #cpu>
  %3 = tiny.shrink %e [1, 0] to [2, 3] : tensor<2x3xi32, #cpu>
  %4 = tiny.flip %e axes [0] : tensor<2x3xi32, #cpu>
  %b0 = tiny.cmplt %0, %c : tensor<3x2xi32, #cpu>, tensor<i32, #cpu>
  %b1 = tiny.cmplt %1, %c : tensor<3x2xi32, #cpu>, tensor<i32, #cpu>
  %b2 = tiny.cmplt %2, %c : tensor<4x2x3xi32, #cpu>, tensor<i32, #cpu>
  %b3 = tiny.cmplt %3, %c : tensor<1x3xi32, #cpu>, tensor<i32, #cpu>
  %b4 = tiny.cmplt %4, %c : tensor<2x3xi32, #cpu>, tensor<i32, #cpu>
  return %b0, %b1, %b2, %b3, %b4 : tensor<3x2xi1, #cpu>, tensor<3x2xi1, #cpu>, tensor<4x2x3xi1, #cpu>, tensor<1x3xi1, #cpu>, tensor<2x3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// pad adds zeros: pad([1, 256]) = [0, 256], so cmpne(p, 0) stays while
// cmplt(p, 257) -> true.
// CHECK-LABEL: func.func @pad
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<5xi1
// CHECK-DAG: %[[NE:.*]] = tiny.cmpne
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[NE]], %[[T]] :
func.func @pad(%x: tensor<4xui8, #cpu>) -> (tensor<5xi1, #cpu>, tensor<5xi1, #cpu>) {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %one = tiny.const dense<1> : tensor<4xi32, #cpu>
  %a = tiny.add %e, %one : tensor<4xi32, #cpu>
  %p = tiny.pad %a low [1] high [0] : tensor<4xi32, #cpu>
  %z = tiny.const dense<0> : tensor<5xi32, #cpu>
  %k = tiny.const dense<257> : tensor<5xi32, #cpu>
  %ne = tiny.cmpne %p, %z : tensor<5xi32, #cpu>
  %lt = tiny.cmplt %p, %k : tensor<5xi32, #cpu>
  return %ne, %lt : tensor<5xi1, #cpu>, tensor<5xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Without padding the same value is never 0: cmpne(x + 1, 0) -> true.
// CHECK-LABEL: func.func @pad_none
// CHECK-NOT: tiny.cmpne
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK: return %[[T]] :
func.func @pad_none(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %one = tiny.const dense<1> : tensor<4xi32, #cpu>
  %a = tiny.add %e, %one : tensor<4xi32, #cpu>
  %p = tiny.pad %a low [0] high [0] : tensor<4xi32, #cpu>
  %z = tiny.const dense<0> : tensor<4xi32, #cpu>
  %ne = tiny.cmpne %p, %z : tensor<4xi32, #cpu>
  return %ne : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A gather whose ui8 indices stay inside the 256 rows reads only the table:
// table [1, 256], so cmpne(g, 0) -> true.
// CHECK-LABEL: func.func @index_in_bounds
// CHECK-NOT: tiny.cmpne
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<3xi1
// CHECK: return %[[T]] :
func.func @index_in_bounds(%x: tensor<256xui8, #cpu>, %i: tensor<3xui8, #cpu>) -> tensor<3xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<256xui8, #cpu>
  %one = tiny.const dense<1> : tensor<256xi32, #cpu>
  %t = tiny.add %e, %one : tensor<256xi32, #cpu>
  %g = tiny.index %t[%i] : tensor<256xi32, #cpu>, tensor<3xui8, #cpu>
  %z = tiny.const dense<0> : tensor<3xi32, #cpu>
  %ne = tiny.cmpne %g, %z : tensor<3xi32, #cpu>
  return %ne : tensor<3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// ui8 indices may run past 10 rows and read 0: cmpne(g, 0) stays, the table's
// bound still holds: cmplt(g, 257) -> true.
// CHECK-LABEL: func.func @index_out_of_bounds
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<3x2xi1
// CHECK-DAG: %[[NE:.*]] = tiny.cmpne
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[NE]], %[[T]] :
func.func @index_out_of_bounds(%x: tensor<10x2xui8, #cpu>, %i: tensor<3xui8, #cpu>) -> (tensor<3x2xi1, #cpu>, tensor<3x2xi1, #cpu>) {
  %e = tiny.cast %x to i32 : tensor<10x2xui8, #cpu>
  %one = tiny.const dense<1> : tensor<10x2xi32, #cpu>
  %t = tiny.add %e, %one : tensor<10x2xi32, #cpu>
  %g = tiny.index %t[%i] : tensor<10x2xi32, #cpu>, tensor<3xui8, #cpu>
  %z = tiny.const dense<0> : tensor<3x2xi32, #cpu>
  %k = tiny.const dense<257> : tensor<3x2xi32, #cpu>
  %ne = tiny.cmpne %g, %z : tensor<3x2xi32, #cpu>
  %lt = tiny.cmplt %g, %k : tensor<3x2xi32, #cpu>
  return %ne, %lt : tensor<3x2xi1, #cpu>, tensor<3x2xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A signed index may be negative: cmpne(g, 0) stays.
// CHECK-LABEL: func.func @index_signed
// CHECK: %[[NE:.*]] = tiny.cmpne
// CHECK: return %[[NE]] :
func.func @index_signed(%x: tensor<256xui8, #cpu>, %i: tensor<3xi32, #cpu>) -> tensor<3xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<256xui8, #cpu>
  %one = tiny.const dense<1> : tensor<256xi32, #cpu>
  %t = tiny.add %e, %one : tensor<256xi32, #cpu>
  %g = tiny.index %t[%i] : tensor<256xi32, #cpu>, tensor<3xi32, #cpu>
  %z = tiny.const dense<0> : tensor<3xi32, #cpu>
  %ne = tiny.cmpne %g, %z : tensor<3xi32, #cpu>
  return %ne : tensor<3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// stack joins the ranges: stack([0, 255], [-128, 127]) = [-128, 255], so
// cmpge(s, -128) -> true while cmpge(s, 0) stays.
// CHECK-LABEL: func.func @stack
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<2x4xi1
// CHECK-DAG: %[[GE:.*]] = tiny.cmpge %{{.*}}, %{{.*}} : tensor<2x4xi32
// CHECK-NOT: tiny.cmpge
// CHECK: return %[[T]], %[[GE]] :
func.func @stack(%x: tensor<4xui8, #cpu>, %y: tensor<4xi8, #cpu>) -> (tensor<2x4xi1, #cpu>, tensor<2x4xi1, #cpu>) {
  %a = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %b = tiny.cast %y to i32 : tensor<4xi8, #cpu>
  %s = tiny.stack %a, %b : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %lo = tiny.const dense<-128> : tensor<i32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ge = tiny.cmpge %s, %z : tensor<2x4xi32, #cpu>, tensor<i32, #cpu>
  %ok = tiny.cmpge %s, %lo : tensor<2x4xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %ge : tensor<2x4xi1, #cpu>, tensor<2x4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// reduce add of 4 elements of [0, 255] is [0, 1020]: cmplt(s, 1021) -> true,
// cmplt(s, 1020) stays; reduce max keeps [0, 255]: cmplt(m, 256) -> true.
// CHECK-LABEL: func.func @reduce
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<1x3xi1
// CHECK-DAG: %[[U:.*]] = tiny.const dense<true> : tensor<4x1xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt %{{.*}}, %{{.*}} : tensor<1x3xi32
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[T]], %[[KEEP]], %[[U]] :
func.func @reduce(%x: tensor<4x3xui8, #cpu>) -> (tensor<1x3xi1, #cpu>, tensor<1x3xi1, #cpu>, tensor<4x1xi1, #cpu>) {
  %e = tiny.cast %x to i32 : tensor<4x3xui8, #cpu>
  %s = tiny.reduce add %e axes [0] : tensor<4x3xi32, #cpu>
  %m = tiny.reduce max %e axes [1] : tensor<4x3xi32, #cpu>
  %k1 = tiny.const dense<1021> : tensor<i32, #cpu>
  %k0 = tiny.const dense<1020> : tensor<i32, #cpu>
  %k2 = tiny.const dense<256> : tensor<i32, #cpu>
  %keep = tiny.cmplt %s, %k0 : tensor<1x3xi32, #cpu>, tensor<i32, #cpu>
  %ok = tiny.cmplt %s, %k1 : tensor<1x3xi32, #cpu>, tensor<i32, #cpu>
  %mx = tiny.cmplt %m, %k2 : tensor<4x1xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %keep, %mx : tensor<1x3xi1, #cpu>, tensor<1x3xi1, #cpu>, tensor<4x1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A ui8 sum of two elements of [0, 199] can wrap: cmplt(s, 200) stays, while
// the max of them stays in [0, 199]: cmplt(m, 200) -> true.
// CHECK-LABEL: func.func @reduce_add_wraps
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<1xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt %{{.*}}, %{{.*}} : tensor<1xui8
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[KEEP]], %[[T]] :
func.func @reduce_add_wraps(%x: tensor<2xui8, #cpu>) -> (tensor<1xi1, #cpu>, tensor<1xi1, #cpu>) {
  %k = tiny.const dense<200> : tensor<2xui8, #cpu>
  %r = tiny.cmod %x, %k : tensor<2xui8, #cpu>
  %s = tiny.reduce add %r axes [0] : tensor<2xui8, #cpu>
  %m = tiny.reduce max %r axes [0] : tensor<2xui8, #cpu>
  %c = tiny.const dense<200> : tensor<1xui8, #cpu>
  %keep = tiny.cmplt %s, %c : tensor<1xui8, #cpu>
  %ok = tiny.cmplt %m, %c : tensor<1xui8, #cpu>
  return %keep, %ok : tensor<1xi1, #cpu>, tensor<1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// reduce mul has no rule beyond one element: cmplt(p, 256) stays.
// CHECK-LABEL: func.func @reduce_mul
// CHECK: %[[KEEP:.*]] = tiny.cmplt
// CHECK: return %[[KEEP]] :
func.func @reduce_mul(%x: tensor<2xui8, #cpu>) -> tensor<1xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<2xui8, #cpu>
  %p = tiny.reduce mul %e axes [0] : tensor<2xi32, #cpu>
  %c = tiny.const dense<256> : tensor<1xi32, #cpu>
  %keep = tiny.cmplt %p, %c : tensor<1xi32, #cpu>
  return %keep : tensor<1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA">
// Markers and copies pass the range through.
// CHECK-LABEL: func.func @markers
// CHECK-NOT: tiny.cmplt
// CHECK-DAG: %[[A:.*]] = tiny.const dense<true> : tensor<4xi1, #tiny.device<"CPU">>
// CHECK-DAG: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1, #tiny.device<"CUDA">>
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[A]], %[[A]], %[[C]] :
func.func @markers(%x: tensor<4xui8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #gpu>) {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %0 = tiny.contiguous %e : tensor<4xi32, #cpu>
  %1 = tiny.detach %e : tensor<4xi32, #cpu>
  %2 = tiny.copy %e to "CUDA" : tensor<4xi32, #cpu>
  %c = tiny.const dense<256> : tensor<4xi32, #cpu>
  %g = tiny.const dense<256> : tensor<4xi32, #gpu>
  %b0 = tiny.cmplt %0, %c : tensor<4xi32, #cpu>
  %b1 = tiny.cmplt %1, %c : tensor<4xi32, #cpu>
  %b2 = tiny.cmplt %2, %g : tensor<4xi32, #gpu>
  return %b0, %b1, %b2 : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #gpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A param has the dtype's full range; inside a tiny.function the analysis
// runs as well: cmpgt(cast(ui8 param -> i32), -1) -> true.
// CHECK-LABEL: tiny.function @function_body
// CHECK-NOT: tiny.cmpgt
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK: tiny.return %[[T]] :
tiny.function @function_body -> tensor<4xi1, #cpu> {
  %p = tiny.param 0 : ui8 size 4 on "CPU"
  %e = tiny.cast %p to i32 : tensor<4xui8, #cpu>
  %c = tiny.const dense<-1> : tensor<4xi32, #cpu>
  %r = tiny.cmpgt %e, %c : tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A param alone decides nothing: cmplt(p: i32, 256) stays.
// CHECK-LABEL: tiny.function @param_full_range
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: tiny.return %[[R]] :
tiny.function @param_full_range -> tensor<4xi1, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %c = tiny.const dense<256> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %p, %c : tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Float ops carry no range and are left alone.
// CHECK-LABEL: func.func @floats
// CHECK: tiny.add
// CHECK: tiny.where
// CHECK: tiny.reduce
// CHECK: tiny.max
func.func @floats(%x: tensor<4xf32, #cpu>, %y: tensor<4xf32, #cpu>) -> (tensor<1xf32, #cpu>, tensor<4xf32, #cpu>) {
  %c = tiny.cmplt %x, %y : tensor<4xf32, #cpu>
  %a = tiny.add %x, %y : tensor<4xf32, #cpu>
  %w = tiny.where %c, %a, %x : tensor<4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %s = tiny.reduce add %w axes [0] : tensor<4xf32, #cpu>
  %m = tiny.max %w, %y : tensor<4xf32, #cpu>
  return %s, %m : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
}

//===----------------------------------------------------------------------===//
// Boundaries: each bound of a rule on both sides, where the last value in
// range decides and the first value out of it does not.
//===----------------------------------------------------------------------===//

// -----

#cpu = #tiny.device<"CPU">
// ui8 indices in [0, 9] = cmod(i, 10) reach the last of 10 rows and no
// further: the gather reads only the table [1, 256], cmpne(g, 0) -> true.
// CHECK-LABEL: func.func @index_ui8_last_row
// CHECK-NOT: tiny.cmpne
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<3xi1
// CHECK: return %[[T]] :
func.func @index_ui8_last_row(%x: tensor<10xui8, #cpu>, %i: tensor<3xui8, #cpu>) -> tensor<3xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<10xui8, #cpu>
  %one = tiny.const dense<1> : tensor<i32, #cpu>
  %t = tiny.add %e, %one : tensor<10xi32, #cpu>, tensor<i32, #cpu>
  %ten = tiny.const dense<10> : tensor<ui8, #cpu>
  %j = tiny.cmod %i, %ten : tensor<3xui8, #cpu>, tensor<ui8, #cpu>
  %g = tiny.index %t[%j] : tensor<10xi32, #cpu>, tensor<3xui8, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ne = tiny.cmpne %g, %z : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  return %ne : tensor<3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// ui8 indices in [0, 10] = cmod(i, 11) may be 10, one past the last row, and
// read 0: cmpne(g, 0) stays.
// CHECK-LABEL: func.func @index_ui8_one_past
// CHECK: %[[NE:.*]] = tiny.cmpne
// CHECK: return %[[NE]] :
func.func @index_ui8_one_past(%x: tensor<10xui8, #cpu>, %i: tensor<3xui8, #cpu>) -> tensor<3xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<10xui8, #cpu>
  %one = tiny.const dense<1> : tensor<i32, #cpu>
  %t = tiny.add %e, %one : tensor<10xi32, #cpu>, tensor<i32, #cpu>
  %eleven = tiny.const dense<11> : tensor<ui8, #cpu>
  %j = tiny.cmod %i, %eleven : tensor<3xui8, #cpu>, tensor<ui8, #cpu>
  %g = tiny.index %t[%j] : tensor<10xi32, #cpu>, tensor<3xui8, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ne = tiny.cmpne %g, %z : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  return %ne : tensor<3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Signed indices: [0, 9] is in bounds of 10 rows (cmpne(g, 0) -> true); [0, 10]
// is one past the end and [-1, 8] one before the start (both stay).
// CHECK-LABEL: func.func @index_signed_bounds
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<3xi1
// CHECK-DAG: %[[PAST:.*]] = tiny.cmpne %[[GPAST:.*]], %{{.*}} : tensor<3xi32
// CHECK-DAG: %[[BEFORE:.*]] = tiny.cmpne %[[GBEFORE:.*]], %{{.*}} : tensor<3xi32
// CHECK: return %[[T]], %[[PAST]], %[[BEFORE]] :
func.func @index_signed_bounds(%x: tensor<10xui8, #cpu>, %i: tensor<3xui8, #cpu>) -> (tensor<3xi1, #cpu>, tensor<3xi1, #cpu>, tensor<3xi1, #cpu>) {
  %e = tiny.cast %x to i32 : tensor<10xui8, #cpu>
  %one = tiny.const dense<1> : tensor<i32, #cpu>
  %t = tiny.add %e, %one : tensor<10xi32, #cpu>, tensor<i32, #cpu>
  %w = tiny.cast %i to i32 : tensor<3xui8, #cpu>
  %ten = tiny.const dense<10> : tensor<i32, #cpu>
  %eleven = tiny.const dense<11> : tensor<i32, #cpu>
  %minus1 = tiny.const dense<-1> : tensor<i32, #cpu>
  %last = tiny.cmod %w, %ten : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  %past = tiny.cmod %w, %eleven : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  %before = tiny.add %last, %minus1 : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  %g0 = tiny.index %t[%last] : tensor<10xi32, #cpu>, tensor<3xi32, #cpu>
  %g1 = tiny.index %t[%past] : tensor<10xi32, #cpu>, tensor<3xi32, #cpu>
  %g2 = tiny.index %t[%before] : tensor<10xi32, #cpu>, tensor<3xi32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ne0 = tiny.cmpne %g0, %z : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  %ne1 = tiny.cmpne %g1, %z : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  %ne2 = tiny.cmpne %g2, %z : tensor<3xi32, #cpu>, tensor<i32, #cpu>
  return %ne0, %ne1, %ne2 : tensor<3xi1, #cpu>, tensor<3xi1, #cpu>, tensor<3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floormod(x, 10) is at most 9 for any x: cmplt(m, 10) -> true, while
// cmplt(m, 9) stays (9 is reached).
// CHECK-LABEL: func.func @floormod_upper_bound
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[T]], %[[KEEP]] :
func.func @floormod_upper_bound(%x: tensor<4xi32, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %k = tiny.const dense<10> : tensor<i32, #cpu>
  %m = tiny.floormod %x, %k : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %nine = tiny.const dense<9> : tensor<i32, #cpu>
  %ok = tiny.cmplt %m, %k : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %keep = tiny.cmplt %m, %nine : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %keep : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// floormod(x, -10) is at least -9: cmpgt(m, -10) -> true, cmpgt(m, -9) stays.
// CHECK-LABEL: func.func @floormod_negative_lower_bound
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmpgt
// CHECK-NOT: tiny.cmpgt
// CHECK: return %[[T]], %[[KEEP]] :
func.func @floormod_negative_lower_bound(%x: tensor<4xi32, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %k = tiny.const dense<-10> : tensor<i32, #cpu>
  %m = tiny.floormod %x, %k : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %m9 = tiny.const dense<-9> : tensor<i32, #cpu>
  %ok = tiny.cmpgt %m, %k : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %keep = tiny.cmpgt %m, %m9 : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %keep : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A dividend in [0, 8] below the divisor 10 is its own remainder:
// cmplt(floormod(x, 10), 9) -> true. In [-1, 8] it may be -1, whose
// remainder is 9: cmplt(floormod(x - 1, 10), 9) stays.
// CHECK-LABEL: func.func @floormod_small_dividend
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[T]], %[[KEEP]] :
func.func @floormod_small_dividend(%x: tensor<4xui8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %w = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %nine = tiny.const dense<9> : tensor<i32, #cpu>
  %ten = tiny.const dense<10> : tensor<i32, #cpu>
  %minus1 = tiny.const dense<-1> : tensor<i32, #cpu>
  %a = tiny.cmod %w, %nine : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %b = tiny.add %a, %minus1 : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %ma = tiny.floormod %a, %ten : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %mb = tiny.floormod %b, %ten : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %ok = tiny.cmplt %ma, %nine : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %keep = tiny.cmplt %mb, %nine : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %keep : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// One period of 16: a dividend in [16, 31] (span 15) has remainders [0, 15];
// in [16, 32] (span 16, a whole period) 32 wraps back to 0 next to 16's 0,
// which is no interval [lo, hi] of the two ends: cmpeq(m, 0) stays. A
// constant dividend 5 is one value: cmpeq(floormod(5, 16), 5) -> true.
// CHECK-LABEL: func.func @floormod_period_bounds
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmpeq
// CHECK-NOT: tiny.cmpeq
// CHECK: return %[[KEEP]], %[[T]] :
func.func @floormod_period_bounds(%x: tensor<4xui8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %w = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %sixteen = tiny.const dense<16> : tensor<i32, #cpu>
  %seventeen = tiny.const dense<17> : tensor<i32, #cpu>
  %r = tiny.cmod %w, %seventeen : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %a = tiny.add %r, %sixteen : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %m = tiny.floormod %a, %sixteen : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %keep = tiny.cmpeq %m, %z : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %five = tiny.const dense<5> : tensor<4xi32, #cpu>
  %m5 = tiny.floormod %five, %sixteen : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %ok = tiny.cmpeq %m5, %five : tensor<4xi32, #cpu>
  return %keep, %ok : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A negative divisor's remainder 0: [-20, -11] floormod -10 runs -20 -> 0,
// -19 -> -9, ..., -11 -> -1, so 0 is possible: cmpeq(m, 0) stays.
// CHECK-LABEL: func.func @floormod_negative_divisor_zero_remainder
// CHECK: %[[KEEP:.*]] = tiny.cmpeq
// CHECK: return %[[KEEP]] :
func.func @floormod_negative_divisor_zero_remainder(%x: tensor<4xui8, #cpu>) -> tensor<4xi1, #cpu> {
  %w = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %ten = tiny.const dense<10> : tensor<i32, #cpu>
  %m20 = tiny.const dense<-20> : tensor<i32, #cpu>
  %m10 = tiny.const dense<-10> : tensor<i32, #cpu>
  %r = tiny.cmod %w, %ten : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %a = tiny.add %r, %m20 : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %m = tiny.floormod %a, %m10 : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %keep = tiny.cmpeq %m, %z : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %keep : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Divisors that may be 0 (floormod by 0 is the dividend): in [0, 10],
// cmpge(m, 0) stays; in [-10, 0], cmple(m, 0) stays.
// CHECK-LABEL: func.func @floormod_divisor_touches_zero
// CHECK-DAG: %[[GE:.*]] = tiny.cmpge
// CHECK-DAG: %[[LE:.*]] = tiny.cmple
// CHECK: return %[[GE]], %[[LE]] :
func.func @floormod_divisor_touches_zero(%x: tensor<4xi32, #cpu>, %y: tensor<4xui8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %w = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %eleven = tiny.const dense<11> : tensor<i32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %pos = tiny.cmod %w, %eleven : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %neg = tiny.sub %z, %pos : tensor<i32, #cpu>, tensor<4xi32, #cpu>
  %mp = tiny.floormod %x, %pos : tensor<4xi32, #cpu>
  %mn = tiny.floormod %x, %neg : tensor<4xi32, #cpu>
  %ge = tiny.cmpge %mp, %z : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %le = tiny.cmple %mn, %z : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %ge, %le : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A sum that exactly fits: ui8, two elements of [0, 127] are [0, 254],
// cmplt(s, 255) -> true; of [0, 128] up to 256, which wraps: cmplt(s, 255)
// stays.
// CHECK-LABEL: func.func @reduce_add_unsigned_fits
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<1xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[T]], %[[KEEP]] :
func.func @reduce_add_unsigned_fits(%x: tensor<2xui8, #cpu>) -> (tensor<1xi1, #cpu>, tensor<1xi1, #cpu>) {
  %k128 = tiny.const dense<128> : tensor<ui8, #cpu>
  %k129 = tiny.const dense<129> : tensor<ui8, #cpu>
  %a = tiny.cmod %x, %k128 : tensor<2xui8, #cpu>, tensor<ui8, #cpu>
  %b = tiny.cmod %x, %k129 : tensor<2xui8, #cpu>, tensor<ui8, #cpu>
  %sa = tiny.reduce add %a axes [0] : tensor<2xui8, #cpu>
  %sb = tiny.reduce add %b axes [0] : tensor<2xui8, #cpu>
  %c = tiny.const dense<255> : tensor<ui8, #cpu>
  %ok = tiny.cmplt %sa, %c : tensor<1xui8, #cpu>, tensor<ui8, #cpu>
  %keep = tiny.cmplt %sb, %c : tensor<1xui8, #cpu>, tensor<ui8, #cpu>
  return %ok, %keep : tensor<1xi1, #cpu>, tensor<1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// The signed view: i8, two elements of [-64, 63] (x >> 1) are [-128, 126],
// cmplt(s, 127) -> true; of [-65, 62] down to -130 and of [-63, 64] up to
// 128, both wrap: cmplt(s, 127) stays.
// CHECK-LABEL: func.func @reduce_add_signed_fits
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<1xi1
// CHECK-DAG: %[[LOW:.*]] = tiny.cmplt %[[SLOW:.*]], %{{.*}} : tensor<1xi8
// CHECK-DAG: %[[HIGH:.*]] = tiny.cmplt %[[SHIGH:.*]], %{{.*}} : tensor<1xi8
// CHECK: return %[[T]], %[[LOW]], %[[HIGH]] :
func.func @reduce_add_signed_fits(%x: tensor<2xi8, #cpu>) -> (tensor<1xi1, #cpu>, tensor<1xi1, #cpu>, tensor<1xi1, #cpu>) {
  %one = tiny.const dense<1> : tensor<i8, #cpu>
  %minus1 = tiny.const dense<-1> : tensor<i8, #cpu>
  %h = tiny.shr %x, %one : tensor<2xi8, #cpu>, tensor<i8, #cpu>
  %l = tiny.add %h, %minus1 : tensor<2xi8, #cpu>, tensor<i8, #cpu>
  %u = tiny.add %h, %one : tensor<2xi8, #cpu>, tensor<i8, #cpu>
  %sh = tiny.reduce add %h axes [0] : tensor<2xi8, #cpu>
  %sl = tiny.reduce add %l axes [0] : tensor<2xi8, #cpu>
  %su = tiny.reduce add %u axes [0] : tensor<2xi8, #cpu>
  %c = tiny.const dense<127> : tensor<i8, #cpu>
  %ok = tiny.cmplt %sh, %c : tensor<1xi8, #cpu>, tensor<i8, #cpu>
  %low = tiny.cmplt %sl, %c : tensor<1xi8, #cpu>, tensor<i8, #cpu>
  %high = tiny.cmplt %su, %c : tensor<1xi8, #cpu>, tensor<i8, #cpu>
  return %ok, %low, %high : tensor<1xi1, #cpu>, tensor<1xi1, #cpu>, tensor<1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A reduce over one element is that element, for mul too: [1, 256] stays
// non-zero, cmpne(p, 0) -> true; over two elements mul has no rule and
// cmpne(q, 0) stays. A reduce add over no element is 0: cmpeq(s, 0) -> true.
// CHECK-LABEL: func.func @reduce_counts
// CHECK-DAG: %[[T1:.*]] = tiny.const dense<true> : tensor<1x2xi1
// CHECK-DAG: %[[T3:.*]] = tiny.const dense<true> : tensor<1x3xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmpne %{{.*}}, %{{.*}} : tensor<1x1xi32
// CHECK: return %[[T1]], %[[KEEP]], %[[T3]] :
func.func @reduce_counts(%x: tensor<1x2xui8, #cpu>, %e: tensor<0x3xi32, #cpu>) -> (tensor<1x2xi1, #cpu>, tensor<1x1xi1, #cpu>, tensor<1x3xi1, #cpu>) {
  %w = tiny.cast %x to i32 : tensor<1x2xui8, #cpu>
  %one = tiny.const dense<1> : tensor<i32, #cpu>
  %a = tiny.add %w, %one : tensor<1x2xi32, #cpu>, tensor<i32, #cpu>
  %p = tiny.reduce mul %a axes [0] : tensor<1x2xi32, #cpu>
  %q = tiny.reduce mul %a axes [1] : tensor<1x2xi32, #cpu>
  %s = tiny.reduce add %e axes [0] : tensor<0x3xi32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ne = tiny.cmpne %p, %z : tensor<1x2xi32, #cpu>, tensor<i32, #cpu>
  %keep = tiny.cmpne %q, %z : tensor<1x1xi32, #cpu>, tensor<i32, #cpu>
  %eq = tiny.cmpeq %s, %z : tensor<1x3xi32, #cpu>, tensor<i32, #cpu>
  return %ne, %keep, %eq : tensor<1x2xi1, #cpu>, tensor<1x1xi1, #cpu>, tensor<1x3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Padding only at the high end adds zeros too: cmpne(p, 0) stays.
// CHECK-LABEL: func.func @pad_high
// CHECK: %[[NE:.*]] = tiny.cmpne
// CHECK: return %[[NE]] :
func.func @pad_high(%x: tensor<4xui8, #cpu>) -> tensor<6xi1, #cpu> {
  %e = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %one = tiny.const dense<1> : tensor<i32, #cpu>
  %a = tiny.add %e, %one : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %p = tiny.pad %a low [0] high [2] : tensor<4xi32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %ne = tiny.cmpne %p, %z : tensor<6xi32, #cpu>, tensor<i32, #cpu>
  return %ne : tensor<6xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A dividend in [0, 10] below a divisor in [10, 12] that is no constant: the
// dividend bounds the remainder, [0, 10] (10 mod 11 is 10): cmplt(m, 11) ->
// true, cmplt(m, 10) stays.
// CHECK-LABEL: func.func @floormod_small_dividend_divisor_range
// CHECK-DAG: %[[T:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK-DAG: %[[KEEP:.*]] = tiny.cmplt
// CHECK-NOT: tiny.cmplt
// CHECK: return %[[T]], %[[KEEP]] :
func.func @floormod_small_dividend_divisor_range(%x: tensor<4xui8, #cpu>, %y: tensor<4xui8, #cpu>) -> (tensor<4xi1, #cpu>, tensor<4xi1, #cpu>) {
  %wx = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  %wy = tiny.cast %y to i32 : tensor<4xui8, #cpu>
  %three = tiny.const dense<3> : tensor<i32, #cpu>
  %ten = tiny.const dense<10> : tensor<i32, #cpu>
  %eleven = tiny.const dense<11> : tensor<i32, #cpu>
  %a = tiny.cmod %wx, %eleven : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %r = tiny.cmod %wy, %three : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %d = tiny.add %r, %ten : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %m = tiny.floormod %a, %d : tensor<4xi32, #cpu>
  %ok = tiny.cmplt %m, %eleven : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  %keep = tiny.cmplt %m, %ten : tensor<4xi32, #cpu>, tensor<i32, #cpu>
  return %ok, %keep : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A reduce max over no element is the identity, the dtype's minimum, outside
// the source's [0, 255]: cmpge(r, 0) stays.
// CHECK-LABEL: func.func @reduce_max_empty
// CHECK: %[[KEEP:.*]] = tiny.cmpge
// CHECK: return %[[KEEP]] :
func.func @reduce_max_empty(%x: tensor<0x3xui8, #cpu>) -> tensor<1x3xi1, #cpu> {
  %w = tiny.cast %x to i32 : tensor<0x3xui8, #cpu>
  %m = tiny.reduce max %w axes [0] : tensor<0x3xi32, #cpu>
  %z = tiny.const dense<0> : tensor<i32, #cpu>
  %keep = tiny.cmpge %m, %z : tensor<1x3xi32, #cpu>, tensor<i32, #cpu>
  return %keep : tensor<1x3xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A bool reduce add is an or: of four elements all true it is true, not a
// sum that overflows a bit: cmpeq(r, true) -> true.
// CHECK-LABEL: func.func @reduce_bool_add
// CHECK-NOT: tiny.cmpeq
// CHECK: %[[T:.*]] = tiny.const dense<true> : tensor<1xi1
// CHECK: return %[[T]] :
func.func @reduce_bool_add(%x: tensor<4xi1, #cpu>) -> tensor<1xi1, #cpu> {
  %t = tiny.const dense<true> : tensor<i1, #cpu>
  %a = tiny.or %x, %t : tensor<4xi1, #cpu>, tensor<i1, #cpu>
  %r = tiny.reduce add %a axes [0] : tensor<4xi1, #cpu>
  %e = tiny.cmpeq %r, %t : tensor<1xi1, #cpu>, tensor<i1, #cpu>
  return %e : tensor<1xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A table of values is in [its least, its greatest]: [-3, 7] < 8 -> true
// CHECK-LABEL: func.func @table_lt_8
// CHECK-NOT: tiny.cmplt
// CHECK: %[[C:.*]] = tiny.const dense<true> : tensor<4xi1
// CHECK: return %[[C]] :
func.func @table_lt_8() -> tensor<4xi1, #cpu> {
  %t = tiny.const dense<[5, -3, 7, 0]> : tensor<4xi32, #cpu>
  %c = tiny.const dense<8> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %t, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// 7 is in the table [-3, 7]: cmplt(t, 7) stays
// CHECK-LABEL: func.func @table_lt_7
// CHECK: %[[R:.*]] = tiny.cmplt
// CHECK: return %[[R]] :
func.func @table_lt_7() -> tensor<4xi1, #cpu> {
  %t = tiny.const dense<[5, -3, 7, 0]> : tensor<4xi32, #cpu>
  %c = tiny.const dense<7> : tensor<4xi32, #cpu>
  %r = tiny.cmplt %t, %c : tensor<4xi32, #cpu>
  return %r : tensor<4xi1, #cpu>
}
