// RUN: tiny-opt %s -split-input-file -verify-diagnostics -tiny-gpu-insert-barriers

// The threads below 32 write and then read each other's slots; the others
// skip the branch, so a barrier there would hang the block.
func.func @read_under_thread_branch(%o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<32xf32, #gpu.address_space<workgroup>>) {
    %low = arith.cmpi ult, %tx, %c32 : index
    scf.if %low {
      memref.store %zero, %smem[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      %j = arith.subi %c31, %tx : index
      // expected-error @+1 {{reads workgroup memory other threads may have written, under a branch some threads of the block skip, where no barrier can go}}
      %w = memref.load %smem[%j] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// The same under a loop whose trip count differs between threads.
func.func @read_under_thread_loop(%o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %tx to %c4 step %c1 {
      memref.store %zero, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      %j = arith.subi %c63, %tx : index
      // expected-error @+1 {{reads workgroup memory other threads may have written, under a branch some threads of the block skip, where no barrier can go}}
      %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A barrier some threads of the block skip hangs it.
func.func @barrier_under_thread_branch(%o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c32 : index
    scf.if %low {
      // expected-error @+1 {{is under a branch or a loop that some threads of the block may skip, and would hang it}}
      gpu.barrier
      memref.store %zero, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Under a branch on a block id nested in one on a thread id, some threads
// still skip it.
func.func @barrier_under_nested_branch(%o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c32 : index
    scf.if %low {
      %first = arith.cmpi eq, %bx, %c1 : index
      scf.if %first {
        // expected-error @+1 {{is under a branch or a loop that some threads of the block may skip, and would hang it}}
        gpu.barrier
      }
      memref.store %zero, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A serial range whose bound a thread loaded may run a different number of
// times on each thread.
func.func @barrier_in_thread_bound_range(%n: memref<64xindex>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %bound = memref.load %n[%tx] : memref<64xindex>
    tiny.k.range loop %k < %bound {
      // expected-error @+1 {{is under a branch or a loop that some threads of the block may skip, and would hang it}}
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
