// RUN: tiny-opt %s -split-input-file -verify-diagnostics

// Device attribute: a lower-case kind is not a device name.
// expected-error @+1 {{unknown device syntax 'cpu': expected KIND or KIND:N}}
%p = tiny.param 0 : f32 size 4 on "cpu"

// -----

// Device attribute: `KIND:` needs an index after the colon.
// expected-error @+1 {{unknown device syntax 'CPU:'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:">>

// -----

// Device attribute: the index after the colon must be digits.
// expected-error @+1 {{unknown device syntax 'CPU:x'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:x">>

// -----

// Device attribute: the kind must not be empty.
// expected-error @+1 {{unknown device syntax ':0'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<":0">>

// -----

// Device attribute: only upper-case letters, digits and '_' in a kind.
// expected-error @+1 {{unknown device syntax 'CPU-0'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU-0">>

// -----

// Device attribute: at most one index.
// expected-error @+1 {{unknown device syntax 'CPU:0:1'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:0:1">>

// -----

// Device attribute: a name appears at most once in a tuple.
// expected-error @+1 {{device 'CPU' appears twice in a device tuple}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:0", "CPU:0">>

// -----

// Device tuple in an op's custom syntax: a name appears at most once.
// expected-error @+1 {{device 'CPU' appears twice in a device tuple}}
%p = tiny.param 0 : f32 size 4 on ["CPU", "CPU"]

// -----

// Device attribute: "CPU:0" and "CPU" are one device, named once.
// expected-error @+1 {{device 'CPU' appears twice in a device tuple (KIND:0 and KIND name one device)}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CUDA:1", "CPU", "CPU:0">>

// -----

// Device attribute: the tuple must not be empty (rejected by the parser).
// expected-error @+2 {{expected attribute value}}
// expected-error @+1 {{failed to parse Tiny_DeviceAttr parameter 'names'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<>>

// -----

// Device tuple in an op's custom syntax: `[]` is not a device.
// expected-error @+1 {{expected string}}
%p = tiny.param 0 : f32 size 4 on []

// -----

// Storage: the slot is non-negative (ODS IntNonNegative).
// expected-error @+1 {{attribute 'slot' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
%p = tiny.param -1 : f32 size 1 on "CPU"

// -----

// Storage: a negative size fails type inference.
// expected-error @+1 {{storage size must be non-negative}}
%p = tiny.param 0 : f32 size -1 on "CPU"

// -----

