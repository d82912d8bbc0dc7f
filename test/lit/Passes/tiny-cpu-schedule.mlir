// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule=min-work=4096 | FileCheck %s --check-prefix=MIN4K
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule -tiny-cpu-schedule | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule -convert-tiny-to-scf | FileCheck %s --check-prefix=SCF

// A 256x256 elementwise kernel: 65536 stores, at least min-work (16384).
// Its outermost range runs on threads, the inner one stays a loop.
// CHECK-LABEL: func.func @elementwise
// CHECK: tiny.k.range thread %[[I:.*]] < %c256 {
// CHECK-NEXT: tiny.k.range loop %[[J:.*]] < %c256 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
// The code it becomes: the THREAD range an scf.parallel (OpenMP's parallel
// loop, later), the LOOP range an scf.for in it.
// SCF-LABEL: func.func @elementwise
// SCF: scf.parallel (%{{.*}}) = (%c0) to (%c256) step (%c1) {
// SCF: scf.for %{{.*}} = %{{.*}} to %c256 step
// SCF-NOT: scf.parallel
// SCF: return
func.func @elementwise(%a: memref<65536xf32>, %o: memref<65536xf32>) {
  tiny.k.kernel "E_256_256" {
    %c256 = arith.constant 256 : index
    tiny.k.range loop %i < %c256 {
      tiny.k.range loop %j < %c256 {
        %b = arith.muli %i, %c256 : index
        %k = arith.addi %b, %j : index
        %p = tiny.k.index %a[%k] : memref<65536xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %v, %v : f32
        %q = tiny.k.index %o[%k] : memref<65536xf32>
        tiny.k.store %q, %n : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// 64x64 elements: 4096 stores, below min-work. Starting threads would cost
// more than they save: every range stays a loop (the kernel runs on one
// core). With min-work=4096 it reaches the threshold.
// CHECK-LABEL: func.func @small
// CHECK: tiny.k.range loop %{{.*}} < %c64 {
// CHECK-NEXT: tiny.k.range loop %{{.*}} < %c64 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
// MIN4K-LABEL: func.func @small
// MIN4K: tiny.k.range thread %{{.*}} < %c64 {
// MIN4K-NEXT: tiny.k.range loop %{{.*}} < %c64 {
func.func @small(%o: memref<4096xf32>) {
  tiny.k.kernel "E_64_64" {
    %c64 = arith.constant 64 : index
    tiny.k.range loop %i < %c64 {
      tiny.k.range loop %j < %c64 {
        %b = arith.muli %i, %c64 : index
        %k = arith.addi %b, %j : index
        %one = arith.constant 1.0 : f32
        %q = tiny.k.index %o[%k] : memref<4096xf32>
        tiny.k.store %q, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Ranges of one iteration (unit axes) are looked through: the first range
// that runs more than once gets the threads.
// CHECK-LABEL: func.func @unit_outer
// CHECK: tiny.k.range loop %{{.*}} < %c1 {
// CHECK-NEXT: tiny.k.range thread %{{.*}} < %c32768 {
func.func @unit_outer(%o: memref<32768xf32>) {
  tiny.k.kernel "E_1_32768" {
    %c1 = arith.constant 1 : index
    %c32768 = arith.constant 32768 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range loop %j < %c32768 {
        %one = arith.constant 1.0 : f32
        %q = tiny.k.index %o[%j] : memref<32768xf32>
        tiny.k.store %q, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A row sum: 16 outputs of 1024 elements each. The work is the reduction's
// 16384 iterations, not the 16 stores: the rows run on threads.
// CHECK-LABEL: func.func @row_sum
// CHECK: tiny.k.range thread %{{.*}} < %c16 {
// CHECK: tiny.k.range reduce %{{.*}} < %c1024 iter_args
func.func @row_sum(%a: memref<16384xf32>, %o: memref<16xf32>) {
  tiny.k.kernel "r_16_1" {
    %c16 = arith.constant 16 : index
    %c1024 = arith.constant 1024 : index
    tiny.k.range loop %i < %c16 {
      %zero = arith.constant 0.0 : f32
      %s = tiny.k.range reduce %r < %c1024 iter_args(%acc = %zero) -> (f32) {
        %b = arith.muli %i, %c1024 : index
        %k = arith.addi %b, %r : index
        %p = tiny.k.index %a[%k] : memref<16384xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<16xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A matmul in -tiny-rangeify's reduction-outside form, 4 rows per
// iteration: each body loads 4 elements of %a (one per row), so the 2048
// iterations of the body load %a 8192 times. Below min-work: loops only.
// CHECK-LABEL: func.func @upcast_rows_small
// CHECK: tiny.k.range loop %{{.*}} < %c2 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @upcast_rows_small(%a: memref<256xf32>, %bm: memref<1024xf32>,
                             %o: memref<256xf32>) {
  tiny.k.kernel "r_8_32_1" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %t < %c2 {
      %r0 = arith.muli %t, %c4 : index
      %r1 = arith.addi %r0, %c1 : index
      %r2 = arith.addi %r0, %c2 : index
      %r3 = arith.addi %r0, %c3 : index
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %a0 = arith.muli %r0, %c32 : index
          %i0 = arith.addi %a0, %k : index
          %p0 = tiny.k.index %a[%i0] : memref<256xf32>
          %v0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
          %a1 = arith.muli %r1, %c32 : index
          %i1 = arith.addi %a1, %k : index
          %p1 = tiny.k.index %a[%i1] : memref<256xf32>
          %v1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
          %a2 = arith.muli %r2, %c32 : index
          %i2 = arith.addi %a2, %k : index
          %p2 = tiny.k.index %a[%i2] : memref<256xf32>
          %v2 = tiny.k.load %p2 : !tiny.ptr<f32, global>
          %a3 = arith.muli %r3, %c32 : index
          %i3 = arith.addi %a3, %k : index
          %p3 = tiny.k.index %a[%i3] : memref<256xf32>
          %v3 = tiny.k.load %p3 : !tiny.ptr<f32, global>
          %m0 = arith.mulf %v0, %vb : f32
          %m1 = arith.mulf %v1, %vb : f32
          %m2 = arith.mulf %v2, %vb : f32
          %m3 = arith.mulf %v3, %vb : f32
          %o0 = arith.addi %a0, %j : index
          %q0 = tiny.k.index %o[%o0] : memref<256xf32>
          tiny.k.store %q0, %m0 : !tiny.ptr<f32, global>
          %o1 = arith.addi %a1, %j : index
          %q1 = tiny.k.index %o[%o1] : memref<256xf32>
          tiny.k.store %q1, %m1 : !tiny.ptr<f32, global>
          %o2 = arith.addi %a2, %j : index
          %q2 = tiny.k.index %o[%o2] : memref<256xf32>
          tiny.k.store %q2, %m2 : !tiny.ptr<f32, global>
          %o3 = arith.addi %a3, %j : index
          %q3 = tiny.k.index %o[%o3] : memref<256xf32>
          tiny.k.store %q3, %m3 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// The same nest over 16 rows (4 iterations of 4): 4096 iterations of the
// body load %a 16384 times, which reaches min-work though no op runs more
// than 4096 times. The range of row blocks runs on threads.
// CHECK-LABEL: func.func @upcast_rows
// CHECK: tiny.k.range thread %{{.*}} < %c4 {
// CHECK: tiny.k.range reduce %{{.*}} < %c32 {
// CHECK-NEXT: tiny.k.range loop %{{.*}} < %c32 {
func.func @upcast_rows(%a: memref<512xf32>, %bm: memref<1024xf32>,
                       %o: memref<512xf32>) {
  tiny.k.kernel "r_16_32_1" {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %t < %c4 {
      %r0 = arith.muli %t, %c4 : index
      %r1 = arith.addi %r0, %c1 : index
      %r2 = arith.addi %r0, %c2 : index
      %r3 = arith.addi %r0, %c3 : index
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %a0 = arith.muli %r0, %c32 : index
          %i0 = arith.addi %a0, %k : index
          %p0 = tiny.k.index %a[%i0] : memref<512xf32>
          %v0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
          %a1 = arith.muli %r1, %c32 : index
          %i1 = arith.addi %a1, %k : index
          %p1 = tiny.k.index %a[%i1] : memref<512xf32>
          %v1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
          %a2 = arith.muli %r2, %c32 : index
          %i2 = arith.addi %a2, %k : index
          %p2 = tiny.k.index %a[%i2] : memref<512xf32>
          %v2 = tiny.k.load %p2 : !tiny.ptr<f32, global>
          %a3 = arith.muli %r3, %c32 : index
          %i3 = arith.addi %a3, %k : index
          %p3 = tiny.k.index %a[%i3] : memref<512xf32>
          %v3 = tiny.k.load %p3 : !tiny.ptr<f32, global>
          %m0 = arith.mulf %v0, %vb : f32
          %m1 = arith.mulf %v1, %vb : f32
          %m2 = arith.mulf %v2, %vb : f32
          %m3 = arith.mulf %v3, %vb : f32
          %o0 = arith.addi %a0, %j : index
          %q0 = tiny.k.index %o[%o0] : memref<512xf32>
          tiny.k.store %q0, %m0 : !tiny.ptr<f32, global>
          %o1 = arith.addi %a1, %j : index
          %q1 = tiny.k.index %o[%o1] : memref<512xf32>
          tiny.k.store %q1, %m1 : !tiny.ptr<f32, global>
          %o2 = arith.addi %a2, %j : index
          %q2 = tiny.k.index %o[%o2] : memref<512xf32>
          tiny.k.store %q2, %m2 : !tiny.ptr<f32, global>
          %o3 = arith.addi %a3, %j : index
          %q3 = tiny.k.index %o[%o3] : memref<512xf32>
          tiny.k.store %q3, %m3 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// Ranges side by side (the tail of a matmul's rows: its accumulators set,
// reduced, then read once more) are no nest of output ranges: the kernel
// stays on one core however large.
// CHECK-LABEL: func.func @siblings
// CHECK: tiny.k.range loop %{{.*}} < %c1 {
// CHECK-NEXT: tiny.k.range loop %{{.*}} < %c32768 {
// CHECK: tiny.k.range loop %{{.*}} < %c32768 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @siblings(%o: memref<32768xf32>) {
  tiny.k.kernel "E_32768" {
    %c1 = arith.constant 1 : index
    %c32768 = arith.constant 32768 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range loop %j < %c32768 {
        %one = arith.constant 1.0 : f32
        %q = tiny.k.index %o[%j] : memref<32768xf32>
        tiny.k.store %q, %one : !tiny.ptr<f32, global>
      }
      tiny.k.range loop %j < %c32768 {
        %two = arith.constant 2.0 : f32
        %q = tiny.k.index %o[%j] : memref<32768xf32>
        tiny.k.store %q, %two : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A large reduction with no output range around it (a sum to a scalar):
// its REDUCE range carries the sum, its iterations are not independent.
// CHECK-LABEL: func.func @sum
// CHECK: tiny.k.range reduce %{{.*}} < %c65536 iter_args
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @sum(%a: memref<65536xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c65536 = arith.constant 65536 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %r < %c65536 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<65536xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// A schedule written by hand: the kernel names a THREAD range already (the
// inner one), so the pass keeps it and adds none. A kernel with an UPCAST
// range is a chosen schedule too.
// CHECK-LABEL: func.func @hand_written
// CHECK: tiny.k.range loop %{{.*}} < %c256 {
// CHECK-NEXT: tiny.k.range thread %{{.*}} < %c256 {
// CHECK: tiny.k.range loop %{{.*}} < %c256 {
// CHECK-NEXT: tiny.k.range upcast %{{.*}} < %c4 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
// The hand-written THREAD range is the one that becomes a parallel loop.
// SCF-LABEL: func.func @hand_written
// SCF: scf.for %{{.*}} = %{{.*}} to %c256 step
// SCF: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c256) step (%{{.*}}) {
// SCF-NOT: scf.parallel
// SCF: return
func.func @hand_written(%o: memref<65536xf32>, %p: memref<262144xf32>) {
  tiny.k.kernel "E_256_256" {
    %c256 = arith.constant 256 : index
    tiny.k.range loop %i < %c256 {
      tiny.k.range thread %j < %c256 {
        %b = arith.muli %i, %c256 : index
        %k = arith.addi %b, %j : index
        %one = arith.constant 1.0 : f32
        %q = tiny.k.index %o[%k] : memref<65536xf32>
        tiny.k.store %q, %one : !tiny.ptr<f32, global>
      }
    }
  }
  tiny.k.kernel "E_256_256_4" {
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    tiny.k.range loop %i < %c256 {
      tiny.k.range upcast %u < %c4 {
        tiny.k.range loop %j < %c256 {
          %b = arith.muli %i, %c1024 : index
          %bu = arith.muli %u, %c256 : index
          %k0 = arith.addi %b, %bu : index
          %k = arith.addi %k0, %j : index
          %one = arith.constant 1.0 : f32
          %q = tiny.k.index %p[%k] : memref<262144xf32>
          tiny.k.store %q, %one : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// A kernel on a GPU is -tiny-gpu-schedule's to schedule.
// CHECK-LABEL: func.func @gpu
// CHECK: tiny.k.range loop %{{.*}} < %c65536 {
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @gpu(%o: memref<65536xf32>) {
  tiny.k.kernel "E_65536" on "CUDA" {
    %c65536 = arith.constant 65536 : index
    tiny.k.range loop %i < %c65536 {
      %one = arith.constant 1.0 : f32
      %q = tiny.k.index %o[%i] : memref<65536xf32>
      tiny.k.store %q, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A LOOP range that carries a value is no independent iterations.
// CHECK-LABEL: func.func @carried
// CHECK: tiny.k.range loop %{{.*}} < %c65536 iter_args
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @carried(%o: memref<1xf32>) {
  tiny.k.kernel "E_1" {
    %c0 = arith.constant 0 : index
    %c65536 = arith.constant 65536 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range loop %i < %c65536 iter_args(%acc = %zero) -> (f32) {
      %one = arith.constant 1.0 : f32
      %n = arith.addf %acc, %one : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}
