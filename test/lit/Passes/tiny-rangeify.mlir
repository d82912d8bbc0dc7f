// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-cpu-schedule | FileCheck %s --check-prefix=SCHED

// Each `index` constant a kernel uses is created once, at the start of the
// kernel's body (before its first range), in no particular order: the
// CHECK-DAG lines right after a kernel capture them all, and the CHECK-NEXT
// on the first range then requires that nothing else sits between them.

#cpu = #tiny.device<"CPU">

// An elementwise chain is one kernel: the params become flat buffers in slot
// order, then the output buffer; every value is loaded at the loop index and
// the result stored at the same index.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-NEXT: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[PX:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[VX:[a-z0-9_]+]] = tiny.k.load %[[PX]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PY:[a-z0-9_]+]] = tiny.k.index %[[Y]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %[[PY]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.addf %[[VX]], %[[VY]] : f32
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = arith.mulf %[[S]], %[[VX]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[M]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: tiny.function
tiny.function @elementwise -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %s = tiny.add %x, %y : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %m = tiny.mul %s, %x : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %m : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// reshape (2, 3) -> (3, 2): the (i, j) output index is linearized as
// i * 2 + j and split by the source shape as (flat / 3, flat % 3); the flat
// (6,) param is then read at (flat / 3) * 3 + flat % 3.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_3_2" {
// CHECK-DAG: %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C2]] {
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[FLAT:[a-z0-9_]+]] = arith.addi %[[J]], %[[IS]] : index
// CHECK-NEXT: %[[COL:[a-z0-9_]+]] = arith.remui %[[FLAT]], %[[C3]] : index
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.divui %[[FLAT]], %[[C3]] : index
// CHECK-NEXT: %[[RS:[a-z0-9_]+]] = arith.muli %[[ROW]], %[[C3]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[COL]], %[[RS]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<6xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = math.exp2 %[[V]] : f32
// CHECK-NEXT: %[[OS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[OS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<6xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[E]]
tiny.function @reshape -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %w = tiny.reshape %v to [3, 2] : tensor<2x3xf32, #cpu>
  %e = tiny.exp2 %w : tensor<3x2xf32, #cpu>
  tiny.return %e : tensor<3x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// permute [1, 0] of a (2, 3) view: output (i, j) of the (3, 2) result reads
// source (j, i), i.e. flat offset j * 3 + i; the store is at i * 2 + j.
// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_3_2" {
// CHECK-DAG: %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C2]] {
// CHECK-NEXT: %[[JS:[a-z0-9_]+]] = arith.muli %[[J]], %[[C3]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[I]], %[[JS]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<6xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = math.exp2 %[[V]] : f32
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[IS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<6xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[E]]
tiny.function @permute -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %t = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  %e = tiny.exp2 %t : tensor<3x2xf32, #cpu>
  tiny.return %e : tensor<3x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// expand (4, 1) -> (4, 3): the broadcast axis is indexed by a constant 0,
// which the flat offset drops (a unit axis has no stride; the constant is
// left unused), so the param is read at the row index alone, never at the
// column index.
// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4_3" {
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = math.sqrt %[[V]] : f32
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C3]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[IS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<12xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]]
tiny.function @expand -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [4, 1] : tensor<4xf32, #cpu>
  %e = tiny.expand %v to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.sqrt %e : tensor<4x3xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// pad low [1, 0] high [1, 2] of (2, 3): row i reads source row i - 1, valid
// when i - 1 < 2 as an unsigned number (i = 0 wraps around); column j is
// valid when j < 3. The source is read at the clamped indices and the
// element replaced by 0 where the position is padding.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<20xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4_5" {
// CHECK-DAG: %[[Z:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[LOW:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-DAG: %[[ROWS:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[COLS:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:[a-z0-9_]+]] = arith.constant 5 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C5]] {
// CHECK-NEXT: %[[SI:[a-z0-9_]+]] = arith.subi %[[I]], %[[LOW]] : index
// CHECK-NEXT: %[[VI:[a-z0-9_]+]] = arith.cmpi ult, %[[SI]], %[[ROWS]] : index
// CHECK-NEXT: %[[CI:[a-z0-9_]+]] = arith.select %[[VI]], %[[SI]], %[[Z]] : index
// CHECK-NEXT: %[[VJ:[a-z0-9_]+]] = arith.cmpi ult, %[[J]], %[[COLS]] : index
// CHECK-NEXT: %[[VALID:[a-z0-9_]+]] = arith.andi %[[VI]], %[[VJ]] : i1
// CHECK-NEXT: %[[CJ:[a-z0-9_]+]] = arith.select %[[VJ]], %[[J]], %[[Z]] : index
// The source's row stride is its 3 columns, the same constant as the bound.
// CHECK-NEXT: %[[RO:[a-z0-9_]+]] = arith.muli %[[CI]], %[[COLS]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[CJ]], %[[RO]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<6xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = arith.select %[[VALID]], %[[V]], %[[ZERO]] : f32
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C5]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[IS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<20xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]]
tiny.function @pad -> tensor<4x5xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.pad %v low [1, 0] high [1, 2] : tensor<2x3xf32, #cpu>
  tiny.return %p : tensor<4x5xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// shrink [3, 5) of (6,): output i reads source i + 3.
