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

// A matmul in -tiny-rangeify's reduction-outside form, one output row per
// iteration of %i: 8 rows are UPCAST 4 at a time (8 divides no more rows
// into two groups). The 8192 runs of the body stay below min-work: loops
// only.
// CHECK-LABEL: func.func @upcast_rows_small
// CHECK: tiny.k.range loop %[[O:.*]] < %c2 {
// CHECK: tiny.k.range upcast %[[U:.*]] < %c4 {
// CHECK: %[[B:.*]] = arith.muli %[[O]], %c4
// CHECK-NEXT: arith.addi %[[B]], %[[U]]
// CHECK-NOT: tiny.k.range thread
// CHECK: return
// MIN4K-LABEL: func.func @upcast_rows_small
// MIN4K: tiny.k.range thread %{{.*}} < %c2 {
// MIN4K: tiny.k.range upcast %{{.*}} < %c4 {
func.func @upcast_rows_small(%a: memref<256xf32>, %bm: memref<1024xf32>,
                             %o: memref<256xf32>) {
  tiny.k.kernel "r_8_32_1" {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c8 {
      %row = arith.muli %i, %c32 : index
      tiny.k.range loop %j < %c32 {
        %zero = arith.constant 0.0 : f32
        %oi = arith.addi %row, %j : index
        %q = tiny.k.index %o[%oi] : memref<256xf32>
        tiny.k.store %q, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %oi = arith.addi %row, %j : index
          %q = tiny.k.index %o[%oi] : memref<256xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %ai = arith.addi %row, %k : index
          %pa = tiny.k.index %a[%ai] : memref<256xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// 20 rows: 16 UPCAST 8 at a time, the range of the two groups on threads
// (20480 runs of the body reach min-work), then the 4 rows 8 does not divide
// split off into an UPCAST range of their own, after it, on one core. The
// last REDUCE range of each nest is UNROLLed.
// CHECK-LABEL: func.func @upcast_rows_tail
// CHECK: tiny.k.range thread %[[O:.*]] < %c2 {
// CHECK: tiny.k.range upcast %[[U:.*]] < %c8 {
// CHECK: %[[B:.*]] = arith.muli %[[O]], %c8
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[B]], %[[U]]
// CHECK-NEXT: arith.muli %[[I]], %c32
// CHECK: tiny.k.range reduce %{{.*}} < %c8{{(_[0-9]+)?}} {
// CHECK: tiny.k.range unroll %{{.*}} < %c4{{(_[0-9]+)?}} iter_args
// CHECK: tiny.k.range upcast %[[T:.*]] < %c4 {
// CHECK: %[[TI:.*]] = arith.addi %[[T]], %c16
// CHECK-NEXT: arith.muli %[[TI]], %c32
// CHECK: tiny.k.range reduce %{{.*}} < %c8{{(_[0-9]+)?}} {
// CHECK: tiny.k.range unroll %{{.*}} < %c4{{(_[0-9]+)?}} iter_args
// CHECK-NOT: tiny.k.range thread
// CHECK: return
// The groups are a parallel loop; the tail runs after it.
// SCF-LABEL: func.func @upcast_rows_tail
// SCF: scf.parallel
// SCF-NOT: scf.parallel
// SCF: return
func.func @upcast_rows_tail(%a: memref<640xf32>, %bm: memref<1024xf32>,
                            %o: memref<640xf32>) {
  tiny.k.kernel "r_20_32_1" {
    %c20 = arith.constant 20 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c20 {
      %row = arith.muli %i, %c32 : index
      tiny.k.range loop %j < %c32 {
        %zero = arith.constant 0.0 : f32
        %oi = arith.addi %row, %j : index
        %q = tiny.k.index %o[%oi] : memref<640xf32>
        tiny.k.store %q, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %oi = arith.addi %row, %j : index
          %q = tiny.k.index %o[%oi] : memref<640xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %ai = arith.addi %row, %k : index
          %pa = tiny.k.index %a[%ai] : memref<640xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// Each row also adds the next row's accumulator (an element another
// iteration writes): the iterations are not independent and the rows are
// not upcast.
// CHECK-LABEL: func.func @rows_read_other_rows
// CHECK-NOT: upcast
// CHECK: return
func.func @rows_read_other_rows(%bm: memref<1024xf32>, %o: memref<544xf32>) {
  tiny.k.kernel "r_16_32_1" {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c16 {
      %row = arith.muli %i, %c32 : index
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %oi = arith.addi %row, %j : index
          %q = tiny.k.index %o[%oi] : memref<544xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %ni = arith.addi %oi, %c32 : index
          %qn = tiny.k.index %o[%ni] : memref<544xf32>
          %next = tiny.k.load %qn : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.addf %next, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// The rows' accumulators interleave (row %i at %j * 16 + %i): the offsets
// of one row's elements span more than the distance between rows, so their
// independence is not shown and the rows are not upcast.
// CHECK-LABEL: func.func @rows_interleaved
// CHECK-NOT: upcast
// CHECK: return
func.func @rows_interleaved(%bm: memref<1024xf32>, %o: memref<512xf32>) {
  tiny.k.kernel "r_16_32_1" {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c16 {
      tiny.k.range reduce %k < %c32 {
        tiny.k.range loop %j < %c32 {
          %col = arith.muli %j, %c16 : index
          %oi = arith.addi %col, %i : index
          %q = tiny.k.index %o[%oi] : memref<512xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<1024xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %s = arith.addf %acc, %vb : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
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
// of its 16 reduced indices outside the column loop, which loads, combines
// and stores the accumulator. The nest runs once (a GEMV), so the pass
// UNROLLs the reduce range by 8 (kSingleRowReduceUnroll; below min-work, so
// no THREAD range): 2 iterations, each loading the accumulator once,
// combining 8 reduced indices (%k = %kb * 8 + %u) in an UNROLL range that
// carries it, and storing it once. What does not depend on the reduced
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
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[SUM:.*]] = tiny.k.range unroll %[[U:.*]] < %[[C8]] iter_args(%[[X:.*]] = %[[ACC]]) -> (f32) {
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[KB]], %[[C8]] : index
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
func.func @unroll_reduce(%a: memref<16xf32>, %b: memref<512xf32>,
                         %o: memref<32xf32>) {
  tiny.k.kernel "r_1_32_16" {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range reduce %k < %c16 {
        tiny.k.range loop %j < %c32 {
          %p = tiny.k.index %o[%j] : memref<32xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %pa = tiny.k.index %a[%k] : memref<16xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c32 : index
          %bi = arith.addi %bk, %j : index
          %pb = tiny.k.index %b[%bi] : memref<512xf32>
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

// 12 reduced indices, which 8 does not divide: the nest that runs once
// is UNROLLed by 4, in 3 iterations.
// CHECK-LABEL: func.func @unroll_reduce_by_four
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range reduce %{{.*}} < %[[C3]] {
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range unroll %{{.*}} < %[[C4]] iter_args
// CHECK: return
func.func @unroll_reduce_by_four(%a: memref<12xf32>, %b: memref<384xf32>,
                                 %o: memref<32xf32>) {
  tiny.k.kernel "r_1_32_12" {
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range reduce %k < %c12 {
        tiny.k.range loop %j < %c32 {
          %p = tiny.k.index %o[%j] : memref<32xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %pa = tiny.k.index %a[%k] : memref<12xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c32 : index
          %bi = arith.addi %bk, %j : index
          %pb = tiny.k.index %b[%bi] : memref<384xf32>
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

// y[i] += sum(w[i, :] * x): the body loads the element of y it stores
// into, its own: the iterations are independent, and 4 rows are UPCAST.
// CHECK-LABEL: func.func @in_place_upcast
// CHECK: tiny.k.range loop %{{.*}} < %c3 {
// CHECK: tiny.k.range upcast %{{.*}} < %c4 {
// CHECK: return
func.func @in_place_upcast(%w: memref<192xf32>, %x: memref<16xf32>, %y: memref<12xf32>) {
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

// -----

// y[i] = y[i + 1] + sum(w[i, :] * x): a row loads the element the next row
// stores, so the order of the rows matters and the loop is not UPCAST.
// CHECK-LABEL: func.func @reads_next_row_not_upcast
// CHECK-NOT: upcast
// CHECK: return
func.func @reads_next_row_not_upcast(%w: memref<192xf32>, %x: memref<16xf32>, %y: memref<13xf32>) {
  tiny.k.kernel "r_12_16" {
    %c1 = arith.constant 1 : index
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
      %next = arith.addi %i, %c1 : index
      %pn = tiny.k.index %y[%next] : memref<13xf32>
      %old = tiny.k.load %pn : !tiny.ptr<f32, global>
      %new = arith.addf %old, %s : f32
      %py = tiny.k.index %y[%i] : memref<13xf32>
      tiny.k.store %py, %new : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A layernorm over rows of 4096 in one kernel: per row, a sum, a sum of
// squared deviations from the mean, then a loop writing the normalized
// row, all three passes over the row inside the row loop (a row of 16 KiB
// stays in the cache between them). Its work is 8 x 4096 = 32768 runs of
// each pass's body: the rows run on threads, each thread a block of whole
// rows, so both reductions of a row run on one core; the passes stay a
// REDUCE, a REDUCE and a LOOP range in it. No load is shared between rows:
// no UPCAST.
// CHECK-LABEL: func.func @layernorm_rows
// CHECK: tiny.k.range thread %{{.*}} < %c8 {
// CHECK: %{{.*}} = tiny.k.range reduce %{{.*}} < %c4096 iter_args
// CHECK: %{{.*}} = tiny.k.range reduce %{{.*}} < %c4096 iter_args
// CHECK: tiny.k.range loop %{{.*}} < %c4096 {
// CHECK-NOT: tiny.k.range thread
// CHECK-NOT: upcast
// CHECK: return
// SCF-LABEL: func.func @layernorm_rows
// SCF: scf.parallel (%{{.*}}) = (%c0) to (%c8) step (%c1) {
// SCF-COUNT-3: scf.for %{{.*}} = %{{.*}} to %c4096 step
// SCF-NOT: scf.parallel
// SCF: return
func.func @layernorm_rows(%a: memref<32768xf32>, %o: memref<32768xf32>) {
  tiny.k.kernel "layernorm_8_4096" {
    %c8 = arith.constant 8 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant 0.0 : f32
    %inv = arith.constant 2.44140625E-4 : f32
    %eps = arith.constant 1.0e-5 : f32
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c8 {
      %base = arith.muli %i, %c4096 : index
      %s = tiny.k.range reduce %j < %c4096 iter_args(%acc = %zero) -> (f32) {
        %k = arith.addi %base, %j : index
        %p = tiny.k.index %a[%k] : memref<32768xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc,contract> : f32
        tiny.k.end %n : f32
      }
      %mean = arith.mulf %s, %inv : f32
      %s2 = tiny.k.range reduce %j < %c4096 iter_args(%acc = %zero) -> (f32) {
        %k = arith.addi %base, %j : index
        %p = tiny.k.index %a[%k] : memref<32768xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %d = arith.subf %v, %mean : f32
        %d2 = arith.mulf %d, %d : f32
        %n = arith.addf %acc, %d2 fastmath<reassoc,contract> : f32
        tiny.k.end %n : f32
      }
      %var = arith.mulf %s2, %inv : f32
      %ve = arith.addf %var, %eps : f32
      %sd = math.sqrt %ve : f32
      %rs = arith.divf %one, %sd : f32
      tiny.k.range loop %j < %c4096 {
        %k = arith.addi %base, %j : index
        %p = tiny.k.index %a[%k] : memref<32768xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %d = arith.subf %v, %mean : f32
        %y = arith.mulf %d, %rs : f32
        %q = tiny.k.index %o[%k] : memref<32768xf32>
        tiny.k.store %q, %y : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A batched convolution's nest (1-D, 1-wide kernel: out[n, o, x] +=
// w[o, c] * in[n, c, x]): the batch %n is the outermost loop, but the
// column loop's load of the input depends on it (8 images a whole image
// apart), while none depends on the output channel %o: %o is the rows,
// UPCAST 8 at a time, each input load shared by 8 output channels as a
// matmul's B is by its rows. %n, outermost, runs on threads.
// CHECK-LABEL: func.func @batched_rows
// CHECK: tiny.k.range thread %{{.*}} < %c16 {
// CHECK: tiny.k.range loop %{{.*}} < %c2{{.*}} {
// CHECK: tiny.k.range upcast %{{.*}} < %c8{{.*}} {
// CHECK-NOT: tiny.k.range upcast
// CHECK: return
func.func @batched_rows(%in: memref<16384xf32>, %w: memref<512xf32>,
                        %out: memref<8192xf32>) {
  tiny.k.kernel "r_16_16_32" {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    tiny.k.range loop %n < %c16 {
      tiny.k.range loop %o < %c16 {
        %nb = arith.muli %n, %c512 : index
        %ob = arith.muli %o, %c32 : index
        %row = arith.addi %nb, %ob : index
        tiny.k.range loop %x < %c32 {
          %zero = arith.constant 0.0 : f32
          %oi = arith.addi %row, %x : index
          %q = tiny.k.index %out[%oi] : memref<8192xf32>
          tiny.k.store %q, %zero : !tiny.ptr<f32, global>
        }
        tiny.k.range reduce %c < %c32 {
          tiny.k.range loop %x < %c32 {
            %oi = arith.addi %row, %x : index
            %q = tiny.k.index %out[%oi] : memref<8192xf32>
            %acc = tiny.k.load %q : !tiny.ptr<f32, global>
            %wi = arith.addi %ob, %c : index
            %pw = tiny.k.index %w[%wi] : memref<512xf32>
            %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
            %ib = arith.muli %n, %c1024 : index
            %cb = arith.muli %c, %c32 : index
            %ic = arith.addi %ib, %cb : index
            %ii = arith.addi %ic, %x : index
            %pi = tiny.k.index %in[%ii] : memref<16384xf32>
            %vi = tiny.k.load %pi : !tiny.ptr<f32, global>
            %m = arith.mulf %vw, %vi : f32
            %s = arith.addf %acc, %m : f32
            tiny.k.store %q, %s : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// A convolution's nest (1x1 kernel: out[o, y, x] += w[o, c] * in[c, y, x])
// whose output rows have fewer columns (14) than 8 vectors of 16 lanes:
// after the output channels %o are UPCAST 8 at a time, the output row %y
// inside them is UPCAST 2 at a time too (its 7th row split off after
// them), so each weight loaded serves two output rows of the tile.
// CHECK-LABEL: func.func @narrow_rows
// CHECK:         tiny.k.range loop %{{.*}} < %c2 {
// CHECK:           tiny.k.range upcast %{{.*}} < %c8{{.*}} {
// CHECK:             tiny.k.range loop %{{.*}} < %c3 {
// CHECK-NEXT:          %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:          tiny.k.range upcast %{{.*}} < %[[TWO]] {
// CHECK:                 tiny.k.range reduce
// CHECK:             tiny.k.range loop %{{.*}} < %c1 {
// CHECK-NOT:           tiny.k.range upcast
// CHECK:         return
func.func @narrow_rows(%in: memref<784xf32>, %w: memref<128xf32>,
                       %out: memref<1568xf32>) {
  tiny.k.kernel "r_16_7_14" {
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c14 = arith.constant 14 : index
    %c16 = arith.constant 16 : index
    %c98 = arith.constant 98 : index
    tiny.k.range loop %o < %c16 {
      tiny.k.range loop %y < %c7 {
        %ob = arith.muli %o, %c98 : index
        %yb = arith.muli %y, %c14 : index
        %row = arith.addi %ob, %yb : index
        tiny.k.range loop %x < %c14 {
          %zero = arith.constant 0.0 : f32
          %oi = arith.addi %row, %x : index
          %q = tiny.k.index %out[%oi] : memref<1568xf32>
          tiny.k.store %q, %zero : !tiny.ptr<f32, global>
        }
        tiny.k.range reduce %c < %c8 {
          tiny.k.range loop %x < %c14 {
            %oi = arith.addi %row, %x : index
            %q = tiny.k.index %out[%oi] : memref<1568xf32>
            %acc = tiny.k.load %q : !tiny.ptr<f32, global>
            %wo = arith.muli %o, %c8 : index
            %wi = arith.addi %wo, %c : index
            %pw = tiny.k.index %w[%wi] : memref<128xf32>
            %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
            %cb = arith.muli %c, %c98 : index
            %cy = arith.addi %cb, %yb : index
            %ii = arith.addi %cy, %x : index
            %pi = tiny.k.index %in[%ii] : memref<784xf32>
            %vi = tiny.k.load %pi : !tiny.ptr<f32, global>
            %m = arith.mulf %vw, %vi : f32
            %s = arith.addf %acc, %m : f32
            tiny.k.store %q, %s : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// The same nest with rows of 128 columns (8 vectors of 16 lanes): only the
// output channels are UPCAST.
// CHECK-LABEL: func.func @wide_rows_not_narrow
// CHECK:         tiny.k.range upcast %{{.*}} < %c8{{.*}} {
// CHECK-NOT:     tiny.k.range upcast
// CHECK:         return
func.func @wide_rows_not_narrow(%in: memref<7168xf32>, %w: memref<128xf32>,
                       %out: memref<14336xf32>) {
  tiny.k.kernel "r_16_7_128" {
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c14 = arith.constant 128 : index
    %c16 = arith.constant 16 : index
    %c98 = arith.constant 896 : index
    tiny.k.range loop %o < %c16 {
      tiny.k.range loop %y < %c7 {
        %ob = arith.muli %o, %c98 : index
        %yb = arith.muli %y, %c14 : index
        %row = arith.addi %ob, %yb : index
        tiny.k.range loop %x < %c14 {
          %zero = arith.constant 0.0 : f32
          %oi = arith.addi %row, %x : index
          %q = tiny.k.index %out[%oi] : memref<14336xf32>
          tiny.k.store %q, %zero : !tiny.ptr<f32, global>
        }
        tiny.k.range reduce %c < %c8 {
          tiny.k.range loop %x < %c14 {
            %oi = arith.addi %row, %x : index
            %q = tiny.k.index %out[%oi] : memref<14336xf32>
            %acc = tiny.k.load %q : !tiny.ptr<f32, global>
            %wo = arith.muli %o, %c8 : index
            %wi = arith.addi %wo, %c : index
            %pw = tiny.k.index %w[%wi] : memref<128xf32>
            %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
            %cb = arith.muli %c, %c98 : index
            %cy = arith.addi %cb, %yb : index
            %ii = arith.addi %cy, %x : index
            %pi = tiny.k.index %in[%ii] : memref<7168xf32>
            %vi = tiny.k.load %pi : !tiny.ptr<f32, global>
            %m = arith.mulf %vw, %vi : f32
            %s = arith.addf %acc, %m : f32
            tiny.k.store %q, %s : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}