// Storage (generic form): the size is non-negative (ODS IntNonNegative).
// expected-error @+1 {{attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
%p = "tiny.param"() <{slot = 0 : i64, dtype = f32, size = -1 : i64, device = #tiny.device<"CPU">}> : () -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Storage (generic form): the dtype is a tinygrad dtype (no signed integers).
// expected-error @+1 {{attribute 'dtype' failed to satisfy constraint: type attribute of tinygrad dtype}}
%p = "tiny.param"() <{slot = 0 : i64, dtype = si32, size = 4 : i64, device = #tiny.device<"CPU">}> : () -> tensor<4xsi32, #tiny.device<"CPU">>

// -----

// Storage (generic form): the result type is the inferred one.
// expected-error @+2 {{'tiny.param' op inferred type(s) 'tensor<4xf32, #tiny.device<"CPU">>' are incompatible with return type(s) of operation 'tensor<5xf32, #tiny.device<"CPU">>'}}
// expected-error @+1 {{'tiny.param' op failed to infer returned types}}
%p = "tiny.param"() <{slot = 0 : i64, dtype = f32, size = 4 : i64, device = #tiny.device<"CPU">}> : () -> tensor<5xf32, #tiny.device<"CPU">>

// -----

// Image: exactly two dimensions (type inference).
// expected-error @+1 {{image must be [h, w], got 3 values}}
%p = tiny.param 0 : f32 size 4 image [1, 1, 1] on "CPU"

// -----

// Image (generic form): exactly two dimensions (verifier).
// expected-error @+1 {{'tiny.param' op image must be [h, w], got 3 values}}
%p = "tiny.param"() <{slot = 0 : i64, dtype = f32, size = 4 : i64, image = array<i64: 1, 1, 1>, device = #tiny.device<"CPU">}> : () -> tensor<1x1x4xf32, #tiny.device<"CPU">>

// -----

// Image: dimensions must be positive.
// expected-error @+1 {{image dimensions must be positive, got [0, 1]}}
%p = tiny.param 0 : f32 size 0 image [0, 1] on "CPU"

// -----

// Image: h*w*4 must fit in 64 bits.
// expected-error @+1 {{image [4611686018427387904, 4] is too large}}
%p = tiny.param 0 : f32 size 1 image [4611686018427387904, 4] on "CPU"

// -----

// Image: the flat size is required.
// expected-error @+1 {{an image needs its flat size (h*w*4 = 24)}}
%p = tiny.param 0 : f32 image [2, 3] on "CPU"

// -----

// Image: the flat size must be h*w*4.
// expected-error @+1 {{image [2, 3] needs size 24, got 6}}
%p = tiny.param 0 : f16 size 6 image [2, 3] on "CUDA"

// -----

// Image: only f16 or f32 elements.
// expected-error @+1 {{an image holds f16 or f32, got 'i32'}}
%b = tiny.buffer 0 : i32 size 4 image [1, 1] on "CPU"

// -----

// Const: the value must be dense elements, which have flat storage.
// expected-error @+1 {{value must be dense<...> or dense_resource<...> elements, got sparse<0, 1.000000e+00> : tensor<2xf32, #tiny.device<"CPU">>}}
%c = tiny.const sparse<[[0]], [1.0]> : tensor<2xf32, #tiny.device<"CPU">>

// -----

// Const (generic form): the value type is the result type.
// expected-error @+1 {{value type 'tensor<2xf32, #tiny.device<"CPU">>' differs from result type 'tensor<3xf32, #tiny.device<"CPU">>'}}
%c = "tiny.const"() <{value = dense<1.0> : tensor<2xf32, #tiny.device<"CPU">>}> : () -> tensor<3xf32, #tiny.device<"CPU">>

// -----

// Const: the result must be a tensor of a tinygrad dtype (ODS).
// expected-error @+1 {{result #0 must be statically shaped tensor of a tinygrad dtype, but got 'tensor<2xsi32>'}}
%c = tiny.const dense<1> : tensor<2xsi32>

// -----

// Binary: raw bytes are ui8.
// expected-error @+1 {{raw bytes must be a 1-D ui8 tensor, got 'tensor<2xi8, #tiny.device<"CPU">>'}}
%b = tiny.binary dense<[1, 2]> : tensor<2xi8, #tiny.device<"CPU">>

// -----

// Binary: raw bytes are 1-D.
// expected-error @+1 {{raw bytes must be a 1-D ui8 tensor, got 'tensor<2x2xui8, #tiny.device<"CPU">>'}}
%b = tiny.binary dense<1> : tensor<2x2xui8, #tiny.device<"CPU">>

// -----

// Any op: the source must be a statically shaped tinygrad tensor.
func.func @dynamic(%x: tensor<?xf32>) {
  // expected-error @+1 {{source must be a statically shaped tensor of a tinygrad dtype, got 'tensor<?xf32>'}}
  %r = tiny.reshape %x to [2] : tensor<?xf32>
  return
}

// -----

// Reshape: the element count is kept.
%p = tiny.param 0 : f32 size 6 on "CPU"
// expected-error @+1 {{reshape from (6,) to (4,) changes the element count: 6 vs 4}}
%r = tiny.reshape %p to [4] : tensor<6xf32, #tiny.device<"CPU">>

// -----

// Reshape: sizes are non-negative.
%p = tiny.param 0 : f32 size 6 on "CPU"
// expected-error @+1 {{reshape to (-1, 6): sizes must be non-negative}}
%r = tiny.reshape %p to [-1, 6] : tensor<6xf32, #tiny.device<"CPU">>

// -----

// Reshape: the element count must fit in 64 bits.
%p = tiny.param 0 : f32 size 6 on "CPU"
// expected-error @+1 {{reshape to (4294967296, 4294967296) overflows a 64-bit size}}
%r = tiny.reshape %p to [4294967296, 4294967296] : tensor<6xf32, #tiny.device<"CPU">>

// -----

// Permute: one entry per axis.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{permutation has 1 entries for rank 2}}
%r = tiny.permute %c [0] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Permute: each axis once.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{permutation axis 0 appears twice}}
%r = tiny.permute %c [0, 0] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Permute: axes in range.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{permutation axis 2 is out of range for rank 2}}
%r = tiny.permute %c [0, 2] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Permute: negative axes are out of range.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{permutation axis -1 is out of range for rank 2}}
%r = tiny.permute %c [-1, 0] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Expand: the rank is kept.
%c = tiny.const dense<1.0> : tensor<1x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{expand keeps the rank: (1, 3) to (4, 1, 3)}}
%r = tiny.expand %c to [4, 1, 3] : tensor<1x3xf32, #tiny.device<"CPU">>

// -----

// Expand: only axes of size 1 grow.
%c = tiny.const dense<1.0> : tensor<1x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{cannot expand (1, 3) to (4, 6): only axes of size 1 can grow}}
%r = tiny.expand %c to [4, 6] : tensor<1x3xf32, #tiny.device<"CPU">>