// CHECK-LABEL: func.func @shrink
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<2xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_2" {
// CHECK-DAG: %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[START:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C2]] {
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[I]], %[[START]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<6xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = math.sqrt %[[V]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<2xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]]
tiny.function @shrink -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %p = tiny.shrink %x [3] to [5] : tensor<6xf32, #cpu>
  %s = tiny.sqrt %p : tensor<2xf32, #cpu>
  tiny.return %s : tensor<2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// flip of (4,): output i reads source 3 - i.
// CHECK-LABEL: func.func @flip
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-DAG: %[[LAST:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<4xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = math.sqrt %[[V]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]]
tiny.function @flip -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %p = tiny.flip %x axes [0] : tensor<4xf32, #cpu>
  %s = tiny.sqrt %p : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Gather rows of a (10, 4) table with ui8 indices: the index is loaded at
// the batch position, zero-extended to an index (index_castui), checked
// against the 10 rows, clamped, and the element read at (row, j) is
// replaced by 0 where the index is out of bounds.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: memref<40xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[IDX:[a-z0-9_]+]]: memref<3xi8> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_3_4" {
// CHECK-DAG: %[[Z:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-DAG: %[[C10:[a-z0-9_]+]] = arith.constant 10 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[PI:[a-z0-9_]+]] = tiny.k.index %[[IDX]][%[[I]]] : memref<3xi8>
// CHECK-NEXT: %[[RAW:[a-z0-9_]+]] = tiny.k.load %[[PI]] : !tiny.ptr<i8, global>
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.index_castui %[[RAW]] : i8 to index
// CHECK-NEXT: %[[OK:[a-z0-9_]+]] = arith.cmpi ult, %[[ROW]], %[[C10]] : index
// CHECK-NEXT: %[[CROW:[a-z0-9_]+]] = arith.select %[[OK]], %[[ROW]], %[[Z]] : index
// CHECK-NEXT: %[[RS:[a-z0-9_]+]] = arith.muli %[[CROW]], %[[C4]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[J]], %[[RS]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[T]][%[[SRC]]] : memref<40xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = arith.select %[[OK]], %[[V]], %[[ZERO]] : f32
// CHECK-NEXT: %[[OS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C4]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[OS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<12xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]]
tiny.function @gather -> tensor<3x4xf32, #cpu> {
  %t = tiny.param 0 : f32 size 40 on "CPU"
  %i = tiny.param 1 : ui8 size 3 on "CPU"
  %v = tiny.reshape %t to [10, 4] : tensor<40xf32, #cpu>
  %g = tiny.index %v[%i] : tensor<10x4xf32, #cpu>, tensor<3xui8, #cpu>
  tiny.return %g : tensor<3x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A reduce is a REDUCE range inside the output's loops, carrying the
// accumulator from the identity (0.0 for add); the reduced axis keeps
// length 1, and the kernel is named r_ after the output shape.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK-DAG: %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %[[C1]] {
// CHECK-NEXT: %[[INIT:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce %[[K:[a-z0-9_]+]] < %[[C3]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C3]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[K]], %[[IS]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<12xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[V]] fastmath<reassoc,contract> : f32
// CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[SUM]]
tiny.function @reduce -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  tiny.return %r : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x - max(x) with the max expanded along its reduced axis: one kernel
// computes the max once per row (identity -inf, maximumf), before the
// row's loop, which reads it (a row value; the cases where it gets a buffer
// instead are in tiny-rangeify-rows.mlir).
// CHECK-LABEL: func.func @reduce_expand
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "r_4_3" {
// CHECK: tiny.k.range loop %[[I:[a-z0-9_]+]] < %{{[a-z0-9_]+}} {
// CHECK-NEXT: %[[INIT:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK: %[[V:[a-z0-9_]+]] = tiny.k.load
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} {
// CHECK: %[[PX:[a-z0-9_]+]] = tiny.k.index %[[X]][%{{[a-z0-9_]+}}] : memref<12xf32>
// CHECK-NEXT: %[[VX:[a-z0-9_]+]] = tiny.k.load %[[PX]]
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.subf %[[VX]], %[[MAX]] : f32
// CHECK: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%{{[a-z0-9_]+}}] : memref<12xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[D]]
// CHECK-NOT: tiny.k.kernel
// CHECK-NOT: memref.dealloc
// CHECK: return
tiny.function @reduce_expand -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %e = tiny.expand %r to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.sub %v, %e : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x - max(x) where the sub broadcasts the (4, 1) max itself (no expand): the
// sub has more elements than the reduce, so the reduce is realized into a
// buffer by its own kernel instead of being recomputed for every column;
// the elementwise kernel reads it back at the row index (the unit axis is
// indexed by 0 and dropped from the offset) and keeps sub's operand order.
// CHECK-LABEL: func.func @reduce_broadcast
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK-DAG: %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %[[C1]] {
// CHECK-NEXT: %[[INIT:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = tiny.k.range reduce %[[K:[a-z0-9_]+]] < %[[C3]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT: %[[IS:[a-z0-9_]+]] = arith.muli %[[I]], %[[C3]] : index
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.addi %[[K]], %[[IS]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<12xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[PB:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PB]], %[[MAX]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.kernel "E_4_3" {
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: %[[C3B:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4B:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I2:[a-z0-9_]+]] < %[[C4B]] {
// CHECK-NEXT: tiny.k.range loop %[[J2:[a-z0-9_]+]] < %[[C3B]] {
// CHECK-NEXT: %[[XS:[a-z0-9_]+]] = arith.muli %[[I2]], %[[C3B]] : index
// CHECK-NEXT: %[[XOFF:[a-z0-9_]+]] = arith.addi %[[J2]], %[[XS]] : index
// CHECK-NEXT: %[[PX:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[XOFF]]] : memref<12xf32>
// CHECK-NEXT: %[[VX:[a-z0-9_]+]] = tiny.k.load %[[PX]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PM:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I2]]] : memref<4xf32>
// CHECK-NEXT: %[[VM:[a-z0-9_]+]] = tiny.k.load %[[PM]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.subf %[[VX]], %[[VM]] : f32
// CHECK-NEXT: %[[OS:[a-z0-9_]+]] = arith.muli %[[I2]], %[[C3B]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J2]], %[[OS]] : index
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<12xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[D]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<4xf32>
// CHECK-NEXT: return
tiny.function @reduce_broadcast -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.sub %v, %r : tensor<4x3xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// contiguous realizes its source in a kernel of its own; its reader loads
// the buffer instead of recomputing exp2.
// CHECK-LABEL: func.func @contiguous
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.range loop %[[I:[a-z0-9_]+]] <
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]]
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = math.exp2 %[[V]] : f32
// CHECK-NEXT: %[[PB:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I]]]
// CHECK-NEXT: tiny.k.store %[[PB]], %[[E]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.range loop %[[I2:[a-z0-9_]+]] <
// CHECK-NEXT: %[[P2:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I2]]]
// CHECK-NEXT: %[[V2:[a-z0-9_]+]] = tiny.k.load %[[P2]]
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = math.sqrt %[[V2]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I2]]]
// CHECK-NEXT: tiny.k.store %[[PO]], %[[S]]
// CHECK: memref.dealloc %[[BUF]]
// CHECK-NEXT: return
tiny.function @contiguous -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %e = tiny.exp2 %x : tensor<4xf32, #cpu>
  %c = tiny.contiguous %e : tensor<4xf32, #cpu>
  %s = tiny.sqrt %c : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Storing x's flip back into x: one kernel writing x[i] while reading
// x[3 - i] would overwrite elements it has yet to read, so the flip is first
// computed into a staging buffer, then a second kernel copies it into x's
// param buffer. The returned x (after the store) is then copied from the
// param buffer into the output, and the staging buffer is freed.
// CHECK-LABEL: func.func @store_self
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-DAG: %[[LAST:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[SRC:[a-z0-9_]+]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[SRC]]] : memref<4xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PB:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PB]], %[[V]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-NEXT: %[[C4B:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I2:[a-z0-9_]+]] < %[[C4B]] {
// CHECK-NEXT: %[[PB2:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I2]]] : memref<4xf32>
// CHECK-NEXT: %[[V2:[a-z0-9_]+]] = tiny.k.load %[[PB2]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PX:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I2]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PX]], %[[V2]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-NEXT: %[[C4C:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I3:[a-z0-9_]+]] < %[[C4C]] {
// CHECK-NEXT: %[[PX3:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I3]]] : memref<4xf32>
// CHECK-NEXT: %[[V3:[a-z0-9_]+]] = tiny.k.load %[[PX3]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I3]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[V3]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<4xf32>
// CHECK-NEXT: return
tiny.function @store_self -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %f = tiny.flip %x axes [0] : tensor<4xf32, #cpu>
  %t = tiny.store %x, %f : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A returned tuple gets one output buffer per element, each written by its
// own kernel.
// CHECK-LABEL: func.func @tuple
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT0:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>}, %[[OUT1:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 1>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: %[[E:[a-z0-9_]+]] = math.exp2
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = tiny.k.index %[[OUT0]]
// CHECK-NEXT: tiny.k.store %[[P0]], %[[E]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: %[[S:[a-z0-9_]+]] = math.sqrt
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = tiny.k.index %[[OUT1]]
// CHECK-NEXT: tiny.k.store %[[P1]], %[[S]]
// CHECK-NOT: memref.alloc
// CHECK: return
tiny.function @tuple -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %e = tiny.exp2 %x : tensor<4xf32, #cpu>
  %s = tiny.sqrt %x : tensor<4xf32, #cpu>
  %t = tiny.tuple %e, %s : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// A param returned as is is copied into the output buffer by a kernel.
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-NEXT: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]] : memref<4xi32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xi32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[V]] : !tiny.ptr<i32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
tiny.function @identity -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  tiny.return %x : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Arguments follow slot order, not the order the params appear in: slot 0
// (the size-4 tensor) comes first, then the scalar of slot 1, read at
// offset 0. sub keeps its operand order.
// CHECK-LABEL: func.func @slots
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[B:[a-z0-9_]+]]: memref<1xf32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-DAG: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C4]] {
// CHECK-NEXT: %[[PA:[a-z0-9_]+]] = tiny.k.index %[[A]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[VA:[a-z0-9_]+]] = tiny.k.load %[[PA]]
// CHECK-NEXT: %[[PB:[a-z0-9_]+]] = tiny.k.index %[[B]][%[[C0]]] : memref<1xf32>
// CHECK-NEXT: %[[VB:[a-z0-9_]+]] = tiny.k.load %[[PB]]
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.subf %[[VA]], %[[VB]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]]
// CHECK-NEXT: tiny.k.store %[[PO]], %[[D]]
tiny.function @slots -> tensor<4xf32, #cpu> {
  %b = tiny.param 1 : f32 on "CPU"
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.sub %a, %b : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// ui32 is stored as i32; its division and comparison are the unsigned ones.
// CHECK-LABEL: func.func @unsigned
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT0:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0>}, %[[OUT1:[a-z0-9_]+]]: memref<4xi1> {tiny.buffer = #tiny.buffer<output 1>})
// CHECK: %[[VX:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[PY:[a-z0-9_]+]] = tiny.k.index %[[Y]]
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %[[PY]] : !tiny.ptr<i32, global>
// A zero divisor is replaced by 1 and its quotient by 0 (no trap).
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[BYZERO:[a-z0-9_]+]] = arith.cmpi eq, %[[VY]], %[[ZERO]] : i32
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.select %[[BYZERO]], %[[ONE]], %[[VY]] : i32
// CHECK-NEXT: %[[DIV:[a-z0-9_]+]] = arith.divui %[[VX]], %[[D]] : i32
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = arith.select %[[BYZERO]], %[[ZERO]], %[[DIV]] : i32
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = tiny.k.index %[[OUT0]]
// CHECK-NEXT: tiny.k.store %[[P0]], %[[Q]] : !tiny.ptr<i32, global>
// CHECK: %[[VX2:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[PY2:[a-z0-9_]+]] = tiny.k.index %[[Y]]
// CHECK-NEXT: %[[VY2:[a-z0-9_]+]] = tiny.k.load %[[PY2]] : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[LT:[a-z0-9_]+]] = arith.cmpi ult, %[[VX2]], %[[VY2]] : i32
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = tiny.k.index %[[OUT1]]
// CHECK-NEXT: tiny.k.store %[[P1]], %[[LT]] : !tiny.ptr<i1, global>
// CHECK-NOT: divsi
// CHECK-NOT: slt
tiny.function @unsigned -> tuple<tensor<4xui32, #cpu>, tensor<4xi1, #cpu>> {
  %x = tiny.param 0 : ui32 size 4 on "CPU"
  %y = tiny.param 1 : ui32 size 4 on "CPU"
  %d = tiny.cdiv %x, %y : tensor<4xui32, #cpu>, tensor<4xui32, #cpu>
  %c = tiny.cmplt %x, %y : tensor<4xui32, #cpu>, tensor<4xui32, #cpu>
  %t = tiny.tuple %d, %c : tensor<4xui32, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xui32, #cpu>, tensor<4xi1, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// The same ops on i32 are the signed ones.
