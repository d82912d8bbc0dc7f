// RUN: tiny-opt %s -tiny-strip-buffer-roles | FileCheck %s

// The roles rangeify notes on host arguments go; LLVM's own argument
// attributes stay.
// CHECK-LABEL: llvm.func @host(
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.noalias},
// CHECK-SAME: %{{.*}}: !llvm.ptr,
// CHECK-SAME: %{{.*}}: !llvm.ptr)
// CHECK-NOT: tiny.
llvm.func @host(%a: !llvm.ptr {llvm.noalias, tiny.slot = 0 : i64, tiny.device = "CPU"},
                %b: !llvm.ptr {tiny.output = 0 : i64, tiny.device = "CPU"},
                %c: !llvm.ptr {tiny.scratch = 16 : i64, tiny.device = "CPU:1"}) {
  llvm.return
}
