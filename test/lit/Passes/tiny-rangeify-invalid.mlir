// RUN: tiny-opt %s -split-input-file -tiny-rangeify -verify-diagnostics

#cpu = #tiny.device<"CPU">

tiny.function @callee -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %x : tensor<4xf32, #cpu>
}

// Calls are resolved by -tiny-resolve-calls first.
tiny.function @caller -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.call' op must be resolved before rangeify (run -tiny-resolve-calls)}}
  %r = tiny.call @callee(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#two = #tiny.device<"CPU:0", "CPU:1">

tiny.function @multi_device -> tensor<4xf32, #two> {
  // expected-error @+1 {{'tiny.param' op produces a multi-device value: give each device its own ops first (run -tiny-expand-multi)}}
  %x = tiny.param 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  tiny.return %x : tensor<4xf32, #two>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @fp8_cast -> tensor<4xf8E4M3FN, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.cast' op has an fp8 result, which the CPU lowering does not support yet}}
  %c = tiny.cast %x to f8E4M3FN : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf8E4M3FN, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @fp8_param -> tensor<4xf8E5M2, #cpu> {
  // expected-error @+1 {{'tiny.param' op has an fp8 result, which the CPU lowering does not support yet}}
  %x = tiny.param 0 : f8E5M2 size 4 on "CPU"
  tiny.return %x : tensor<4xf8E5M2, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @threefry -> tensor<4xui64, #cpu> {
  %x = tiny.param 0 : ui64 size 4 on "CPU"
  %k = tiny.param 1 : ui64 size 4 on "CPU"
  // expected-error @+1 {{'tiny.threefry' op is not supported by rangeify yet}}
  %r = tiny.threefry %x, %k : tensor<4xui64, #cpu>, tensor<4xui64, #cpu>
  tiny.return %r : tensor<4xui64, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @bitcast_bool -> tensor<4xui8, #cpu> {
  %x = tiny.param 0 : i1 size 4 on "CPU"
  // expected-error @+1 {{'tiny.bitcast' op of a bool (i1) is not supported by rangeify yet}}
  %b = tiny.bitcast %x to ui8 : tensor<4xi1, #cpu>
  tiny.return %b : tensor<4xui8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The store target is a reshaped view of the param, not the param itself.
tiny.function @store_view -> tensor<2x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>
  %e = tiny.exp2 %v : tensor<2x2xf32, #cpu>
  // expected-error @+1 {{'tiny.store' op must store into a param or a buffer directly for rangeify}}
  %t = tiny.store %v, %e : tensor<2x2xf32, #cpu>
  %a = tiny.after %v(%t) : tensor<2x2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// One slot is one argument buffer, so it cannot have two types.
tiny.function @slot_types -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.param' op slot 0 is used with two different types}}
  %y = tiny.param 0 : f32 size 8 on "CPU"
  %s = tiny.shrink %y [0] to [4] : tensor<8xf32, #cpu>
  %a = tiny.add %x, %s : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @nested_tuple -> tuple<tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %t = tiny.tuple %x : tensor<4xf32, #cpu>
  %u = tiny.tuple %t, %x : tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>
  // expected-error @+1 {{'tiny.return' op returns a nested tuple, which rangeify does not flatten yet}}
  tiny.return %u : tuple<tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @custom_function -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.custom_function' op is not supported by rangeify yet}}
  %r = tiny.custom_function "sgemm"(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}
