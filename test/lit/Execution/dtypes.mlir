// add / sub / mul / max / cmplt on every dtype (i8 .. i64, ui8 .. ui64, f16,
// bf16, f32, f64), or / xor / and on bool, with integer wraparound, unsigned
// compares above the signed range, C-style cdiv / cmod and Python-style
// floordiv / floormod on negative operands, and bitwise ops and shifts.
//
// tiny-run's -i parser rejects negative integers and misreads single-digit 8
// and 9 (see input-parse-*.mlir), so signed operands are made in the program as
// x = a - k, and inputs avoid single-digit 8 and 9.
//
// Expected values, python3 (printed with the same to_chars-style `show` as
// cast.mlir):
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
//   # (the helpers f32, f16, bf16 and show from cast.mlir)
//   def wrap(v, bits, signed):
//       v %= 2 ** bits
//       return v - 2 ** bits if signed and v >= 2 ** (bits - 1) else v
//   def cdiv(a, b): q = abs(a) // abs(b); return q if (a >= 0) == (b >= 0) else -q     # C: toward zero
//   def cmod(a, b): return a - b * cdiv(a, b)                                           # sign of a
//   B = lambda v: "true" if v else "false"
//   L = lambda xs: "[" + ", ".join(map(str, xs)) + "]"
//   for t, bits in [("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64)]:
//       a = [60, 10, 127, 100, 52]; b = [53, 70, 51, 100, 11]
//       x = [v - 50 for v in a]; y = [v - 50 for v in b]                 # x = a - 50, y = b - 50 in the program
//       w = lambda v: wrap(v, bits, True)
//       print(t, "x", x, "y", y)
//       print("  add", L([w(p + q) for p, q in zip(x, y)]), "sub", L([w(p - q) for p, q in zip(x, y)]),
//             "mul", L([w(p * q) for p, q in zip(x, y)]), "max", L([max(p, q) for p, q in zip(x, y)]),
//             "cmplt", L([B(p < q) for p, q in zip(x, y)]))
//       mx = 2 ** (bits - 1) - 1
//       print("  wrap: MAX+1, MAX+2:", L([w(mx + 1), w(mx + 2)]), " MAX*1, MAX*2:", L([w(mx), w(mx * 2)]), "inputs", mx)
//       a = [13, 27, 13, 27, 12, 21]; b = [22, 18, 18, 22, 23, 25]
//       x = [v - 20 for v in a]; y = [v - 20 for v in b]
//       print("  div x", x, "y", y, "cdiv", L([cdiv(p, q) for p, q in zip(x, y)]), "cmod", L([cmod(p, q) for p, q in zip(x, y)]),
//             "floordiv", L([p // q for p, q in zip(x, y)]), "floormod", L([p % q for p, q in zip(x, y)]))
//   for t, bits, a, b in [("ui8", 8, [255, 200, 10, 0], [1, 100, 20, 0]),
//                         ("ui16", 16, [65535, 40000, 10, 0], [1, 30000, 20, 0]),
//                         ("ui32", 32, [4294967295, 3000000000, 10, 0], [1, 2147483648, 20, 0]),
//                         ("ui64", 64, [18446744073709551615, 10000000000000000000, 10, 0], [1, 9223372036854775808, 20, 0])]:
//       w = lambda v: wrap(v, bits, False)
//       print(t, "add", L([w(p + q) for p, q in zip(a, b)]), "sub", L([w(p - q) for p, q in zip(a, b)]),
//             "mul", L([w(p * q) for p, q in zip(a, b)]), "max", L([max(p, q) for p, q in zip(a, b)]),
//             "cmplt", L([B(p < q) for p, q in zip(a, b)]))
//       a2 = [200, 2 ** bits - 1, 7]; b2 = [7, 3, 200]
//       print("  div", a2, b2, "cdiv", L([p // q for p, q in zip(a2, b2)]), "cmod", L([p % q for p, q in zip(a2, b2)]))
//   for t, rnd, single in [("f16", f16, True), ("bf16", bf16, True), ("f32", f32, True), ("f64", lambda v: v, False)]:
//       if t == "f64": a = [0.1, -2.5, 1e308, 1.0, 3.0]; b = [0.2, 4.0, 1e308, -0.0, 3.0]
//       elif t == "f32": a = [0.1, -2.5, 3e38, 1.0, 3.0]; b = [0.2, 4.0, 3e38, -0.0, 3.0]
//       else: a = [1.5, -2.25, 1000.0, 0.1, 3.0]; b = [2.5, 4.0, 70.0, 0.2, 3.0]
//       if t == "bf16": a[2] = 3e38; b[2] = 2.0
//       a = [rnd(v) for v in a]; b = [rnd(v) for v in b]                  # the inputs, rounded to the dtype
//       def r(v):                                                          # exact result rounded to the dtype
//           try: return rnd(v)
//           except OverflowError: return math.copysign(math.inf, v)
//       def mulx(p, q):
//           try: return p * q
//           except OverflowError: return math.copysign(math.inf, p * q)
//       S = lambda vs: L([show(v, single) for v in vs])
//       print(t, "inputs", S(a), S(b))
//       print("  add", S([r(p + q) for p, q in zip(a, b)]), "sub", S([r(p - q) for p, q in zip(a, b)]),
//             "mul", S([r(mulx(p, q)) for p, q in zip(a, b)]), "max", S([max(p, q) for p, q in zip(a, b)]),
//             "cmplt", L([B(p < q) for p, q in zip(a, b)]))
//   a = [False, False, True, True]; b = [False, True, False, True]
//   print("bool or", L([B(p or q) for p, q in zip(a, b)]), "xor", L([B(p != q) for p, q in zip(a, b)]),
//         "and", L([B(p and q) for p, q in zip(a, b)]), "max", L([B(max(p, q)) for p, q in zip(a, b)]),
//         "cmplt", L([B(p < q) for p, q in zip(a, b)]), "cmpne", L([B(p != q) for p, q in zip(a, b)]), "not a", L([B(not p) for p in a]))
//   x = [v - 100 for v in [84, 112, 355, 101]]; s = [2, 3, 1, 31]     # i32: x = a - 100
//   print("i32 bits x", x, "shl", L([wrap(p << q, 32, True) for p, q in zip(x, s)]), "shr", L([p >> q for p, q in zip(x, s)]),
//         "xor 255", L([p ^ 255 for p in x]), "and 12", L([p & 12 for p in x]), "or 3", L([p | 3 for p in x]))
//   u = [4294967280, 12, 2147483648, 1]
//   print("ui32 bits u", u, "shl", L([wrap(p << q, 32, False) for p, q in zip(u, s)]), "shr", L([p >> q for p, q in zip(u, s)]),
//         "xor 255", L([p ^ 255 for p in u]), "and 12", L([p & 12 for p in u]), "or 3", L([p | 3 for p in u]))

