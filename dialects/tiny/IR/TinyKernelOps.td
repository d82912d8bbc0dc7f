//===- TinyKernelOps.td - tiny kernel-level operations -----*- tablegen -*-===//
//
// Kernel-level ops: what `-tiny-rangeify` produces. A kernel is loops over
// scalars that read and write flat buffers. The ops are spelled `tiny.k.*`
// because tinygrad uses the names INDEX, LOAD and STORE at both levels and the
// tensor-level ops already hold them; the prefix reads as "kernel level".
//
// Buffers are `memref`s (flat, static, identity layout) so the lowering to
// scf / llvm / gpu reuses the upstream memref conversions unchanged. Scalar
// arithmetic inside a kernel uses `arith` and `math`, whose semantics match
// tinygrad's ALU ops once signedness is chosen (cdiv = divsi/divui, cmod =
// remsi/remui, cmplt = cmpf olt / cmpi slt/ult, cmpne = cmpf une): upstream
// folding and integer-range analysis then apply to kernel bodies as they are.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_KERNEL_OPS_TD
#define TINY_KERNEL_OPS_TD

include "TinyDialect.td"
include "TinyEnums.td"
include "TinyTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"

// Kernel-level ops live in C++ namespace mlir::tiny::k, so that `tiny.k.load`
// is k::LoadOp beside the tensor-level tiny::LoadOp: the C++ name follows the
// mnemonic, with no prefix to remember per op.
class TinyK_Op<string mnemonic, list<Trait> traits = []>
    : Tiny_Op<"k." # mnemonic, traits> {
  let cppNamespace = "::mlir::tiny::k";
}

def Tiny_Ptr : Type<CPred<"::llvm::isa<::mlir::tiny::PtrType>($_self)">,
    "tiny pointer", "::mlir::tiny::PtrType">;

def Tiny_Buffer : Type<And<[
    CPred<"::llvm::isa<::mlir::MemRefType>($_self)">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).hasStaticShape()">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getLayout().isIdentity()">]>,
    "statically shaped memref with identity layout", "::mlir::MemRefType">;

def Tiny_ElementOfPtr : TypesMatchWith<"type is the pointer's element type",
    "ptr", "value", "::llvm::cast<::mlir::tiny::PtrType>($_self).getElementType()">;

//===----------------------------------------------------------------------===//
// Structure: kernels and ranges
//===----------------------------------------------------------------------===//

def TinyK_KernelOp : TinyK_Op<"kernel", [SingleBlock, NoTerminator,
    NoRegionArguments, RecursiveMemoryEffects]> {
  let summary = "one kernel: the loops that compute one realized value";
  let description = [{
    Groups the ranges, loads and stores of one kernel, as tinygrad's SINK of
    a kernel does. The name follows tinygrad's kernel naming (E_ for
    elementwise, r_ for kernels with a reduction, then the loop bounds).
    Buffers come from the enclosing function; on the CPU the body runs in
    place, for GPUs it is the unit that becomes a `gpu.func`. In a function
    that spans several devices each kernel names the device it runs on
    (the device of the buffer it writes). Only the device's kind is read
    from it, so `"CUDA"` and `"CUDA:0"` are alike; -tiny-rangeify writes
    the canonical spelling of `#tiny.device`.

    ```mlir
    tiny.k.kernel "E_6" {
      tiny.k.range loop %i < %c6 { ... }
    }
    tiny.k.kernel "E_4" on "CPU:1" { ... }
    ```
  }];
  let arguments = (ins StrAttr:$name, OptionalAttr<StrAttr>:$device);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "$name (`on` $device^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::StringAttr":$name), [{
      build($_builder, $_state, name, ::mlir::StringAttr());
    }]>,
  ];
}

def TinyK_CopyOp : TinyK_Op<"copy"> {
  let summary = "copy a range of elements from one device's buffer to another's";
  let description = [{
    The host schedule's data movement between devices: `count` elements of
    `src` starting at element `src_offset` are written into `dst` starting at
    `dst_offset`. The runtime performs it (a peer copy, or staged through
    host memory) and counts the bytes on both devices; it is not a kernel.
    A copy of a contiguous view (a shrink whose rows are whole) is a copy of
    its range, so only the bytes of the view move.

    ```mlir
    tiny.k.copy %a[1] to %b[0] count 2 : memref<4xi32>, memref<2xi32>
    ```
  }];
  let arguments = (ins Arg<Tiny_Buffer, "", [MemRead]>:$src,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$src_offset,
                       Arg<Tiny_Buffer, "", [MemWrite]>:$dst,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dst_offset,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$count);
  let assemblyFormat = [{
    $src `[` $src_offset `]` `to` $dst `[` $dst_offset `]` `count` $count
    attr-dict `:` type($src) `,` type($dst)
  }];
  let hasVerifier = 1;
}