// CHECK-LABEL: func.func @signed
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT0:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0>}, %[[OUT1:[a-z0-9_]+]]: memref<4xi1> {tiny.buffer = #tiny.buffer<output 1>})
// CHECK: %[[VX:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[PY:[a-z0-9_]+]] = tiny.k.index %[[Y]]
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %[[PY]] : !tiny.ptr<i32, global>
// Signed, MIN / -1 is also divided by 1 instead (it wraps to MIN).
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[BYZERO:[a-z0-9_]+]] = arith.cmpi eq, %[[VY]], %[[ZERO]] : i32
// CHECK-NEXT: %[[MIN:[a-z0-9_-]+]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[M1:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[ISMIN:[a-z0-9_]+]] = arith.cmpi eq, %[[VX]], %[[MIN]] : i32
// CHECK-NEXT: %[[ISM1:[a-z0-9_]+]] = arith.cmpi eq, %[[VY]], %[[M1]] : i32
// CHECK-NEXT: %[[OVER:[a-z0-9_]+]] = arith.andi %[[ISMIN]], %[[ISM1]] : i1
// CHECK-NEXT: %[[TRAP:[a-z0-9_]+]] = arith.ori %[[BYZERO]], %[[OVER]] : i1
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.select %[[TRAP]], %[[ONE]], %[[VY]] : i32
// CHECK-NEXT: %[[DIV:[a-z0-9_]+]] = arith.divsi %[[VX]], %[[D]] : i32
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = arith.select %[[BYZERO]], %[[ZERO]], %[[DIV]] : i32
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = tiny.k.index %[[OUT0]]
// CHECK-NEXT: tiny.k.store %[[P0]], %[[Q]] : !tiny.ptr<i32, global>
// CHECK: %[[VX2:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[PY2:[a-z0-9_]+]] = tiny.k.index %[[Y]]
// CHECK-NEXT: %[[VY2:[a-z0-9_]+]] = tiny.k.load %[[PY2]] : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[LT:[a-z0-9_]+]] = arith.cmpi slt, %[[VX2]], %[[VY2]] : i32
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = tiny.k.index %[[OUT1]]
// CHECK-NEXT: tiny.k.store %[[P1]], %[[LT]] : !tiny.ptr<i1, global>
// CHECK-NOT: divui
// CHECK-NOT: ult
tiny.function @signed -> tuple<tensor<4xi32, #cpu>, tensor<4xi1, #cpu>> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %y = tiny.param 1 : i32 size 4 on "CPU"
  %d = tiny.cdiv %x, %y : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %c = tiny.cmplt %x, %y : tensor<4xi32, #cpu>, tensor<4xi32, #cpu>
  %t = tiny.tuple %d, %c : tensor<4xi32, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xi32, #cpu>, tensor<4xi1, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// Float compares: cmpne is unordered (true on NaN), cmplt ordered (false on
