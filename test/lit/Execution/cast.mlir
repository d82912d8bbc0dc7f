// Execution of tiny.cast and tiny.bitcast between dtypes.
//
// tiny-run prints a float as the shortest string that reads back to the same
// value (f16 / bf16 values are printed through float), the way C++'s
// std::to_chars does: `show` below reproduces that. Expected values, python3:
//   import struct, math
//   def f32(x):
//       try: return struct.unpack('<f', struct.pack('<f', x))[0]
//       except OverflowError: return math.copysign(math.inf, x)           # beyond FLT_MAX + ulp/2
//   def f16(x): return struct.unpack('<e', struct.pack('<e', x))[0]           # round to nearest even
//   def bf16(x):                                                              # f32 -> bf16, round to nearest even
//       b = struct.unpack('<I', struct.pack('<f', f32(x)))[0]
//       if (b & 0x7f800000) == 0x7f800000 and b & 0x7fffff: return math.nan
//       b = (b + 0x7fff + ((b >> 16) & 1)) >> 16
//       return struct.unpack('<f', struct.pack('<I', b << 16))[0]
//   def show(v, single=True):
//       """std::to_chars(float or double): shortest round-trip string, fixed or scientific, whichever is
//       shorter (fixed on a tie); among equally short strings the one closest to the value."""
//       if math.isnan(v): return "nan" if math.copysign(1, v) > 0 else "-nan"
//       if math.isinf(v): return "inf" if v > 0 else "-inf"
//       rnd = f32 if single else (lambda t: t)
//       for d in range(1, 18):
//           s = '%.*e' % (d - 1, v)
//           if rnd(float(s)) == v: break
//       mant, exp = s.split('e'); exp = int(exp)
//       digits = mant.replace('.', '').replace('-', ''); neg = v < 0 or (v == 0 and math.copysign(1, v) < 0)
//       sci = ('-' if neg else '') + digits[0] + ('.' + digits[1:] if len(digits) > 1 else '') + 'e' + ('+' if exp >= 0 else '-') + '%02d' % abs(exp)
//       # fixed: place the point
//       if exp >= 0:
//           # an integer: of the equally short fixed strings, to_chars picks the one
//           # closest to the value, i.e. the exact integer
//           if len(digits) <= exp + 1: fx = str(int(abs(v)))
//           else: fx = digits[:exp + 1] + '.' + digits[exp + 1:]
//       else:
//           fx = '0.' + '0' * (-exp - 1) + digits
//       fx = ('-' if neg else '') + fx
//       return fx if len(fx) <= len(sci) else sci
//   # (the helpers above)
//   import struct
//   print("f32->i32 trunc:", [int(f32(v)) for v in [2.7, -2.7, 0.5, -0.5, 100.99]])   # int() truncates toward zero
//   print("i32->f32:", [show(f32(v)) for v in [16777217, 16777219, 2147483647, 123]])
//   wrap = lambda v, b: (v + 2**(b-1)) % 2**b - 2**(b-1)
//   print("i32->i8:", [wrap(v, 8) for v in [300, -200, 128, 255, 127]])
//   print("i32->ui8 of x, x - 2:", [v % 256 for v in [300, 128, 255, 1]], [(v - 2) % 256 for v in [300, 128, 255, 1]])
//   print("f32->bool:", [v != 0 for v in [0.0, math.nan, 0.5, -0.0, -3.0]])
//   third = f32(1/3)
//   print("f32->f16->f32:", [show(f16(f32(v))) for v in [third, 65504.0, 1e-8, 2049.0, 2051.0, -1.5]], "65520:", "inf (overflow)")
//   print("f32->bf16->f32:", [show(bf16(v)) for v in [third, 1.00390625, 1.01171875, -2.5, 3.0e38]])
//   print("bitcast f32->i32:", [struct.unpack('<i', struct.pack('<f', v))[0] for v in [1.0, -2.0, 0.0]])
//   print("bitcast i32->f32:", [show(struct.unpack('<f', struct.pack('<i', v))[0]) for v in [1078530011, 1065353216, 1]])
//   print("f32->ui32:", [int(f32(v)) for v in [3e9, 4294967040.0, 1.5]])
//   print("ui32->f32:", [show(f32(v)) for v in [4294967295, 3000000000, 2147483649]])
//   print("ui32->i32:", [wrap(v, 32) for v in [4294967295, 3000000000, 2147483649]])
//   print("ui8->f32:", [show(float(v)) for v in [200, 255, 0]])
//   print("i64->i32:", [wrap(v, 32) for v in [4294967297, 2147483648, 12345678901]])
//   print("f64->f32:", [show(f32(v)) for v in [0.1, 1e39, 1.0000000596046448]])
//   y = [300, 128, 255, 127, 1000]
//   print("i32->i8 of y:", [wrap(v, 8) for v in y], "of y - 500:", [wrap(v - 500, 8) for v in y])
//   print("i8 x - 11 -> i32:", [wrap(v - 11, 8) for v in [10, 11, 127, 0]])
//   print("i32->f16:", [show(f16(v)) for v in [2049, 2051, 7, 70000 - 4500]])
// 65520 -> f16: halfway between 65504 (the largest f16) and 65536, ties to
// even round up to 65536, which overflows: inf (IEEE 754, round to nearest).

