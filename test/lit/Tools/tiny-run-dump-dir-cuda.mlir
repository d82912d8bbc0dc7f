// tiny-run --dump-dir=D on a program whose kernels run on a CUDA device
// writes, for each GPU kernel, its kernel-level IR, its LLVM IR (the NVVM
// kernel module translated, after LLVM's optimizer) and its PTX, named
// after the kernel; and the host code to D/ENTRY.ll and D/ENTRY.s. The
// files are written as the program compiles, so they are there when the
// run then fails for want of the driver (named explicitly, so that the
// test reads the same on a machine with a GPU).
//
// RUN: rm -rf %t
// RUN: not tiny-run %s --entry=centered --dump-dir=%t -i 1,2,3,4,5,6 --gpu-driver=%t.missing-driver.so 2>&1 | FileCheck %s --check-prefix=OUT
// OUT-NOT: cannot compile
// OUT: tiny-run: error: device 'CUDA' not available: {{.*}}missing-driver.so: cannot open shared object file
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES:      {{^}}E_2_3.ll
// FILES-NEXT: {{^}}E_2_3.ptx
// FILES-NEXT: {{^}}E_2_3.tiny.mlir
// FILES-NEXT: {{^}}centered.ll
// FILES-NEXT: {{^}}centered.s
// FILES-NEXT: {{^}}r_2_1.ll
// FILES-NEXT: {{^}}r_2_1.ptx
// FILES-NEXT: {{^}}r_2_1.tiny.mlir
// FILES-NOT: {{.}}
//
// RUN: FileCheck %s --check-prefix=TINY-R --input-file=%t/r_2_1.tiny.mlir
// TINY-R: tiny.k.kernel "r_2_1" on "CUDA" {
// TINY-R: tiny.k.range reduce
// RUN: FileCheck %s --check-prefix=TINY-E --input-file=%t/E_2_3.tiny.mlir
// TINY-E: tiny.k.kernel "E_2_3" on "CUDA" {
// RUN: FileCheck %s --check-prefix=LL-R --input-file=%t/r_2_1.ll
// LL-R: target triple = "nvptx64-nvidia-cuda"
// LL-R: define ptx_kernel void @r_2_1(
// LL-R-NOT: define
// RUN: FileCheck %s --check-prefix=LL-E --input-file=%t/E_2_3.ll
// LL-E: define ptx_kernel void @E_2_3(
// LL-E: fadd float
// RUN: FileCheck %s --check-prefix=PTX-R --input-file=%t/r_2_1.ptx
// PTX-R: .target sm_90
// PTX-R: .visible .entry r_2_1(
// PTX-R-NOT: .entry
// RUN: FileCheck %s --check-prefix=PTX-E --input-file=%t/E_2_3.ptx
// PTX-E: .visible .entry E_2_3(
// PTX-E: add.rn.f32
// The host code launches the kernels through the runtime.
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t/centered.ll
// HOST-LABEL: define void @centered(
// HOST: call {{.*}}@tiny_host_launch(
// HOST: call {{.*}}@tiny_host_launch(
// HOST: }
//
// --gpu-chip reaches the dumped PTX.
// RUN: rm -rf %t.chip
// RUN: not tiny-run %s --entry=centered --dump-dir=%t.chip --gpu-chip=sm_80 -i 1,2,3,4,5,6 --gpu-driver=%t.missing-driver.so 2>/dev/null
// RUN: FileCheck %s --check-prefix=CHIP --input-file=%t.chip/E_2_3.ptx
// CHIP: .target sm_80

#g = #tiny.device<"CUDA:0">

tiny.function @centered -> tensor<2x3xf32, #g> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<6xf32, #tiny.device<"CPU">>
  %m = tiny.reshape %c to [2, 3] : tensor<6xf32, #g>
  %s = tiny.reduce add %m axes [1] : tensor<2x3xf32, #g>
  %three = tiny.const dense<3.0> : tensor<2x1xf32, #g>
  %mean = tiny.fdiv %s, %three : tensor<2x1xf32, #g>
  %b = tiny.expand %mean to [2, 3] : tensor<2x1xf32, #g>
  %r = tiny.sub %m, %b : tensor<2x3xf32, #g>
  tiny.return %r : tensor<2x3xf32, #g>
}

// Two kernels of one name: the second kernel module, and its files, are
// numbered as -gpu-kernel-outlining numbers them (E_4_0), and each file
// holds its own kernel (the add, then the multiply).
// RUN: rm -rf %t.two
// RUN: not tiny-run %s --entry=two --dump-dir=%t.two -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>/dev/null
// RUN: ls %t.two | FileCheck %s --check-prefix=TWO
// TWO:      {{^}}E_4.ll
// TWO-NEXT: {{^}}E_4.ptx
// TWO-NEXT: {{^}}E_4.tiny.mlir
// TWO-NEXT: {{^}}E_4_0.ll
// TWO-NEXT: {{^}}E_4_0.ptx
// TWO-NEXT: {{^}}E_4_0.tiny.mlir
// TWO-NEXT: {{^}}two.ll
// TWO-NEXT: {{^}}two.s
// RUN: cat %t.two/E_4.tiny.mlir %t.two/E_4.ll %t.two/E_4.ptx | FileCheck %s --check-prefix=ADD
// ADD: arith.addf
// ADD: fadd float
// ADD: .entry E_4(
// ADD: add.rn.f32
// RUN: cat %t.two/E_4_0.tiny.mlir %t.two/E_4_0.ll %t.two/E_4_0.ptx | FileCheck %s --check-prefix=MUL
// MUL: arith.mulf
// MUL: fmul float
// MUL: .entry E_4(
// MUL: mul.rn.f32
tiny.function @two -> tuple<tensor<4xf32, #g>, tensor<4xf32, #g>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<4xf32, #tiny.device<"CPU">>
  %d = tiny.add %c, %c : tensor<4xf32, #g>, tensor<4xf32, #g>
  %e = tiny.mul %c, %c : tensor<4xf32, #g>, tensor<4xf32, #g>
  %t = tiny.tuple %d, %e : tensor<4xf32, #g>, tensor<4xf32, #g>
  tiny.return %t : tuple<tensor<4xf32, #g>, tensor<4xf32, #g>>
}