// NaN).
// CHECK-LABEL: func.func @float_compare
// CHECK-SAME: %[[OUT0:[a-z0-9_]+]]: memref<4xi1> {tiny.buffer = #tiny.buffer<output 0>}, %[[OUT1:[a-z0-9_]+]]: memref<4xi1> {tiny.buffer = #tiny.buffer<output 1>})
// CHECK: %[[VX:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f32, global>
// CHECK-NEXT: tiny.k.index
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[NE:[a-z0-9_]+]] = arith.cmpf une, %[[VX]], %[[VY]] : f32
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = tiny.k.index %[[OUT0]]
// CHECK-NEXT: tiny.k.store %[[P0]], %[[NE]] : !tiny.ptr<i1, global>
// CHECK: %[[VX2:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f32, global>
// CHECK-NEXT: tiny.k.index
// CHECK-NEXT: %[[VY2:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[LT:[a-z0-9_]+]] = arith.cmpf olt, %[[VX2]], %[[VY2]] : f32
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = tiny.k.index %[[OUT1]]
// CHECK-NEXT: tiny.k.store %[[P1]], %[[LT]] : !tiny.ptr<i1, global>
tiny.function @float_compare -> tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %n = tiny.cmpne %x, %y : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %l = tiny.cmplt %x, %y : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %t = tiny.tuple %n, %l : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// f16 arithmetic is computed in f32 and rounded once.
// CHECK-LABEL: func.func @half
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf16> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<4xf16> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<4xf16> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK: %[[VX:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f16, global>
// CHECK-NEXT: tiny.k.index %[[Y]]
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f16, global>
// CHECK-NEXT: %[[WX:[a-z0-9_]+]] = arith.extf %[[VX]] : f16 to f32
// CHECK-NEXT: %[[WY:[a-z0-9_]+]] = arith.extf %[[VY]] : f16 to f32
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.addf %[[WX]], %[[WY]] : f32
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]]
// CHECK-NEXT: tiny.k.store %[[PO]], %[[R]] : !tiny.ptr<f16, global>
tiny.function @half -> tensor<4xf16, #cpu> {
  %x = tiny.param 0 : f16 size 4 on "CPU"
  %y = tiny.param 1 : f16 size 4 on "CPU"
  %s = tiny.add %x, %y : tensor<4xf16, #cpu>, tensor<4xf16, #cpu>
  tiny.return %s : tensor<4xf16, #cpu>
}