// Negative integers are built in the program (x - k), since tiny-run's -i
// parser rejects them (see input-parse-negative.mlir).

// RUN: tiny-run %s --entry=f32_to_i32 -i 2.7,-2.7,0.5,-0.5,100.99 | FileCheck %s --match-full-lines --check-prefix=F2I
// RUN: tiny-run %s --entry=i32_to_f32 -i 16777217,16777219,2147483647,123 | FileCheck %s --match-full-lines --check-prefix=I2F
// RUN: tiny-run %s --entry=i32_to_i8 -i 300,128,255,127,1000 | FileCheck %s --match-full-lines --check-prefix=I2I8
// RUN: tiny-run %s --entry=i32_to_ui8 -i 300,128,255,1 | FileCheck %s --match-full-lines --check-prefix=I2U8
// RUN: tiny-run %s --entry=ui8_to_i32 -i 255,128,0,17 | FileCheck %s --match-full-lines --check-prefix=U82I
// RUN: tiny-run %s --entry=i8_to_i32 -i 10,11,127,0 | FileCheck %s --match-full-lines --check-prefix=I82I
// RUN: tiny-run %s --entry=f32_to_bool -i 0,nan,0.5,-0,-3 | FileCheck %s --match-full-lines --check-prefix=F2B
// RUN: tiny-run %s --entry=bool_to_num -i true,false,1,0 | FileCheck %s --match-full-lines --check-prefix=B2N
// RUN: tiny-run %s --entry=f32_f16_f32 -i 0.3333333333,65504,1e-8,2049,2051,-1.5,65520 | FileCheck %s --match-full-lines --check-prefix=F16
// RUN: tiny-run %s --entry=f32_bf16_f32 -i 0.3333333333,1.00390625,1.01171875,-2.5,3e38 | FileCheck %s --match-full-lines --check-prefix=BF16
// RUN: tiny-run %s --entry=i32_to_f16 -i 2049,2051,7,65500 | FileCheck %s --match-full-lines --check-prefix=I2F16
// RUN: tiny-run %s --entry=bitcast_f32_i32 -i 1,-2,0 | FileCheck %s --match-full-lines --check-prefix=BCF2I
// RUN: tiny-run %s --entry=bitcast_i32_f32 -i 1078530011,1065353216,1 | FileCheck %s --match-full-lines --check-prefix=BCI2F
// RUN: tiny-run %s --entry=f32_to_ui32 -i 3e9,4294967040,1.5 | FileCheck %s --match-full-lines --check-prefix=F2U32
// RUN: tiny-run %s --entry=ui32_casts -i 4294967295,3000000000,2147483649 | FileCheck %s --match-full-lines --check-prefix=U32
// RUN: tiny-run %s --entry=ui8_to_f32 -i 200,255,0 | FileCheck %s --match-full-lines --check-prefix=U82F
// RUN: tiny-run %s --entry=i64_to_i32 -i 4294967297,2147483648,12345678901 | FileCheck %s --match-full-lines --check-prefix=I642I
// RUN: tiny-run %s --entry=f64_to_f32 -i 0.1,1e39,1.0000000596046448 | FileCheck %s --match-full-lines --check-prefix=F642F

#cpu = #tiny.device<"CPU">

// Truncation toward zero.
// F2I: [2, -2, 0, 0, 100] : tensor<5xi32>
tiny.function @f32_to_i32 -> tensor<5xi32, #cpu> {
  %x = tiny.param 0 : f32 size 5 on "CPU"
  %y = tiny.cast %x to i32 : tensor<5xf32, #cpu>
  tiny.return %y : tensor<5xi32, #cpu>
}