// RUN: tiny-run %s --entry=i8_ops -i 60,10,127,100,52 -i 53,70,51,100,11 | FileCheck %s --match-full-lines --check-prefix=I8
// RUN: tiny-run %s --entry=i8_wrap -i 127,127 -i 1,2 | FileCheck %s --match-full-lines --check-prefix=I8WRAP
// RUN: tiny-run %s --entry=i8_div -i 13,27,13,27,12,21 -i 22,18,18,22,23,25 | FileCheck %s --match-full-lines --check-prefix=I8DIV
// RUN: tiny-run %s --entry=i16_ops -i 60,10,127,100,52 -i 53,70,51,100,11 | FileCheck %s --match-full-lines --check-prefix=I16
// RUN: tiny-run %s --entry=i16_wrap -i 32767,32767 -i 1,2 | FileCheck %s --match-full-lines --check-prefix=I16WRAP
// RUN: tiny-run %s --entry=i16_div -i 13,27,13,27,12,21 -i 22,18,18,22,23,25 | FileCheck %s --match-full-lines --check-prefix=I16DIV
// RUN: tiny-run %s --entry=i32_ops -i 60,10,127,100,52 -i 53,70,51,100,11 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=i32_wrap -i 2147483647,2147483647 -i 1,2 | FileCheck %s --match-full-lines --check-prefix=I32WRAP
// RUN: tiny-run %s --entry=i32_div -i 13,27,13,27,12,21 -i 22,18,18,22,23,25 | FileCheck %s --match-full-lines --check-prefix=I32DIV
// RUN: tiny-run %s --entry=i64_ops -i 60,10,127,100,52 -i 53,70,51,100,11 | FileCheck %s --match-full-lines --check-prefix=I64
// RUN: tiny-run %s --entry=i64_wrap -i 9223372036854775807,9223372036854775807 -i 1,2 | FileCheck %s --match-full-lines --check-prefix=I64WRAP
// RUN: tiny-run %s --entry=i64_div -i 13,27,13,27,12,21 -i 22,18,18,22,23,25 | FileCheck %s --match-full-lines --check-prefix=I64DIV
// RUN: tiny-run %s --entry=ui8_ops -i 255,200,10,0 -i 1,100,20,0 | FileCheck %s --match-full-lines --check-prefix=UI8
// RUN: tiny-run %s --entry=ui8_div -i 200,255,7 -i 7,3,200 | FileCheck %s --match-full-lines --check-prefix=UI8DIV
// RUN: tiny-run %s --entry=ui16_ops -i 65535,40000,10,0 -i 1,30000,20,0 | FileCheck %s --match-full-lines --check-prefix=UI16
// RUN: tiny-run %s --entry=ui16_div -i 200,65535,7 -i 7,3,200 | FileCheck %s --match-full-lines --check-prefix=UI16DIV
// RUN: tiny-run %s --entry=ui32_ops -i 4294967295,3000000000,10,0 -i 1,2147483648,20,0 | FileCheck %s --match-full-lines --check-prefix=UI32
// RUN: tiny-run %s --entry=ui32_div -i 200,4294967295,7 -i 7,3,200 | FileCheck %s --match-full-lines --check-prefix=UI32DIV
// RUN: tiny-run %s --entry=ui64_ops -i 18446744073709551615,10000000000000000000,10,0 -i 1,9223372036854775808,20,0 | FileCheck %s --match-full-lines --check-prefix=UI64
// RUN: tiny-run %s --entry=ui64_div -i 200,18446744073709551615,7 -i 7,3,200 | FileCheck %s --match-full-lines --check-prefix=UI64DIV
// RUN: tiny-run %s --entry=f16_ops -i 1.5,-2.25,1000,0.1,3 -i 2.5,4,70,0.2,3 | FileCheck %s --match-full-lines --check-prefix=F16
// RUN: tiny-run %s --entry=bf16_ops -i 1.5,-2.25,3e38,0.1,3 -i 2.5,4,2,0.2,3 | FileCheck %s --match-full-lines --check-prefix=BF16
// RUN: tiny-run %s --entry=f32_ops -i 0.1,-2.5,3e38,1,3 -i 0.2,4,3e38,-0,3 | FileCheck %s --match-full-lines --check-prefix=F32
// RUN: tiny-run %s --entry=f64_ops -i 0.1,-2.5,1e308,1,3 -i 0.2,4,1e308,-0,3 | FileCheck %s --match-full-lines --check-prefix=F64
// RUN: tiny-run %s --entry=bool_ops -i false,false,true,true -i false,true,false,true | FileCheck %s --match-full-lines --check-prefix=BOOL
// RUN: tiny-run %s --entry=i32_bits -i 84,112,355,101 -i 2,3,1,31 | FileCheck %s --match-full-lines --check-prefix=I32BITS
// RUN: tiny-run %s --entry=ui32_bits -i 4294967280,12,2147483648,1 -i 2,3,1,31 | FileCheck %s --match-full-lines --check-prefix=UI32BITS

#cpu = #tiny.device<"CPU">