// -----

// A sum of products: the product and the accumulation may contract into an
// FMA (tinygrad's MULACC); a product that is not summed keeps exact rounding.
#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @dot
// CHECK: %[[P:[a-z0-9_]+]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT: arith.addf %{{.*}}, %[[P]] fastmath<reassoc,contract> : f32
tiny.function @dot -> tensor<1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %p = tiny.mul %a, %b : tensor<4xf32, #cpu>
  %s = tiny.reduce add %p axes [0] : tensor<4xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @product
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: fastmath
tiny.function @product -> tensor<4xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %p = tiny.mul %a, %b : tensor<4xf32, #cpu>
  tiny.return %p : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A realized stack is its sources one after another: one kernel per source,
// each storing into its part of the buffer (the second from element 3).
// CHECK-LABEL: func.func @stack_parts
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_3" {
// CHECK-NEXT: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: %[[PX:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]]
// CHECK-NEXT: %[[VX:[a-z0-9_]+]] = tiny.k.load %[[PX]]
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = math.exp2 %[[VX]] : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]]
// CHECK-NEXT: tiny.k.store %[[PO]], %[[E]]
// CHECK: tiny.k.kernel "E_3" {
// CHECK-NEXT: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range loop %[[J:[a-z0-9_]+]] < %[[C3]] {
// CHECK-NEXT: %[[PY:[a-z0-9_]+]] = tiny.k.index %[[Y]][%[[J]]]
// CHECK-NEXT: %[[VY:[a-z0-9_]+]] = tiny.k.load %[[PY]]
// CHECK-NEXT: %[[AT:[a-z0-9_]+]] = arith.addi %[[J]], %[[C3]] : index
// CHECK-NEXT: %[[PO2:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[AT]]]
// CHECK-NEXT: tiny.k.store %[[PO2]], %[[VY]]
// CHECK-NOT: arith.select
tiny.function @stack_parts -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.param 1 : f32 size 3 on "CPU"
  %e = tiny.exp2 %x : tensor<3xf32, #cpu>
  %s = tiny.stack %e, %y : tensor<3xf32, #cpu>, tensor<3xf32, #cpu>
  tiny.return %s : tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A stack read inside a kernel selects its source by the stacked index.