// -----

// Expand: sizes are non-negative.
%c = tiny.const dense<1.0> : tensor<1x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{expand to (-1, 3): sizes must be non-negative}}
%r = tiny.expand %c to [-1, 3] : tensor<1x3xf32, #tiny.device<"CPU">>

// -----

// Expand: the element count must fit in 64 bits.
%c = tiny.const dense<1.0> : tensor<1x1xf32, #tiny.device<"CPU">>
// expected-error @+1 {{expand to (4294967296, 4294967296) overflows a 64-bit size}}
%r = tiny.expand %c to [4294967296, 4294967296] : tensor<1x1xf32, #tiny.device<"CPU">>

// -----

// Pad: one low and one high amount per axis.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{pad needs one low and one high amount per axis of (2, 3)}}
%r = tiny.pad %c low [1] high [0, 2] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Pad: amounts are non-negative.
%c = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{pad amounts must be non-negative}}
%r = tiny.pad %c low [1, -1] high [0, 2] : tensor<2x3xf32, #tiny.device<"CPU">>

// -----

// Pad: a padded axis must fit in 64 bits.
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU">>
// expected-error @+1 {{padded axis overflows a 64-bit size}}
%r = tiny.pad %c low [9223372036854775807] high [0] : tensor<2xf32, #tiny.device<"CPU">>

// -----

// Pad: the padded element count must fit in 64 bits.
%c = tiny.const dense<1.0> : tensor<1x1xf32, #tiny.device<"CPU">>
// expected-error @+1 {{padded shape (4294967296, 4294967296) overflows a 64-bit size}}
%r = tiny.pad %c low [4294967295, 4294967295] high [0, 0] : tensor<1x1xf32, #tiny.device<"CPU">>

// -----

// Shrink: one start and one end per axis.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shrink needs one start and one end per axis of (4, 3)}}
%r = tiny.shrink %c [1, 0] to [2] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Shrink: the end is within the axis.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shrink of axis 1 to [0, 4) is out of range for size 3}}
%r = tiny.shrink %c [1, 0] to [2, 4] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Shrink: the start is at most the end.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shrink of axis 0 to [3, 2) is out of range for size 4}}
%r = tiny.shrink %c [3, 0] to [2, 3] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Shrink: the start is non-negative.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shrink of axis 0 to [-1, 2) is out of range for size 4}}
%r = tiny.shrink %c [-1, 0] to [2, 3] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Flip: axes in range.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{flip axis 2 is out of range for rank 2}}
%r = tiny.flip %c axes [2] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Flip: each axis once.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{flip axis 1 appears twice}}
%r = tiny.flip %c axes [1, 1] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Index: at most one index tensor per source axis.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%i = tiny.const dense<0> : tensor<2xui8, #tiny.device<"CPU">>
// expected-error @+1 {{expected 1 to 1 index tensors for source (4,), got 2}}
%r = tiny.index %c[%i, %i] : tensor<4xf32, #tiny.device<"CPU">>, tensor<2xui8, #tiny.device<"CPU">>, tensor<2xui8, #tiny.device<"CPU">>

// -----