// Round to nearest even past 2^24.
// I2F: [16777216, 16777220, 2147483648, 123] : tensor<4xf32>
tiny.function @i32_to_f32 -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %y = tiny.cast %x to f32 : tensor<4xi32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

// Wraparound modulo 2^8, of y and of y - 500 (300 -> 44, -200 -> 56).
// I2I8:      [44, -128, -1, 127, -24] : tensor<5xi8>
// I2I8-NEXT: [56, -116, 11, -117, -12] : tensor<5xi8>
tiny.function @i32_to_i8 -> tuple<tensor<5xi8, #cpu>, tensor<5xi8, #cpu>> {
  %x = tiny.param 0 : i32 size 5 on "CPU"
  %a = tiny.cast %x to i8 : tensor<5xi32, #cpu>
  %k = tiny.const dense<500> : tensor<1xi32, #cpu>
  %d = tiny.sub %x, %k : tensor<5xi32, #cpu>, tensor<1xi32, #cpu>
  %b = tiny.cast %d to i8 : tensor<5xi32, #cpu>
  %t = tiny.tuple %a, %b : tensor<5xi8, #cpu>, tensor<5xi8, #cpu>
  tiny.return %t : tuple<tensor<5xi8, #cpu>, tensor<5xi8, #cpu>>
}

// Of x and of x - 2 (the last: 1 - 2 = -1 -> 255).
// I2U8:      [44, 128, 255, 1] : tensor<4xui8>
// I2U8-NEXT: [42, 126, 253, 255] : tensor<4xui8>
tiny.function @i32_to_ui8 -> tuple<tensor<4xui8, #cpu>, tensor<4xui8, #cpu>> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %a = tiny.cast %x to ui8 : tensor<4xi32, #cpu>
  %k = tiny.const dense<2> : tensor<1xi32, #cpu>
  %d = tiny.sub %x, %k : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  %b = tiny.cast %d to ui8 : tensor<4xi32, #cpu>
  %t = tiny.tuple %a, %b : tensor<4xui8, #cpu>, tensor<4xui8, #cpu>
  tiny.return %t : tuple<tensor<4xui8, #cpu>, tensor<4xui8, #cpu>>
}

// Zero extension: 255 stays 255.
// U82I: [255, 128, 0, 17] : tensor<4xi32>
tiny.function @ui8_to_i32 -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : ui8 size 4 on "CPU"
  %y = tiny.cast %x to i32 : tensor<4xui8, #cpu>
  tiny.return %y : tensor<4xi32, #cpu>
}

// Sign extension of x - 11 computed in i8: [10, 11, 127, 0] - 11 = [-1, 0, 116, -11].
// I82I: [-1, 0, 116, -11] : tensor<4xi32>
tiny.function @i8_to_i32 -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : i8 size 4 on "CPU"
  %k = tiny.const dense<11> : tensor<1xi8, #cpu>
  %d = tiny.sub %x, %k : tensor<4xi8, #cpu>, tensor<1xi8, #cpu>
  %y = tiny.cast %d to i32 : tensor<4xi8, #cpu>
  tiny.return %y : tensor<4xi32, #cpu>
}

// x != 0: 0 and -0 are false, NaN is true.
// F2B: [false, true, true, false, true] : tensor<5xi1>
tiny.function @f32_to_bool -> tensor<5xi1, #cpu> {
  %x = tiny.param 0 : f32 size 5 on "CPU"
  %y = tiny.cast %x to i1 : tensor<5xf32, #cpu>
  tiny.return %y : tensor<5xi1, #cpu>
}

// B2N:      [1, 0, 1, 0] : tensor<4xf32>
// B2N-NEXT: [1, 0, 1, 0] : tensor<4xi32>
tiny.function @bool_to_num -> tuple<tensor<4xf32, #cpu>, tensor<4xi32, #cpu>> {
  %x = tiny.param 0 : i1 size 4 on "CPU"
  %f = tiny.cast %x to f32 : tensor<4xi1, #cpu>
  %i = tiny.cast %x to i32 : tensor<4xi1, #cpu>
  %t = tiny.tuple %f, %i : tensor<4xf32, #cpu>, tensor<4xi32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xi32, #cpu>>
}

