// Diagnostics of the kernel-level ops (tiny.k.*).
// RUN: tiny-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// tiny.k.kernel
//===----------------------------------------------------------------------===//

// A kernel's device is a device name (either spelling of index 0 is one).
func.func @kernel_device_syntax() {
  // expected-error @+1 {{'tiny.k.kernel' op unknown device syntax 'cuda:0': expected KIND or KIND:N}}
  tiny.k.kernel "E_4" on "cuda:0" {
  }
  return
}

// -----

// A kernel's body takes no arguments.
func.func @kernel_region_args(%n: index) {
  // expected-error @+1 {{'tiny.k.kernel' op region should have no arguments}}
  "tiny.k.kernel"() <{name = "E_4"}> ({
  ^bb0(%i: index):
  }) : () -> ()
  return
}

// -----

// A kernel's body is one block.
func.func @kernel_two_blocks(%n: index) {
  // expected-error @+1 {{'tiny.k.kernel' op expects region #0 to have 0 or 1 blocks}}
  "tiny.k.kernel"() <{name = "E_4"}> ({
  ^bb0:
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }) : () -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.range / tiny.k.end
//===----------------------------------------------------------------------===//

// The axis type is a keyword from AxisType.
func.func @range_unknown_axis(%n: index) {
  // expected-error @+1 {{custom op 'tiny.k.range' unknown axis type 'serial'}}
  tiny.k.range serial %i < %n {
  }
  return
}

// -----

// tiny.k.end must yield the carried values' types.
func.func @range_end_wrong_type(%n: index, %z: f32) {
  %s = tiny.k.range reduce %r < %n iter_args(%acc = %z) -> (f32) {
    %c = arith.constant 0 : i32
    // expected-error @+1 {{'tiny.k.end' op yields ('i32') but the range carries ('f32')}}
    tiny.k.end %c : i32
  }
  return
}

// -----

// A range with iter_args needs an explicit tiny.k.end: the implicit one
// yields nothing (and is reported at the range).
func.func @range_end_missing(%n: index, %z: f32) {
  // expected-error @+1 {{'tiny.k.end' op yields () but the range carries ('f32')}}
  %s = tiny.k.range reduce %r < %n iter_args(%acc = %z) -> (f32) {
  }
  return
}

// -----

// One result type per iter_arg.
func.func @range_type_count(%n: index, %z: f32) {
  // expected-error @+1 {{custom op 'tiny.k.range' expected as many types as iter_args}}
  %s = tiny.k.range reduce %r < %n iter_args(%acc = %z) -> (f32, f32) {
    tiny.k.end %acc : f32
  }
  return
}

// -----

// The body takes the induction variable and one argument per iter_arg.
func.func @range_extra_body_arg(%n: index) {
  // expected-error @+1 {{'tiny.k.range' op body must take the index and one argument per iter_arg}}
  "tiny.k.range"(%n) <{axis = #tiny<axis loop>}> ({
  ^bb0(%i: index, %x: f32):
    "tiny.k.end"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// The induction variable is an index.
func.func @range_iv_not_index(%n: index) {
  // expected-error @+1 {{'tiny.k.range' op body must take the index and one argument per iter_arg}}
  "tiny.k.range"(%n) <{axis = #tiny<axis loop>}> ({
  ^bb0(%i: i32):
    "tiny.k.end"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// An iter_arg's body argument has the init's type.
func.func @range_body_arg_type(%n: index, %z: f32) {
  // expected-error @+1 {{'tiny.k.range' op iter_arg 0 has type 'f32' but its body argument or result differs}}
  %r = "tiny.k.range"(%n, %z) <{axis = #tiny<axis reduce>}> ({
  ^bb0(%i: index, %a: i32):
    "tiny.k.end"(%z) : (f32) -> ()
  }) : (index, f32) -> f32
  return
}

// -----

// An iter_arg's result has the init's type.
func.func @range_result_type(%n: index, %z: f32) {
  // expected-error @+1 {{'tiny.k.range' op iter_arg 0 has type 'f32' but its body argument or result differs}}
  %r = "tiny.k.range"(%n, %z) <{axis = #tiny<axis reduce>}> ({
  ^bb0(%i: index, %a: f32):
    "tiny.k.end"(%a) : (f32) -> ()
  }) : (index, f32) -> i32
  return
}

// -----

// The bound is an index.
func.func @range_bound_not_index(%n: i32) {
  // expected-error @+1 {{'tiny.k.range' op operand #0 must be index, but got 'i32'}}
  "tiny.k.range"(%n) <{axis = #tiny<axis loop>}> ({
  ^bb0(%i: index):
    "tiny.k.end"() : () -> ()
  }) : (i32) -> ()
  return
}

// -----

// tiny.k.end only ends a range.
func.func @end_outside_range() {
  // expected-error @+1 {{'tiny.k.end' op expects parent op 'tiny.k.range'}}
  tiny.k.end
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.index
//===----------------------------------------------------------------------===//

// One index per buffer axis: too many.
func.func @index_too_many(%b: memref<6xf32>, %i: index) {
  // expected-error @+1 {{'tiny.k.index' op expected 1 indices for a rank-1 buffer, got 2}}
  %p = tiny.k.index %b[%i, %i] : memref<6xf32>
  return
}

// -----

// One index per buffer axis: too few.
func.func @index_too_few(%b: memref<2x3xf32>, %i: index) {
  // expected-error @+1 {{'tiny.k.index' op expected 2 indices for a rank-2 buffer, got 1}}
  %p = tiny.k.index %b[%i] : memref<2x3xf32>
  return
}

// -----

// Buffers are statically shaped.
func.func @index_dynamic(%b: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tiny.k.index' op operand #0 must be statically shaped memref with identity layout, but got 'memref<?xf32>'}}
  %p = tiny.k.index %b[%i] : memref<?xf32>
  return
}

// -----

// Buffers have the identity layout.
func.func @index_strided(%b: memref<4xf32, strided<[2]>>, %i: index) {
  // expected-error @+1 {{'tiny.k.index' op operand #0 must be statically shaped memref with identity layout, but got 'memref<4xf32, strided<[2]>>'}}
  %p = tiny.k.index %b[%i] : memref<4xf32, strided<[2]>>
  return
}

// -----

// The buffer is a memref, not a tensor.
func.func @index_tensor(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'tiny.k.index' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %p = tiny.k.index %t[%i] : tensor<4xf32>
  return
}

// -----

// The pointer's address space is the buffer's (global here).
func.func @index_wrong_space(%b: memref<4xf32>, %i: index) {
  // expected-error @+2 {{'tiny.k.index' op inferred type(s) '!tiny.ptr<f32, global>' are incompatible with return type(s) of operation '!tiny.ptr<f32, local>'}}
  // expected-error @+1 {{'tiny.k.index' op failed to infer returned types}}
  %p = "tiny.k.index"(%b, %i) : (memref<4xf32>, index) -> !tiny.ptr<f32, local>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.load
//===----------------------------------------------------------------------===//

// A gate needs an alternative value (only writable in generic form).
func.func @load_gate_without_alt(%b: memref<6xf32>, %i: index, %g: i1) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.load' op a gate needs an alternative value and vice versa}}
  %v = "tiny.k.load"(%p, %g) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tiny.ptr<f32, global>, i1) -> f32
  return
}

// -----

// An alternative value needs a gate (only writable in generic form).
func.func @load_alt_without_gate(%b: memref<6xf32>, %i: index, %a: f32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.load' op a gate needs an alternative value and vice versa}}
  %v = "tiny.k.load"(%p, %a) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tiny.ptr<f32, global>, f32) -> f32
  return
}

// -----

// The alternative value has the loaded type.
func.func @load_alt_wrong_type(%b: memref<6xf32>, %i: index, %g: i1, %a: i32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.load' op alternative value has type 'i32' but the load yields 'f32'}}
  %v = tiny.k.load %p if %g else %a : !tiny.ptr<f32, global>, i32
  return
}

// -----

// The gate is an i1.
func.func @load_gate_not_i1(%b: memref<6xf32>, %i: index, %g: i32, %a: f32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.load' op operand #1 must be 1-bit signless integer, but got 'i32'}}
  %v = "tiny.k.load"(%p, %g, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tiny.ptr<f32, global>, i32, f32) -> f32
  return
}

// -----

// The result is the pointer's element type.
func.func @load_result_type(%b: memref<6xf32>, %i: index) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.load' op failed to verify that result is the pointer's element type}}
  %v = "tiny.k.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tiny.ptr<f32, global>) -> i32
  return
}