// Index (generic form): at least one index tensor.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+2 {{expected 1 to 1 index tensors for source (4,), got 0}}
// expected-error @+1 {{'tiny.index' op failed to infer returned types}}
%r = "tiny.index"(%c) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Index: index tensors are integers (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{operand #1 must be variadic of statically shaped integer tensor, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.index %c[%c] : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>

// -----

// Index: index tensors broadcast together.
%c = tiny.const dense<1.0> : tensor<4x4xf32, #tiny.device<"CPU">>
%i = tiny.const dense<0> : tensor<2xi32, #tiny.device<"CPU">>
%j = tiny.const dense<0> : tensor<3xi32, #tiny.device<"CPU">>
// expected-error @+1 {{shapes (2,) and (3,) do not broadcast}}
%r = tiny.index %c[%i, %j] : tensor<4x4xf32, #tiny.device<"CPU">>, tensor<2xi32, #tiny.device<"CPU">>, tensor<3xi32, #tiny.device<"CPU">>

// -----

// Index: indices live on the source's device.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%i = tiny.const dense<0> : tensor<2xi32, #tiny.device<"CUDA">>
// expected-error @+1 {{indices and source are on different devices}}
%r = tiny.index %c[%i] : tensor<4xf32, #tiny.device<"CPU">>, tensor<2xi32, #tiny.device<"CUDA">>

// -----

// Stack (generic form): at least one operand.
// expected-error @+1 {{'tiny.stack' op needs at least one operand}}
%r = "tiny.stack"() : () -> tensor<0xf32>

// -----

// Stack: operands share one type.
%a = tiny.const dense<1.0> : tensor<3xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{requires all operands to have the same type}}
%r = tiny.stack %a, %b : tensor<3xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>

// -----

// Bitcast: the last axis must divide evenly into the new element size.
%c = tiny.const dense<1> : tensor<3xui8, #tiny.device<"CPU">>
// expected-error @+1 {{last axis of 3 bytes is not a multiple of 4}}
%r = tiny.bitcast %c to f32 : tensor<3xui8, #tiny.device<"CPU">>

// -----

// Bitcast: a scalar keeps its byte size.
%c = tiny.const dense<1.0> : tensor<f32, #tiny.device<"CPU">>
// expected-error @+1 {{bitcast of a scalar 'f32' to 'f16' changes its byte size}}
%r = tiny.bitcast %c to f16 : tensor<f32, #tiny.device<"CPU">>

// -----

// Bitcast: the rescaled last axis must fit in 64 bits.
%p = tiny.param 0 : f32 size 4611686018427387904 on "CPU"
// expected-error @+1 {{bitcast overflows a 64-bit size}}
%r = tiny.bitcast %p to ui8 : tensor<4611686018427387904xf32, #tiny.device<"CPU">>

// -----

// Bitcast (generic form): the target is a tinygrad dtype (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.bitcast' op attribute 'dtype' failed to satisfy constraint: type attribute of tinygrad dtype}}
%r = "tiny.bitcast"(%c) <{dtype = si32}> : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xsi32, #tiny.device<"CPU">>

// -----

// Cast (generic form): the target is a tinygrad dtype (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.cast' op attribute 'dtype' failed to satisfy constraint: type attribute of tinygrad dtype}}
%r = "tiny.cast"(%c) <{dtype = si32}> : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xsi32, #tiny.device<"CPU">>

// -----

// Unshard: the source is on a device tuple (type inference).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{unshard needs a value on a device tuple, got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.unshard %c axis 0 : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Unshard (generic form): the source is on a device tuple (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{operand #0 must be tensor on a tuple of devices, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = "tiny.unshard"(%c) <{axis = 0 : i64}> : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Unshard: the axis is in range.
%b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
// expected-error @+1 {{unshard axis 1 is out of range for rank 1}}
%r = tiny.unshard %b axis 1 : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Unshard: the axis is non-negative (ODS IntNonNegative).
%b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
// expected-error @+1 {{attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
%r = "tiny.unshard"(%b) <{axis = -1 : i64}> : (tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>) -> tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Unshard: the unsharded axis must fit in 64 bits.
%b = tiny.buffer 0 : f32 size 9223372036854775807 on ["CPU:0", "CPU:1"]
// expected-error @+1 {{unsharded axis overflows a 64-bit size}}
%r = tiny.unshard %b axis 0 : tensor<9223372036854775807xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Reduce: axes in range.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{reduce axis 2 is out of range for rank 2}}
%r = tiny.reduce add %c axes [2] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Reduce: each axis once.
%c = tiny.const dense<1.0> : tensor<4x3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{reduce axis 0 appears twice}}
%r = tiny.reduce max %c axes [0, 0] : tensor<4x3xf32, #tiny.device<"CPU">>

// -----

