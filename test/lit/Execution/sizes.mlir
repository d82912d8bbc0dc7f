// Every size computed from user input is checked before it is used: .npy
// headers against their payload and for overflow, buffers whose byte size
// overflows int64 at compile time, and buffers larger than the host's
// memory before anything is allocated. Each used to abort, segfault or be
// accepted with a wrapped size.

// RUN: %python %S/Inputs/npy_header.py %t.2e40.npy "(2**40,)" 6
// RUN: not tiny-run %s --entry=six -i %t.2e40.npy 2>&1 | FileCheck %s --check-prefix=PAYLOAD
// PAYLOAD: tiny-run: error: input 0: '{{.*}}.2e40.npy' holds 24 bytes of data but its header says 4398046511104

// RUN: %python %S/Inputs/npy_header.py %t.max.npy "(2**63 - 1,)" 6
// RUN: not tiny-run %s --entry=six -i %t.max.npy 2>&1 | FileCheck %s --check-prefix=MAX
// MAX: tiny-run: error: input 0: '{{.*}}.max.npy' has shape (9223372036854775807,), whose byte size overflows

// The element count wraps to 6 in 64 bits.
// RUN: %python %S/Inputs/npy_header.py %t.wrap.npy "(11, 1676976733973595602)" 6
// RUN: not tiny-run %s --entry=six -i %t.wrap.npy 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: tiny-run: error: input 0: '{{.*}}.wrap.npy' has shape (11, 1676976733973595602), whose byte size overflows

// 2^62 floats are 2^64 bytes, which wraps to 0: a header-only file matched.
// RUN: %python %S/Inputs/npy_header.py %t.2e62.npy "(2**62,)" 0
// RUN: not tiny-run %s --entry=sum_huge_param -i %t.2e62.npy 2>&1 | FileCheck %s --check-prefix=HUGE-PARAM
// HUGE-PARAM: error: 'tiny.function' op param slot 0 of 4611686018427387904 elements has more bytes than an int64 counts

// RUN: not tiny-run %s --entry=huge_result 2>&1 | FileCheck %s --check-prefix=HUGE-RESULT
// HUGE-RESULT: error: 'tiny.function' op result 0 of 4611686018427387904 elements has more bytes than an int64 counts

// RUN: not tiny-run %s --entry=huge_temporary -i 1 2>&1 | FileCheck %s --check-prefix=HUGE-TEMP
// HUGE-TEMP: sizes.mlir:[[# @LINE + 52]]:8: error: a temporary buffer of type 'memref<4611686018427387904xf32>' has more bytes than an int64 counts

// 2^40 floats (4 TiB) fit in int64 but in no host's memory.
// RUN: not tiny-run %s --entry=large_result 2>&1 | FileCheck %s --check-prefix=LARGE-RESULT
// LARGE-RESULT: tiny-run: error: the program's buffers need 4398046511104 bytes, more than the host's {{[0-9]+}} bytes of memory
// The temporary's 2^42 bytes, the param's 4 and the result's 4, and the
// 64 f32 partials (256 bytes) -tiny-split-reduce makes of its sum:
// 4398046511104 + 4 + 4 + 256.
// RUN: not tiny-run %s --entry=large_temporary -i 1 2>&1 | FileCheck %s --check-prefix=LARGE-TEMP
// LARGE-TEMP: tiny-run: error: the program's buffers need 4398046511368 bytes, more than the host's {{[0-9]+}} bytes of memory

// A text input for a param is counted before anything is allocated.
// RUN: not tiny-run %s --entry=six -i 1,2,3 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tiny-run: error: input 0: expected 6 values, got 3

#cpu = #tiny.device<"CPU">

tiny.function @six -> tensor<6xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.add %a, %a : tensor<6xf32, #cpu>
  tiny.return %y : tensor<6xf32, #cpu>
}

tiny.function @sum_huge_param -> tensor<1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4611686018427387904 on "CPU"
  %s = tiny.reduce add %a axes [0] : tensor<4611686018427387904xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}

tiny.function @huge_result -> tensor<4611686018427387904xf32, #cpu> {
  %c = tiny.const dense<1.0> : tensor<4611686018427387904xf32, #cpu>
  tiny.return %c : tensor<4611686018427387904xf32, #cpu>
}

tiny.function @large_result -> tensor<1099511627776xf32, #cpu> {
  %c = tiny.const dense<1.0> : tensor<1099511627776xf32, #cpu>
  tiny.return %c : tensor<1099511627776xf32, #cpu>
}

tiny.function @large_temporary -> tensor<1xf32, #cpu> {
  %a = tiny.param 0 : f32 on "CPU"
  %r = tiny.reshape %a to [1] : tensor<f32, #cpu>
  %e = tiny.expand %r to [1099511627776] : tensor<1xf32, #cpu>
  %c = tiny.contiguous %e : tensor<1099511627776xf32, #cpu>
  %s = tiny.reduce add %c axes [0] : tensor<1099511627776xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}

tiny.function @huge_temporary -> tensor<1xf32, #cpu> {
  %a = tiny.param 0 : f32 on "CPU"
  %r = tiny.reshape %a to [1] : tensor<f32, #cpu>
  %e = tiny.expand %r to [4611686018427387904] : tensor<1xf32, #cpu>
  %c = tiny.contiguous %e : tensor<4611686018427387904xf32, #cpu>
  %s = tiny.reduce add %c axes [0] : tensor<4611686018427387904xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}