// -----

// The operand is a tiny pointer.
func.func @load_not_ptr(%x: f32) {
  // expected-error @+1 {{custom op 'tiny.k.load' 'ptr' must be tiny pointer, but got 'f32'}}
  %v = tiny.k.load %x : f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.store
//===----------------------------------------------------------------------===//

// The stored value has the pointer's element type (only writable in generic
// form: the custom form takes the value's type from the pointer).
func.func @store_wrong_type(%b: memref<6xf32>, %i: index, %a: i32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.store' op failed to verify that type is the pointer's element type}}
  "tiny.k.store"(%p, %a) : (!tiny.ptr<f32, global>, i32) -> ()
  return
}

// -----

// The gate is an i1.
func.func @store_gate_not_i1(%b: memref<6xf32>, %i: index, %x: f32, %g: i32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.store' op operand #2 must be 1-bit signless integer, but got 'i32'}}
  "tiny.k.store"(%p, %x, %g) : (!tiny.ptr<f32, global>, f32, i32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.atomic_add
//===----------------------------------------------------------------------===//

// No atomic add on booleans.
func.func @atomic_add_i1(%b: memref<6xi1>, %i: index, %a: i1) {
  %p = tiny.k.index %b[%i] : memref<6xi1>
  // expected-error @+1 {{'tiny.k.atomic_add' op needs an integer or float element, got 'i1'}}
  tiny.k.atomic_add %p, %a : !tiny.ptr<i1, global>
  return
}

// -----

// index is not an integer type here.
func.func @atomic_add_index(%b: memref<6xindex>, %i: index, %a: index) {
  %p = tiny.k.index %b[%i] : memref<6xindex>
  // expected-error @+1 {{'tiny.k.atomic_add' op needs an integer or float element, got 'index'}}
  tiny.k.atomic_add %p, %a : !tiny.ptr<index, global>
  return
}

// -----

// The added value has the pointer's element type (generic form only).
func.func @atomic_add_wrong_type(%b: memref<6xf32>, %i: index, %a: i32) {
  %p = tiny.k.index %b[%i] : memref<6xf32>
  // expected-error @+1 {{'tiny.k.atomic_add' op failed to verify that type is the pointer's element type}}
  "tiny.k.atomic_add"(%p, %a) : (!tiny.ptr<f32, global>, i32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.special
//===----------------------------------------------------------------------===//

// Dimensions are 0..2.
func.func @special_gidx3(%n: index) {
  // expected-error @+1 {{'tiny.k.special' op unknown special index 'gidx3': expected gidxN, lidxN or idxN with N in 0..2}}
  %g = tiny.k.special "gidx3" bound %n
  return
}

// -----

// Only gidx, lidx and idx.
func.func @special_foo(%n: index) {
  // expected-error @+1 {{'tiny.k.special' op unknown special index 'foo': expected gidxN, lidxN or idxN with N in 0..2}}
  %g = tiny.k.special "foo" bound %n
  return
}

// -----

// The bound is an index (generic form only).
func.func @special_bound_not_index(%n: i32) {
  // expected-error @+1 {{'tiny.k.special' op operand #0 must be index, but got 'i32'}}
  %g = "tiny.k.special"(%n) <{name = "gidx0"}> : (i32) -> index
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.wmma
//===----------------------------------------------------------------------===//

// dims is (M, N, K): three sizes.
func.func @wmma_two_dims(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{'tiny.k.wmma' op dims must be three positive sizes (M, N, K)}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 16] : vector<8xf16>, vector<8xf16>, vector<4xf32>
  return
}

// -----

// dims are positive: not zero.
func.func @wmma_zero_dim(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{'tiny.k.wmma' op dims must be three positive sizes (M, N, K)}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 0, 16] : vector<8xf16>, vector<8xf16>, vector<4xf32>
  return
}

// -----

// dims are positive: not negative.
func.func @wmma_negative_dim(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{'tiny.k.wmma' op dims must be three positive sizes (M, N, K)}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 16, -16] : vector<8xf16>, vector<8xf16>, vector<4xf32>
  return
}

// -----

// a and b have one element type.
func.func @wmma_mixed_inputs(%a: vector<8xf16>, %b: vector<8xbf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{'tiny.k.wmma' op a and b must have the same element type}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 16, 16] : vector<8xf16>, vector<8xbf16>, vector<4xf32>
  return
}

// -----

// Fragments are vectors.
func.func @wmma_scalar(%a: f16, %b: vector<8xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{custom op 'tiny.k.wmma' invalid kind of type specified: expected builtin.vector, but found 'f16'}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 16, 16] : f16, vector<8xf16>, vector<4xf32>
  return
}

