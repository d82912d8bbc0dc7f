//===- Passes.td - tiny conversion passes ------------------*- tablegen -*-===//

#ifndef TINY_CONVERSIONS_PASSES_TD
#define TINY_CONVERSIONS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTinyToSCF : Pass<"convert-tiny-to-scf"> {
  let summary = "Lower kernel-level tiny ops to scf loops and memref accesses";
  let description = [{
    - a THREAD `tiny.k.range` without iter_args -> `scf.parallel` (which
      -tiny-to-llvm runs on OpenMP threads); every other range -> `scf.for`
      from 0 to its bound, carrying its iter_args
    - `tiny.k.load` / `tiny.k.store` of a `tiny.k.index` -> `memref.load` /
      `memref.store`; a gate becomes an `scf.if` (a gated load yields its
      alternative value where the gate is false)
    - `tiny.k.atomic_add` -> `memref.atomic_rmw`
    - `tiny.k.kernel` -> its body, in place
    GPU-only ops (`special`, `barrier`, `wmma`) and `custom` code have no
    CPU form and are reported.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ConvertTinyToRuntime : Pass<"convert-tiny-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower the host schedule's copies to calls into the tiny runtime";
  let description = [{
    In a function that spans several devices, -tiny-rangeify makes every
    buffer an argument (marked `tiny.slot`, `tiny.output` or `tiny.scratch`,
    and `tiny.device`) that the runtime allocates on its device. Each
    `tiny.k.copy` between them becomes a call
    `tiny_host_copy(dst_arg, dst_byte_offset, src_arg, src_byte_offset,
    bytes)`, naming the buffers by argument position; the runtime copies
    between the devices and counts the bytes. A copy of a buffer that is not
    such an argument is reported.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
  ];
}

def ConvertTinyToGPU : Pass<"convert-tiny-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Turn kernel-level tiny kernels into gpu.launch regions";
  let description = [{
    Each `tiny.k.kernel` becomes a `gpu.launch`. Its outermost output range
    is the GLOBAL axis: it is split into blocks of `block-size` LOCAL threads
    (fewer for a shorter range), each thread taking one index, guarded when
    the bound is not a multiple of the block. Inner ranges stay ranges for
    -convert-tiny-to-scf. Buffers the host function allocates become
    `gpu.alloc`; `tiny.k.special` becomes `gpu.block_id` / `gpu.thread_id` /
    `gpu.global_id` and `tiny.k.barrier` becomes `gpu.barrier`. Outlining
    (`-gpu-kernel-outlining`) then makes `gpu.func` kernels and
    `gpu.launch_func` calls.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block along the GLOBAL axis">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TinyPrintGPUAssembly : Pass<"tiny-print-gpu-assembly", "::mlir::ModuleOp"> {
  let summary = "Print the assembly text of the module's gpu.binary objects";
  let description = [{
    For each `gpu.binary` object produced with `format=isa`, prints
    `// gpu.binary @name <target>` and the assembly (PTX, AMDGCN) as plain
    text on stdout, so tests can FileCheck it. The IR is unchanged.
  }];
}

#endif // TINY_CONVERSIONS_PASSES_TD
