// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule -convert-tiny-to-gpu -tiny-gpu-insert-barriers -cse | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule=block-size=128 -convert-tiny-to-gpu=block-size=128 | FileCheck %s --check-prefix=B128
// RUN: not tiny-opt %s -split-input-file -convert-tiny-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=NOBLOCK

// NOBLOCK: block-size must be positive, got 0

// The outer range of a kernel is split into blocks of threads; each thread
// takes one index, guarded because 1000 is not a multiple of 256. Buffers
// the function allocates move to device memory.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<1000xf32>
// CHECK: %[[N:.*]] = arith.constant 1000 : index
// CHECK: %[[BUF:.*]] = gpu.alloc () : memref<1000xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 4 : index
// The launch carries the kernel's name, which outlining gives the gpu.func.
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) function(@E_1000)
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[BX]], %[[THREADS]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: tiny.k.index %[[A]][%[[I]]]
// CHECK: tiny.k.index %[[BUF]][%[[I]]]
// CHECK: gpu.terminator
// CHECK: gpu.dealloc %[[BUF]] : memref<1000xf32>
// CHECK-NOT: tiny.k.kernel
// CHECK-NOT: tiny.k.range
// B128-LABEL: func.func @elementwise
// B128-DAG: arith.constant 128 : index
// B128-DAG: arith.constant 8 : index
func.func @elementwise(%a: memref<1000xf32>, %o: memref<1000xf32>) {
  %c1000 = arith.constant 1000 : index
  %buf = memref.alloc() : memref<1000xf32>
  tiny.k.kernel "E_1000" {
    tiny.k.range loop %i < %c1000 {
      %p = tiny.k.index %a[%i] : memref<1000xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %buf[%i] : memref<1000xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
  }
  memref.dealloc %buf : memref<1000xf32>
  return
}

// -----

// A short range gets one block of as many threads; inner ranges stay.
// CHECK-LABEL: func.func @short
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{[a-z0-9]+}} = %[[ONE]], {{.*}}) threads({{.*}}) in (%{{[a-z0-9]+}} = %[[SIX]],
// CHECK: tiny.k.range reduce
func.func @short(%a: memref<24xf32>, %o: memref<6xf32>) {
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  tiny.k.kernel "r_6" {
    tiny.k.range loop %i < %c6 {
      %s = tiny.k.range reduce %r < %c4 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<24xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<6xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A bound that is a multiple of the block needs no guard.
// CHECK-LABEL: func.func @exact
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 2 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[BX]], %[[THREADS]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[I]]]
// CHECK-NOT: scf.if
// CHECK: gpu.terminator
// B128-LABEL: func.func @exact
// B128-DAG: arith.constant 128 : index
// B128-DAG: arith.constant 4 : index
func.func @exact(%a: memref<512xf32>) {
  tiny.k.kernel "E_512" {
    %c512 = arith.constant 512 : index
    tiny.k.range loop %i < %c512 {
      %p = tiny.k.index %a[%i] : memref<512xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %w = arith.addf %v, %v : f32
      tiny.k.store %p, %w : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Nested output ranges: the outer one becomes blocks, the inner one
// threads; a range of one iteration is no dimension (its index is 0).
// CHECK-LABEL: func.func @nest
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[N32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[N8:.*]] = arith.constant 8 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N8]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N32]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[BX]], %[[N32]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[R]], %[[ZERO]]
// CHECK-NEXT: arith.addi %[[S]], %[[TX]]
// CHECK-NOT: tiny.k.range
// CHECK: gpu.terminator
func.func @nest(%a: memref<256xf32>) {
  tiny.k.kernel "E_8_32" {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range loop %i < %c8 {
      tiny.k.range loop %u < %c1 {
        tiny.k.range loop %j < %c32 {
          %r = arith.muli %i, %c32 : index
          %s = arith.addi %r, %u : index
          %k = arith.addi %s, %j : index
          %p = tiny.k.index %a[%k] : memref<256xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          %w = arith.mulf %v, %v : f32
          tiny.k.store %p, %w : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// Two ranges side by side are no nest of output ranges: the kernel runs on
// one thread, the ranges stay loops.
// CHECK-LABEL: func.func @not_nested
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads({{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK: tiny.k.range loop
// CHECK: tiny.k.range loop
func.func @not_nested(%a: memref<8xf32>) {
  tiny.k.kernel "E_2" {
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %a[%i] : memref<8xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
    tiny.k.range loop %i < %c4 {
      %j = arith.addi %i, %c4 : index
      %p = tiny.k.index %a[%j] : memref<8xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// GLOBAL ranges are block ids, LOCAL ranges thread ids; the innermost range
// of a nest is x.
// CHECK-LABEL: func.func @grid
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[N32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[N4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[N8:.*]] = arith.constant 8 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[N8]], %{{.*}} = %[[N4]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N32]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[BY]], %[[N8]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[R]], %[[BX]]
// CHECK-NEXT: %[[T:.*]] = arith.muli %[[S]], %[[N32]]
// CHECK-NEXT: arith.addi %[[T]], %[[TX]]
// CHECK-NOT: tiny.k.range
// CHECK: gpu.terminator
func.func @grid(%a: memref<1024xf32>) {
  tiny.k.kernel "E_4_8_32" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    tiny.k.range global %g0 < %c4 {
      tiny.k.range global %g1 < %c8 {
        tiny.k.range local %l < %c32 {
          %r = arith.muli %g0, %c8 : index
          %s = arith.addi %r, %g1 : index
          %t = arith.muli %s, %c32 : index
          %k = arith.addi %t, %l : index
          %p = tiny.k.index %a[%k] : memref<1024xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          %w = arith.mulf %v, %v : f32
          tiny.k.store %p, %w : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// The launch is as long as the longest range along each dimension; shorter
// ranges guard their bodies.
// CHECK-LABEL: func.func @shorter
// CHECK: %[[N32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N32]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N32]],
// CHECK: %[[N16:.*]] = arith.constant 16 : index
// CHECK: tiny.k.index %{{.*}}[%[[TX]]]
// CHECK-NEXT: tiny.k.store
// CHECK-NEXT: %[[SHORT:.*]] = arith.cmpi ult, %[[TX]], %[[N16]] : index
// CHECK-NEXT: scf.if %[[SHORT]] {
// CHECK-NEXT: arith.addi %[[TX]], %[[N32]]
// CHECK: %[[FEW:.*]] = arith.cmpi ult, %[[BX]], %[[N16]] : index
// CHECK-NEXT: scf.if %[[FEW]] {
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[BX]]]
func.func @shorter(%a: memref<48xf32>) {
  tiny.k.kernel "E_32_16" {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range global %g < %c32 {
      tiny.k.range local %l < %c32 {
        %p = tiny.k.index %a[%l] : memref<48xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range local %m < %c16 {
        %k = arith.addi %m, %c32 : index
        %p = tiny.k.index %a[%k] : memref<48xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
    }
    tiny.k.range global %h < %c16 {
      %p = tiny.k.index %a[%h] : memref<48xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A LOCAL buffer becomes workgroup memory of the launch (its dealloc goes),
// with a barrier between the threads' writes and reads of it.
// CHECK-LABEL: func.func @local_buffer
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) {
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[SMEM]][%[[TX]]] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[V:.*]] = memref.load %[[SMEM]][%[[J]]]
// CHECK: tiny.k.store %{{.*}}, %[[V]] : !tiny.ptr<f32, global>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
// CHECK-NOT: dealloc
func.func @local_buffer(%a: memref<64xf32>, %o: memref<64xf32>) {
  %buf = memref.alloc() : memref<64xf32, #tiny<addrspace local>>
  tiny.k.kernel "E_64" {
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    tiny.k.range local %l < %c64 {
      %p = tiny.k.index %a[%l] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %buf[%l] : memref<64xf32, #tiny<addrspace local>>
      tiny.k.store %q, %v : !tiny.ptr<f32, local>
    }
    tiny.k.range local %l < %c64 {
      %r = arith.subi %c63, %l : index
      %q = tiny.k.index %buf[%r] : memref<64xf32, #tiny<addrspace local>>
      %v = tiny.k.load %q : !tiny.ptr<f32, local>
      %p = tiny.k.index %o[%l] : memref<64xf32>
      tiny.k.store %p, %v : !tiny.ptr<f32, global>
    }
  }
  memref.dealloc %buf : memref<64xf32, #tiny<addrspace local>>
  return
}

// -----

// A barrier already there is enough.
// CHECK-LABEL: func.func @explicit_barrier
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[SMEM]]
// CHECK-NOT: tiny.k.barrier
func.func @explicit_barrier(%a: memref<64xf32>, %o: memref<64xf32>) {
  tiny.k.kernel "E_64" {
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %buf = memref.alloca() : memref<64xf32, #tiny<addrspace local>>
    tiny.k.range local %l < %c64 {
      %p = tiny.k.index %a[%l] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %buf[%l] : memref<64xf32, #tiny<addrspace local>>
      tiny.k.store %q, %v : !tiny.ptr<f32, local>
      tiny.k.barrier
      %r = arith.subi %c63, %l : index
      %s = tiny.k.index %buf[%r] : memref<64xf32, #tiny<addrspace local>>
      %w = tiny.k.load %s : !tiny.ptr<f32, local>
      %t = tiny.k.index %o[%l] : memref<64xf32>
      tiny.k.store %t, %w : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Gated accesses to a LOCAL buffer become branches; an atomic add is a read
// and a write.
// CHECK-LABEL: func.func @gated_local
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK: %[[LOW:.*]] = arith.cmpi ult
// CHECK-NEXT: scf.if %[[LOW]] {
// CHECK-NEXT: memref.store %[[ZERO]], %[[SMEM]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[V:.*]] = scf.if %[[LOW]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = memref.load %[[SMEM]]
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.atomic_rmw addf %[[V]], %[[SMEM]]
func.func @gated_local(%a: memref<64xf32>, %o: memref<64xf32>) {
  tiny.k.kernel "E_64" {
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %buf = memref.alloc() : memref<64xf32, #tiny<addrspace local>>
    tiny.k.range local %l < %c64 {
      %low = arith.cmpi ult, %l, %c32 : index
      %q = tiny.k.index %buf[%l] : memref<64xf32, #tiny<addrspace local>>
      tiny.k.store %q, %zero if %low : !tiny.ptr<f32, local>
      %v = tiny.k.load %q if %low else %zero : !tiny.ptr<f32, local>, f32
      tiny.k.atomic_add %q, %v : !tiny.ptr<f32, local>
      %p = tiny.k.index %o[%l] : memref<64xf32>
      tiny.k.store %p, %v : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A tiled matmul: each block computes a 16x16 tile of C; per step its
// threads copy a tile of A and of B to workgroup memory. One barrier before
// the tiles are read, one before they are overwritten by the next step;
// none in the loop that reads them.
// CHECK-LABEL: func.func @tiled_matmul
// CHECK-DAG: %[[N16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[N4:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[N4]], %{{.*}} = %[[N4]], %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[N16]], %{{.*}} = %[[N16]], %{{.*}}) workgroup(%[[AS:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>)
// CHECK: tiny.k.range reduce
// CHECK: %[[A:.*]] = tiny.k.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store %[[A]], %[[AS]][%[[TY]], %[[TX]]]
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[BS]][%[[TY]], %[[TX]]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tiny.k.range reduce
// CHECK-NOT: gpu.barrier
// CHECK: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.end
func.func @tiled_matmul(%a: memref<4096xf32>, %b: memref<4096xf32>, %c: memref<4096xf32>) {
  tiny.k.kernel "r_64_64" {
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %as = memref.alloc() : memref<16x16xf32, #tiny<addrspace local>>
    %bs = memref.alloc() : memref<16x16xf32, #tiny<addrspace local>>
    tiny.k.range global %bi < %c4 {
      tiny.k.range global %bj < %c4 {
        tiny.k.range local %ti < %c16 {
          tiny.k.range local %tj < %c16 {
            %r0 = arith.muli %bi, %c16 : index
            %row = arith.addi %r0, %ti : index
            %c0 = arith.muli %bj, %c16 : index
            %col = arith.addi %c0, %tj : index
            %acc = tiny.k.range reduce %t < %c4 iter_args(%s = %zero) -> (f32) {
              %t16 = arith.muli %t, %c16 : index
              %ak = arith.addi %t16, %tj : index
              %ar = arith.muli %row, %c64 : index
              %ai = arith.addi %ar, %ak : index
              %pa = tiny.k.index %a[%ai] : memref<4096xf32>
              %va = tiny.k.load %pa : !tiny.ptr<f32, global>
              %pas = tiny.k.index %as[%ti, %tj] : memref<16x16xf32, #tiny<addrspace local>>
              tiny.k.store %pas, %va : !tiny.ptr<f32, local>
              %bk = arith.addi %t16, %ti : index
              %br = arith.muli %bk, %c64 : index
              %bidx = arith.addi %br, %col : index
              %pb = tiny.k.index %b[%bidx] : memref<4096xf32>
              %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
              %pbs = tiny.k.index %bs[%ti, %tj] : memref<16x16xf32, #tiny<addrspace local>>
              tiny.k.store %pbs, %vb : !tiny.ptr<f32, local>
              %sum = tiny.k.range reduce %k < %c16 iter_args(%s2 = %s) -> (f32) {
                %qa = tiny.k.index %as[%ti, %k] : memref<16x16xf32, #tiny<addrspace local>>
                %x = tiny.k.load %qa : !tiny.ptr<f32, local>
                %qb = tiny.k.index %bs[%k, %tj] : memref<16x16xf32, #tiny<addrspace local>>
                %y = tiny.k.load %qb : !tiny.ptr<f32, local>
                %m = arith.mulf %x, %y fastmath<contract> : f32
                %n = arith.addf %s2, %m fastmath<reassoc,contract> : f32
                tiny.k.end %n : f32
              }
              tiny.k.end %sum : f32
            }
            %cr = arith.muli %row, %c64 : index
            %ci = arith.addi %cr, %col : index
            %pc = tiny.k.index %c[%ci] : memref<4096xf32>
            tiny.k.store %pc, %acc : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// A reduction the schedule shares: a GROUP_REDUCE of 256 threads of a
// block, each summing every 256th element from its own (1000 is no multiple
// of 256: thread t takes (1255 - t) / 256 of them), from -0.0; the parts
// meet in workgroup memory and combine as a tree, with a barrier between
// steps; the total is added to the range's init. Only the first thread
// stores.
// CHECK-LABEL: func.func @group
// CHECK-DAG: %[[N256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[N4:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N4]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N256]], {{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %[[C0]] : index
// CHECK: %[[N1000:.*]] = arith.constant 1000 : index
// CHECK-NEXT: %[[INIT:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK-NEXT: %[[ID:.*]] = arith.constant -0.0{{.*}} : f32
// CHECK-NEXT: %[[N1255:.*]] = arith.constant 1255 : index
// CHECK-NEXT: %[[REST:.*]] = arith.subi %[[N1255]], %[[TX]]
// CHECK-NEXT: %[[COUNT:.*]] = arith.divui %[[REST]], %[[N256]]
// CHECK-NEXT: %[[PART:.*]] = tiny.k.range reduce %[[J:.*]] < %[[COUNT]] iter_args(%[[ACC:.*]] = %[[ID]]) -> (f32) {
// CHECK-NEXT: %[[JG:.*]] = arith.muli %[[J]], %[[N256]]
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[JG]], %[[TX]]
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[BX]], %[[N1000]]
// CHECK-NEXT: arith.addi %[[B]], %[[R]]
// CHECK: %[[N:.*]] = arith.addf %[[ACC]], %{{.*}} fastmath<reassoc> : f32
// CHECK-NEXT: tiny.k.end %[[N]] : f32
// CHECK: memref.store %[[PART]], %[[SMEM]][%[[TX]]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[N128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[ACTIVE:.*]] = arith.cmpi ult, %[[TX]], %[[N128]]
// CHECK-NEXT: scf.if %[[ACTIVE]] {
// CHECK-NEXT: %[[OTHER:.*]] = arith.addi %[[TX]], %[[N128]]
// CHECK-NEXT: %[[MINE:.*]] = memref.load %[[SMEM]][%[[TX]]]
// CHECK-NEXT: %[[THEIRS:.*]] = memref.load %[[SMEM]][%[[OTHER]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[MINE]], %[[THEIRS]] fastmath<reassoc>
// CHECK-NEXT: memref.store %[[SUM]], %[[SMEM]][%[[TX]]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-7: gpu.barrier
// CHECK-NEXT: %[[TOTAL:.*]] = memref.load %[[SMEM]][%[[C0]]]
// CHECK-NEXT: %[[RESULT:.*]] = arith.addf %[[INIT]], %[[TOTAL]] fastmath<reassoc>
// CHECK-NEXT: %[[OUT:.*]] = tiny.k.index %{{.*}}[%[[BX]]]
// CHECK-NEXT: tiny.k.store %[[OUT]], %[[RESULT]] if %[[FIRST]]
// CHECK-NEXT: gpu.terminator
func.func @group(%a: memref<4000xf32>, %o: memref<4xf32>) {
  tiny.k.kernel "r_4_1000" {
    %c4 = arith.constant 4 : index
    %c1000 = arith.constant 1000 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      %s = tiny.k.range reduce %r < %c1000 iter_args(%acc = %zero) -> (f32) {
        %b = arith.muli %i, %c1000 : index
        %k = arith.addi %b, %r : index
        %p = tiny.k.index %a[%k] : memref<4000xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v fastmath<reassoc> : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<4xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A GROUP_REDUCE kernel that writes a LOCAL buffer: the first thread stores
// to it, each store under an scf.if of its own (a gated one keeps its gate
// inside), and the accesses are memref ops on the workgroup buffer.
// CHECK-LABEL: func.func @group_local
// CHECK: gpu.launch {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in {{.*}} workgroup(%{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>, %[[LBUF:.*]] : memref<2xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]]
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[SUM:.*]], %[[LBUF]][%{{.*}}] : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: %[[POS:.*]] = arith.cmpf ogt, %[[SUM]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: scf.if %[[POS]] {
// CHECK-NEXT: memref.store %[[SUM]], %[[LBUF]][%{{.*}}] : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[W:.*]] = memref.load %[[LBUF]][%{{.*}}] : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: tiny.k.load
// CHECK: tiny.k.store %{{.*}}, %[[W]] if %[[FIRST]] : !tiny.ptr<f32, global>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @group_local(%a: memref<256xf32>, %o: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32, #tiny<addrspace local>>
  tiny.k.kernel "r_256" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range group_reduce %r < %c256 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<256xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v fastmath<reassoc> : f32
      tiny.k.end %n : f32
    }
    %l = tiny.k.index %buf[%c0] : memref<2xf32, #tiny<addrspace local>>
    tiny.k.store %l, %s : !tiny.ptr<f32, local>
    %pos = arith.cmpf ogt, %s, %zero : f32
    %l1 = tiny.k.index %buf[%c1] : memref<2xf32, #tiny<addrspace local>>
    tiny.k.store %l1, %s if %pos : !tiny.ptr<f32, local>
    %w = tiny.k.load %l : !tiny.ptr<f32, local>
    %q = tiny.k.index %o[%c0] : memref<2xf32>
    tiny.k.store %q, %w : !tiny.ptr<f32, global>
  }
  memref.dealloc %buf : memref<2xf32, #tiny<addrspace local>>
  return
}

// -----

// An integer max over a nested reduction, scheduled by hand: the outer
// range's 10 iterations shared by 16 threads (the power of two that covers
// them), thread t taking (25 - t) / 16 of them (one or none), each part
// starting from the lowest i32. The kernel's other writes are the first
// thread's: a gated store keeps its gate, an atomic add gets one.
// CHECK-LABEL: func.func @group_max
// CHECK: %[[N16:.*]] = arith.constant 16 : index
// CHECK: gpu.launch {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[N16]], {{.*}} workgroup(%[[SMEM:.*]] : memref<16xi32, #gpu.address_space<workgroup>>)
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]]
// CHECK: %[[INIT:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[ID:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[REST:.*]] = arith.subi %{{.*}}, %[[TX]]
// CHECK-NEXT: %[[COUNT:.*]] = arith.divui %[[REST]], %[[N16]]
// CHECK: %[[PART:.*]] = tiny.k.range reduce %{{.*}} < %[[COUNT]] iter_args(%[[ACC:.*]] = %[[ID]]) -> (i32) {
// CHECK: %[[INNER:.*]] = tiny.k.range reduce %{{.*}} iter_args(%{{.*}} = %[[ACC]]) -> (i32) {
// CHECK: arith.maxsi
// CHECK: tiny.k.end %[[INNER]] : i32
// CHECK: memref.store %[[PART]], %[[SMEM]][%[[TX]]]
// CHECK-COUNT-4: arith.maxsi
// CHECK: %[[TOTAL:.*]] = memref.load %[[SMEM]]
// CHECK-NEXT: %[[MAX:.*]] = arith.maxsi %[[INIT]], %[[TOTAL]] : i32
// CHECK-NEXT: %[[P0:.*]] = tiny.k.index
// CHECK-NEXT: tiny.k.store %[[P0]], %[[MAX]] if %[[FIRST]]
// CHECK: %[[VALID:.*]] = arith.cmpi sgt, %[[MAX]], %[[INIT]]
// CHECK-NEXT: %[[GATE:.*]] = arith.andi %[[VALID]], %[[FIRST]] : i1
// CHECK-NEXT: tiny.k.store %{{.*}} if %[[GATE]]
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: tiny.k.atomic_add
func.func @group_max(%a: memref<100xi32>, %o: memref<2xi32>) {
  tiny.k.kernel "r_100" {
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c25 = arith.constant 25 : index
    %init = arith.constant 7 : i32
    %s = tiny.k.range group_reduce %g < %c16 iter_args(%acc = %init) -> (i32) {
      %rest = arith.subi %c25, %g : index
      %count = arith.divui %rest, %c16 : index
      %part = tiny.k.range reduce %j < %count iter_args(%acc1 = %acc) -> (i32) {
        %jg = arith.muli %j, %c16 : index
        %r = arith.addi %jg, %g : index
        %t = tiny.k.range reduce %u < %c10 iter_args(%acc2 = %acc1) -> (i32) {
          %b = arith.muli %r, %c10 : index
          %k = arith.addi %b, %u : index
          %p = tiny.k.index %a[%k] : memref<100xi32>
          %v = tiny.k.load %p : !tiny.ptr<i32, global>
          %n = arith.maxsi %acc2, %v : i32
          tiny.k.end %n : i32
        }
        tiny.k.end %t : i32
      }
      tiny.k.end %part : i32
    }
    %q = tiny.k.index %o[%c0] : memref<2xi32>
    tiny.k.store %q, %s : !tiny.ptr<i32, global>
    %w = arith.addi %s, %s : i32
    %q1 = tiny.k.index %o[%c1] : memref<2xi32>
    %valid = arith.cmpi sgt, %s, %init : i32
    tiny.k.store %q1, %w if %valid : !tiny.ptr<i32, global>
    tiny.k.atomic_add %q1, %w : !tiny.ptr<i32, global>
  }
  return
}

// -----

// A GROUP_REDUCE that a serial range runs again ends with a barrier: no
// thread may overwrite the parts before all have read the total.
// CHECK-LABEL: func.func @group_in_loop
// CHECK: workgroup(%[[SMEM:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK: tiny.k.range loop
// CHECK: %[[TOTAL:.*]] = memref.load %[[SMEM]][%[[C0]]]
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %{{.*}}, %[[TOTAL]] : f32
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: arith.addf %{{.*}}, %[[MAX]]
// CHECK-NEXT: tiny.k.end
func.func @group_in_loop(%a: memref<512xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_2_256" {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %sum = tiny.k.range loop %i < %c2 iter_args(%t = %zero) -> (f32) {
      %s = tiny.k.range group_reduce %r < %c256 iter_args(%acc = %ninf) -> (f32) {
        %b = arith.muli %i, %c256 : index
        %k = arith.addi %b, %r : index
        %p = tiny.k.index %a[%k] : memref<512xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.maximumf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %u = arith.addf %t, %s : f32
      tiny.k.end %u : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %sum : !tiny.ptr<f32, global>
  }
  return
}

// -----

// Special ids are block ids (gidx), thread ids (lidx) or global ids (idx:
// block id * threads per block + thread id); their bounds size the launch.
// CHECK-LABEL: func.func @ids
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %[[BZ:.*]]) in (%{{.*}} = %[[FOUR]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%{{.*}}, %[[TY:.*]], %[[TZ:.*]]) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[EIGHT]], %{{.*}} = %[[TWO]])
// CHECK-NEXT: %[[ZB:.*]] = arith.muli %[[BZ]], %[[TWO]] : index
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[ZB]], %[[TZ]] : index
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[BX]], %[[TY]]
// CHECK-NEXT: arith.addi %[[S]], %[[X]]
// CHECK-NOT: tiny.k.special
// CHECK-NOT: tiny.k.barrier
func.func @ids(%o: memref<4xindex>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  tiny.k.kernel "ids" {
    %g = tiny.k.special "gidx0" bound %c4
    %l = tiny.k.special "lidx1" bound %c8
    %x = tiny.k.special "idx2" bound %c2
    tiny.k.barrier
    %s = arith.addi %g, %l : index
    %t = arith.addi %s, %x : index
    %c0 = arith.constant 0 : index
    %p = tiny.k.index %o[%c0] : memref<4xindex>
    tiny.k.store %p, %t : !tiny.ptr<index, global>
  }
  return
}

// -----

// A global id splits into blocks; threads past its bound skip the kernel.
// CHECK-LABEL: func.func @global_id
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[BX]], %[[THREADS]]
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[B]], %[[TX]]
// CHECK-NEXT: %[[N:.*]] = arith.constant 1000 : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]]
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: tiny.k.index %{{.*}}[%[[I]]]
func.func @global_id(%o: memref<1000xf32>) {
  %c1000 = arith.constant 1000 : index
  %one = arith.constant 1.0 : f32
  tiny.k.kernel "E_1000" {
    %i = tiny.k.special "idx0" bound %c1000
    %p = tiny.k.index %o[%i] : memref<1000xf32>
    tiny.k.store %p, %one : !tiny.ptr<f32, global>
  }
  return
}