// Allreduce: the source is on a device tuple (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{operand #0 must be tensor on a tuple of devices, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.allreduce add %c : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Binary elementwise: shapes broadcast (right-aligned, equal or 1).
%a = tiny.const dense<1.0> : tensor<2x3xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shapes (2, 3) and (2,) do not broadcast: axes must be equal or 1 (right-aligned)}}
%r = tiny.add %a, %b : tensor<2x3xf32, #tiny.device<"CPU">>, tensor<2xf32, #tiny.device<"CPU">>

// -----

// Binary elementwise: operands share a device.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CUDA">>
// expected-error @+1 {{operands are on different devices: 'tensor<4xf32, #tiny.device<"CPU">>' and 'tensor<4xf32, #tiny.device<"CUDA">>'}}
%r = tiny.mul %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CUDA">>

// -----

// Binary elementwise: operands share a dtype.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{failed to verify that all of {lhs, rhs} have same element type}}
%r = tiny.add %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xi32, #tiny.device<"CPU">>

// -----

// Compare: operands share a dtype.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1.0> : tensor<4xf16, #tiny.device<"CPU">>
// expected-error @+1 {{failed to verify that all of {lhs, rhs} have same element type}}
%r = tiny.cmplt %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf16, #tiny.device<"CPU">>

// -----

// Float-only unary op on an integer tensor (ODS).
%c = tiny.const dense<1> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.exp2' op operand #0 must be statically shaped float tensor, but got 'tensor<4xi32, #tiny.device<"CPU">>'}}
%r = tiny.exp2 %c : tensor<4xi32, #tiny.device<"CPU">>

// -----

// Float-only binary op on integer tensors (ODS).
%c = tiny.const dense<1> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.fdiv' op operand #0 must be statically shaped float tensor}}
%r = tiny.fdiv %c, %c : tensor<4xi32, #tiny.device<"CPU">>

// -----

// pow is float-only: it decomposes through log2 and exp2 (ODS).
%c = tiny.const dense<2> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.pow' op operand #0 must be statically shaped float tensor}}
%r = tiny.pow %c, %c : tensor<4xi32, #tiny.device<"CPU">>

// -----

// Integer-only binary op on float tensors (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.cdiv' op operand #0 must be statically shaped integer tensor, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.cdiv %c, %c : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Integer-only binary op on i1 tensors (ODS: i1 is not an integer dtype).
%c = tiny.const dense<true> : tensor<4xi1, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.shl' op operand #0 must be statically shaped integer tensor}}
%r = tiny.shl %c, %c : tensor<4xi1, #tiny.device<"CPU">>

// -----

// Bool-only unary op on a float tensor (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.not' op operand #0 must be statically shaped i1 tensor, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.not %c : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Integer-or-bool op on float tensors (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.xor' op operand #0 must be statically shaped integer or i1 tensor}}
%r = tiny.xor %c, %c : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Numeric-only op on an i1 tensor (ODS).
%c = tiny.const dense<true> : tensor<4xi1, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.neg' op operand #0 must be statically shaped integer or float tensor, but got 'tensor<4xi1, #tiny.device<"CPU">>'}}
%r = tiny.neg %c : tensor<4xi1, #tiny.device<"CPU">>

// -----

// ui64-only op on ui32 tensors (ODS).
%c = tiny.const dense<1> : tensor<4xui32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.threefry' op operand #0 must be statically shaped ui64 tensor, but got 'tensor<4xui32, #tiny.device<"CPU">>'}}
%r = tiny.threefry %c, %c : tensor<4xui32, #tiny.device<"CPU">>

// -----

// Where: the condition is i1 (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.where' op operand #0 must be statically shaped i1 tensor, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.where %c, %c, %c : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>

// -----

// Where: both values share a dtype.
%c = tiny.const dense<true> : tensor<4xi1, #tiny.device<"CPU">>
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{failed to verify that all of {trueValue, falseValue} have same element type}}
%r = tiny.where %c, %a, %b : tensor<4xi1, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<4xi32, #tiny.device<"CPU">>

// -----

// Where: all three operands broadcast.
%c = tiny.const dense<true> : tensor<3xi1, #tiny.device<"CPU">>
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{shapes (3,) and (4,) do not broadcast}}
%r = tiny.where %c, %a, %a : tensor<3xi1, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>

// -----

// Mulacc: operands share a device.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CUDA">>
// expected-error @+1 {{operands are on different devices}}
%r = tiny.mulacc %a, %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CUDA">>

// -----

