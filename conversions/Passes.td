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
  let summary = "Lower the host schedule's copies and host function calls to "
                # "calls into the tiny runtime";
  let description = [{
    In a function that spans several devices, -tiny-rangeify makes every
    buffer an argument (marked with its `#tiny.buffer` role and device)
    that the runtime allocates on its device. Each
    `tiny.k.copy` between them becomes a call
    `tiny_host_copy(dst_arg, dst_byte_offset, src_arg, src_byte_offset,
    bytes)`, naming the buffers by argument position; the runtime copies
    between the devices and counts the bytes. A copy of a buffer that is not
    such an argument is reported.

    Each `tiny.k.custom_function` becomes a call
    `tiny_host_call_function(name, num_inputs, num_outputs, descriptors)`:
    the address of the function's NUL-terminated name (a private global)
    and of an array of i64 words on the stack that describes each input,
    then each output, as its data address, its dtype (tiny_dtype_t), its
    rank and its shape. The runtime finds the host function by name and
    calls it on those buffers, which are in host memory.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ConvertGpuLaunchToRuntime
    : Pass<"convert-gpu-launch-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower the host schedule's GPU kernel launches to calls into "
                # "the tiny runtime";
  let description = [{
    After -gpu-kernel-outlining (and usually -gpu-module-to-binary), in a
    host function whose buffers are arguments the runtime allocates (see
    -convert-tiny-to-runtime), each `gpu.launch_func` becomes a call

    ```mlir
    func.call @tiny_host_launch(%launch, %grid_x, %grid_y, %grid_z,
        %block_x, %block_y, %block_z, %shared_bytes)
        : (i64, i64, i64, i64, i64, i64, i64, i64) -> ()
    ```

    `%launch` indexes the module's `tiny.gpu_launches` array, which holds
    one dictionary per launch: `kernel`, the launched symbol
    (`@module::@kernel`), and `arguments`, the position of each of the
    kernel's operands among the function's arguments. The runtime loads
    the kernel's module once on the device of its buffers and launches the
    kernel on them; the table is for the JIT, which keeps it with the
    binaries.

    Reported: an asynchronous launch or one with a cluster size, a kernel
    operand that is not a buffer argument of the enclosing func.func (a
    scalar, a buffer the function allocates), and a launch passing no
    buffer (its device is that of its buffers).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
  ];
}

def ConvertTinyToGPU : Pass<"convert-tiny-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Turn kernel-level tiny kernels into gpu.launch regions";
  let description = [{
    Each `tiny.k.kernel` becomes a `gpu.launch`; outlining
    (`-gpu-kernel-outlining`) then makes `gpu.func` kernels and
    `gpu.launch_func` calls. The launch carries the kernel's name
    (`function(@E_1000)`), so the outlined kernel is named as tinygrad names
    it; modules of equal names get numbered.
    - GLOBAL ranges become block ids, LOCAL ranges thread ids: the innermost
      range of a nest takes x, the next y, then z. Grid ranges carry
      nothing, have constant bounds and sit in grid ranges only. The launch
      is as long as the longest range of each dimension; shorter ranges
      guard their bodies.
    - The AxisTypes are read, never chosen: -tiny-gpu-schedule chooses
      them. A kernel with no GLOBAL, LOCAL or GROUP_REDUCE range and no
      special id carries no GPU schedule and is reported.
    - `tiny.k.special` becomes `gpu.block_id` (gidxN), `gpu.thread_id`
      (lidxN) or block id * block size + thread id (idxN, in blocks of
      `block-size`); its bound sizes the launch.
    - A GROUP_REDUCE range is shared by the threads of a block, as many
      (along x) as its bound, which must be a constant power of two, the
      same for every GROUP_REDUCE of the kernel: each thread runs one
      iteration, its carried values starting from the combining op's
      identity (the schedule writes each thread's strided part of a long
      reduction as a REDUCE range in the body), stores its part to workgroup
      memory, and the parts are combined as a tree with a barrier between
      steps. The
      rest of the kernel runs alike on every thread; only the first thread
      stores.
    - A buffer in the LOCAL address space (`memref.alloc` with
      `#tiny<addrspace local>`) becomes a workgroup buffer of the launch,
      its accesses `memref` ops; -tiny-gpu-insert-barriers then puts the
      barriers between the threads' accesses to it.
    - `tiny.k.barrier` becomes `gpu.barrier`; buffers the host function
      allocates become `gpu.alloc`.
    Inner ranges stay ranges for -convert-tiny-to-scf.

    A dialect conversion (populateTinyToGPUPatterns, TinyToGPU.h): a kernel
    that cannot be launched, or a special id or barrier outside a kernel, is
    reported as the op's error, then as the conversion's failure to legalize
    the op.

    With `gpu-kernels-only`, for a host schedule whose kernels run on
    several kinds of devices, only kernels that name a CUDA or HIP device
    become launches; the others, and the function's allocations, stay for
    the CPU.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of a global id">,
    Option<"gpuKernelsOnly", "gpu-kernels-only", "bool", /*default=*/"false",
           "Convert only kernels that name a CUDA or HIP device">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TinyGPUInsertBarriers : Pass<"tiny-gpu-insert-barriers"> {
  let summary = "Put barriers between the threads' accesses to a launch's "
                # "workgroup memory";
  let description = [{
    The threads of a block run at their own pace between barriers. In each
    `gpu.launch` body (as -convert-tiny-to-gpu leaves it), this follows the
    reads and writes of workgroup buffers (memrefs in the workgroup address
    space, through their views) since the last barrier and puts a
    `gpu.barrier` before each op that reads a buffer written since, or
    writes one read or written since, so no thread reads a slot before
    another has written it, nor overwrites one another has yet to read.
    It reasons about whole buffers, not slots.

    ```mlir
    memref.store %v, %smem[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier                                        // inserted
    %w = memref.load %smem[%other] : memref<64xf32, #gpu.address_space<workgroup>>
    ```

    Barriers go where every thread of a block arrives: in the launch body,
    in loops whose bounds every thread holds alike (tiny.k.range, scf.for)
    and under `scf.if` on such a value (constants, block ids, the launch's
    sizes and what arith computes from them). A gpu.barrier already there
    is used. A loop or branch whose accesses race with what precedes it
    gets a barrier before it; inside a loop, a barrier goes where one
    iteration's accesses would race with the next's. Other control flow (a branch on a thread id, a loop
    starting at one) is one step from outside; inside it no barrier can go.

    Reported, as a barrier some threads skip hangs the block:
    - a read, under control flow only some threads of a block run, of
      workgroup memory written under it since its last barrier;
    - a gpu.barrier under such control flow.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TinyExpandArith : Pass<"tiny-expand-arith"> {
  let summary = "Expand the arith ops LLVM has no lowering for, keeping "
                # "float min/max";
  let description = [{
    Upstream's -arith-expand without its float min/max rules: `ceildivsi`,
    `ceildivui` and `floordivsi` become divisions and selects, and bf16
    `extf` / `truncf` become integer bit manipulation (most CPUs have no
    bf16 arithmetic), and a bf16 `select` selects i16 bits (LLVM would
    otherwise widen a vector of them to f32 and narrow it back through
    `__truncsfbf2`, which the JIT's process may not have). `maximumf` / `minimumf` stay: LLVM lowers them to
    IEEE 754-2019 maximum / minimum on every target (NaN wins, -0 < +0),
    while -arith-expand's compare-and-select returns the first operand of
    two equal zeros, so max(+0.0, -0.0) would be -0.0 and disagree with
    the folders (docs/semantics.md, Arithmetic).

    The 8-bit floats (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ) have no
    LLVM lowering at all on the CPU: `truncf` to them and `extf` from them
    become integer bit manipulation with tinygrad's rules (round to nearest
    even, subnormals kept; a finite value beyond the largest saturates to
    it; infinity becomes NaN except in f8E5M2; the fnuz formats' one NaN is
    0x80 and they have no -0), and any other arith or math op on them
    computes in f32 and rounds its result back. Upstream has no expansion
    for them (-arith-expand covers bf16, f8E8M0 and f4E2M1; the APFloat
    calls of -convert-arith-to-apfloat turn an f8E4M3FN overflow into NaN).

    ```mlir
    %q = arith.floordivsi %a, %b : i32   // divsi, compares, selects
    %m = arith.maximumf %x, %y : f32     // unchanged
    %h = arith.truncf %x : f32 to f8E4M3FN  // i32 ops on the bits
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TinyStripBufferRoles
    : Pass<"tiny-strip-buffer-roles", "::mlir::ModuleOp"> {
  let summary = "Drop the `tiny.buffer` argument attributes rangeify writes, "
                # "once they have been read";
  let description = [{
    Rangeify notes on each argument of a host function which caller buffer
    it binds and on which device (`tiny.buffer = #tiny.buffer<...>`); the
    JIT reads them after the kernel-level stage. They mean nothing to LLVM,
    so the JIT's last step removes them from the `llvm.func`s before
    translation to LLVM IR.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TinyProfileKernels : Pass<"tiny-profile-kernels", "::mlir::ModuleOp"> {
  let summary = "Time each call of an outlined kernel through the runtime";
  let description = [{
    Wraps each call of a kernel function (a `func.func` marked `tiny.kernel`
    by -tiny-outline-kernels) with the host calls `tiny_host_kernel_begin()`
    before and `tiny_host_kernel_end(name, flops, bytes)` after it
    (tiny/HostCalls.h): the kernel's name as the address of a
    NUL-terminated global, and its `tiny.flops` and `tiny.bytes` estimates.
    The JIT records one launch per pair; `tiny-run --profile` prints them.
    Without this pass the compiled code makes no timing call.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TinyROCDLModuleToBinary
    : Pass<"tiny-rocdl-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Compile the module's ROCDL kernel modules to AMDGCN "
                "assembly or HIP code objects";
  let description = [{
    Does for `#rocdl.target` kernel modules what `-gpu-module-to-binary`
    does, with the ROCm pieces where Debian installs them as well as in a
    ROCm installation: the device libraries that define the `__ocml_*`
    functions exp2, log2 and sin become (rocm-device-libs,
    `/usr/lib/<multiarch>/amdgcn/bitcode`) and the ld.lld that links the
    kernels into a code object (lld-22, `/usr/lib/llvm-22/bin/ld.lld`).
    `rocm-path` names the folder of `amdgcn/bitcode`; by default it is the
    first of $ROCM_PATH, $ROCM_ROOT, $ROCM_HOME, /opt/rocm and Debian's
    folder that holds the libraries. With `format=isa` each `gpu.binary`
    object is assembly text and no linker is needed; with `format=bin` it
    is the linked code object, its kernel table filled from the code
    object's metadata. A kernel module that calls the device libraries when
    none are found, or a missing ld.lld, is one error saying what to
    install, not a dump of the module.

    Example: a kernel calling `__ocml_exp2_f32` compiles, with
    `format=isa`, to a `gpu.binary` whose assembly has the call inlined
    (`v_exp_f32`).
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"bin\"",
           "isa (AMDGCN assembly text) or bin (a HIP code object)">,
    Option<"rocmPath", "rocm-path", "std::string", /*default=*/"",
           "Folder whose amdgcn/bitcode holds the ROCm device libraries "
           "(default: searched)">,
    Option<"lld", "lld", "std::string", /*default=*/"",
           "The ld.lld that links code objects (default: the ROCm "
           "installation's, else LLVM 22's)">,
    Option<"dumpDir", "dump-dir", "std::string", /*default=*/"",
           "Also write each kernel module's optimized LLVM IR and AMDGCN "
           "assembly to DIR/NAME.ll and DIR/NAME.s (NAME: the module's)">,
  ];
}

def TinyNVVMModuleToBinary
    : Pass<"tiny-nvvm-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Compile the module's NVVM kernel modules to PTX or cubin";
  let description = [{
    What `-gpu-module-to-binary` does for `#nvvm.target` kernel modules,
    through the same NVVM serializer (LLVM's NVPTX backend; ptxas for
    `format=bin`), one kernel module at a time so that, with `dump-dir`,
    each module's LLVM IR after LLVM's optimizer (libdevice linked in) and
    its PTX go to DIR/NAME.ll and DIR/NAME.ptx, NAME being the kernel
    module's name: the kernel's (tiny-run --dump-dir). `toolkit` names the
    CUDA toolkit whose libdevice the kernels link.

    Example: with `format=isa`, a kernel module @E_4 becomes
    `gpu.binary @E_4 [#gpu.object<#nvvm.target<...>, properties = {...},
    assembly = "...">]`, whose PTX has `.visible .entry E_4(`.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"isa\"",
           "isa (PTX text) or bin (a cubin, which needs ptxas)">,
    Option<"toolkit", "toolkit", "std::string", /*default=*/"",
           "CUDA toolkit whose libdevice the kernels link (default: "
           "MLIR's)">,
    Option<"dumpDir", "dump-dir", "std::string", /*default=*/"",
           "Also write each kernel module's optimized LLVM IR and PTX to "
           "DIR/NAME.ll and DIR/NAME.ptx (NAME: the module's)">,
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