// i8: x = a - 50 = [10, -40, 77, 50, 2], y = b - 50 = [3, 20, 1, 50, -39]
// I8: [13, -20, 78, 100, -37] : tensor<5xi8>
// I8-NEXT: [7, -60, 76, 0, 41] : tensor<5xi8>
// I8-NEXT: [30, -32, 77, -60, -78] : tensor<5xi8>
// I8-NEXT: [10, 20, 77, 50, 2] : tensor<5xi8>
// I8-NEXT: [false, true, false, false, false] : tensor<5xi1>
tiny.function @i8_ops -> tuple<tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : i8 size 5 on "CPU"
  %b = tiny.param 1 : i8 size 5 on "CPU"
  %k = tiny.const dense<50> : tensor<1xi8, #cpu>
  %x = tiny.sub %a, %k : tensor<5xi8, #cpu>, tensor<1xi8, #cpu>
  %y = tiny.sub %b, %k : tensor<5xi8, #cpu>, tensor<1xi8, #cpu>
  %add = tiny.add %x, %y : tensor<5xi8, #cpu>
  %sub = tiny.sub %x, %y : tensor<5xi8, #cpu>
  %mul = tiny.mul %x, %y : tensor<5xi8, #cpu>
  %max = tiny.max %x, %y : tensor<5xi8, #cpu>
  %cmplt = tiny.cmplt %x, %y : tensor<5xi8, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi8, #cpu>, tensor<5xi1, #cpu>>
}

// i8 wraparound: MAX + [1, 2] and MAX * [1, 2], MAX = 127; and MAX < MAX + 1 (= MIN) is false.
// I8WRAP: [-128, -127] : tensor<2xi8>
// I8WRAP-NEXT: [127, -2] : tensor<2xi8>
// I8WRAP-NEXT: [false, false] : tensor<2xi1>
tiny.function @i8_wrap -> tuple<tensor<2xi8, #cpu>, tensor<2xi8, #cpu>, tensor<2xi1, #cpu>> {
  %a = tiny.param 0 : i8 size 2 on "CPU"
  %b = tiny.param 1 : i8 size 2 on "CPU"
  %add = tiny.add %a, %b : tensor<2xi8, #cpu>
  %mul = tiny.mul %a, %b : tensor<2xi8, #cpu>
  %lt = tiny.cmplt %a, %add : tensor<2xi8, #cpu>
  %t = tiny.tuple %add, %mul, %lt : tensor<2xi8, #cpu>, tensor<2xi8, #cpu>, tensor<2xi1, #cpu>
  tiny.return %t : tuple<tensor<2xi8, #cpu>, tensor<2xi8, #cpu>, tensor<2xi1, #cpu>>
}

// i8 division: x = a - 20 = [-7, 7, -7, 7, -8, 1], y = b - 20 = [2, -2, -2, 2, 3, 5]; cdiv, cmod (C), floordiv, floormod (Python).
// I8DIV: [-3, -3, 3, 3, -2, 0] : tensor<6xi8>
// I8DIV-NEXT: [-1, 1, -1, 1, -2, 1] : tensor<6xi8>
// I8DIV-NEXT: [-4, -4, 3, 3, -3, 0] : tensor<6xi8>
// I8DIV-NEXT: [1, -1, -1, 1, 1, 1] : tensor<6xi8>
tiny.function @i8_div -> tuple<tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>> {
  %a = tiny.param 0 : i8 size 6 on "CPU"
  %b = tiny.param 1 : i8 size 6 on "CPU"
  %k = tiny.const dense<20> : tensor<1xi8, #cpu>
  %x = tiny.sub %a, %k : tensor<6xi8, #cpu>, tensor<1xi8, #cpu>
  %y = tiny.sub %b, %k : tensor<6xi8, #cpu>, tensor<1xi8, #cpu>
  %cdiv = tiny.cdiv %x, %y : tensor<6xi8, #cpu>
  %cmod = tiny.cmod %x, %y : tensor<6xi8, #cpu>
  %floordiv = tiny.floordiv %x, %y : tensor<6xi8, #cpu>
  %floormod = tiny.floormod %x, %y : tensor<6xi8, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>
  tiny.return %t : tuple<tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>, tensor<6xi8, #cpu>>
}

// i16: x = a - 50 = [10, -40, 77, 50, 2], y = b - 50 = [3, 20, 1, 50, -39]
// I16: [13, -20, 78, 100, -37] : tensor<5xi16>
// I16-NEXT: [7, -60, 76, 0, 41] : tensor<5xi16>
// I16-NEXT: [30, -800, 77, 2500, -78] : tensor<5xi16>
// I16-NEXT: [10, 20, 77, 50, 2] : tensor<5xi16>
// I16-NEXT: [false, true, false, false, false] : tensor<5xi1>
tiny.function @i16_ops -> tuple<tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : i16 size 5 on "CPU"
  %b = tiny.param 1 : i16 size 5 on "CPU"
  %k = tiny.const dense<50> : tensor<1xi16, #cpu>
  %x = tiny.sub %a, %k : tensor<5xi16, #cpu>, tensor<1xi16, #cpu>
  %y = tiny.sub %b, %k : tensor<5xi16, #cpu>, tensor<1xi16, #cpu>
  %add = tiny.add %x, %y : tensor<5xi16, #cpu>
  %sub = tiny.sub %x, %y : tensor<5xi16, #cpu>
  %mul = tiny.mul %x, %y : tensor<5xi16, #cpu>
  %max = tiny.max %x, %y : tensor<5xi16, #cpu>
  %cmplt = tiny.cmplt %x, %y : tensor<5xi16, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi16, #cpu>, tensor<5xi1, #cpu>>
}