// CHECK-LABEL: func.func @stack_read
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<param 1>}
// CHECK: tiny.k.kernel "E_2_3" {
// CHECK-DAG: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK: tiny.k.range loop %[[K:[a-z0-9_]+]] <
// CHECK: %[[VY:[a-z0-9_]+]] = tiny.k.load
// CHECK: %[[VX:[a-z0-9_]+]] = tiny.k.load
// CHECK: %[[IS0:[a-z0-9_]+]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK: %[[SEL:[a-z0-9_]+]] = arith.select %[[IS0]], %[[VX]], %[[VY]] : f32
// CHECK: arith.addf %[[SEL]], %[[SEL]]
// CHECK-NOT: tiny.k.kernel
tiny.function @stack_read -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.param 1 : f32 size 3 on "CPU"
  %s = tiny.stack %x, %y : tensor<3xf32, #cpu>, tensor<3xf32, #cpu>
  %a = tiny.add %s, %s : tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>
  tiny.return %a : tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A large reduction is a reduction-outside nest of one row per iteration
// of its row loop, whatever the row count; -tiny-cpu-schedule groups 19
// rows as 2 iterations of 8 rows, on threads, then the last 3 together in
// an UPCAST range after them, in the same kernel.
// CHECK-LABEL: func.func @rows_tail
// CHECK: tiny.k.kernel "r_19_64_1"
// CHECK: tiny.k.range loop %[[I:.*]] < %c19 {
// CHECK-NOT: tiny.k.kernel
// CHECK: return
// SCHED-LABEL: func.func @rows_tail
// SCHED: tiny.k.kernel "r_19_64_1"
// SCHED: tiny.k.range thread %[[I:.*]] < %c2 {
// SCHED: tiny.k.range upcast %{{.*}} < %c8 {
// SCHED: tiny.k.range upcast %[[T:.*]] < %c3 {
// SCHED: arith.addi %[[T]], %c16
// SCHED: return
tiny.function @rows_tail -> tensor<19x64x1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 304 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [19, 1, 16] : tensor<304xf32, #cpu>
  %ae = tiny.expand %a3 to [19, 64, 16] : tensor<19x1x16xf32, #cpu>
  %b2 = tiny.reshape %b to [1, 64, 16] : tensor<1024xf32, #cpu>
  %be = tiny.expand %b2 to [19, 64, 16] : tensor<1x64x16xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<19x64x16xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<19x64x16xf32, #cpu>
  tiny.return %s : tensor<19x64x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// 24 rows are 3 iterations of 8, with no tail.
