// tiny.bitcast between dtypes of different sizes, which rescales the last
// axis (TinyOps.td: "with a different element size the last axis is rescaled
// and must divide evenly").
//
// Expected values, python3 (little endian):
//   import struct
//   print(list(struct.pack('<ff', 1.0, -2.0)))                     # f32 -> ui8
//   print(list(struct.unpack('<2i', struct.pack('<4h', 1, 0, -1, -1))))  # i16 -> i32
//   print(list(struct.unpack('<4H', struct.pack('<d', 1.0))))      # f64 -> ui16

// RUN: tiny-run %s --entry=f32_to_ui8 -i 1,-2 | FileCheck %s --match-full-lines --check-prefix=F2U8
// RUN: tiny-run %s --entry=i16_to_i32 -i 1,0,65535,65535 | FileCheck %s --match-full-lines --check-prefix=I16I32
// RUN: tiny-run %s --entry=f64_to_ui16 -i 1 | FileCheck %s --match-full-lines --check-prefix=F64U16
// RUN: tiny-run %s --entry=ui8_to_f32 -i 0,0,128,63,0,0,0,192 | FileCheck %s --match-full-lines --check-prefix=U8F32

#cpu = #tiny.device<"CPU">

// 1.0 = 0x3F800000 and -2.0 = 0xC0000000, least significant byte first.
// F2U8: [0, 0, 128, 63, 0, 0, 0, 192] : tensor<8xui8>
tiny.function @f32_to_ui8 -> tensor<8xui8, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %y = tiny.bitcast %x to ui8 : tensor<2xf32, #cpu>
  tiny.return %y : tensor<8xui8, #cpu>
}

// (the i16 values are given as ui16 bit patterns, since tiny-run's -i does
// not take negative integers; 65535 = 0xFFFF)
// [1, 0] -> 0x00000001 = 1; [0xFFFF, 0xFFFF] -> 0xFFFFFFFF = -1.
// I16I32: [1, -1] : tensor<2xi32>
tiny.function @i16_to_i32 -> tensor<2xi32, #cpu> {
  %x = tiny.param 0 : ui16 size 4 on "CPU"
  %y = tiny.bitcast %x to i32 : tensor<4xui16, #cpu>
  tiny.return %y : tensor<2xi32, #cpu>
}

// 1.0 = 0x3FF0000000000000 -> ui16 words, low first: [0, 0, 0, 0x3FF0 = 16368].
// F64U16: [0, 0, 0, 16368] : tensor<4xui16>
tiny.function @f64_to_ui16 -> tensor<4xui16, #cpu> {
  %x = tiny.param 0 : f64 size 1 on "CPU"
  %y = tiny.bitcast %x to ui16 : tensor<1xf64, #cpu>
  tiny.return %y : tensor<4xui16, #cpu>
}

// The reverse of f32_to_ui8, on a 2-D value (the last axis shrinks 4 -> 1):
// struct.unpack('<2f', bytes([0, 0, 128, 63, 0, 0, 0, 192])) == (1.0, -2.0).
// U8F32: {{\[\[1\], \[-2\]\]}} : tensor<2x1xf32>
tiny.function @ui8_to_f32 -> tensor<2x1xf32, #cpu> {
  %x = tiny.param 0 : ui8 size 8 on "CPU"
  %r = tiny.reshape %x to [2, 4] : tensor<8xui8, #cpu>
  %y = tiny.bitcast %r to f32 : tensor<2x4xui8, #cpu>
  tiny.return %y : tensor<2x1xf32, #cpu>
}
