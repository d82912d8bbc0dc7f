// RUN: tiny-opt %s -split-input-file -convert-gpu-launch-to-runtime -verify-diagnostics

// Each failure is reported twice: why the pattern cannot lower the op, as the
// op's error, then the conversion's failure, which names the op.

// The runtime knows a program's buffers by argument position: a buffer the
// function allocates itself cannot be passed to a kernel.
module attributes {gpu.container_module} {
  func.func @local_buffer(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %b = memref.alloc() : memref<4xf32>
    // expected-error @+2 {{'gpu.launch_func' op kernel operand 1 must be a buffer argument of the enclosing func.func, which the runtime allocates}}
    // expected-error @+1 {{failed to legalize operation 'gpu.launch_func' that was explicitly marked illegal}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<4xf32>, %b : memref<4xf32>)
    return
  }
  gpu.module @k {
    gpu.func @f(%a: memref<4xf32>, %b: memref<4xf32>) kernel { gpu.return }
  }
}

// -----

// Scalars are not passed: the runtime's launches take buffers only.
module attributes {gpu.container_module} {
  func.func @scalar(%a: memref<4xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+2 {{'gpu.launch_func' op kernel operand 1 must be a buffer argument of the enclosing func.func, which the runtime allocates}}
    // expected-error @+1 {{failed to legalize operation 'gpu.launch_func' that was explicitly marked illegal}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<4xf32>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @f(%a: memref<4xf32>, %n: index) kernel { gpu.return }
  }
}

// -----

// The device of a launch is that of its buffers.
module attributes {gpu.container_module} {
  func.func @no_buffer() {
    %c1 = arith.constant 1 : index
    // expected-error @+2 {{'gpu.launch_func' op passes its kernel no buffer: the runtime finds a launch's device through its buffers}}
    // expected-error @+1 {{failed to legalize operation 'gpu.launch_func' that was explicitly marked illegal}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @k {
    gpu.func @f() kernel { gpu.return }
  }
}

// -----

// The runtime orders each device's work itself.
module attributes {gpu.container_module} {
  func.func @async(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %t = gpu.wait async
    // expected-error @+2 {{'gpu.launch_func' op is asynchronous: the runtime queues a device's work in order itself}}
    // expected-error @+1 {{failed to legalize operation 'gpu.launch_func' that was explicitly marked illegal}}
    %d = gpu.launch_func async [%t] @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<4xf32>)
    gpu.wait [%d]
    return
  }
  gpu.module @k {
    gpu.func @f(%a: memref<4xf32>) kernel { gpu.return }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @cluster(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+2 {{'gpu.launch_func' op has a cluster size, which the runtime cannot launch}}
    // expected-error @+1 {{failed to legalize operation 'gpu.launch_func' that was explicitly marked illegal}}
    gpu.launch_func @k::@f clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<4xf32>)
    return
  }
  gpu.module @k {
    gpu.func @f(%a: memref<4xf32>) kernel { gpu.return }
  }
}
