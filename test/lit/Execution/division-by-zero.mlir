// Integer division never traps: a zero divisor gives remainder equal to the
// dividend and quotient 0 (so x == (x / y) * y + x % y holds; floordiv gives
// -1 for a negative dividend, as its decomposition into cdiv and cmod
// does: 0 - (cmod != 0 and the signs differ)), and
// signed MIN / -1 gives the wrapped MIN with remainder 0. Hardware traps on
// both (SIGFPE on x86) and C leaves them undefined; a program must not crash
// the process on its data. Other lanes are ordinary divisions.
//
// i32 lanes (x / y): 7/0, -7/0, MIN/-1, MIN/1, -7/2, 7/-2
//   cdiv     0, 0, MIN, MIN, -3, -3         (toward zero)
//   cmod     7, -7, 0, 0, -1, 1             (dividend's sign)
//   floordiv 0, -1, MIN, MIN, -4, -4        (down)
//   floormod 7, -7, 0, 0, 1, -1             (divisor's sign)
// ui8 lanes: 200/0, 200/3: cdiv 0, 66; cmod 200, 2.

// RUN: tiny-run %s --entry=cdiv -i 7,-7,-2147483648,-2147483648,-7,7 -i 0,0,-1,1,2,-2 | FileCheck %s --check-prefix=CDIV
// RUN: tiny-run %s --entry=cmod -i 7,-7,-2147483648,-2147483648,-7,7 -i 0,0,-1,1,2,-2 | FileCheck %s --check-prefix=CMOD
// RUN: tiny-run %s --entry=floordiv -i 7,-7,-2147483648,-2147483648,-7,7 -i 0,0,-1,1,2,-2 | FileCheck %s --check-prefix=FDIV
// RUN: tiny-run %s --entry=floormod -i 7,-7,-2147483648,-2147483648,-7,7 -i 0,0,-1,1,2,-2 | FileCheck %s --check-prefix=FMOD
// RUN: tiny-run %s --entry=unsigned -i 200,200 -i 0,3 | FileCheck %s --check-prefix=U8

// CDIV: [0, 0, -2147483648, -2147483648, -3, -3] : tensor<6xi32>
// CMOD: [7, -7, 0, 0, -1, 1] : tensor<6xi32>
// FDIV: [0, -1, -2147483648, -2147483648, -4, -4] : tensor<6xi32>
// FMOD: [7, -7, 0, 0, 1, -1] : tensor<6xi32>
// U8: [0, 66] : tensor<2xui8>
// U8: [200, 2] : tensor<2xui8>

#cpu = #tiny.device<"CPU">

tiny.function @cdiv -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %y = tiny.param 1 : i32 size 6 on "CPU"
  %q = tiny.cdiv %x, %y : tensor<6xi32, #cpu>
  tiny.return %q : tensor<6xi32, #cpu>
}

tiny.function @cmod -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %y = tiny.param 1 : i32 size 6 on "CPU"
  %r = tiny.cmod %x, %y : tensor<6xi32, #cpu>
  tiny.return %r : tensor<6xi32, #cpu>
}

tiny.function @floordiv -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %y = tiny.param 1 : i32 size 6 on "CPU"
  %q = tiny.floordiv %x, %y : tensor<6xi32, #cpu>
  tiny.return %q : tensor<6xi32, #cpu>
}

tiny.function @floormod -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %y = tiny.param 1 : i32 size 6 on "CPU"
  %r = tiny.floormod %x, %y : tensor<6xi32, #cpu>
  tiny.return %r : tensor<6xi32, #cpu>
}

tiny.function @unsigned -> tuple<tensor<2xui8, #cpu>, tensor<2xui8, #cpu>> {
  %x = tiny.param 0 : ui8 size 2 on "CPU"
  %y = tiny.param 1 : ui8 size 2 on "CPU"
  %q = tiny.cdiv %x, %y : tensor<2xui8, #cpu>
  %r = tiny.cmod %x, %y : tensor<2xui8, #cpu>
  %t = tiny.tuple %q, %r : tensor<2xui8, #cpu>, tensor<2xui8, #cpu>
  tiny.return %t : tuple<tensor<2xui8, #cpu>, tensor<2xui8, #cpu>>
}
