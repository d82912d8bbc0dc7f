// RUN: tiny-opt %s -split-input-file -tiny-remove-views -verify-diagnostics

#cpu = #tiny.device<"CPU">

// The padding of a pad has no storage to write into.
tiny.function @store_pad -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 6 on "CPU"
  // expected-note @+1 {{pad here}}
  %p = tiny.pad %x low [1] high [1] : tensor<4xf32, #cpu>
  // expected-error @+1 {{'tiny.store' op writes through a tiny.pad of its target, whose padding has no storage: store into the unpadded region instead}}
  %t = tiny.store %p, %v : tensor<6xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// An expand under other views is found too: element i of x would take
// three values.
tiny.function @store_reshape_expand -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %v = tiny.param 1 : f32 size 6 on "CPU"
  %r = tiny.reshape %x to [2, 1] : tensor<2xf32, #cpu>
  // expected-note @+1 {{expand here}}
  %e = tiny.expand %r to [2, 3] : tensor<2x1xf32, #cpu>
  %f = tiny.reshape %e to [6] : tensor<2x3xf32, #cpu>
  // expected-error @+1 {{'tiny.store' op writes through a tiny.expand of its target, which would write each broadcast element several times}}
  %t = tiny.store %f, %v : tensor<6xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// An after between the store and the pad does not hide it.
tiny.function @store_after_of_pad -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %v = tiny.param 1 : f32 size 3 on "CPU"
  %t0 = tiny.store %x, %x : tensor<2xf32, #cpu>
  // expected-note @+1 {{pad here}}
  %p = tiny.pad %x low [0] high [1] : tensor<2xf32, #cpu>
  %a0 = tiny.after %p(%t0) : tensor<3xf32, #cpu>, !tiny.token
  // expected-error @+1 {{'tiny.store' op writes through a tiny.pad of its target}}
  %t = tiny.store %a0, %v : tensor<3xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2xf32, #cpu>
}
