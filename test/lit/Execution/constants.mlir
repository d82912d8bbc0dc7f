// Execution of constants that are not splats (weights, lookup tables) and of
// raw bytes: -tiny-rangeify keeps each in a read-only global buffer that the
// kernels load from, as they load a param. Expected values are worked out
// from the op definitions, next to each check.

// y = W x + b, W = [[1, 2, 3], [4, 5, 6]], b = [10, 20]:
// x = (1, 1, 2) -> (1 + 2 + 6 + 10, 4 + 5 + 12 + 20) = (19, 41)
// RUN: tiny-run %s --entry=affine -i 1,1,2 | FileCheck %s --match-full-lines --check-prefix=AFFINE
// AFFINE: [19, 41] : tensor<2xf32>

// A lookup table T[i] = i * i (i < 8) read by a ui8 index.
// RUN: tiny-run %s --entry=lookup -i 3,0,7,5 | FileCheck %s --match-full-lines --check-prefix=LOOKUP
// LOOKUP: [9, 0, 49, 25] : tensor<4xi32>

// Raw bytes read as f32 (little-endian): 0x3FC00000 = 1.5, 0xC0000000 = -2.
// RUN: tiny-run %s --entry=bytes_as_f32 | FileCheck %s --match-full-lines --check-prefix=BYTES
// BYTES: [1.5, -2] : tensor<2xf32>
// RUN: tiny-run %s --entry=bytes | FileCheck %s --match-full-lines --check-prefix=RAW
// RAW: [1, 200, 255] : tensor<3xui8>

// Every dtype keeps its values in its storage: ui8 above 127, bools, f16,
// bf16 (rounded to 8 bits of mantissa: 0.1 -> 0.10009765625), i64, f64.
// RUN: tiny-run %s --entry=dtypes | FileCheck %s --match-full-lines --check-prefix=DTYPES
// DTYPES: [200, 0, 255] : tensor<3xui8>
// DTYPES-NEXT: [true, false, true] : tensor<3xi1>
// DTYPES-NEXT: {{\[}}[1.5, -2], [65504, 0.099975586]] : tensor<2x2xf16>
// DTYPES-NEXT: [0.100097656, -3] : tensor<2xbf16>
// DTYPES-NEXT: [-9223372036854775808, 9223372036854775807] : tensor<2xi64>
// DTYPES-NEXT: [0.1, -1e+300] : tensor<2xf64>

// One constant read by two kernels and returned twice; a permuted view of it.
// RUN: tiny-run %s --entry=shared -i 1,1,1,1,1,1 | FileCheck %s --match-full-lines --check-prefix=SHARED
// SHARED: {{\[}}[2, 3, 4], [5, 6, 7]] : tensor<2x3xi32>
// SHARED-NEXT: {{\[}}[1, 2, 3], [4, 5, 6]] : tensor<2x3xi32>
// SHARED-NEXT: {{\[}}[1, 2, 3], [4, 5, 6]] : tensor<2x3xi32>
// SHARED-NEXT: {{\[}}[1, 4], [2, 5], [3, 6]] : tensor<3x2xi32>

// A constant copied to another device: its 3 elements (12 bytes) are staged
// in a buffer the runtime allocated on CPU, then copied to CPU:1, whence the
// result is downloaded.
// RUN: tiny-run %s --entry=to_device --print-device-stats | FileCheck %s --match-full-lines --check-prefix=COPY
// COPY: [7, 8, 9] : tensor<3xi32>
// COPY-NEXT: device CPU: 1 buffers, peak 12 B, copied in 0 B, copied out 12 B
// COPY-NEXT: device CPU:1: 1 buffers, peak 12 B, copied in 12 B, copied out 12 B

// A constant on a device tuple times a value sharded over it: each device
// multiplies its half, [1, 2] * [1, 2] and [3, 4] * [3, 4].
// RUN: tiny-run %s --entry=sharded -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=SHARDED
// SHARDED: [1, 4, 9, 16] : tensor<4xf32>

// An empty constant, and one kept out of line (dense_resource: 1.0, 2.0).
// RUN: tiny-run %s --entry=empty | FileCheck %s --match-full-lines --check-prefix=EMPTY
// EMPTY: [] : tensor<0xf32>
// RUN: tiny-run %s --entry=resource -i 10,20 | FileCheck %s --match-full-lines --check-prefix=RESOURCE
// RESOURCE: [11, 22] : tensor<2xf32>

// A 65536-element constant compiles quickly (the time is printed, not
// asserted) and every element is right.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/large_const.py gen %t 65536
// RUN: tiny-run %t/large.mlir -i %t/x.npy -o %t/y.npy --print-compile-time 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: compile time: {{.*}} s
// RUN: %python %S/Inputs/large_const.py check %t/y.npy 65536 | FileCheck %s --check-prefix=LARGECHECK
// LARGECHECK: large_const.py: 65536 values match

#cpu = #tiny.device<"CPU">