// -----

// The result has c's type (generic form only).
func.func @wmma_result_type(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{'tiny.k.wmma' op failed to verify that all of {c, result} have same type}}
  %d = "tiny.k.wmma"(%a, %b, %c) <{dims = array<i64: 16, 16, 16>}> : (vector<8xf16>, vector<8xf16>, vector<4xf32>) -> vector<8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tiny.k.custom
//===----------------------------------------------------------------------===//

// A placeholder past the operands.
func.func @custom_placeholder_past_operands(%x: i32) {
  // expected-error @+1 {{'tiny.k.custom' op placeholder {1} names a missing operand: there is 1 operand}}
  %r = tiny.k.custom "f({0}, {1})"(%x) : (i32) -> i32
  return
}

// -----

// A placeholder with no operands at all.
func.func @custom_placeholder_no_operands() {
  // expected-error @+1 {{'tiny.k.custom' op placeholder {0} names a missing operand: there are 0 operands}}
  tiny.k.custom "f({0})"() : () -> ()
  return
}

// -----

// A placeholder is {N} with N a number.
func.func @custom_placeholder_not_number(%x: i32) {
  // expected-error @+1 {{'tiny.k.custom' op malformed placeholder at offset 2: expected {N}}}
  %r = tiny.k.custom "f({x})"(%x) : (i32) -> i32
  return
}