// i16 wraparound: MAX + [1, 2] and MAX * [1, 2], MAX = 32767; and MAX < MAX + 1 (= MIN) is false.
// I16WRAP: [-32768, -32767] : tensor<2xi16>
// I16WRAP-NEXT: [32767, -2] : tensor<2xi16>
// I16WRAP-NEXT: [false, false] : tensor<2xi1>
tiny.function @i16_wrap -> tuple<tensor<2xi16, #cpu>, tensor<2xi16, #cpu>, tensor<2xi1, #cpu>> {
  %a = tiny.param 0 : i16 size 2 on "CPU"
  %b = tiny.param 1 : i16 size 2 on "CPU"
  %add = tiny.add %a, %b : tensor<2xi16, #cpu>
  %mul = tiny.mul %a, %b : tensor<2xi16, #cpu>
  %lt = tiny.cmplt %a, %add : tensor<2xi16, #cpu>
  %t = tiny.tuple %add, %mul, %lt : tensor<2xi16, #cpu>, tensor<2xi16, #cpu>, tensor<2xi1, #cpu>
  tiny.return %t : tuple<tensor<2xi16, #cpu>, tensor<2xi16, #cpu>, tensor<2xi1, #cpu>>
}

// i16 division: x = a - 20 = [-7, 7, -7, 7, -8, 1], y = b - 20 = [2, -2, -2, 2, 3, 5]; cdiv, cmod (C), floordiv, floormod (Python).
// I16DIV: [-3, -3, 3, 3, -2, 0] : tensor<6xi16>
// I16DIV-NEXT: [-1, 1, -1, 1, -2, 1] : tensor<6xi16>
// I16DIV-NEXT: [-4, -4, 3, 3, -3, 0] : tensor<6xi16>
// I16DIV-NEXT: [1, -1, -1, 1, 1, 1] : tensor<6xi16>
tiny.function @i16_div -> tuple<tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>> {
  %a = tiny.param 0 : i16 size 6 on "CPU"
  %b = tiny.param 1 : i16 size 6 on "CPU"
  %k = tiny.const dense<20> : tensor<1xi16, #cpu>
  %x = tiny.sub %a, %k : tensor<6xi16, #cpu>, tensor<1xi16, #cpu>
  %y = tiny.sub %b, %k : tensor<6xi16, #cpu>, tensor<1xi16, #cpu>
  %cdiv = tiny.cdiv %x, %y : tensor<6xi16, #cpu>
  %cmod = tiny.cmod %x, %y : tensor<6xi16, #cpu>
  %floordiv = tiny.floordiv %x, %y : tensor<6xi16, #cpu>
  %floormod = tiny.floormod %x, %y : tensor<6xi16, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>
  tiny.return %t : tuple<tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>, tensor<6xi16, #cpu>>
}

// i32: x = a - 50 = [10, -40, 77, 50, 2], y = b - 50 = [3, 20, 1, 50, -39]
// I32: [13, -20, 78, 100, -37] : tensor<5xi32>
// I32-NEXT: [7, -60, 76, 0, 41] : tensor<5xi32>
// I32-NEXT: [30, -800, 77, 2500, -78] : tensor<5xi32>
// I32-NEXT: [10, 20, 77, 50, 2] : tensor<5xi32>
// I32-NEXT: [false, true, false, false, false] : tensor<5xi1>
tiny.function @i32_ops -> tuple<tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : i32 size 5 on "CPU"
  %b = tiny.param 1 : i32 size 5 on "CPU"
  %k = tiny.const dense<50> : tensor<1xi32, #cpu>
  %x = tiny.sub %a, %k : tensor<5xi32, #cpu>, tensor<1xi32, #cpu>
  %y = tiny.sub %b, %k : tensor<5xi32, #cpu>, tensor<1xi32, #cpu>
  %add = tiny.add %x, %y : tensor<5xi32, #cpu>
  %sub = tiny.sub %x, %y : tensor<5xi32, #cpu>
  %mul = tiny.mul %x, %y : tensor<5xi32, #cpu>
  %max = tiny.max %x, %y : tensor<5xi32, #cpu>
  %cmplt = tiny.cmplt %x, %y : tensor<5xi32, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi32, #cpu>, tensor<5xi1, #cpu>>
}

// i32 wraparound: MAX + [1, 2] and MAX * [1, 2], MAX = 2147483647; and MAX < MAX + 1 (= MIN) is false.
// I32WRAP: [-2147483648, -2147483647] : tensor<2xi32>
// I32WRAP-NEXT: [2147483647, -2] : tensor<2xi32>
// I32WRAP-NEXT: [false, false] : tensor<2xi1>
tiny.function @i32_wrap -> tuple<tensor<2xi32, #cpu>, tensor<2xi32, #cpu>, tensor<2xi1, #cpu>> {
  %a = tiny.param 0 : i32 size 2 on "CPU"
  %b = tiny.param 1 : i32 size 2 on "CPU"
  %add = tiny.add %a, %b : tensor<2xi32, #cpu>
  %mul = tiny.mul %a, %b : tensor<2xi32, #cpu>
  %lt = tiny.cmplt %a, %add : tensor<2xi32, #cpu>
  %t = tiny.tuple %add, %mul, %lt : tensor<2xi32, #cpu>, tensor<2xi32, #cpu>, tensor<2xi1, #cpu>
  tiny.return %t : tuple<tensor<2xi32, #cpu>, tensor<2xi32, #cpu>, tensor<2xi1, #cpu>>
}

// i32 division: x = a - 20 = [-7, 7, -7, 7, -8, 1], y = b - 20 = [2, -2, -2, 2, 3, 5]; cdiv, cmod (C), floordiv, floormod (Python).
// I32DIV: [-3, -3, 3, 3, -2, 0] : tensor<6xi32>
// I32DIV-NEXT: [-1, 1, -1, 1, -2, 1] : tensor<6xi32>
// I32DIV-NEXT: [-4, -4, 3, 3, -3, 0] : tensor<6xi32>
// I32DIV-NEXT: [1, -1, -1, 1, 1, 1] : tensor<6xi32>
tiny.function @i32_div -> tuple<tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>> {
  %a = tiny.param 0 : i32 size 6 on "CPU"
  %b = tiny.param 1 : i32 size 6 on "CPU"
  %k = tiny.const dense<20> : tensor<1xi32, #cpu>
  %x = tiny.sub %a, %k : tensor<6xi32, #cpu>, tensor<1xi32, #cpu>
  %y = tiny.sub %b, %k : tensor<6xi32, #cpu>, tensor<1xi32, #cpu>
  %cdiv = tiny.cdiv %x, %y : tensor<6xi32, #cpu>
  %cmod = tiny.cmod %x, %y : tensor<6xi32, #cpu>
  %floordiv = tiny.floordiv %x, %y : tensor<6xi32, #cpu>
  %floormod = tiny.floormod %x, %y : tensor<6xi32, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>
  tiny.return %t : tuple<tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>, tensor<6xi32, #cpu>>
}

