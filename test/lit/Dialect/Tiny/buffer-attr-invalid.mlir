// RUN: tiny-opt %s -split-input-file -verify-diagnostics

// A binding index counts from 0.
// expected-error @+1 {{a buffer's param index must be non-negative, got -1}}
func.func @negative(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param -1>}) {
  return
}

// -----

// The device is a device name (tiny/DeviceName.h).
// expected-error @+1 {{unknown device syntax 'cpu': expected KIND or KIND:N}}
func.func @device(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "cpu">}) {
  return
}

// -----

// The roles are param, output and scratch.
// expected-error @+2 {{expected ::mlir::tiny::BufferRole to be one of: param, output, scratch}}
// expected-error @+1 {{failed to parse Tiny_BufferAttr parameter 'role'}}
func.func @role(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<input 0>}) {
  return
}

// -----

// tiny.buffer holds a #tiny.buffer.
// expected-error @+1 {{'func.func' op argument 0: 'tiny.buffer' must be a #tiny.buffer, got 0 : i64}}
func.func @not_a_buffer(%x: memref<4xf32> {tiny.buffer = 0 : i64}) {
  return
}

// -----

// The attributes before #tiny.buffer are not argument attributes of the
// dialect any more.
// expected-error @+1 {{'func.func' op unknown argument attribute 'tiny.slot'}}
func.func @old_name(%x: memref<4xf32> {tiny.slot = 0 : i64}) {
  return
}

// -----

// A buffer the runtime binds or allocates is flat storage.
// expected-error @+1 {{'func.func' op argument 0 is a #tiny.buffer<param 0> and must be a flat, statically shaped memref, got 'memref<2x2xf32>'}}
func.func @shaped(%x: memref<2x2xf32> {tiny.buffer = #tiny.buffer<param 0>}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument 0 is a #tiny.buffer<output 0> and must be a flat, statically shaped memref, got 'memref<?xf32>'}}
func.func @dynamic(%x: memref<?xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  return
}

// -----

// One caller buffer binds one argument.
// expected-error @+1 {{'func.func' op arguments 0 and 2 both bind param 1}}
func.func @twice(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 1>},
                 %out: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>},
                 %y: memref<4xf32> {tiny.buffer = #tiny.buffer<param 1>}) {
  return
}
