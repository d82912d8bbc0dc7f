// -tiny-nvvm-module-to-binary compiles #nvvm.target kernel modules as
// -gpu-module-to-binary does, with the same NVVM serializer, one module at
// a time: format=isa gives PTX objects (no GPU, no CUDA toolkit needed).
// With dump-dir, each module's LLVM IR after LLVM's optimizer and its PTX
// are also written to DIR/NAME.ll and DIR/NAME.ptx, NAME being the
// module's: two modules, two pairs of files, each with its own kernel.

// RUN: tiny-opt %s -tiny-nvvm-module-to-binary -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=ISA
// RUN: tiny-opt %s -tiny-nvvm-module-to-binary | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && tiny-opt %s -tiny-nvvm-module-to-binary=dump-dir=%t -o /dev/null
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=LL-SCALE --input-file=%t/scale.ll
// RUN: FileCheck %s --check-prefix=PTX-SCALE --input-file=%t/scale.ptx
// RUN: FileCheck %s --check-prefix=LL-NEG --input-file=%t/negate.ll
// RUN: FileCheck %s --check-prefix=PTX-NEG --input-file=%t/negate.ptx

// ISA: // gpu.binary @scale #nvvm.target<chip = "sm_80">
// ISA: .target sm_80
// ISA: .visible .entry scale(
// ISA: mul.rn.f32
// ISA: // gpu.binary @negate #nvvm.target
// ISA: .visible .entry negate(
// ISA: neg.f32

// IR: gpu.binary @scale [#gpu.object<#nvvm.target<chip = "sm_80">, properties = {{.*}}, assembly = "
// IR-NOT: gpu.module
// IR: gpu.binary @negate

// FILES:      {{^}}negate.ll
// FILES-NEXT: {{^}}negate.ptx
// FILES-NEXT: {{^}}scale.ll
// FILES-NEXT: {{^}}scale.ptx
// FILES-NOT: {{.}}

// LL-SCALE: target triple = "nvptx64-nvidia-cuda"
// LL-SCALE: define ptx_kernel void @scale(
// LL-SCALE: fmul float
// LL-SCALE-NOT: define
// PTX-SCALE: .target sm_80
// PTX-SCALE: .visible .entry scale(
// PTX-SCALE-NOT: .entry
// LL-NEG: define ptx_kernel void @negate(
// LL-NEG: fneg float
// PTX-NEG: .visible .entry negate(

module attributes {gpu.container_module} {
  gpu.module @scale [#nvvm.target<chip = "sm_80">] {
    llvm.func @scale(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %y = llvm.fmul %x, %x : f32
      llvm.store %y, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @negate [#nvvm.target] {
    llvm.func @negate(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %y = llvm.fneg %x : f32
      llvm.store %y, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