// i64: x = a - 50 = [10, -40, 77, 50, 2], y = b - 50 = [3, 20, 1, 50, -39]
// I64: [13, -20, 78, 100, -37] : tensor<5xi64>
// I64-NEXT: [7, -60, 76, 0, 41] : tensor<5xi64>
// I64-NEXT: [30, -800, 77, 2500, -78] : tensor<5xi64>
// I64-NEXT: [10, 20, 77, 50, 2] : tensor<5xi64>
// I64-NEXT: [false, true, false, false, false] : tensor<5xi1>
tiny.function @i64_ops -> tuple<tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : i64 size 5 on "CPU"
  %b = tiny.param 1 : i64 size 5 on "CPU"
  %k = tiny.const dense<50> : tensor<1xi64, #cpu>
  %x = tiny.sub %a, %k : tensor<5xi64, #cpu>, tensor<1xi64, #cpu>
  %y = tiny.sub %b, %k : tensor<5xi64, #cpu>, tensor<1xi64, #cpu>
  %add = tiny.add %x, %y : tensor<5xi64, #cpu>
  %sub = tiny.sub %x, %y : tensor<5xi64, #cpu>
  %mul = tiny.mul %x, %y : tensor<5xi64, #cpu>
  %max = tiny.max %x, %y : tensor<5xi64, #cpu>
  %cmplt = tiny.cmplt %x, %y : tensor<5xi64, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi64, #cpu>, tensor<5xi1, #cpu>>
}

// i64 wraparound: MAX + [1, 2] and MAX * [1, 2], MAX = 9223372036854775807; and MAX < MAX + 1 (= MIN) is false.
// I64WRAP: [-9223372036854775808, -9223372036854775807] : tensor<2xi64>
// I64WRAP-NEXT: [9223372036854775807, -2] : tensor<2xi64>
// I64WRAP-NEXT: [false, false] : tensor<2xi1>
tiny.function @i64_wrap -> tuple<tensor<2xi64, #cpu>, tensor<2xi64, #cpu>, tensor<2xi1, #cpu>> {
  %a = tiny.param 0 : i64 size 2 on "CPU"
  %b = tiny.param 1 : i64 size 2 on "CPU"
  %add = tiny.add %a, %b : tensor<2xi64, #cpu>
  %mul = tiny.mul %a, %b : tensor<2xi64, #cpu>
  %lt = tiny.cmplt %a, %add : tensor<2xi64, #cpu>
  %t = tiny.tuple %add, %mul, %lt : tensor<2xi64, #cpu>, tensor<2xi64, #cpu>, tensor<2xi1, #cpu>
  tiny.return %t : tuple<tensor<2xi64, #cpu>, tensor<2xi64, #cpu>, tensor<2xi1, #cpu>>
}

// i64 division: x = a - 20 = [-7, 7, -7, 7, -8, 1], y = b - 20 = [2, -2, -2, 2, 3, 5]; cdiv, cmod (C), floordiv, floormod (Python).
// I64DIV: [-3, -3, 3, 3, -2, 0] : tensor<6xi64>
// I64DIV-NEXT: [-1, 1, -1, 1, -2, 1] : tensor<6xi64>
// I64DIV-NEXT: [-4, -4, 3, 3, -3, 0] : tensor<6xi64>
// I64DIV-NEXT: [1, -1, -1, 1, 1, 1] : tensor<6xi64>
tiny.function @i64_div -> tuple<tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>> {
  %a = tiny.param 0 : i64 size 6 on "CPU"
  %b = tiny.param 1 : i64 size 6 on "CPU"
  %k = tiny.const dense<20> : tensor<1xi64, #cpu>
  %x = tiny.sub %a, %k : tensor<6xi64, #cpu>, tensor<1xi64, #cpu>
  %y = tiny.sub %b, %k : tensor<6xi64, #cpu>, tensor<1xi64, #cpu>
  %cdiv = tiny.cdiv %x, %y : tensor<6xi64, #cpu>
  %cmod = tiny.cmod %x, %y : tensor<6xi64, #cpu>
  %floordiv = tiny.floordiv %x, %y : tensor<6xi64, #cpu>
  %floormod = tiny.floormod %x, %y : tensor<6xi64, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>
  tiny.return %t : tuple<tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>, tensor<6xi64, #cpu>>
}

// ui8: a = [255, 200, 10, 0], b = [1, 100, 20, 0] (the compare is unsigned: MAX < 1 is false)
// UI8: [0, 44, 30, 0] : tensor<4xui8>
// UI8-NEXT: [254, 100, 246, 0] : tensor<4xui8>
// UI8-NEXT: [255, 32, 200, 0] : tensor<4xui8>
// UI8-NEXT: [255, 200, 20, 0] : tensor<4xui8>
// UI8-NEXT: [false, false, true, false] : tensor<4xi1>
tiny.function @ui8_ops -> tuple<tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xi1, #cpu>> {
  %a = tiny.param 0 : ui8 size 4 on "CPU"
  %b = tiny.param 1 : ui8 size 4 on "CPU"
  %add = tiny.add %a, %b : tensor<4xui8, #cpu>
  %sub = tiny.sub %a, %b : tensor<4xui8, #cpu>
  %mul = tiny.mul %a, %b : tensor<4xui8, #cpu>
  %max = tiny.max %a, %b : tensor<4xui8, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<4xui8, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xui8, #cpu>, tensor<4xi1, #cpu>>
}