def TinyK_CustomFunctionOp : TinyK_Op<"custom_function",
    [AttrSizedOperandSegments]> {
  let summary = "call a host function on buffers";
  let description = [{
    The host schedule's form of `tiny.custom_function`: the host function
    registered under `name` reads the flat buffers `inputs` and writes the
    flat buffers `outputs`, whose logical types (dtype, shape, device) are
    the inputs and results of `signature`. It is not a kernel: the host runs
    it between kernels, and -convert-tiny-to-runtime lowers it to a call
    into the runtime, which finds the function by name (see
    jit/HostFunctions.h for the function's ABI).

    ```mlir
    tiny.k.custom_function "sgemm"(%a, %b : memref<16xf32>, memref<16xf32>)
        to (%c : memref<16xf32>)
        signature (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name,
                       Arg<Variadic<Tiny_Buffer>, "", [MemRead]>:$inputs,
                       Arg<Variadic<Tiny_Buffer>, "", [MemWrite]>:$outputs,
                       TypeAttrOf<FunctionType>:$signature);
  let assemblyFormat = [{
    $name `(` ($inputs^ `:` type($inputs))? `)`
    `to` ` ` `(` ($outputs^ `:` type($outputs))? `)`
    `signature` $signature attr-dict
  }];
  let hasVerifier = 1;
}

def TinyK_RangeOp : TinyK_Op<"range", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"k::EndOp">,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
      "getLoopInductionVars", "getLoopLowerBounds", "getLoopUpperBounds",
      "getLoopSteps", "getRegionIterArgs", "getInitsMutable",
      "getYieldedValuesMutable", "getLoopResults"]>]> {
  let summary = "a loop from 0 to a bound, with its AxisType";
  let description = [{
    tinygrad's RANGE ... END as a region: the block argument is the
    induction variable, counting from 0 up to `bound` (exclusive). The axis
    type says what the loop is (a reduction, a serial loop, threads, ...).
    Values carried from one iteration to the next (a reduction's
    accumulator) are `iter_args`; `tiny.k.end` yields their next values and
    the op's results are their values after the last iteration.

    ```mlir
    %sum = tiny.k.range reduce %r < %c16 iter_args(%acc = %zero) -> (f32) {
      ...
      tiny.k.end %next : f32
    }
    ```
  }];
  let arguments = (ins Tiny_AxisTypeAttr:$axis, Index:$bound,
                       Variadic<AnyType>:$initArgs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::tiny::AxisType":$axis, "::mlir::Value":$bound,
                   CArg<"::mlir::ValueRange", "{}">:$inits)>
  ];
  let extraClassDeclaration = [{
    /// The induction variable.
    ::mlir::BlockArgument getInductionVar() { return getBody().getArgument(0); }

    /// Replaces this range, which carries nothing, by its body for the one
    /// iteration at `index`, inlined in its place: a range a grid takes
    /// (a block or thread id is its index) or that runs once (index 0).
    void inlineAt(::mlir::RewriterBase &rewriter, ::mlir::Value index);
  }];
}

def TinyK_EndOp : TinyK_Op<"end", [Pure, Terminator, ReturnLike,
    HasParent<"k::RangeOp">]> {
  let summary = "end of a range body: the carried values' next values";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TinyK_IndexOp : TinyK_Op<"index", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "address of one element of a buffer";
  let description = [{
    tinygrad's kernel-level INDEX: one index per buffer axis. The pointer's
    address space is the buffer's memory space (a `#tiny<addrspace local>`
    and so on), global when the memref has none.

    ```mlir
    %p = tiny.k.index %buf[%i] : memref<6xf32>  // !tiny.ptr<f32, global>
    ```
  }];
  let arguments = (ins Tiny_Buffer:$buffer, Variadic<Index>:$indices);
  let results = (outs Tiny_Ptr:$result);
  let assemblyFormat = "$buffer `[` $indices `]` attr-dict `:` type($buffer)";
  let hasVerifier = 1;
}

