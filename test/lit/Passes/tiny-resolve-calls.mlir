// RUN: tiny-opt %s -split-input-file -tiny-resolve-calls -verify-diagnostics | FileCheck %s

#cpu = #tiny.device<"CPU">

tiny.function @scale -> tensor<2x3xf32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %s = tiny.param 1 : f32 on "CPU"
  %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #cpu>
  %r = tiny.mul %v, %s : tensor<2x3xf32, #cpu>, tensor<f32, #cpu>
  tiny.return %r : tensor<2x3xf32, #cpu>
}

// The (3, 2) argument is viewed as the flat (6,) storage the param
// declares; the scalar argument substitutes the scalar param directly.
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32{{.*}}>, %[[S:.*]]: tensor<f32
// CHECK-NEXT: %[[FLAT:.*]] = tiny.reshape %[[X]] to [6] : tensor<3x2xf32
// CHECK-NEXT: %[[V:.*]] = tiny.reshape %[[FLAT]] to [2, 3] : tensor<6xf32
// CHECK-NEXT: %[[R:.*]] = tiny.mul %[[V]], %[[S]]
// CHECK-NEXT: return %[[R]]
func.func @caller(%x: tensor<3x2xf32, #cpu>, %s: tensor<f32, #cpu>) -> tensor<2x3xf32, #cpu> {
  %0 = tiny.call @scale(%x, %s) : (tensor<3x2xf32, #cpu>, tensor<f32, #cpu>) -> tensor<2x3xf32, #cpu>
  return %0 : tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @inner -> tensor<4xi32, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %r = tiny.add %p, %p : tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi32, #cpu>
}

tiny.function @outer -> tensor<4xi32, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %r = tiny.call @inner(%p) : (tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi32, #cpu>
}

// Calls inside inlined bodies are resolved too; an argument already of the
// param's type needs no view.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32
// CHECK-NEXT: %[[R:.*]] = tiny.add %[[X]], %[[X]]
// CHECK-NEXT: return %[[R]]
func.func @nested(%x: tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu> {
  %0 = tiny.call @outer(%x) : (tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu>
  return %0 : tensor<4xi32, #cpu>
}

// -----

#two = #tiny.device<"CPU:0", "CPU:1">

tiny.function @sharded -> tensor<4x3xf32, #two> {
  %p = tiny.param 0 : f32 size 6 on ["CPU:0", "CPU:1"]
  %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #two>
  %u = tiny.unshard %v axis 0 : tensor<2x3xf32, #two>
  tiny.return %u : tensor<4x3xf32, #two>
}

// A sharded argument is checked and substituted per shard: the (2, 3)
// shards fill the size-6 param, not the (4, 3) logical tensor.
// CHECK-LABEL: func.func @multi
// CHECK-SAME: (%[[SH:.*]]: tensor<2x3xf32
// CHECK: %[[FLAT:.*]] = tiny.reshape %[[SH]] to [6]
// CHECK: %[[V:.*]] = tiny.reshape %[[FLAT]] to [2, 3]
// CHECK: %[[U:.*]] = tiny.unshard %[[V]] axis 0
// CHECK: return %[[U]]
func.func @multi(%shards: tensor<2x3xf32, #two>) -> tensor<4x3xf32, #two> {
  %x = tiny.unshard %shards axis 0 : tensor<2x3xf32, #two>
  %0 = tiny.call @sharded(%x) : (tensor<4x3xf32, #two>) -> tensor<4x3xf32, #two>
  return %0 : tensor<4x3xf32, #two>
}

// -----

#two = #tiny.device<"CPU:0", "CPU:1">

tiny.function @sharded -> tensor<6xf32, #two> {
  %p = tiny.param 0 : f32 size 6 on ["CPU:0", "CPU:1"]
  tiny.return %p : tensor<6xf32, #two>
}

func.func @multi_mismatch(%shards: tensor<2x4xf32, #two>) -> tensor<6xf32, #two> {
  %x = tiny.unshard %shards axis 0 : tensor<2x4xf32, #two>
  // expected-error @+1 {{arg 0 shape mismatch: expected size 6, got (2, 4)}}
  %0 = tiny.call @sharded(%x) : (tensor<4x4xf32, #two>) -> tensor<6xf32, #two>
  return %0 : tensor<6xf32, #two>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<6xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  tiny.return %b : tensor<6xf32, #cpu>
}

func.func @size_mismatch(%a: tensor<6xf32, #cpu>, %b: tensor<2x4xf32, #cpu>) -> tensor<6xf32, #cpu> {
  // expected-error @+1 {{arg 1 shape mismatch: expected size 6, got (2, 4)}}
  %0 = tiny.call @f(%a, %b) : (tensor<6xf32, #cpu>, tensor<2x4xf32, #cpu>) -> tensor<6xf32, #cpu>
  return %0 : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<f32, #cpu> {
  %s = tiny.param 0 : f32 on "CPU"
  tiny.return %s : tensor<f32, #cpu>
}

func.func @not_scalar(%a: tensor<3xf32, #cpu>) -> tensor<f32, #cpu> {
  // expected-error @+1 {{arg 0 expected scalar, got (3,)}}
  %0 = tiny.call @f(%a) : (tensor<3xf32, #cpu>) -> tensor<f32, #cpu>
  return %0 : tensor<f32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #cpu>
}

func.func @dtype_mismatch(%a: tensor<4xi32, #cpu>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{arg 0 dtype mismatch: expected 'f32', got 'i32'}}
  %0 = tiny.call @f(%a) : (tensor<4xi32, #cpu>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #cpu>
}

func.func @device_mismatch(%a: tensor<4xf32, #tiny.device<"CUDA">>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{arg 0 device mismatch: expected #tiny.device<"CPU">, got #tiny.device<"CUDA">}}
  %0 = tiny.call @f(%a) : (tensor<4xf32, #tiny.device<"CUDA">>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #cpu>
}

func.func @arg_count(%a: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{@f takes 1 arguments, got 2}}
  %0 = tiny.call @f(%a, %a) : (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %q = tiny.param 2 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #cpu>
}

func.func @slot_gap(%a: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{params of @f are not numbered 0..n-1: 2 params, but one has slot 2}}
  %0 = tiny.call @f(%a, %a) : (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-note @+1 {{second param with that slot}}
  %q = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #cpu>
}

func.func @slot_twice(%a: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{params of @f are not numbered 0..n-1: slot 0 appears twice}}
  %0 = tiny.call @f(%a, %a) : (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @loop -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-note @+1 {{innermost call}}
  %r = tiny.call @loop(%p) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

func.func @recursive(%a: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  // expected-error @+1 {{calls nest deeper than 64 levels; is @loop recursive?}}
  %0 = tiny.call @loop(%a) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  return %0 : tensor<4xf32, #cpu>
}

// -----

// A call in the body of a tiny.function is resolved in place, so the caller
// can be lowered on its own.
#cpu = #tiny.device<"CPU">

tiny.function @double -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %r = tiny.add %p, %p : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// CHECK-LABEL: tiny.function @quadruple
// CHECK-NEXT: %[[X:.*]] = tiny.param 0 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[D:.*]] = tiny.add %[[X]], %[[X]]
// CHECK-NEXT: %[[Q:.*]] = tiny.add %[[D]], %[[D]]
// CHECK-NEXT: tiny.return %[[Q]]
tiny.function @quadruple -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %d = tiny.call @double(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  %q = tiny.call @double(%d) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %q : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @self -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{@self calls itself, directly or through other functions}}
  %r = tiny.call @self(%p) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @ping -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-note @+1 {{innermost call}}
  %r = tiny.call @pong(%p) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

tiny.function @pong -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{@pong calls itself, directly or through other functions}}
  %r = tiny.call @ping(%p) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}