// ui8 division (unsigned): a = [200, 255, 7], b = [7, 3, 200]; cdiv = floordiv, cmod = floormod.
// UI8DIV: [28, 85, 0] : tensor<3xui8>
// UI8DIV-NEXT: [4, 0, 7] : tensor<3xui8>
// UI8DIV-NEXT: [28, 85, 0] : tensor<3xui8>
// UI8DIV-NEXT: [4, 0, 7] : tensor<3xui8>
tiny.function @ui8_div -> tuple<tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>> {
  %a = tiny.param 0 : ui8 size 3 on "CPU"
  %b = tiny.param 1 : ui8 size 3 on "CPU"
  %cdiv = tiny.cdiv %a, %b : tensor<3xui8, #cpu>
  %cmod = tiny.cmod %a, %b : tensor<3xui8, #cpu>
  %floordiv = tiny.floordiv %a, %b : tensor<3xui8, #cpu>
  %floormod = tiny.floormod %a, %b : tensor<3xui8, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>
  tiny.return %t : tuple<tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>, tensor<3xui8, #cpu>>
}

// ui16: a = [65535, 40000, 10, 0], b = [1, 30000, 20, 0] (the compare is unsigned: MAX < 1 is false)
// UI16: [0, 4464, 30, 0] : tensor<4xui16>
// UI16-NEXT: [65534, 10000, 65526, 0] : tensor<4xui16>
// UI16-NEXT: [65535, 35840, 200, 0] : tensor<4xui16>
// UI16-NEXT: [65535, 40000, 20, 0] : tensor<4xui16>
// UI16-NEXT: [false, false, true, false] : tensor<4xi1>
tiny.function @ui16_ops -> tuple<tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xi1, #cpu>> {
  %a = tiny.param 0 : ui16 size 4 on "CPU"
  %b = tiny.param 1 : ui16 size 4 on "CPU"
  %add = tiny.add %a, %b : tensor<4xui16, #cpu>
  %sub = tiny.sub %a, %b : tensor<4xui16, #cpu>
  %mul = tiny.mul %a, %b : tensor<4xui16, #cpu>
  %max = tiny.max %a, %b : tensor<4xui16, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<4xui16, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xui16, #cpu>, tensor<4xi1, #cpu>>
}

// ui16 division (unsigned): a = [200, 65535, 7], b = [7, 3, 200]; cdiv = floordiv, cmod = floormod.
// UI16DIV: [28, 21845, 0] : tensor<3xui16>
// UI16DIV-NEXT: [4, 0, 7] : tensor<3xui16>
// UI16DIV-NEXT: [28, 21845, 0] : tensor<3xui16>
// UI16DIV-NEXT: [4, 0, 7] : tensor<3xui16>
tiny.function @ui16_div -> tuple<tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>> {
  %a = tiny.param 0 : ui16 size 3 on "CPU"
  %b = tiny.param 1 : ui16 size 3 on "CPU"
  %cdiv = tiny.cdiv %a, %b : tensor<3xui16, #cpu>
  %cmod = tiny.cmod %a, %b : tensor<3xui16, #cpu>
  %floordiv = tiny.floordiv %a, %b : tensor<3xui16, #cpu>
  %floormod = tiny.floormod %a, %b : tensor<3xui16, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>
  tiny.return %t : tuple<tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>, tensor<3xui16, #cpu>>
}

// ui32: a = [4294967295, 3000000000, 10, 0], b = [1, 2147483648, 20, 0] (the compare is unsigned: MAX < 1 is false)
// UI32: [0, 852516352, 30, 0] : tensor<4xui32>
// UI32-NEXT: [4294967294, 852516352, 4294967286, 0] : tensor<4xui32>
// UI32-NEXT: [4294967295, 0, 200, 0] : tensor<4xui32>
// UI32-NEXT: [4294967295, 3000000000, 20, 0] : tensor<4xui32>
// UI32-NEXT: [false, false, true, false] : tensor<4xi1>
tiny.function @ui32_ops -> tuple<tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xi1, #cpu>> {
  %a = tiny.param 0 : ui32 size 4 on "CPU"
  %b = tiny.param 1 : ui32 size 4 on "CPU"
  %add = tiny.add %a, %b : tensor<4xui32, #cpu>
  %sub = tiny.sub %a, %b : tensor<4xui32, #cpu>
  %mul = tiny.mul %a, %b : tensor<4xui32, #cpu>
  %max = tiny.max %a, %b : tensor<4xui32, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<4xui32, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xi1, #cpu>>
}

// ui32 division (unsigned): a = [200, 4294967295, 7], b = [7, 3, 200]; cdiv = floordiv, cmod = floormod.
// UI32DIV: [28, 1431655765, 0] : tensor<3xui32>
// UI32DIV-NEXT: [4, 0, 7] : tensor<3xui32>
// UI32DIV-NEXT: [28, 1431655765, 0] : tensor<3xui32>
// UI32DIV-NEXT: [4, 0, 7] : tensor<3xui32>
tiny.function @ui32_div -> tuple<tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>> {
  %a = tiny.param 0 : ui32 size 3 on "CPU"
  %b = tiny.param 1 : ui32 size 3 on "CPU"
  %cdiv = tiny.cdiv %a, %b : tensor<3xui32, #cpu>
  %cmod = tiny.cmod %a, %b : tensor<3xui32, #cpu>
  %floordiv = tiny.floordiv %a, %b : tensor<3xui32, #cpu>
  %floormod = tiny.floormod %a, %b : tensor<3xui32, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>
  tiny.return %t : tuple<tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>, tensor<3xui32, #cpu>>
}

