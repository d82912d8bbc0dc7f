// tiny-run's -i parser and negative integers.
//
// Regression test for a fixed bug: parseElement in jit/HostTensor.cpp parses integers with
// StringRef::getAsInteger(10, APInt&), which accepts no sign, so any negative
// integer input fails with "'-1' is not an integer" (tiny-run exits 1). The
// range check after it (getSignificantBits() <= width) is written for signed
// values, so the intent is clearly to accept them. Expected: the values pass
// through unchanged.

// RUN: tiny-run %s --entry=id_i32 -i -1,-128,2147483647,-2147483648 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=id_i8 -i -128,-1,127 | FileCheck %s --match-full-lines --check-prefix=I8
// RUN: tiny-run %s --entry=id_i64 -i -9223372036854775808,-5 | FileCheck %s --match-full-lines --check-prefix=I64

#cpu = #tiny.device<"CPU">

// I32: [-1, -128, 2147483647, -2147483648] : tensor<4xi32>
tiny.function @id_i32 -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  tiny.return %x : tensor<4xi32, #cpu>
}

// I8: [-128, -1, 127] : tensor<3xi8>
tiny.function @id_i8 -> tensor<3xi8, #cpu> {
  %x = tiny.param 0 : i8 size 3 on "CPU"
  tiny.return %x : tensor<3xi8, #cpu>
}

// I64: [-9223372036854775808, -5] : tensor<2xi64>
tiny.function @id_i64 -> tensor<2xi64, #cpu> {
  %x = tiny.param 0 : i64 size 2 on "CPU"
  tiny.return %x : tensor<2xi64, #cpu>
}
