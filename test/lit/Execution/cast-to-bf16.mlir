// Casts to bf16 from bool, the integer dtypes and f64. (f32 -> bf16 and
// f16 -> bf16 work: see cast.mlir.)
//
// Regression test for a fixed bug: every one of these failed to JIT, e.g. for i32 -> bf16:
//   JIT session error: Symbols not found: [ __truncsfbf2 ]
//   error: JIT compilation failed: Failed to materialize symbols
// and for f64 -> bf16 the missing symbol is __truncdfbf2. The -tiny-to-llvm
// pipeline expands arith.truncf f32 -> bf16 into integer bit manipulation
// (-tiny-expand-arith), but an int -> bf16 conversion (sitofp /
// uitofp to bf16) and f64 -> bf16 truncf are left to LLVM, which lowers them
// to compiler-rt libcalls that the JIT does not provide. Each function is in
// its own RUN line, but the whole module is lowered for any --entry, so one
// failing function fails them all.
//
// Expected values, python3 (round to nearest even; bf16 keeps 8 significant
// bits, so 255 is exact and 257 ties to 256):
//   import struct
//   def bf16(x):
//       b = struct.unpack('<I', struct.pack('<f', x))[0]
//       b = (b + 0x7fff + ((b >> 16) & 1)) >> 16
//       return struct.unpack('<f', struct.pack('<I', b << 16))[0]
//   print([bf16(float(v)) for v in [1, 0, 100, 257, 255, 65535]], bf16(0.1))
// (0.1 is exact in neither f64 nor f32; it rounds to 0.10009765625, printed
// 0.100097656. Values where rounding through f32 would round twice are in
// cast-round-once.mlir.)

// RUN: tiny-run %s --entry=i32_to_bf16 -i 1,0,100,257,255,65535 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=ui8_to_bf16 -i 1,0,100,255 | FileCheck %s --match-full-lines --check-prefix=UI8
// RUN: tiny-run %s --entry=bool_to_bf16 -i true,false | FileCheck %s --match-full-lines --check-prefix=BOOL
// RUN: tiny-run %s --entry=f64_to_bf16 -i 0.1,-2.5 | FileCheck %s --match-full-lines --check-prefix=F64

#cpu = #tiny.device<"CPU">

// I32: [1, 0, 100, 256, 255, 65536] : tensor<6xbf16>
tiny.function @i32_to_bf16 -> tensor<6xbf16, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %y = tiny.cast %x to bf16 : tensor<6xi32, #cpu>
  tiny.return %y : tensor<6xbf16, #cpu>
}

// UI8: [1, 0, 100, 255] : tensor<4xbf16>
tiny.function @ui8_to_bf16 -> tensor<4xbf16, #cpu> {
  %x = tiny.param 0 : ui8 size 4 on "CPU"
  %y = tiny.cast %x to bf16 : tensor<4xui8, #cpu>
  tiny.return %y : tensor<4xbf16, #cpu>
}

// BOOL: [1, 0] : tensor<2xbf16>
tiny.function @bool_to_bf16 -> tensor<2xbf16, #cpu> {
  %x = tiny.param 0 : i1 size 2 on "CPU"
  %y = tiny.cast %x to bf16 : tensor<2xi1, #cpu>
  tiny.return %y : tensor<2xbf16, #cpu>
}

// F64: [0.100097656, -2.5] : tensor<2xbf16>
tiny.function @f64_to_bf16 -> tensor<2xbf16, #cpu> {
  %x = tiny.param 0 : f64 size 2 on "CPU"
  %y = tiny.cast %x to bf16 : tensor<2xf64, #cpu>
  tiny.return %y : tensor<2xbf16, #cpu>
}
