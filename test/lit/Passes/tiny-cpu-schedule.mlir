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

// -----

// A matmul row in -tiny-rangeify's reduction-outside form: the REDUCE range
// of its 8 reduced indices outside the column loop, which loads, combines
// and stores the accumulator. The pass UNROLLs the reduce range by 4 (below
// min-work, so no THREAD range): 2 iterations, each loading the accumulator
// once, combining 4 reduced indices (%k = %kb * 4 + %u) in an UNROLL range
// that carries it, and storing it once. What does not depend on the reduced
// index (the accumulator's address) stays outside the UNROLL range. Run
// twice, the pass keeps this schedule: the second run gives the same IR.
// CHECK-LABEL: func.func @unroll_reduce
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: tiny.k.range loop %{{.*}} < %c1 {
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: tiny.k.range reduce %[[KB:.*]] < %[[C2]] {
// CHECK-NEXT: tiny.k.range loop %[[J:.*]] < %[[C32]] {
// CHECK-NEXT: %[[P:.*]] = tiny.k.index %arg2[%[[J]]]
// CHECK-NEXT: %[[ACC:.*]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[SUM:.*]] = tiny.k.range unroll %[[U:.*]] < %[[C4]] iter_args(%[[X:.*]] = %[[ACC]]) -> (f32) {
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[KB]], %[[C4]] : index
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[BASE]], %[[U]] : index
// CHECK-NEXT: %[[PA:.*]] = tiny.k.index %arg0[%[[K]]]
// CHECK-NEXT: %[[VA:.*]] = tiny.k.load %[[PA]]
// CHECK-NEXT: %[[BK:.*]] = arith.muli %[[K]], %[[C32]]
// CHECK-NEXT: %[[BI:.*]] = arith.addi %[[BK]], %[[J]]
// CHECK-NEXT: %[[PB:.*]] = tiny.k.index %arg1[%[[BI]]]
// CHECK-NEXT: %[[VB:.*]] = tiny.k.load %[[PB]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[VA]], %[[VB]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[M]] : f32
// CHECK-NEXT: tiny.k.end %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.store %[[P]], %[[SUM]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: tiny.k.range thread
// CHECK: return
func.func @unroll_reduce(%a: memref<8xf32>, %b: memref<256xf32>,
                         %o: memref<32xf32>) {
  tiny.k.kernel "r_1_32_8" {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range reduce %k < %c8 {
        tiny.k.range loop %j < %c32 {
          %p = tiny.k.index %o[%j] : memref<32xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %pa = tiny.k.index %a[%k] : memref<8xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c32 : index
          %bi = arith.addi %bk, %j : index
          %pb = tiny.k.index %b[%bi] : memref<256xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %p, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// 6 reduced indices, which 4 does not divide: the reduce range is kept
// (as -tiny-rangeify's own unrolling did, no tail range of 2).
// CHECK-LABEL: func.func @unroll_reduce_indivisible
// CHECK: tiny.k.range reduce %{{.*}} < %c6 {
// CHECK-NOT: tiny.k.range unroll
// CHECK: return
func.func @unroll_reduce_indivisible(%a: memref<6xf32>, %o: memref<32xf32>) {
  tiny.k.kernel "r_32_6" {
    %c6 = arith.constant 6 : index
    %c32 = arith.constant 32 : index
    tiny.k.range reduce %k < %c6 {
      tiny.k.range loop %j < %c32 {
        %p = tiny.k.index %o[%j] : memref<32xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<6xf32>
        %va = tiny.k.load %pa : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %va : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Two accumulators 2 elements apart over 4 columns: columns 0 and 2 update
// one element. Unrolling would move reduced indices of column 2 ahead of
// column 0's and change the order that element adds them in: kept.
// CHECK-LABEL: func.func @unroll_reduce_overlap
// CHECK: tiny.k.range reduce %{{.*}} < %c8 {
// CHECK-NOT: tiny.k.range unroll
// CHECK: return
func.func @unroll_reduce_overlap(%a: memref<8xf32>, %o: memref<8xf32>) {
  tiny.k.kernel "r_2_4_8" {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c8 {
      tiny.k.range loop %j < %c4 {
        %pa = tiny.k.index %a[%k] : memref<8xf32>
        %va = tiny.k.load %pa : !tiny.ptr<f32, global>
        %p0 = tiny.k.index %o[%j] : memref<8xf32>
        %acc0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %s0 = arith.addf %acc0, %va : f32
        tiny.k.store %p0, %s0 : !tiny.ptr<f32, global>
        %e1 = arith.addi %j, %c2 : index
        %p1 = tiny.k.index %o[%e1] : memref<8xf32>
        %acc1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
        %s1 = arith.addf %acc1, %va : f32
        tiny.k.store %p1, %s1 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// The combined value reads the accumulators' buffer at another element
// (column 0 of the row): with the reduced indices moved inside the column
// loop it would read it before the other columns' updates. Kept.
// CHECK-LABEL: func.func @unroll_reduce_reads_output
// CHECK: tiny.k.range reduce %{{.*}} < %c8 {
// CHECK-NOT: tiny.k.range unroll
// CHECK: return
func.func @unroll_reduce_reads_output(%a: memref<8xf32>, %o: memref<32xf32>) {
  tiny.k.kernel "r_32_8" {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range reduce %k < %c8 {
      tiny.k.range loop %j < %c32 {
        %p = tiny.k.index %o[%j] : memref<32xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<8xf32>
        %va = tiny.k.load %pa : !tiny.ptr<f32, global>
        %p0 = tiny.k.index %o[%c0] : memref<32xf32>
        %v0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %m = arith.mulf %va, %v0 : f32
        %s = arith.addf %acc, %m : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A store whose address depends on the reduced index is no accumulator
// update (each reduced index writes its own element): kept.
// CHECK-LABEL: func.func @unroll_reduce_scatter
// CHECK: tiny.k.range reduce %{{.*}} < %c8 {
// CHECK-NOT: tiny.k.range unroll
// CHECK: return
func.func @unroll_reduce_scatter(%a: memref<8xf32>, %o: memref<256xf32>) {
  tiny.k.kernel "E_8_32" {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range reduce %k < %c8 {
      tiny.k.range loop %j < %c32 {
        %ok = arith.muli %k, %c32 : index
        %oi = arith.addi %ok, %j : index
        %p = tiny.k.index %o[%oi] : memref<256xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<8xf32>
        %va = tiny.k.load %pa : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %va : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A matrix-vector product as rangeify writes a small reduce: each row's
// sum inside the row loop. x[k] does not depend on the row, so 4 rows are
// UPCAST (12 rows: more than kMaxUpcast, 4 divides them): the row loop
// splits into 3 iterations of an UPCAST range of 4, the row index o*4 + u.
// CHECK-LABEL: func.func @matvec_upcast
// CHECK: tiny.k.range loop %[[O:.*]] < %c3{{.*}} {
// CHECK: tiny.k.range upcast %[[U:.*]] < %c4{{.*}} {
// CHECK: %[[BASE:.*]] = arith.muli %[[O]], %c4{{.*}} : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[BASE]], %[[U]] : index
// CHECK: tiny.k.range reduce %{{.*}} < %c16 iter_args
// CHECK: arith.muli %[[ROW]], %c16 : index
// CHECK: tiny.k.index %{{.*}}[%[[ROW]]] : memref<12xf32>
// CHECK: return
func.func @matvec_upcast(%w: memref<192xf32>, %x: memref<16xf32>, %y: memref<12xf32>) {
  tiny.k.kernel "r_12_16" {
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c12 {
      %s = tiny.k.range reduce %k < %c16 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c16 : index
        %wi = arith.addi %row, %k : index
        %pw = tiny.k.index %w[%wi] : memref<192xf32>
        %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
        %px = tiny.k.index %x[%k] : memref<16xf32>
        %vx = tiny.k.load %px : !tiny.ptr<f32, global>
        %m = arith.mulf %vw, %vx : f32
        %n = arith.addf %acc, %m : f32
        tiny.k.end %n : f32
      }
      %py = tiny.k.index %y[%i] : memref<12xf32>
      tiny.k.store %py, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// 5 rows, at most kMaxUpcast: the row loop itself becomes UPCAST.
// CHECK-LABEL: func.func @matvec_upcast_whole
// CHECK: tiny.k.range upcast %{{.*}} < %c5 {
// CHECK-NEXT: tiny.k.range reduce
func.func @matvec_upcast_whole(%w: memref<80xf32>, %x: memref<16xf32>, %y: memref<5xf32>) {
  tiny.k.kernel "r_5_16" {
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c5 {
      %s = tiny.k.range reduce %k < %c16 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c16 : index
        %wi = arith.addi %row, %k : index
        %pw = tiny.k.index %w[%wi] : memref<80xf32>
        %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
        %px = tiny.k.index %x[%k] : memref<16xf32>
        %vx = tiny.k.load %px : !tiny.ptr<f32, global>
        %m = arith.mulf %vw, %vx : f32
        %n = arith.addf %acc, %m : f32
        tiny.k.end %n : f32
      }
      %py = tiny.k.index %y[%i] : memref<5xf32>
      tiny.k.store %py, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Row sums: every load depends on the row, so nothing would be shared:
// the row loop stays a loop.
// CHECK-LABEL: func.func @row_sums_not_upcast
// CHECK-NOT: upcast
// CHECK: return
func.func @row_sums_not_upcast(%w: memref<192xf32>, %y: memref<12xf32>) {
  tiny.k.kernel "r_12_16" {
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c12 {
      %s = tiny.k.range reduce %k < %c16 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c16 : index
        %wi = arith.addi %row, %k : index
        %pw = tiny.k.index %w[%wi] : memref<192xf32>
        %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %vw : f32
        tiny.k.end %n : f32
      }
      %py = tiny.k.index %y[%i] : memref<12xf32>
      tiny.k.store %py, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// y[i] += sum(w[i, :] * x): the body loads the buffer it stores into, so
// one row's store could feed another row's load: the iterations are not
// known independent, and the loop is not UPCAST.
// CHECK-LABEL: func.func @in_place_not_upcast
// CHECK-NOT: upcast
// CHECK: return
func.func @in_place_not_upcast(%w: memref<192xf32>, %x: memref<16xf32>, %y: memref<12xf32>) {
  tiny.k.kernel "r_12_16" {
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c12 {
      %s = tiny.k.range reduce %k < %c16 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c16 : index
        %wi = arith.addi %row, %k : index
        %pw = tiny.k.index %w[%wi] : memref<192xf32>
        %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
        %px = tiny.k.index %x[%k] : memref<16xf32>
        %vx = tiny.k.load %px : !tiny.ptr<f32, global>
        %m = arith.mulf %vw, %vx : f32
        %n = arith.addf %acc, %m : f32
        tiny.k.end %n : f32
      }
      %py = tiny.k.index %y[%i] : memref<12xf32>
      %old = tiny.k.load %py : !tiny.ptr<f32, global>
      %new = arith.addf %old, %s : f32
      tiny.k.store %py, %new : !tiny.ptr<f32, global>
    }
  }
  return
}