tiny.function @affine -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %w = tiny.const dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32, #cpu>
  %b = tiny.const dense<[10.0, 20.0]> : tensor<2xf32, #cpu>
  %xr = tiny.reshape %x to [1, 3] : tensor<3xf32, #cpu>
  %p = tiny.mul %w, %xr : tensor<2x3xf32, #cpu>, tensor<1x3xf32, #cpu>
  %s = tiny.reduce add %p axes [1] : tensor<2x3xf32, #cpu>
  %sr = tiny.reshape %s to [2] : tensor<2x1xf32, #cpu>
  %y = tiny.add %sr, %b : tensor<2xf32, #cpu>
  tiny.return %y : tensor<2xf32, #cpu>
}

tiny.function @lookup -> tensor<4xi32, #cpu> {
  %i = tiny.param 0 : ui8 size 4 on "CPU"
  %t = tiny.const dense<[0, 1, 4, 9, 16, 25, 36, 49]> : tensor<8xi32, #cpu>
  %v = tiny.index %t[%i] : tensor<8xi32, #cpu>, tensor<4xui8, #cpu>
  tiny.return %v : tensor<4xi32, #cpu>
}

tiny.function @bytes_as_f32 -> tensor<2xf32, #cpu> {
  %b = tiny.binary dense<[0, 0, 192, 63, 0, 0, 0, 192]> : tensor<8xui8, #cpu>
  %f = tiny.bitcast %b to f32 : tensor<8xui8, #cpu>
  tiny.return %f : tensor<2xf32, #cpu>
}

tiny.function @bytes -> tensor<3xui8, #cpu> {
  %b = tiny.binary dense<[1, 200, 255]> : tensor<3xui8, #cpu>
  tiny.return %b : tensor<3xui8, #cpu>
}

tiny.function @dtypes -> tuple<tensor<3xui8, #cpu>, tensor<3xi1, #cpu>, tensor<2x2xf16, #cpu>, tensor<2xbf16, #cpu>, tensor<2xi64, #cpu>, tensor<2xf64, #cpu>> {
  %u = tiny.const dense<[200, 0, 255]> : tensor<3xui8, #cpu>
  %b = tiny.const dense<[true, false, true]> : tensor<3xi1, #cpu>
  %h = tiny.const dense<[[1.5, -2.0], [65504.0, 0.1]]> : tensor<2x2xf16, #cpu>
  %bf = tiny.const dense<[0.1, -3.0]> : tensor<2xbf16, #cpu>
  %l = tiny.const dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64, #cpu>
  %d = tiny.const dense<[0.1, -1.0e300]> : tensor<2xf64, #cpu>
  %t = tiny.tuple %u, %b, %h, %bf, %l, %d : tensor<3xui8, #cpu>, tensor<3xi1, #cpu>, tensor<2x2xf16, #cpu>, tensor<2xbf16, #cpu>, tensor<2xi64, #cpu>, tensor<2xf64, #cpu>
  tiny.return %t : tuple<tensor<3xui8, #cpu>, tensor<3xi1, #cpu>, tensor<2x2xf16, #cpu>, tensor<2xbf16, #cpu>, tensor<2xi64, #cpu>, tensor<2xf64, #cpu>>
}

tiny.function @shared -> tuple<tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<3x2xi32, #cpu>> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %xv = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %c = tiny.const dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32, #cpu>
  %s = tiny.add %xv, %c : tensor<2x3xi32, #cpu>
  %p = tiny.permute %c [1, 0] : tensor<2x3xi32, #cpu>
  %t = tiny.tuple %s, %c, %c, %p : tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<3x2xi32, #cpu>
  tiny.return %t : tuple<tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<2x3xi32, #cpu>, tensor<3x2xi32, #cpu>>
}

tiny.function @to_device -> tensor<3xi32, #tiny.device<"CPU:1">> {
  %c = tiny.const dense<[7, 8, 9]> : tensor<3xi32, #cpu>
  %d = tiny.copy %c to "CPU:1" : tensor<3xi32, #cpu>
  tiny.return %d : tensor<3xi32, #tiny.device<"CPU:1">>
}

tiny.function @sharded -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.copy %x to ["CPU:1", "CPU:2"] shard 0 : tensor<4xf32, #cpu>
  %c = tiny.const dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>
  %m = tiny.mul %s, %c : tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>
  %r = tiny.copy %m to "CPU" : tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>
  tiny.return %r : tensor<4xf32, #cpu>
}

tiny.function @empty -> tensor<0xf32, #cpu> {
  %c = tiny.const dense<> : tensor<0xf32, #cpu>
  tiny.return %c : tensor<0xf32, #cpu>
}

tiny.function @resource -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %c = tiny.const dense_resource<table> : tensor<2xf32, #cpu>
  %y = tiny.add %x, %c : tensor<2xf32, #cpu>
  tiny.return %y : tensor<2xf32, #cpu>
}

{-#
  dialect_resources: {
    builtin: {
      table: "0x040000000000803F00000040"
    }
  }
#-}
