// RUN: tiny-opt %s -split-input-file --allow-unregistered-dialect -convert-tiny-to-scf -verify-diagnostics

// Each failure is reported twice: why the pattern cannot lower the op, as the
// op's error, then the conversion's failure, which names the op.

func.func @special() -> index {
  %c256 = arith.constant 256 : index
  // expected-error @+2 {{'tiny.k.special' op is a GPU operation with no CPU lowering}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.special' that was explicitly marked illegal}}
  %g = tiny.k.special "gidx0" bound %c256
  return %g : index
}

// -----

func.func @barrier() {
  // expected-error @+2 {{'tiny.k.barrier' op is a GPU operation with no CPU lowering}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.barrier' that was explicitly marked illegal}}
  tiny.k.barrier
  return
}

// -----

func.func @wmma(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+2 {{'tiny.k.wmma' op is a GPU operation with no CPU lowering}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.wmma' that was explicitly marked illegal}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 16, 16] : vector<8xf16>, vector<8xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @custom(%x: i32) -> i32 {
  // expected-error @+2 {{'tiny.k.custom' op holds target source code, which the CPU lowering cannot compile}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.custom' that was explicitly marked illegal}}
  %r = tiny.k.custom "__builtin_popcount({0})"(%x) : (i32) -> i32
  return %r : i32
}

// -----

// A pointer can only be consumed by the memory ops, which take its buffer
// and indices apart.
func.func @pointer_escapes(%buf: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{'tiny.k.index' op pointer is used by an op other than a tiny.k.load, tiny.k.store or tiny.k.atomic_add}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.index' that was explicitly marked illegal}}
  %p = tiny.k.index %buf[%c0] : memref<4xf32>
  "test.use"(%p) : (!tiny.ptr<f32, global>) -> ()
  return
}

// -----

// A load needs the tiny.k.index that made its pointer.
func.func @pointer_argument(%p: !tiny.ptr<f32, global>) -> f32 {
  // expected-error @+2 {{'tiny.k.load' op needs a pointer made by tiny.k.index}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.load' that was explicitly marked illegal}}
  %v = tiny.k.load %p : !tiny.ptr<f32, global>
  return %v : f32
}

// -----

func.func @custom_function(%a: memref<4xf32>) {
  // expected-error @+2 {{'tiny.k.custom_function' op calls a host function, which only the runtime can: run -convert-tiny-to-runtime first}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.custom_function' that was explicitly marked illegal}}
  tiny.k.custom_function "log"(%a : memref<4xf32>) to () signature (tensor<4xf32>) -> ()
  return
}
