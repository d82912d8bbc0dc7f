// RUN: tiny-opt %s -split-input-file -tiny-gpu-insert-barriers | FileCheck %s

// Launch bodies as -convert-tiny-to-gpu leaves them: workgroup buffers are
// attributions of the launch, accessed by memref ops; serial ranges stay
// tiny.k.range.

// A write, then a read of what another thread wrote: a barrier between.
// CHECK-LABEL: func.func @write_then_read
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[SMEM]][%{{.*}}]
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[SMEM]][%[[J]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @write_then_read(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %j = arith.subi %c63, %tx : index
    %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %w, %o[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A read, then a write over what another thread may still read (WAR): the
// barrier already there orders the first write and the read, a new one the
// read and the second write.
// CHECK-LABEL: func.func @read_then_write
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[SMEM]][%{{.*}}]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: %[[W:.*]] = memref.load %[[SMEM]][%[[J]]]
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[W]], %[[W]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store %[[D]], %[[SMEM]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @read_then_write(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %j = arith.subi %c63, %tx : index
    %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    %d = arith.addf %w, %w : f32
    memref.store %d, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Reads do not race with reads: one barrier after the write, none between
// the two reads.
// CHECK-LABEL: func.func @two_reads
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SMEM]][%[[J]]]
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[SMEM]][%{{.*}}]
// CHECK-NEXT: arith.addf %[[X]], %[[Y]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @two_reads(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %j = arith.subi %c63, %tx : index
    %x = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    %y = memref.load %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %x, %y : f32
    memref.store %s, %o[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A barrier already there is used, not doubled; a hazard on another buffer
// after it still gets its own. Buffers are tracked apart.
// CHECK-LABEL: func.func @existing_barrier
// CHECK: workgroup(%[[A:.*]] : memref<64xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[X:.*]] = memref.load %[[A]]
// CHECK-NEXT: memref.store %[[X]], %[[B]]
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[B]][%[[J]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @existing_barrier(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%sa : memref<64xf32, #gpu.address_space<workgroup>>,
                %sb : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %sa[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %x = memref.load %sa[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %x, %sb[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %j = arith.subi %c63, %tx : index
    %y = memref.load %sb[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %o[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A serial range whose iteration writes the buffer, waits, and reads it:
// the next iteration's write would overwrite what others still read, so a
// barrier goes at the top of the body (the back edge), none before the
// range (nothing precedes it) and none after.
// CHECK-LABEL: func.func @loop_back_edge
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: gpu.barrier
// CHECK: tiny.k.range loop
// CHECK-NOT: gpu.barrier
// CHECK: %[[V:.*]] = memref.load %{{.*}} : memref<256xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store %[[V]], %[[SMEM]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: memref.load %[[SMEM]][%[[J]]]
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @loop_back_edge(%a: memref<256xf32>, %o: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    tiny.k.range loop %k < %c4 {
      %base = arith.muli %k, %c64 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %a[%i] : memref<256xf32>
      memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %j = arith.subi %c63, %tx : index
      %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%i] : memref<256xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A loop whose accesses race with what precedes it gets its barrier before
// it, not in every iteration.
// CHECK-LABEL: func.func @loop_after_write
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @loop_after_write(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %smem[%k] : memref<64xf32, #gpu.address_space<workgroup>>
      %n = arith.addf %acc, %x : f32
      scf.yield %n : f32
    }
    memref.store %sum, %o[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A branch on a block id is taken alike by all threads of a block: the
// barrier goes inside it, where the hazard is.
// CHECK-LABEL: func.func @uniform_branch
// CHECK: gpu.launch blocks(%[[BX:[^,]*]],
// CHECK-SAME: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[BX]]
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: %[[J:.*]] = arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[SMEM]][%[[J]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @uniform_branch(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    %in = arith.cmpi ult, %bx, %c3 : index
    scf.if %in {
      memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      %j = arith.subi %c63, %tx : index
      %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A branch on a thread id is one step: a read under it of what all threads
// wrote before it gets a barrier before the branch, which every thread
// reaches.
// CHECK-LABEL: func.func @divergent_branch
// CHECK: workgroup(%[[SMEM:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: %[[LOW:.*]] = arith.cmpi ult
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[LOW]] {
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @divergent_branch(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tx, %c32 : index
    scf.if %low {
      %j = arith.addi %tx, %c32 : index
      %w = memref.load %smem[%j] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Accesses through a view are accesses to the buffer it views; buffers in
// other address spaces are no concern (a private one is each thread's own).
// CHECK-LABEL: func.func @view_and_private
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<private>>
// CHECK-NEXT: memref.load %{{.*}} : memref<64xf32, #gpu.address_space<private>>
// CHECK-NEXT: memref.store %{{.*}} : memref<8x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.subview
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %{{.*}} : memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @view_and_private(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1)
      workgroup(%smem : memref<8x8xf32, #gpu.address_space<workgroup>>)
      private(%mine : memref<64xf32, #gpu.address_space<private>>) {
    %v = memref.load %a[%tx] : memref<64xf32>
    memref.store %v, %mine[%tx] : memref<64xf32, #gpu.address_space<private>>
    %u = memref.load %mine[%tx] : memref<64xf32, #gpu.address_space<private>>
    memref.store %u, %smem[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    %row = memref.subview %smem[%tx, 0] [1, 8] [1, 1] : memref<8x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %w = memref.load %row[%ty] : memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    memref.store %w, %o[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