// ui64: a = [18446744073709551615, 10000000000000000000, 10, 0], b = [1, 9223372036854775808, 20, 0] (the compare is unsigned: MAX < 1 is false)
// UI64: [0, 776627963145224192, 30, 0] : tensor<4xui64>
// UI64-NEXT: [18446744073709551614, 776627963145224192, 18446744073709551606, 0] : tensor<4xui64>
// UI64-NEXT: [18446744073709551615, 0, 200, 0] : tensor<4xui64>
// UI64-NEXT: [18446744073709551615, 10000000000000000000, 20, 0] : tensor<4xui64>
// UI64-NEXT: [false, false, true, false] : tensor<4xi1>
tiny.function @ui64_ops -> tuple<tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xi1, #cpu>> {
  %a = tiny.param 0 : ui64 size 4 on "CPU"
  %b = tiny.param 1 : ui64 size 4 on "CPU"
  %add = tiny.add %a, %b : tensor<4xui64, #cpu>
  %sub = tiny.sub %a, %b : tensor<4xui64, #cpu>
  %mul = tiny.mul %a, %b : tensor<4xui64, #cpu>
  %max = tiny.max %a, %b : tensor<4xui64, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<4xui64, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xui64, #cpu>, tensor<4xi1, #cpu>>
}

// ui64 division (unsigned): a = [200, 18446744073709551615, 7], b = [7, 3, 200]; cdiv = floordiv, cmod = floormod.
// UI64DIV: [28, 6148914691236517205, 0] : tensor<3xui64>
// UI64DIV-NEXT: [4, 0, 7] : tensor<3xui64>
// UI64DIV-NEXT: [28, 6148914691236517205, 0] : tensor<3xui64>
// UI64DIV-NEXT: [4, 0, 7] : tensor<3xui64>
tiny.function @ui64_div -> tuple<tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>> {
  %a = tiny.param 0 : ui64 size 3 on "CPU"
  %b = tiny.param 1 : ui64 size 3 on "CPU"
  %cdiv = tiny.cdiv %a, %b : tensor<3xui64, #cpu>
  %cmod = tiny.cmod %a, %b : tensor<3xui64, #cpu>
  %floordiv = tiny.floordiv %a, %b : tensor<3xui64, #cpu>
  %floormod = tiny.floormod %a, %b : tensor<3xui64, #cpu>
  %t = tiny.tuple %cdiv, %cmod, %floordiv, %floormod : tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>
  tiny.return %t : tuple<tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>, tensor<3xui64, #cpu>>
}

// f16: a = [1.5, -2.25, 1000, 0.099975586, 3], b = [2.5, 4, 70, 0.19995117, 3] (inputs rounded to f16)
// F16: [4, 1.75, 1070, 0.2998047, 6] : tensor<5xf16>
// F16-NEXT: [-1, -6.25, 930, -0.099975586, 0] : tensor<5xf16>
// F16-NEXT: [3.75, -9, inf, 0.019989014, 9] : tensor<5xf16>
// F16-NEXT: [2.5, 4, 1000, 0.19995117, 3] : tensor<5xf16>
// F16-NEXT: [true, true, false, true, false] : tensor<5xi1>
tiny.function @f16_ops -> tuple<tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : f16 size 5 on "CPU"
  %b = tiny.param 1 : f16 size 5 on "CPU"
  %add = tiny.add %a, %b : tensor<5xf16, #cpu>
  %sub = tiny.sub %a, %b : tensor<5xf16, #cpu>
  %mul = tiny.mul %a, %b : tensor<5xf16, #cpu>
  %max = tiny.max %a, %b : tensor<5xf16, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<5xf16, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xf16, #cpu>, tensor<5xi1, #cpu>>
}

// bf16: a = [1.5, -2.25, 3.0040553e+38, 0.100097656, 3], b = [2.5, 4, 2, 0.20019531, 3] (inputs rounded to bf16)
// BF16: [4, 1.75, 3.0040553e+38, 0.30078125, 6] : tensor<5xbf16>
// BF16-NEXT: [-1, -6.25, 3.0040553e+38, -0.100097656, 0] : tensor<5xbf16>
// BF16-NEXT: [3.75, -9, inf, 0.020019531, 9] : tensor<5xbf16>
// BF16-NEXT: [2.5, 4, 3.0040553e+38, 0.20019531, 3] : tensor<5xbf16>
// BF16-NEXT: [true, true, false, true, false] : tensor<5xi1>
tiny.function @bf16_ops -> tuple<tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : bf16 size 5 on "CPU"
  %b = tiny.param 1 : bf16 size 5 on "CPU"
  %add = tiny.add %a, %b : tensor<5xbf16, #cpu>
  %sub = tiny.sub %a, %b : tensor<5xbf16, #cpu>
  %mul = tiny.mul %a, %b : tensor<5xbf16, #cpu>
  %max = tiny.max %a, %b : tensor<5xbf16, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<5xbf16, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xbf16, #cpu>, tensor<5xi1, #cpu>>
}

// f32: a = [0.1, -2.5, 3e+38, 1, 3], b = [0.2, 4, 3e+38, -0, 3] (inputs rounded to f32)
// F32: [0.3, 1.5, inf, 1, 6] : tensor<5xf32>
// F32-NEXT: [-0.1, -6.5, 0, 1, 0] : tensor<5xf32>
// F32-NEXT: [0.020000001, -10, inf, -0, 9] : tensor<5xf32>
// F32-NEXT: [0.2, 4, 3e+38, 1, 3] : tensor<5xf32>
// F32-NEXT: [true, true, false, false, false] : tensor<5xi1>
tiny.function @f32_ops -> tuple<tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : f32 size 5 on "CPU"
  %b = tiny.param 1 : f32 size 5 on "CPU"
  %add = tiny.add %a, %b : tensor<5xf32, #cpu>
  %sub = tiny.sub %a, %b : tensor<5xf32, #cpu>
  %mul = tiny.mul %a, %b : tensor<5xf32, #cpu>
  %max = tiny.max %a, %b : tensor<5xf32, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<5xf32, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xf32, #cpu>, tensor<5xi1, #cpu>>
}

