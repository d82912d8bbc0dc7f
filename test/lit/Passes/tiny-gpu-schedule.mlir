// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule="min-reduce=32 max-outputs=64" | FileCheck %s --check-prefix=OPTS
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule=block-size=128 | FileCheck %s --check-prefix=B128
// RUN: not tiny-opt %s -tiny-gpu-schedule=block-size=0 2>&1 | FileCheck %s --check-prefix=NOBLOCK

// NOBLOCK: block-size must be positive, got 0

// A sum to a scalar: one output, 65536 iterations. The block's 256 threads
// share the reduction, each summing every 256th element from its own (256
// of them); the output range of one iteration is no grid dimension (its
// body takes its place, its index 0), and the kernel runs as one block.
// With block-size=128, 128 threads take 512 each.
// CHECK-LABEL: func.func @sum
// CHECK-NOT: tiny.k.range loop
// CHECK-NOT: tiny.k.range global
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[S:.*]] = tiny.k.range group_reduce %[[G:.*]] < %[[G256:.*]] iter_args(%[[A:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT: %[[N256:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[P:.*]] = tiny.k.range reduce %[[J:.*]] < %[[COUNT]] iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK-NEXT: %[[JG:.*]] = arith.muli %[[J]], %[[N256]]
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[JG]], %[[G]]
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[R]]]
// CHECK-NEXT: tiny.k.load
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[B]]
// CHECK-NEXT: tiny.k.end %[[N]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.end %[[P]] : f32
// CHECK-NEXT: }
// CHECK-NOT: tiny.k.range
// CHECK: tiny.k.store %{{.*}}, %[[S]]
// OPTS-LABEL: func.func @sum
// OPTS: tiny.k.range group_reduce
// B128-LABEL: func.func @sum
// B128: %[[G128:.*]] = arith.constant 128 : index
// B128-NEXT: tiny.k.range group_reduce %{{.*}} < %[[G128]]
// B128-NEXT: arith.constant 128 : index
// B128-NEXT: %[[COUNT:.*]] = arith.constant 512 : index
// B128-NEXT: tiny.k.range reduce %{{.*}} < %[[COUNT]]
func.func @sum(%a: memref<65536xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    tiny.k.range loop %i < %c1 {
      %zero = arith.constant 0.0 : f32
      %s = tiny.k.range reduce %r < %c65536 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<65536xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc,contract> : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%c0] : memref<1xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Four row maxima of 4000 elements; max needs no reassoc flag (it is exact
// in any order). 256 threads share each row: 4000 is no multiple of 256,
// thread t takes (4255 - t) / 256 elements (16 or 15).
// CHECK-LABEL: func.func @row_max
// CHECK: tiny.k.range group_reduce %[[G:.*]] < %{{.*}} iter_args
// CHECK-NEXT: %[[N256:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 4255 : index
// CHECK-NEXT: %[[REST:.*]] = arith.subi %[[LAST]], %[[G]]
// CHECK-NEXT: %[[COUNT:.*]] = arith.divui %[[REST]], %[[N256]]
// CHECK-NEXT: tiny.k.range reduce %{{.*}} < %[[COUNT]] iter_args
// OPTS-LABEL: func.func @row_max
// OPTS: tiny.k.range group_reduce
func.func @row_max(%a: memref<16000xf32>, %o: memref<4xf32>) {
  tiny.k.kernel "r_4_1" {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c4000 = arith.constant 4000 : index
    tiny.k.range loop %i < %c4 {
      tiny.k.range loop %j < %c1 {
        %ninf = arith.constant 0xFF800000 : f32
        %s = tiny.k.range reduce %r < %c4000 iter_args(%acc = %ninf) -> (f32) {
          %b = arith.muli %i, %c4000 : index
          %k = arith.addi %b, %r : index
          %p = tiny.k.index %a[%k] : memref<16000xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          %n = arith.maximumf %acc, %v : f32
          tiny.k.end %n : f32
        }
        %q = tiny.k.index %o[%i] : memref<4xf32>
        tiny.k.store %q, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Nested reductions count together: 16 x 32 iterations. The outer range is
// shared by 16 threads, one iteration each (it is the GROUP_REDUCE itself),
// the inner one stays a reduction in each thread.
// CHECK-LABEL: func.func @nested
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: tiny.k.range group_reduce %[[R:.*]] < %[[C16]] iter_args
// CHECK-NEXT: tiny.k.range reduce
// CHECK-NEXT: arith.muli %[[R]]
func.func @nested(%a: memref<512xi32>, %o: memref<1xi32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %s = tiny.k.range reduce %r < %c16 iter_args(%acc = %zero) -> (i32) {
      %t = tiny.k.range reduce %u < %c32 iter_args(%acc2 = %acc) -> (i32) {
        %b = arith.muli %r, %c32 : index
        %k = arith.addi %b, %u : index
        %p = tiny.k.index %a[%k] : memref<512xi32>
        %v = tiny.k.load %p : !tiny.ptr<i32, global>
        %n = arith.addi %acc2, %v : i32
        tiny.k.end %n : i32
      }
      tiny.k.end %t : i32
    }
    %q = tiny.k.index %o[%c0] : memref<1xi32>
    tiny.k.store %q, %s : !tiny.ptr<i32, global>
  }
  return
}

// -----

// 64 rows of 64: too short a reduction by default; with min-reduce=32 and
// max-outputs=64 it is shared.
// CHECK-LABEL: func.func @rowsum
// CHECK-NOT: group_reduce
// CHECK: tiny.k.range reduce
// OPTS-LABEL: func.func @rowsum
// OPTS: tiny.k.range group_reduce
func.func @rowsum(%a: memref<4096xf32>, %o: memref<64xf32>) {
  tiny.k.kernel "r_64" {
    %c64 = arith.constant 64 : index
    tiny.k.range loop %i < %c64 {
      %zero = arith.constant 0.0 : f32
      %s = tiny.k.range reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
        %b = arith.muli %i, %c64 : index
        %k = arith.addi %b, %r : index
        %p = tiny.k.index %a[%k] : memref<4096xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc> : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<64xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// 4096 outputs keep the GPU busy one thread each.
// CHECK-LABEL: func.func @many_outputs
// CHECK-NOT: group_reduce
// OPTS-LABEL: func.func @many_outputs
// OPTS-NOT: group_reduce
func.func @many_outputs(%a: memref<1048576xf32>, %o: memref<4096xf32>) {
  tiny.k.kernel "r_4096" {
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    tiny.k.range loop %i < %c4096 {
      %zero = arith.constant 0.0 : f32
      %s = tiny.k.range reduce %r < %c256 iter_args(%acc = %zero) -> (f32) {
        %b = arith.muli %i, %c256 : index
        %k = arith.addi %b, %r : index
        %p = tiny.k.index %a[%k] : memref<1048576xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc> : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<4096xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A float sum without reassoc must keep its order.
// CHECK-LABEL: func.func @strict_sum
// CHECK-NOT: group_reduce
func.func @strict_sum(%a: memref<65536xf32>, %o: memref<1xf32>) {
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

// Not a fold of one op: acc - x.
// CHECK-LABEL: func.func @not_a_combiner
// CHECK-NOT: group_reduce
func.func @not_a_combiner(%a: memref<65536xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c65536 = arith.constant 65536 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %r < %c65536 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<65536xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.subf %acc, %v fastmath<reassoc> : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// The reduction accumulates in the output buffer (loads and stores it),
// carrying nothing: its iterations are not independent parts.
// CHECK-LABEL: func.func @accumulates_in_memory
// CHECK-NOT: group_reduce
func.func @accumulates_in_memory(%a: memref<4096xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c4096 = arith.constant 4096 : index
    tiny.k.range reduce %r < %c4096 {
      %q = tiny.k.index %o[%c0] : memref<1xf32>
      %acc = tiny.k.load %q : !tiny.ptr<f32, global>
      %p = tiny.k.index %a[%r] : memref<4096xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v fastmath<reassoc> : f32
      tiny.k.store %q, %n : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A kernel that uses its threads already (a thread id) keeps its reduce.
// CHECK-LABEL: func.func @uses_threads
// CHECK-NOT: group_reduce
func.func @uses_threads(%a: memref<65536xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    %zero = arith.constant 0.0 : f32
    %l = tiny.k.special "lidx0" bound %c1
    tiny.k.range loop %i < %c1 {
      %s = tiny.k.range reduce %r < %c65536 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<65536xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc> : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%l] : memref<1xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A reduction in a serial loop that carries a value is not nested in output
// ranges only.
// CHECK-LABEL: func.func @in_serial_loop
// CHECK-NOT: group_reduce
func.func @in_serial_loop(%a: memref<65536xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32768 = arith.constant 32768 : index
    %zero = arith.constant 0.0 : f32
    %t = tiny.k.range loop %j < %c2 iter_args(%total = %zero) -> (f32) {
      %s = tiny.k.range reduce %r < %c32768 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<65536xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc> : f32
        tiny.k.end %n : f32
      }
      %m = arith.mulf %total, %s : f32
      tiny.k.end %m : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %t : !tiny.ptr<f32, global>
  }
  return
}

// -----

// Block ids leave the threads free.
// CHECK-LABEL: func.func @block_ids
// CHECK: tiny.k.range group_reduce
// OPTS-LABEL: func.func @block_ids
// OPTS: tiny.k.range group_reduce
func.func @block_ids(%a: memref<65536xf32>, %o: memref<4xf32>) {
  tiny.k.kernel "r_4" {
    %c4 = arith.constant 4 : index
    %c16384 = arith.constant 16384 : index
    %zero = arith.constant 0.0 : f32
    %g = tiny.k.special "gidx0" bound %c4
    %s = tiny.k.range reduce %r < %c16384 iter_args(%acc = %zero) -> (f32) {
      %b = arith.muli %g, %c16384 : index
      %k = arith.addi %b, %r : index
      %p = tiny.k.index %a[%k] : memref<65536xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v fastmath<reassoc> : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%g] : memref<4xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// The grid. An elementwise kernel longer than a block: blocks of 256
// threads, the index rebuilt from both, guarded (1000 is not a multiple of
// 256).
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[N:.*]] = arith.constant 1000 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[NB:.*]] = arith.constant 4 : index
// CHECK: tiny.k.range global %[[BX:.*]] < %[[NB]] {
// CHECK-NEXT: tiny.k.range local %[[TX:.*]] < %[[B]] {
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[BX]], %[[B]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[M]], %[[TX]] : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[I]]]
// CHECK-NOT: tiny.k.range loop
// OPTS-LABEL: func.func @elementwise
// OPTS: tiny.k.range global
// OPTS: tiny.k.range local
// B128-LABEL: func.func @elementwise
// B128-DAG: %[[B:.*]] = arith.constant 128 : index
// B128-DAG: %[[NB:.*]] = arith.constant 8 : index
// B128: tiny.k.range global %{{.*}} < %[[NB]] {
// B128-NEXT: tiny.k.range local %{{.*}} < %[[B]] {
func.func @elementwise(%a: memref<1000xf32>) {
  tiny.k.kernel "E_1000" {
    %c1000 = arith.constant 1000 : index
    tiny.k.range loop %i < %c1000 {
      %p = tiny.k.index %a[%i] : memref<1000xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %w = arith.mulf %v, %v : f32
      tiny.k.store %p, %w : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A 64x64x64 matmul: 4096 outputs keep the GPU busy, so the reduction stays
// in each thread; rows become blocks and the 64 columns a block's threads.
// CHECK-LABEL: func.func @matmul
// CHECK: tiny.k.range global %[[I:.*]] < %{{.*}} {
// CHECK-NEXT: tiny.k.range local %[[J:.*]] < %{{.*}} {
// CHECK: tiny.k.range reduce %{{.*}} < %{{.*}} iter_args
// CHECK-NOT: group_reduce
// B128-LABEL: func.func @matmul
// B128: tiny.k.range global
// B128-NEXT: tiny.k.range local
func.func @matmul(%a: memref<4096xf32>, %b: memref<4096xf32>, %c: memref<4096xf32>) {
  tiny.k.kernel "r_64_64_64" {
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c64 {
      tiny.k.range loop %j < %c64 {
        %s = tiny.k.range reduce %k < %c64 iter_args(%acc = %zero) -> (f32) {
          %ri = arith.muli %i, %c64 : index
          %ia = arith.addi %ri, %k : index
          %rk = arith.muli %k, %c64 : index
          %ib = arith.addi %rk, %j : index
          %pa = tiny.k.index %a[%ia] : memref<4096xf32>
          %pb = tiny.k.index %b[%ib] : memref<4096xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %n = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.end %n : f32
        }
        %r = arith.muli %i, %c64 : index
        %o = arith.addi %r, %j : index
        %pc = tiny.k.index %c[%o] : memref<4096xf32>
        tiny.k.store %pc, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Ranges side by side are no output nest: one thread runs the kernel, its
// body in a GLOBAL range of one iteration.
// CHECK-LABEL: func.func @side_by_side
// CHECK: tiny.k.kernel "E_2_3" {
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: tiny.k.range global %{{.*}} < %[[ONE]] {
// CHECK: tiny.k.range loop
// CHECK: tiny.k.range loop
func.func @side_by_side(%a: memref<3xf32>) {
  tiny.k.kernel "E_2_3" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c2 {
      %p = tiny.k.index %a[%i] : memref<3xf32>
      tiny.k.store %p, %one : !tiny.ptr<f32, global>
    }
    tiny.k.range loop %i < %c3 {
      %p = tiny.k.index %a[%i] : memref<3xf32>
      tiny.k.store %p, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A schedule written by hand is kept as it is.
// CHECK-LABEL: func.func @hand_written
// CHECK: tiny.k.range global %{{.*}} < %{{.*}} {
// CHECK-NEXT: tiny.k.range loop %{{.*}} < %{{.*}} {
// CHECK-NOT: local
func.func @hand_written(%a: memref<4000xf32>) {
  tiny.k.kernel "E_4_1000" {
    %c4 = arith.constant 4 : index
    %c1000 = arith.constant 1000 : index
    tiny.k.range global %i < %c4 {
      tiny.k.range loop %j < %c1000 {
        %r = arith.muli %i, %c1000 : index
        %k = arith.addi %r, %j : index
        %p = tiny.k.index %a[%k] : memref<4000xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %w = arith.addf %v, %v : f32
        tiny.k.store %p, %w : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