// f32 -> f16 -> f32, and the f16 value itself.
// F16:      [0.33325195, 65504, 0, 2048, 2052, -1.5, inf] : tensor<7xf32>
// F16-NEXT: [0.33325195, 65504, 0, 2048, 2052, -1.5, inf] : tensor<7xf16>
tiny.function @f32_f16_f32 -> tuple<tensor<7xf32, #cpu>, tensor<7xf16, #cpu>> {
  %x = tiny.param 0 : f32 size 7 on "CPU"
  %h = tiny.cast %x to f16 : tensor<7xf32, #cpu>
  %y = tiny.cast %h to f32 : tensor<7xf16, #cpu>
  %t = tiny.tuple %y, %h : tensor<7xf32, #cpu>, tensor<7xf16, #cpu>
  tiny.return %t : tuple<tensor<7xf32, #cpu>, tensor<7xf16, #cpu>>
}

// BF16:      [0.33398438, 1, 1.015625, -2.5, 3.0040553e+38] : tensor<5xf32>
// BF16-NEXT: [0.33398438, 1, 1.015625, -2.5, 3.0040553e+38] : tensor<5xbf16>
tiny.function @f32_bf16_f32 -> tuple<tensor<5xf32, #cpu>, tensor<5xbf16, #cpu>> {
  %x = tiny.param 0 : f32 size 5 on "CPU"
  %h = tiny.cast %x to bf16 : tensor<5xf32, #cpu>
  %y = tiny.cast %h to f32 : tensor<5xbf16, #cpu>
  %t = tiny.tuple %y, %h : tensor<5xf32, #cpu>, tensor<5xbf16, #cpu>
  tiny.return %t : tuple<tensor<5xf32, #cpu>, tensor<5xbf16, #cpu>>
}

// I2F16: [2048, 2052, 7, 65504] : tensor<4xf16>
tiny.function @i32_to_f16 -> tensor<4xf16, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %y = tiny.cast %x to f16 : tensor<4xi32, #cpu>
  tiny.return %y : tensor<4xf16, #cpu>
}

// 1.0 = 0x3F800000 = 1065353216, -2.0 = 0xC0000000.
// BCF2I: [1065353216, -1073741824, 0] : tensor<3xi32>
tiny.function @bitcast_f32_i32 -> tensor<3xi32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.bitcast %x to i32 : tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xi32, #cpu>
}

// 0x40490FDB is pi in f32; 1 is the smallest subnormal.
// BCI2F: [3.1415927, 1, 1e-45] : tensor<3xf32>
tiny.function @bitcast_i32_f32 -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : i32 size 3 on "CPU"
  %y = tiny.bitcast %x to f32 : tensor<3xi32, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}

// Values above 2^31 need an unsigned conversion.
// F2U32: [3000000000, 4294967040, 1] : tensor<3xui32>
tiny.function @f32_to_ui32 -> tensor<3xui32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.cast %x to ui32 : tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xui32, #cpu>
}

// ui32 -> f32 (unsigned) and ui32 -> i32 (same bits).
// U32:      [4294967296, 3e+09, 2147483648] : tensor<3xf32>
// U32-NEXT: [-1, -1294967296, -2147483647] : tensor<3xi32>
tiny.function @ui32_casts -> tuple<tensor<3xf32, #cpu>, tensor<3xi32, #cpu>> {
  %x = tiny.param 0 : ui32 size 3 on "CPU"
  %f = tiny.cast %x to f32 : tensor<3xui32, #cpu>
  %i = tiny.cast %x to i32 : tensor<3xui32, #cpu>
  %t = tiny.tuple %f, %i : tensor<3xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %t : tuple<tensor<3xf32, #cpu>, tensor<3xi32, #cpu>>
}

// U82F: [200, 255, 0] : tensor<3xf32>
tiny.function @ui8_to_f32 -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : ui8 size 3 on "CPU"
  %y = tiny.cast %x to f32 : tensor<3xui8, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}

// I642I: [1, -2147483648, -539222987] : tensor<3xi32>
tiny.function @i64_to_i32 -> tensor<3xi32, #cpu> {
  %x = tiny.param 0 : i64 size 3 on "CPU"
  %y = tiny.cast %x to i32 : tensor<3xi64, #cpu>
  tiny.return %y : tensor<3xi32, #cpu>
}

// 1e39 is above FLT_MAX: inf; 1 + 2^-24 ties to even: 1.
// F642F: [0.1, inf, 1] : tensor<3xf32>
tiny.function @f64_to_f32 -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f64 size 3 on "CPU"
  %y = tiny.cast %x to f32 : tensor<3xf64, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}