// f64: a = [0.1, -2.5, 1e+308, 1, 3], b = [0.2, 4, 1e+308, -0, 3] (inputs rounded to f64)
// F64: [0.30000000000000004, 1.5, inf, 1, 6] : tensor<5xf64>
// F64-NEXT: [-0.1, -6.5, 0, 1, 0] : tensor<5xf64>
// F64-NEXT: [0.020000000000000004, -10, inf, -0, 9] : tensor<5xf64>
// F64-NEXT: [0.2, 4, 1e+308, 1, 3] : tensor<5xf64>
// F64-NEXT: [true, true, false, false, false] : tensor<5xi1>
tiny.function @f64_ops -> tuple<tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xi1, #cpu>> {
  %a = tiny.param 0 : f64 size 5 on "CPU"
  %b = tiny.param 1 : f64 size 5 on "CPU"
  %add = tiny.add %a, %b : tensor<5xf64, #cpu>
  %sub = tiny.sub %a, %b : tensor<5xf64, #cpu>
  %mul = tiny.mul %a, %b : tensor<5xf64, #cpu>
  %max = tiny.max %a, %b : tensor<5xf64, #cpu>
  %cmplt = tiny.cmplt %a, %b : tensor<5xf64, #cpu>
  %t = tiny.tuple %add, %sub, %mul, %max, %cmplt : tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xi1, #cpu>
  tiny.return %t : tuple<tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xf64, #cpu>, tensor<5xi1, #cpu>>
}

// bool: or / xor / and, max (= or), cmplt (false < true), cmpne, not.
// a = [false, false, true, true], b = [false, true, false, true]
// BOOL: [false, true, true, true] : tensor<4xi1>
// BOOL-NEXT: [false, true, true, false] : tensor<4xi1>
// BOOL-NEXT: [false, false, false, true] : tensor<4xi1>
// BOOL-NEXT: [false, true, true, true] : tensor<4xi1>
// BOOL-NEXT: [false, true, false, false] : tensor<4xi1>
// BOOL-NEXT: [false, true, true, false] : tensor<4xi1>
// BOOL-NEXT: [true, true, false, false] : tensor<4xi1>
tiny.function @bool_ops -> tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>> {
  %a = tiny.param 0 : i1 size 4 on "CPU"
  %b = tiny.param 1 : i1 size 4 on "CPU"
  %or = tiny.or %a, %b : tensor<4xi1, #cpu>
  %xor = tiny.xor %a, %b : tensor<4xi1, #cpu>
  %and = tiny.and %a, %b : tensor<4xi1, #cpu>
  %max = tiny.max %a, %b : tensor<4xi1, #cpu>
  %lt = tiny.cmplt %a, %b : tensor<4xi1, #cpu>
  %ne = tiny.cmpne %a, %b : tensor<4xi1, #cpu>
  %not = tiny.not %a : tensor<4xi1, #cpu>
  %t = tiny.tuple %or, %xor, %and, %max, %lt, %ne, %not : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>>
}

// i32 bitwise ops and shifts: x = a - 100 = [-16, 12, 255, 1], s = [2, 3, 1, 31].
// shl, shr (arithmetic), xor 255, and 12, or 3.
// I32BITS: [-64, 96, 510, -2147483648] : tensor<4xi32>
// I32BITS-NEXT: [-4, 1, 127, 0] : tensor<4xi32>
// I32BITS-NEXT: [-241, 243, 0, 254] : tensor<4xi32>
// I32BITS-NEXT: [0, 12, 12, 0] : tensor<4xi32>
// I32BITS-NEXT: [-13, 15, 255, 3] : tensor<4xi32>
tiny.function @i32_bits -> tuple<tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>> {
  %a = tiny.param 0 : i32 size 4 on "CPU"
  %s = tiny.param 1 : i32 size 4 on "CPU"
  %k = tiny.const dense<100> : tensor<1xi32, #cpu>
  %x = tiny.sub %a, %k : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  %shl = tiny.shl %x, %s : tensor<4xi32, #cpu>
  %shr = tiny.shr %x, %s : tensor<4xi32, #cpu>
  %c255 = tiny.const dense<255> : tensor<1xi32, #cpu>
  %c12 = tiny.const dense<12> : tensor<1xi32, #cpu>
  %c3 = tiny.const dense<3> : tensor<1xi32, #cpu>
  %xor = tiny.xor %x, %c255 : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  %and = tiny.and %x, %c12 : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  %or = tiny.or %x, %c3 : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  %t = tiny.tuple %shl, %shr, %xor, %and, %or : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  tiny.return %t : tuple<tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>>
}

// ui32: u = [4294967280, 12, 2147483648, 1], s = [2, 3, 1, 31]; shr is logical.
// UI32BITS: [4294967232, 96, 0, 2147483648] : tensor<4xui32>
// UI32BITS-NEXT: [1073741820, 1, 1073741824, 0] : tensor<4xui32>
// UI32BITS-NEXT: [4294967055, 243, 2147483903, 254] : tensor<4xui32>
// UI32BITS-NEXT: [0, 12, 0, 0] : tensor<4xui32>
// UI32BITS-NEXT: [4294967283, 15, 2147483651, 3] : tensor<4xui32>
tiny.function @ui32_bits -> tuple<tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>> {
  %u = tiny.param 0 : ui32 size 4 on "CPU"
  %s = tiny.param 1 : ui32 size 4 on "CPU"
  %shl = tiny.shl %u, %s : tensor<4xui32, #cpu>
  %shr = tiny.shr %u, %s : tensor<4xui32, #cpu>
  %c255 = tiny.const dense<255> : tensor<1xui32, #cpu>
  %c12 = tiny.const dense<12> : tensor<1xui32, #cpu>
  %c3 = tiny.const dense<3> : tensor<1xui32, #cpu>
  %xor = tiny.xor %u, %c255 : tensor<4xui32, #cpu>, tensor<1xui32, #cpu>
  %and = tiny.and %u, %c12 : tensor<4xui32, #cpu>, tensor<1xui32, #cpu>
  %or = tiny.or %u, %c3 : tensor<4xui32, #cpu>, tensor<1xui32, #cpu>
  %t = tiny.tuple %shl, %shr, %xor, %and, %or : tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>
  tiny.return %t : tuple<tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>, tensor<4xui32, #cpu>>
}