// CHECK-LABEL: func.func @rows_no_tail
// CHECK: tiny.k.kernel "r_24_64_1"
// CHECK: tiny.k.range loop %[[I:.*]] < %c24 {
// CHECK-NOT: tiny.k.kernel
// SCHED-LABEL: func.func @rows_no_tail
// SCHED: tiny.k.kernel "r_24_64_1"
// SCHED: tiny.k.range thread %[[I:.*]] < %c3 {
// SCHED: tiny.k.range upcast %{{.*}} < %c8 {
// SCHED-NOT: tiny.k.range upcast
// SCHED: return
tiny.function @rows_no_tail -> tensor<24x64x1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 384 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [24, 1, 16] : tensor<384xf32, #cpu>
  %ae = tiny.expand %a3 to [24, 64, 16] : tensor<24x1x16xf32, #cpu>
  %b2 = tiny.reshape %b to [1, 64, 16] : tensor<1024xf32, #cpu>
  %be = tiny.expand %b2 to [24, 64, 16] : tensor<1x64x16xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<24x64x16xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<24x64x16xf32, #cpu>
  tiny.return %s : tensor<24x64x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A row sum reads each row contiguously and shares no load between rows:
// the reduction stays inside its row's loop (not outside the rows, which
// would stride across them), and the rows go to threads, the source being
// large though the result is not.
// CHECK-LABEL: func.func @row_sum
// CHECK: tiny.k.kernel "r_128_1"
// CHECK-NEXT: %[[C256:.*]] = arith.constant 256 : index
// CHECK: tiny.k.range loop %[[ROW:.*]] < %c128 {
// CHECK: %[[SUM:.*]] = tiny.k.range reduce %[[K:.*]] < %[[C256]] iter_args
// CHECK: %[[BASE:.*]] = arith.muli %[[ROW]], %[[C256]] : index
// CHECK-NEXT: arith.addi %[[K]], %[[BASE]] : index
// CHECK: tiny.k.store %{{.*}}, %[[SUM]]
// SCHED-LABEL: func.func @row_sum
// SCHED: tiny.k.kernel "r_128_1"
// SCHED: tiny.k.range thread %[[ROW:.*]] < %c128 {
tiny.function @row_sum -> tensor<128x1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 32768 on "CPU"
  %x = tiny.reshape %a to [128, 256] : tensor<32768xf32, #cpu>
  %s = tiny.reduce add %x axes [1] : tensor<128x256xf32, #cpu>
  tiny.return %s : tensor<128x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// A softmax's sum reads its row maximum broadcast along the reduced axis:
// one kernel computes the row's maximum, then its sum, both contiguous,
// inside the row's loop.
// CHECK-LABEL: func.func @softmax_sum
// CHECK-NEXT: tiny.k.kernel "r_128_1"
// CHECK: tiny.k.range loop %[[ROW:.*]] < %c128 {
// CHECK: %[[MAX:.*]] = tiny.k.range reduce
// CHECK: arith.maximumf
// CHECK: tiny.k.range reduce
// CHECK: arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK-NEXT: math.exp2
// CHECK-NOT: tiny.k.kernel
// SCHED-LABEL: func.func @softmax_sum
// SCHED-NEXT: tiny.k.kernel "r_128_1"
// SCHED: tiny.k.range thread %[[ROW:.*]] < %c128 {
tiny.function @softmax_sum -> tensor<128x1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 32768 on "CPU"
  %x = tiny.reshape %a to [128, 256] : tensor<32768xf32, #cpu>
  %m = tiny.reduce max %x axes [1] : tensor<128x256xf32, #cpu>
  %me = tiny.expand %m to [128, 256] : tensor<128x1xf32, #cpu>
  %d = tiny.sub %x, %me : tensor<128x256xf32, #cpu>, tensor<128x256xf32, #cpu>
  %e = tiny.exp2 %d : tensor<128x256xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<128x256xf32, #cpu>
  tiny.return %s : tensor<128x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A constant that is not a splat is a private read-only global of the flat
