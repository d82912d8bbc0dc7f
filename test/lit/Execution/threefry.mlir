// Execution of tiny.threefry: tinygrad's THREEFRY, Threefry-2x32 with 20
// rounds of a uint64 counter (two 32-bit words, low first) under a uint64
// key. Expected values come from Inputs/threefry.py, a Python
// implementation written from the cipher's specification, which checks the
// Random123 known-answer vectors before it prints anything; where tinygrad's
// source is at hand, tinygrad's own Tensor.threefry gives the same values.

// The known-answer vectors (counter words, key words -> output words):
// (0, 0), (0, 0) -> (0x6b200159, 0x99ba4efe); all ones -> (0x1cb996fc,
// 0xbb002be7); (0x243f6a88, 0x85a308d3), (0x13198a2e, 0x03707344) ->
// (0xc4923a9c, 0x483df7a0).
// RUN: tiny-run %s --entry=pairs -i 0,18446744073709551615,9629550131187509896 -i 0,18446744073709551615,247824715720788526 | FileCheck %s --match-full-lines --check-prefix=KAT
// KAT: [11077253088097075545, 13474818356711888636, 5205589014174907036] : tensor<3xui64>

// Counters under one key that broadcasts.
// RUN: tiny-run %s --entry=one_key -i 0,1,2,3,4,5,6,7 -i 1311768467294899695 > %t.one_key
// RUN: %python %S/Inputs/threefry.py values 0,1,2,3,4,5,6,7 0x1234567890abcdef > %t.one_key.want
// RUN: diff %t.one_key %t.one_key.want

// 50000 counters (a kernel on threads) under a key.
// RUN: %python %S/Inputs/threefry.py counters %t.counters.npy 50000
// RUN: tiny-run %s --entry=one_key_large -i %t.counters.npy -i 42 -o %t.large.npy
// RUN: %python %S/Inputs/threefry.py check %t.large.npy 50000 42 | FileCheck %s --check-prefix=LARGE
// LARGE: threefry.py: 50000 values match

// tinygrad's random bits: counters counts1 << 32 | counts0 from a table of
// counts, the key from two 32-bit words.
// RUN: tiny-run %s --entry=random_bits -i 3735928559,305419896 > %t.bits
// RUN: %python %S/Inputs/threefry.py values 0x0000000400000000,0x0000000500000001,0x0000000600000002,0x0000000700000003 0x12345678deadbeef > %t.bits.want
// RUN: diff %t.bits %t.bits.want

// The same counters and keys through tinygrad.
// RUN: %if tinygrad %{ env PYTHONPATH=%tinygrad PYTHONDONTWRITEBYTECODE=1 CACHELEVEL=0 %python %S/Inputs/threefry.py tinygrad 0,1,2,3,4,5,6,7 0x1234567890abcdef > %t.one_key.tinygrad %}
// RUN: %if tinygrad %{ diff %t.one_key %t.one_key.tinygrad %}

#cpu = #tiny.device<"CPU">

tiny.function @pairs -> tensor<3xui64, #cpu> {
  %x = tiny.param 0 : ui64 size 3 on "CPU"
  %k = tiny.param 1 : ui64 size 3 on "CPU"
  %r = tiny.threefry %x, %k : tensor<3xui64, #cpu>
  tiny.return %r : tensor<3xui64, #cpu>
}

tiny.function @one_key -> tensor<8xui64, #cpu> {
  %x = tiny.param 0 : ui64 size 8 on "CPU"
  %k = tiny.param 1 : ui64 size 1 on "CPU"
  %r = tiny.threefry %x, %k : tensor<8xui64, #cpu>, tensor<1xui64, #cpu>
  tiny.return %r : tensor<8xui64, #cpu>
}

tiny.function @one_key_large -> tensor<50000xui64, #cpu> {
  %x = tiny.param 0 : ui64 size 50000 on "CPU"
  %k = tiny.param 1 : ui64 on "CPU"
  %r = tiny.threefry %x, %k : tensor<50000xui64, #cpu>, tensor<ui64, #cpu>
  tiny.return %r : tensor<50000xui64, #cpu>
}

// x = counts1 << 32 | counts0 and key = key1 << 32 | key0, as tinygrad's
// _threefry_random_bits builds them, with counts0 = [0, 1, 2, 3] and
// counts1 = counts0 + 4.
tiny.function @random_bits -> tensor<4xui64, #cpu> {
  %key = tiny.param 0 : ui32 size 2 on "CPU"
  %counts0 = tiny.const dense<[0, 1, 2, 3]> : tensor<4xui32, #cpu>
  %four = tiny.const dense<4> : tensor<4xui32, #cpu>
  %counts1 = tiny.add %counts0, %four : tensor<4xui32, #cpu>
  %thirtytwo = tiny.const dense<32> : tensor<4xui64, #cpu>
  %low = tiny.cast %counts0 to ui64 : tensor<4xui32, #cpu>
  %high = tiny.cast %counts1 to ui64 : tensor<4xui32, #cpu>
  %shifted = tiny.shl %high, %thirtytwo : tensor<4xui64, #cpu>
  %x = tiny.or %shifted, %low : tensor<4xui64, #cpu>
  %key0 = tiny.shrink %key [0] to [1] : tensor<2xui32, #cpu>
  %key1 = tiny.shrink %key [1] to [2] : tensor<2xui32, #cpu>
  %k0 = tiny.cast %key0 to ui64 : tensor<1xui32, #cpu>
  %k1 = tiny.cast %key1 to ui64 : tensor<1xui32, #cpu>
  %thirtytwo1 = tiny.const dense<32> : tensor<1xui64, #cpu>
  %k1s = tiny.shl %k1, %thirtytwo1 : tensor<1xui64, #cpu>
  %k = tiny.or %k1s, %k0 : tensor<1xui64, #cpu>
  %r = tiny.threefry %x, %k : tensor<4xui64, #cpu>, tensor<1xui64, #cpu>
  tiny.return %r : tensor<4xui64, #cpu>
}
