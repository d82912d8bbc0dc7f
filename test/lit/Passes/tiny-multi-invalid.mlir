// RUN: tiny-opt %s -split-input-file -tiny-multi -verify-diagnostics

#d2 = #tiny.device<"CPU:0", "CPU:1">

// (6, 2) in shards of 3 rows, as (3, 4): row 1 would hold half of each shard.
func.func @split_shard(%a: tensor<3x2xf32, #d2>) -> tensor<3x4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<3x2xf32, #d2>
  // expected-error @+1 {{'tiny.reshape' op cannot keep the shards of axis 0 of 'tensor<6x2xf32, #tiny.device<"CPU:0", "CPU:1">>' apart: reshaping to (3, 4) moves a shard boundary}}
  %r = tiny.reshape %ua to [3, 4] : tensor<6x2xf32, #d2>
  return %r : tensor<3x4xf32, #d2>
}