def TinyK_LoadOp : TinyK_Op<"load", [AttrSizedOperandSegments,
    TypesMatchWith<"result is the pointer's element type", "ptr", "result",
        "::llvm::cast<::mlir::tiny::PtrType>($_self).getElementType()">]> {
  let summary = "load one element, optionally gated";
  let description = [{
    With a gate, the load happens only where the gate is true and `alt` is
    the value elsewhere, so a masked (padded) read never touches memory out
    of bounds.

    ```mlir
    %v = tiny.k.load %p : !tiny.ptr<f32, global>
    %w = tiny.k.load %p if %valid else %zero : !tiny.ptr<f32, global>, f32
    ```
  }];
  let arguments = (ins Arg<Tiny_Ptr, "", [MemRead]>:$ptr, Optional<I1>:$gate,
                       Optional<AnyType>:$alt);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`if` $gate^ `else` $alt)? attr-dict `:` qualified(type($ptr)) (`,` type($alt)^)?
  }];
  let hasVerifier = 1;
}

def TinyK_StoreOp : TinyK_Op<"store", [Tiny_ElementOfPtr]> {
  let summary = "store one element, optionally gated";
  let description = [{
    ```mlir
    tiny.k.store %p, %v : !tiny.ptr<f32, global>
    tiny.k.store %p, %v if %valid : !tiny.ptr<f32, global>
    ```
  }];
  let arguments = (ins Arg<Tiny_Ptr, "", [MemWrite]>:$ptr, AnyType:$value,
                       Optional<I1>:$gate);
  let assemblyFormat = [{
    $ptr `,` $value (`if` $gate^)? attr-dict `:` qualified(type($ptr))
  }];
}

def TinyK_AtomicAddOp : TinyK_Op<"atomic_add", [Tiny_ElementOfPtr]> {
  let summary = "atomically add a value to one element";
  let description = [{
    ```mlir
    tiny.k.atomic_add %p, %v : !tiny.ptr<f32, global>
    ```
  }];
  let arguments = (ins Arg<Tiny_Ptr, "", [MemRead, MemWrite]>:$ptr,
                       AnyType:$value);
  let assemblyFormat = "$ptr `,` $value attr-dict `:` qualified(type($ptr))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GPU-level ops
//===----------------------------------------------------------------------===//

def TinyK_SpecialOp : TinyK_Op<"special", [Pure]> {
  let summary = "a GPU hardware index (block or thread id) below a bound";
  let description = [{
    tinygrad's SPECIAL: `gidx0`..`gidx2` are block (group) ids, `lidx0`..`lidx2`
    thread ids within a block, `idx0`..`idx2` global ids; the value counts
    from 0 up to `bound`.

    ```mlir
    %g = tiny.k.special "gidx0" bound %c256
    ```
  }];
  let arguments = (ins StrAttr:$name, Index:$bound);
  let results = (outs Index:$result);
  let assemblyFormat = "$name `bound` $bound attr-dict";
  let hasVerifier = 1;
}

def TinyK_BarrierOp : TinyK_Op<"barrier"> {
  let summary = "synchronize the threads of a block (local memory fence)";
  let assemblyFormat = "attr-dict";
}

def TinyK_WmmaOp : TinyK_Op<"wmma", [Pure, AllTypesMatch<["c", "result"]>]> {
  let summary = "a tensor-core multiply-accumulate on per-thread fragments";
  let description = [{
    `result = a * b + c` over an (M, N, K) = `dims` tile, each operand being
    the calling thread's fragment of its matrix.

    ```mlir
    %d = tiny.k.wmma %a, %b, %c dims [16, 16, 16]
        : vector<8xf16>, vector<8xf16>, vector<4xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$a, AnyVectorOfNonZeroRank:$b,
                       AnyVectorOfNonZeroRank:$c, DenseI64ArrayAttr:$dims);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c `dims` $dims attr-dict `:` type($a) `,` type($b) `,` type($c)
  }];
  let hasVerifier = 1;
}

def TinyK_CustomOp : TinyK_Op<"custom"> {
  let summary = "target source code with `{N}` naming the N-th operand";
  let description = [{
    tinygrad's CUSTOM / CUSTOMI: text the renderer pastes into the kernel;
    `{{` and `}}` stand for literal braces.

    ```mlir
    %r = tiny.k.custom "__builtin_popcount({0})"(%x) : (i32) -> i32
    ```
  }];
  let arguments = (ins StrAttr:$code, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $code `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

#endif // TINY_KERNEL_OPS_TD
