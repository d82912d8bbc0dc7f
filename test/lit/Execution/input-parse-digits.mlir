// tiny-run's -i parser and single-digit 8 and 9 for integer dtypes.
//
// Regression test for a fixed bug: parseElement in jit/HostTensor.cpp reads an integer with
// StringRef::getAsInteger(10, APInt&), which sizes the APInt to the digits
// (4 bits per digit, after skipping leading zeros), and then sign-extends it
// (sextOrTrunc) and checks the fit as if it were signed. "8" (0b1000) and "9"
// (0b1001) come out as the 4-bit values -8 and -7: a signed integer param
// given 8 or 9 receives -8 or -7, and an unsigned one is rejected with
// "'8' is out of range for its dtype". Two or more digits are not affected
// (e.g. 18, 98, 255). Expected: each value passes through unchanged.

// RUN: tiny-run %s --entry=id_i32 -i 7,8,9,18,98,0 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=id_i64 -i 8,9 | FileCheck %s --match-full-lines --check-prefix=I64
// RUN: tiny-run %s --entry=id_ui8 -i 8,9,255 | FileCheck %s --match-full-lines --check-prefix=UI8
// RUN: tiny-run %s --entry=plus_one_i8 -i 8,9,10 | FileCheck %s --match-full-lines --check-prefix=I8

#cpu = #tiny.device<"CPU">

// I32: [7, 8, 9, 18, 98, 0] : tensor<6xi32>
tiny.function @id_i32 -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  tiny.return %x : tensor<6xi32, #cpu>
}

// I64: [8, 9] : tensor<2xi64>
tiny.function @id_i64 -> tensor<2xi64, #cpu> {
  %x = tiny.param 0 : i64 size 2 on "CPU"
  tiny.return %x : tensor<2xi64, #cpu>
}

// UI8: [8, 9, 255] : tensor<3xui8>
tiny.function @id_ui8 -> tensor<3xui8, #cpu> {
  %x = tiny.param 0 : ui8 size 3 on "CPU"
  tiny.return %x : tensor<3xui8, #cpu>
}

// x + 1: [9, 10, 11].
// I8: [9, 10, 11] : tensor<3xi8>
tiny.function @plus_one_i8 -> tensor<3xi8, #cpu> {
  %x = tiny.param 0 : i8 size 3 on "CPU"
  %one = tiny.const dense<1> : tensor<1xi8, #cpu>
  %y = tiny.add %x, %one : tensor<3xi8, #cpu>, tensor<1xi8, #cpu>
  tiny.return %y : tensor<3xi8, #cpu>
}
