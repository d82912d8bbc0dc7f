// RUN: tiny-opt %s -split-input-file -tiny-multi -verify-diagnostics

#d2 = #tiny.device<"CPU:0", "CPU:1">

// (6, 2) in shards of 3 rows, as (3, 4): row 1 would hold half of each shard.
func.func @split_shard(%a: tensor<3x2xf32, #d2>) -> tensor<3x4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<3x2xf32, #d2>
  // expected-error @+1 {{'tiny.reshape' op cannot keep the shards of axis 0 of 'tensor<6x2xf32, #tiny.device<"CPU", "CPU:1">>' apart: reshaping to (3, 4) moves a shard boundary}}
  %r = tiny.reshape %ua to [3, 4] : tensor<6x2xf32, #d2>
  return %r : tensor<3x4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Padding the sharded axis: 4 + 1 rows cannot be two shards of 2.
func.func @pad_sharded_axis(%a: tensor<2x3xf32, #d2>) -> tensor<5x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  // expected-error @+1 {{'tiny.pad' op pads axis 0 of 'tensor<4x3xf32, #tiny.device<"CPU", "CPU:1">>', whose shards are on different devices: the padded axis cannot be split into the same shards; copy the value to one device first}}
  %p = tiny.pad %ua low [1, 0] high [0, 0] : tensor<4x3xf32, #d2>
  return %p : tensor<5x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Gathering rows of a value sharded by rows: an index may name any shard.
func.func @index_sharded_axis(%a: tensor<2x3xf32, #d2>, %i: tensor<2xi32, #d2>) -> tensor<2x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  // expected-error @+1 {{'tiny.index' op indexes axis 0 of 'tensor<4x3xf32, #tiny.device<"CPU", "CPU:1">>', whose shards are on different devices; copy the source to one device first}}
  %g = tiny.index %ua[%i] : tensor<4x3xf32, #d2>, tensor<2xi32, #d2>
  return %g : tensor<2x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

func.func @index_both_sharded(%a: tensor<4x2xf32, #d2>, %i: tensor<1xi32, #d2>) -> tensor<2x4xf32, #d2> {
  %ua = tiny.unshard %a axis 1 : tensor<4x2xf32, #d2>
  %ui = tiny.unshard %i axis 0 : tensor<1xi32, #d2>
  // expected-error @+1 {{'tiny.index' op indexes a sharded source with sharded indices; copy one of them to one device first}}
  %g = tiny.index %ua[%ui] : tensor<4x4xf32, #d2>, tensor<2xi32, #d2>
  return %g : tensor<2x4xf32, #d2>
}