// Mulacc: operands share a dtype.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<1> : tensor<4xi32, #tiny.device<"CPU">>
// expected-error @+1 {{failed to verify that all of {a, b, c} have same element type}}
%r = tiny.mulacc %a, %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<4xi32, #tiny.device<"CPU">>

// -----

// Function: the body ends with tiny.return.
// expected-error @+1 {{'tiny.function' op body must end with tiny.return}}
tiny.function @f -> tensor<4xf32, #tiny.device<"CPU">> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
}

// -----

// Function: the body is not empty.
// expected-error @+1 {{'tiny.function' op expects a non-empty block}}
tiny.function @f -> tensor<4xf32, #tiny.device<"CPU">> {
}

// -----

// Function: the body block has no arguments.
// expected-error @+1 {{region should have no arguments}}
tiny.function @f -> tensor<4xf32, #tiny.device<"CPU">> {
^bb0(%a: tensor<4xf32, #tiny.device<"CPU">>):
  tiny.return %a : tensor<4xf32, #tiny.device<"CPU">>
}

// -----

// Function: the result type is a tensor or a tuple (ODS).
// expected-error @+1 {{attribute 'result_type' failed to satisfy constraint}}
tiny.function @f -> i32 {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #tiny.device<"CPU">>
}

// -----

// Return: the returned type is the function's result type.
tiny.function @f -> tensor<2x3xf32, #tiny.device<"CPU">> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  // expected-error @+1 {{'tiny.return' op returns 'tensor<6xf32, #tiny.device<"CPU">>' but @f returns 'tensor<2x3xf32, #tiny.device<"CPU">>'}}
  tiny.return %p : tensor<6xf32, #tiny.device<"CPU">>
}

// -----

// Return: only inside a tiny.function.
func.func @f() {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{expects parent op 'tiny.function'}}
  tiny.return %p : tensor<4xf32, #tiny.device<"CPU">>
}

// -----

// Call: the callee is a tiny.function that exists.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.call' op 'nope' is not a tiny.function}}
%r = tiny.call @nope(%c) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Call: a func.func is not a tiny.function.
func.func @g(%x: tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">> {
  return %x : tensor<4xf32, #tiny.device<"CPU">>
}
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.call' op 'g' is not a tiny.function}}
%r = tiny.call @g(%c) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Call: the result type is the callee's.
tiny.function @f -> tensor<4xf32, #tiny.device<"CPU">> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %p : tensor<4xf32, #tiny.device<"CPU">>
}
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{result type 'tensor<2x2xf32, #tiny.device<"CPU">>' differs from @f's result type 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = tiny.call @f(%c) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<2x2xf32, #tiny.device<"CPU">>

// -----

// Gettuple: the index is in range.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%t = tiny.tuple %a, %a : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{index 2 is out of range for tuple<tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>>}}
%r = tiny.gettuple %t[2] : tuple<tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>>

// -----

// Gettuple (generic form): the operand is a tuple (ODS).
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.gettuple' op operand #0 must be tuple, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = "tiny.gettuple"(%a) <{index = 0 : i64}> : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Custom function: the name is not empty.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.custom_function' op needs a function name}}
%r = tiny.custom_function ""(%a) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Stage: one extent per range (generic form).
func.func @stage_extents(%v: tensor<3xf32, #tiny.device<"CPU">>) {
  %c4 = arith.constant 4 : index
  tiny.k.range loop %i < %c4 {
    // expected-error @+1 {{'tiny.stage' op has 1 ranges but 2 extents}}
    %s = "tiny.stage"(%v, %i) <{device = #tiny.device<"CPU">, extents = array<i64: 4, 2>}> : (tensor<3xf32, #tiny.device<"CPU">>, index) -> tensor<4x2x3xf32, #tiny.device<"CPU">>
  }
  return
}

// -----

// Stage: extents are positive.
func.func @stage_zero(%v: tensor<3xf32, #tiny.device<"CPU">>) {
  %c0 = arith.constant 0 : index
  tiny.k.range loop %i < %c0 {
    // expected-error @+1 {{range #0 has extent 0: extents must be positive}}
    %s = tiny.stage %v [%i < 0] on "CPU" : tensor<3xf32, #tiny.device<"CPU">>
  }
  return
}

// -----

// Stage: a range is the induction variable of a tiny.k.range.
func.func @stage_not_range(%v: tensor<3xf32, #tiny.device<"CPU">>) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'tiny.stage' op range #0 is not the induction variable of a tiny.k.range}}
  %s = tiny.stage %v [%c4 < 4] on "CPU" : tensor<3xf32, #tiny.device<"CPU">>
  return
}

// -----

// Stage: a range is closed once.
func.func @stage_twice(%v: tensor<3xf32, #tiny.device<"CPU">>) {
  %c4 = arith.constant 4 : index
  tiny.k.range loop %i < %c4 {
    // expected-error @+1 {{'tiny.stage' op range #1 closes a range twice}}
    %s = tiny.stage %v [%i < 4, %i < 4] on "CPU" : tensor<3xf32, #tiny.device<"CPU">>
  }
  return
}

// -----

// Stage: the extent is the range's bound.
func.func @stage_extent(%v: tensor<3xf32, #tiny.device<"CPU">>) {
  %c4 = arith.constant 4 : index
  tiny.k.range loop %i < %c4 {
    // expected-error @+1 {{'tiny.stage' op range #0 runs to 4 but its extent is 3}}
    %s = tiny.stage %v [%i < 3] on "CPU" : tensor<3xf32, #tiny.device<"CPU">>
  }
  return
}

// -----

// Mstack: at least two operands.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:0">>
// expected-error @+1 {{mstack needs a value for each of at least two devices}}
%m = tiny.mstack %a : tensor<4xf32, #tiny.device<"CPU:0">>

// -----

// Mstack: each operand is on a single device.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:0">>
%b = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>
// expected-error @+1 {{operand #1 must be on a single device, got 'tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>'}}
%m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>

// -----

// Mstack: each operand has a device.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32, #tiny.device<"CPU:1">>) {
  // expected-error @+1 {{operand #0 must be on a single device, got 'tensor<4xf32>'}}
  %m = tiny.mstack %a, %b : tensor<4xf32>, tensor<4xf32, #tiny.device<"CPU:1">>
  return
}