// buffer's type (ui8 stored as i8), named in the function like a param's
// argument; a kernel that reads it names the global again inside itself.
// CHECK-LABEL: func.func @table
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xi8> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NEXT: %[[T:[a-z0-9_]+]] = memref.get_global @[[TABLE:table_constant[0-9]+]] : memref<4xi32>
// CHECK: %[[P:[a-z0-9_]+]] = tiny.k.index %[[T]][%{{.*}}] : memref<4xi32>
// CHECK-NEXT: tiny.k.load %[[P]]
// CHECK: return
// CHECK-DAG: memref.global "private" constant @[[TABLE]] : memref<4xi32> = dense<[0, 1, 4, 9]> {alignment = 64 : i64}
// CHECK-DAG: memref.global "private" constant @{{table_constant[0-9]+}} : memref<2xi8> = dense<[-56, 1]> {alignment = 64 : i64}
tiny.function @table -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : ui8 size 4 on "CPU"
  %t = tiny.const dense<[0, 1, 4, 9]> : tensor<4xi32, #cpu>
  %g = tiny.index %t[%x] : tensor<4xi32, #cpu>, tensor<4xui8, #cpu>
  %u = tiny.const dense<[[200], [1]]> : tensor<2x1xui8, #cpu>
  tiny.return %g : tensor<4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A load realizes its source in a new buffer, which later kernels read.
// CHECK-LABEL: func.func @load
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[NEW]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[NEW]]
// CHECK: arith.addf
// CHECK: tiny.k.index %[[OUT]]
tiny.function @load -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %l = tiny.load %x to "CPU" : tensor<4xf32, #cpu>
  %s = tiny.add %l, %l : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Threefry-2x32 on the words of the counter and the key: the key schedule's
// third word is k0 ^ k1 ^ 0x1BD11BDA (466688986); 20 rounds later the two
// output words are packed low word first.
// CHECK-LABEL: func.func @threefry
// CHECK: %[[PARITY:[a-z0-9_]+]] = arith.constant 466688986 : i32
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = arith.xori %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.xori %[[X]], %[[PARITY]] : i32
// CHECK-COUNT-20: arith.xori %{{.*}}, %{{.*}} : i32
// CHECK: %[[LO:[a-z0-9_]+]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: %[[HI:[a-z0-9_]+]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: %[[C32:[a-z0-9_]+]] = arith.constant 32 : i64
// CHECK-NEXT: %[[SH:[a-z0-9_]+]] = arith.shli %[[HI]], %[[C32]] : i64
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = arith.ori %[[SH]], %[[LO]] : i64
// CHECK: tiny.k.store %{{.*}}, %[[R]]
tiny.function @threefry -> tensor<4xui64, #cpu> {
  %x = tiny.param 0 : ui64 size 4 on "CPU"
  %k = tiny.param 1 : ui64 on "CPU"
  %r = tiny.threefry %x, %k : tensor<4xui64, #cpu>, tensor<ui64, #cpu>
  tiny.return %r : tensor<4xui64, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A host function reads its arguments' buffers (a value no buffer holds is
// computed into one first) and writes its results into buffers of their
// own, the function's output buffer for a returned result. It runs whether
// its results are read or not.
// CHECK-LABEL: func.func @custom_function
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_2_2" {
// CHECK: math.exp2
// CHECK: tiny.k.index %[[E]]
// CHECK: tiny.k.custom_function "pair"(%[[E]], %[[X]] : memref<4xf32>, memref<4xf32>) to (%[[OUT]], %[[SECOND:[a-z0-9_]+]] : memref<4xf32>, memref<1xi8>) signature (tensor<2x2xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>) -> (tensor<4xf32, #tiny.device<"CPU">>, tensor<ui8, #tiny.device<"CPU">>)
// CHECK-NEXT: tiny.k.custom_function "log"(%[[X]] : memref<4xf32>) to () signature (tensor<4xf32, #tiny.device<"CPU">>) -> ()
tiny.function @custom_function -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>
  %e = tiny.exp2 %v : tensor<2x2xf32, #cpu>
  %r:2 = tiny.custom_function "pair"(%e, %x) : (tensor<2x2xf32, #cpu>, tensor<4xf32, #cpu>) -> (tensor<4xf32, #cpu>, tensor<ui8, #cpu>)
  tiny.custom_function "log"(%x) : (tensor<4xf32, #cpu>) -> ()
  tiny.return %r#0 : tensor<4xf32, #cpu>
}
