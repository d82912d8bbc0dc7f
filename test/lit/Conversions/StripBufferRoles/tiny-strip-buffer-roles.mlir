// RUN: tiny-opt %s -tiny-strip-buffer-roles | FileCheck %s

// The roles rangeify notes on host arguments go; LLVM's own argument
// attributes stay.
// CHECK-LABEL: llvm.func @host(
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.noalias},
// CHECK-SAME: %{{.*}}: !llvm.ptr,
// CHECK-SAME: %{{.*}}: !llvm.ptr)
// CHECK-NOT: tiny.
llvm.func @host(%a: !llvm.ptr {llvm.noalias, tiny.buffer = #tiny.buffer<param 0 on "CPU">},
                %b: !llvm.ptr {tiny.buffer = #tiny.buffer<output 0 on "CPU">},
                %c: !llvm.ptr {tiny.buffer = #tiny.buffer<scratch 16 on "CPU:1">}) {
  llvm.return
}
