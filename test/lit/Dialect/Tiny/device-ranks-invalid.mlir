// RUN: tiny-opt %s -split-input-file -verify-diagnostics
// Device names with a rank, "KIND:N@R" (docs/device-names.md), that the
// one parser refuses.

// The rank after '@' must be there.
// expected-error @+1 {{unknown device syntax 'CPU@': expected KIND or KIND:N with KIND in upper case, optionally followed by @R for a device of MPI rank R}}
%p = tiny.param 0 : f32 size 4 on "CPU@"

// -----

// The rank is decimal digits.
// expected-error @+1 {{unknown device syntax 'CPU:1@r1'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:1@r1">>

// -----

// No leading zeros: "@01" would be a second spelling of "@1".
// expected-error @+1 {{unknown device syntax 'CPU@01'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU@01">>

// -----

// The rank comes last: after the index, not before it.
// expected-error @+1 {{unknown device syntax 'CPU@1:2'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU@1:2">>

// -----

// One rank per name.
// expected-error @+1 {{unknown device syntax 'CPU@1@2'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU@1@2">>

// -----

// A rank alone names no device.
// expected-error @+1 {{unknown device syntax '@1'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"@1">>

// -----

// More than nine digits do not fit a rank.
// expected-error @+1 {{unknown device syntax 'CPU@1234567890'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU@1234567890">>

// -----

// "CPU:1@0" and "CPU:1" are one device, named once in a tuple.
// expected-error @+1 {{device 'CPU:1' appears twice in a device tuple}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:1@0", "CPU:1">>

// -----

// A buffer's device is checked by the same parser.
// expected-error @+1 {{unknown device syntax 'CPU@x'}}
func.func @f(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU@x">}) {
  return
}

// -----

// And a kernel's.
func.func @g() {
  // expected-error @+1 {{'tiny.k.kernel' op unknown device syntax 'CPU@'}}
  tiny.k.kernel "E_1" on "CPU@" {
  }
  return
}