// -----

// An empty placeholder.
func.func @custom_placeholder_empty(%x: i32) {
  // expected-error @+1 {{'tiny.k.custom' op malformed placeholder at offset 5: expected {N}}}
  %r = tiny.k.custom "f(x, {})"(%x) : (i32) -> i32
  return
}

// -----

// An unterminated placeholder.
func.func @custom_placeholder_unterminated(%x: i32) {
  // expected-error @+1 {{'tiny.k.custom' op malformed placeholder at offset 2: expected {N}}}
  %r = tiny.k.custom "f({0)"(%x) : (i32) -> i32
  return
}

// -----

// A memory space that is not a tiny address space.
func.func @index_foreign_memory_space(%b: memref<4xf32, 3>, %i: index) {
  // expected-error @+1 {{'tiny.k.index' op buffer memory space must be a #tiny<addrspace ...>, got 3 : i64}}
  %p = tiny.k.index %b[%i] : memref<4xf32, 3>
  return
}

// -----

// A copy converts no dtypes.
func.func @copy_dtype(%a: memref<4xi32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'tiny.k.copy' op copies 'i32' elements into a buffer of 'f32'}}
  tiny.k.copy %a[0] to %b[0] count 4 : memref<4xi32>, memref<4xf32>
  return
}

// -----

func.func @copy_past_source(%a: memref<4xi32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'tiny.k.copy' op source range [2, 5) passes the end of its 4 elements}}
  tiny.k.copy %a[2] to %b[0] count 3 : memref<4xi32>, memref<4xi32>
  return
}

// -----

func.func @copy_past_destination(%a: memref<4xi32>, %b: memref<2xi32>) {
  // expected-error @+1 {{'tiny.k.copy' op destination range [1, 4) passes the end of its 2 elements}}
  tiny.k.copy %a[0] to %b[1] count 3 : memref<4xi32>, memref<2xi32>
  return
}

// -----

func.func @copy_negative_offset(%a: memref<4xi32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'tiny.k.copy' op attribute 'src_offset' failed to satisfy constraint}}
  tiny.k.copy %a[-1] to %b[0] count 1 : memref<4xi32>, memref<4xi32>
  return
}

//===----------------------------------------------------------------------===//
// tiny.k.custom_function
//===----------------------------------------------------------------------===//

// -----

func.func @custom_function_name(%a: memref<4xf32>) {
  // expected-error @+1 {{'tiny.k.custom_function' op needs a function name}}
  tiny.k.custom_function ""(%a : memref<4xf32>) to () signature (tensor<4xf32>) -> ()
  return
}

// -----

// One buffer per input of the signature.
func.func @custom_function_inputs(%a: memref<4xf32>) {
  // expected-error @+1 {{'tiny.k.custom_function' op has 1 input buffers but its signature 2}}
  tiny.k.custom_function "f"(%a : memref<4xf32>) to () signature (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

// One buffer per result of the signature.
func.func @custom_function_outputs(%a: memref<4xf32>) {
  // expected-error @+1 {{'tiny.k.custom_function' op has 0 output buffers but its signature 1}}
  tiny.k.custom_function "f"(%a : memref<4xf32>) to () signature (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// A buffer holds every element of its tensor.
func.func @custom_function_size(%a: memref<4xf32>, %b: memref<6xf32>) {
  // expected-error @+1 {{'tiny.k.custom_function' op output buffer #0 of type 'memref<6xf32>' is not the flat storage of 'tensor<2x2xf32>'}}
  tiny.k.custom_function "f"(%a : memref<4xf32>) to (%b : memref<6xf32>) signature (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// A buffer holds the dtype's storage type.
func.func @custom_function_dtype(%a: memref<4xi32>) {
  // expected-error @+1 {{'tiny.k.custom_function' op input buffer #0 of type 'memref<4xi32>' is not the flat storage of 'tensor<4xf32>'}}
  tiny.k.custom_function "f"(%a : memref<4xi32>) to () signature (tensor<4xf32>) -> ()
  return
}
