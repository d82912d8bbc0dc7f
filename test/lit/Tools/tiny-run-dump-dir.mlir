// tiny-run --dump-dir=D writes each kernel's kernel-level IR, optimized
// LLVM IR and assembly to files named after it, and the whole program's
// LLVM IR and assembly to D/ENTRY.ll and D/ENTRY.s; the program still runs.
// The centered rows are returned transposed, so that the mean is no row
// value of the kernel writing them (its column loop is outside its row
// loop) and gets a kernel of its own: two kernels to dump.
//
// RUN: rm -rf %t
// RUN: tiny-run %s --dump-dir=%t -i 1,2,3,4,5,6 | FileCheck %s --check-prefix=OUT
// OUT: {{\[}}[-1, -1], [0, 0], [1, 1]] : tensor<3x2xf32>
//
// RUN: FileCheck %s --check-prefix=TINY-R --input-file=%t/r_2_1.tiny.mlir
// TINY-R: func.func private @r_2_1(
// TINY-R: tiny.k.kernel "r_2_1" {
// TINY-R: tiny.k.range reduce
// RUN: FileCheck %s --check-prefix=TINY-E --input-file=%t/E_3_2.tiny.mlir
// TINY-E: func.func private @E_3_2(
// TINY-E: tiny.k.kernel "E_3_2" {
//
// Each kernel is a function of its own in the optimized LLVM IR, which
// LLVM did not inline into the host function: the host calls it.
// RUN: FileCheck %s --check-prefix=LL-R --input-file=%t/r_2_1.ll
// LL-R: define {{.*}}void @r_2_1(
// LL-R-NOT: define {{.*}}@E_3_2(
// RUN: FileCheck %s --check-prefix=LL-E --input-file=%t/E_3_2.ll
// LL-E: define {{.*}}void @E_3_2(
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t/centered.ll
// HOST-LABEL: define void @centered(
// HOST: call void @r_2_1(
// HOST: call void @E_3_2(
// HOST: }
//
// And a symbol with a label in the assembly, which the host code calls
// (in the JIT's large code model, through a register loaded with the
// kernel's address).
// RUN: FileCheck %s --check-prefix=ASM-R --input-file=%t/r_2_1.s
// ASM-R: .type r_2_1,@function
// ASM-R: {{^}}r_2_1:
// ASM-R: .size r_2_1,
// RUN: FileCheck %s --check-prefix=ASM-E --input-file=%t/E_3_2.s
// ASM-E: {{^}}E_3_2:
// RUN: FileCheck %s --check-prefix=ASM-HOST --input-file=%t/centered.s
// ASM-HOST-LABEL: {{^}}centered:
// ASM-HOST: movabsq $r_2_1, %[[R:[a-z0-9]+]]
// ASM-HOST: callq *%[[R]]
// ASM-HOST: movabsq $E_3_2, %[[E:[a-z0-9]+]]
// ASM-HOST: callq *%[[E]]
// ASM-HOST: .size centered,

#cpu = #tiny.device<"CPU">

tiny.function @centered -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %m = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %s = tiny.reduce add %m axes [1] : tensor<2x3xf32, #cpu>
  %three = tiny.const dense<3.0> : tensor<2x1xf32, #cpu>
  %mean = tiny.fdiv %s, %three : tensor<2x1xf32, #cpu>
  %b = tiny.expand %mean to [2, 3] : tensor<2x1xf32, #cpu>
  %r = tiny.sub %m, %b : tensor<2x3xf32, #cpu>
  %t = tiny.permute %r [1, 0] : tensor<2x3xf32, #cpu>
  tiny.return %t : tensor<3x2xf32, #cpu>
}