// -----

// Mstack: each device has one value.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:0">>
// expected-error @+1 {{device 'CPU' has more than one value in the mstack}}
%m = tiny.mstack %a, %a : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:0">>

// -----

// Mstack: "CPU" and "CPU:0" are one device, which has one value.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%b = tiny.const dense<2.0> : tensor<4xf32, #tiny.device<"CPU:0">>
// expected-error @+1 {{device 'CPU' has more than one value in the mstack}}
%m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:0">>

// -----

// Mstack: operands share shape and dtype.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:0">>
%b = tiny.const dense<1.0> : tensor<3xf32, #tiny.device<"CPU:1">>
// expected-error @+1 {{operand #1 'tensor<3xf32, #tiny.device<"CPU:1">>' differs in shape or dtype from 'tensor<4xf32, #tiny.device<"CPU">>'}}
%m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<3xf32, #tiny.device<"CPU:1">>

// -----

// Mselect: the index names one of the devices.
%b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
// expected-error @+1 {{device index 2 is out of range for 2 devices}}
%r = tiny.mselect %b[2] : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Mselect: the source is on a device tuple (type inference).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{mselect needs a value on a device tuple}}
%r = tiny.mselect %c[0] : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Mselect (generic form): the source is on a device tuple (ODS).
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{operand #0 must be tensor on a tuple of devices, but got 'tensor<4xf32, #tiny.device<"CPU">>'}}
%r = "tiny.mselect"(%c) <{index = 0 : i64}> : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// After (generic form): at least one dependency.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.after' op needs at least one dependency to order after}}
%r = "tiny.after"(%c) : (tensor<4xf32, #tiny.device<"CPU">>) -> tensor<4xf32, #tiny.device<"CPU">>

// -----

// Store (generic form): target and value have the same type.
%a = tiny.buffer 0 : f32 size 4 on "CPU"
%v = tiny.const dense<1.0> : tensor<3xf32, #tiny.device<"CPU">>
// expected-error @+1 {{failed to verify that all of {target, value} have same type}}
%t = "tiny.store"(%a, %v) : (tensor<4xf32, #tiny.device<"CPU">>, tensor<3xf32, #tiny.device<"CPU">>) -> !tiny.token

// -----

// Gettuple: a negative index is reported as written, not wrapped.
%a = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
%t = tiny.tuple %a : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{index -1 is out of range for tuple<tensor<4xf32, #tiny.device<"CPU">>>}}
%r = tiny.gettuple %t[-1] : tuple<tensor<4xf32, #tiny.device<"CPU">>>

// -----

// Mselect: a negative device index is reported as written.
%b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
// expected-error @+1 {{device index -1 is out of range for 2 devices}}
%r = tiny.mselect %b[-1] : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Index: a scalar source has no axis to gather along.
%s = tiny.const dense<1.0> : tensor<f32, #tiny.device<"CPU">>
%i = tiny.const dense<0> : tensor<2xi32, #tiny.device<"CPU">>
// expected-error @+1 {{cannot index a scalar source}}
%r = tiny.index %s[%i] : tensor<f32, #tiny.device<"CPU">>, tensor<2xi32, #tiny.device<"CPU">>

// -----

// Param: the dtype must be a tinygrad dtype (signed-integer types are not).
// expected-error @+1 {{unsupported dtype 'si32': expected i1, i8..i64, ui8..ui64}}
%p = tiny.param 0 : si32 size 4 on "CPU"

// -----

// Param: of the 8-bit floats, only tinygrad's four are dtypes (not IEEE's
// f8E4M3, nor f8E8M0FNU).
// expected-error @+1 {{unsupported dtype 'f8E4M3': expected i1, i8..i64, ui8..ui64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2, f8E4M3FNUZ or f8E5M2FNUZ}}
%p = tiny.param 0 : f8E4M3 size 4 on "CPU"

// -----

// Cast: the target dtype must be a tinygrad dtype.
%c = tiny.const dense<1.0> : tensor<4xf8E5M2FNUZ, #tiny.device<"CPU">>
// expected-error @+1 {{unsupported dtype 'f8E8M0FNU'}}
%r = tiny.cast %c to f8E8M0FNU : tensor<4xf8E5M2FNUZ, #tiny.device<"CPU">>

// -----

// Cast: the target dtype must be a tinygrad dtype.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{unsupported dtype 'si32'}}
%r = tiny.cast %c to si32 : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Bitcast: the target dtype must be a tinygrad dtype.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{unsupported dtype 'si32'}}
%r = tiny.bitcast %c to si32 : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Param: a negative image dimension is named as such.
// expected-error @+1 {{image dimensions must be positive, got [-1, 1]}}
%p = tiny.param 0 : f32 size 4 image [-1, 1] on "CPU"

// -----

// Copy with shard: only onto a tuple of devices.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.copy' op shards onto one device; shard onto a tuple of devices}}
%s = tiny.copy %c to "CPU:1" shard 0 : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Copy with shard: a value on a tuple is sharded already.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
// expected-error @+1 {{'tiny.copy' op shards a value that is on a device tuple already}}
%s = tiny.copy %c to ["CPU:2", "CPU:3"] shard 0 : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>

// -----

// Copy with shard: the axis must exist.
%c = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.copy' op shard axis 1 is out of range for a rank-1 value}}
%s = tiny.copy %c to ["CPU:0", "CPU:1"] shard 1 : tensor<4xf32, #tiny.device<"CPU">>

// -----

// Copy with shard: the shards are equal (as tinygrad's shard requires).
%c = tiny.const dense<1.0> : tensor<5x2xf32, #tiny.device<"CPU">>
// expected-error @+1 {{'tiny.copy' op axis 0 of length 5 does not split into 2 equal shards}}
%s = tiny.copy %c to ["CPU:0", "CPU:1"] shard 0 : tensor<5x2xf32, #tiny.device<"CPU">>

// -----

// Device attribute: an index has no leading zeros (tiny/DeviceName.h, as the
// runtime parses names).
// expected-error @+1 {{unknown device syntax 'CPU:01'}}
%c = tiny.const dense<1.0> : tensor<2xf32, #tiny.device<"CPU:01">>

// -----

// One slot is one input buffer, so its params have one type.
#cpu = #tiny.device<"CPU">
tiny.function @slot_types -> tensor<4xf32, #cpu> {
  // expected-note @+1 {{first declared here}}
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.param' op slot 0 is declared as 'tensor<4xf32, #tiny.device<"CPU">>' and as 'tensor<8xf32, #tiny.device<"CPU">>'}}
  %y = tiny.param 0 : f32 size 8 on "CPU"
  %s = tiny.shrink %y [0] to [4] : tensor<8xf32, #cpu>
  %a = tiny.add %x, %s : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %a : tensor<4xf32, #cpu>
}
