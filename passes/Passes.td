//===- Passes.td - tiny-to-tiny rewrite passes -------------*- tablegen -*-===//

#ifndef TINY_PASSES_TD
#define TINY_PASSES_TD

include "mlir/Pass/PassBase.td"

def TinySelectEntry : Pass<"tiny-select-entry", "::mlir::ModuleOp"> {
  let summary = "Keep the entry function and what it calls, as the JIT "
                # "compiles a program";
  let description = [{
    Keeps `tiny.function @<entry>` and the functions it calls, directly or
    through others, and erases the module's other functions, so their errors
    are not the entry's. The callees become private: -tiny-resolve-calls
    inlines them and rangeify drops private functions. This is the first
    step of the JIT (see the `tiny-jit` pipelines). An entry the module does
    not define is an error.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"",
           "The tiny.function to keep (required)">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyResolveCalls : Pass<"tiny-resolve-calls", "::mlir::ModuleOp"> {
  let summary = "Inline tiny.call by substituting params with argument views";
  let description = [{
    Replaces each `tiny.call @f(args)` by the body of `tiny.function @f`,
    with each `tiny.param` of slot i replaced by the flat storage view of
    argument i: `reshape(arg, (size,))` (or the image shape), or the argument
    itself for a scalar param. A multi-device argument built by `unshard` is
    checked and substituted per shard: its per-device source is used, and
    the function's own `unshard` of the param rebuilds the logical view.

    Errors name the argument: `arg 1 shape mismatch: expected size 6, got
    (2, 4)`, `arg 0 expected scalar, got (3,)`, `arg 0 dtype mismatch:
    expected f32, got i32`, a device mismatch, params not numbered 0..n-1,
    and a wrong argument count. Calls in function bodies and inside the
    inlined bodies are resolved too; a function that calls itself, or a call
    chain deeper than `max-depth`, is reported as recursion.
  }];
  let options = [
    Option<"maxDepth", "max-depth", "unsigned", /*default=*/"64",
           "Nesting of calls inside inlined bodies before giving up">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyDecompose : Pass<"tiny-decompose"> {
  let summary = "Rewrite derived ops into tinygrad's primitive ops";
  let description = [{
    For targets that only have the primitive ALU ops:
    - `neg(x)` -> `mul(x, -1)`
    - `sub(a, b)` -> `add(a, mul(b, -1))`
    - `fdiv(a, b)` -> `mul(a, reciprocal(b))`
    - `pow(a, b)` -> `exp2(mul(log2(|a|), b))` with C pow's cases selected
      by `where`: 1 for b == 0 and for |a| == 1; for a negative a (-0
      included) the power negated for an odd integer b, NaN for a finite a
      and a non-integral b (a constant b's class is decided at compile time)
    - `mulacc(a, b, c)` -> `add(mul(a, b), c)`
    - `cmpgt(a, b)` -> `cmplt(b, a)`
    - `cmple(a, b)` -> `cmpge(b, a)`, then as `cmpge`
    - `cmpge(a, b)` -> `cmpne(cmplt(a, b), true)` on integers and i1; on
      floats `or(cmplt(b, a), cmpeq(a, b))`, which keeps `NaN >= x` false as
      IEEE requires (negating `cmplt` would make it true)
    - `cmpeq(a, b)` -> `cmpne(cmpne(a, b), true)`
    - `not(x)` -> `cmpne(x, true)`
    - `floordiv(a, b)` / `floormod(a, b)` -> `cdiv` / `cmod` corrected by one
      step where the remainder is non-zero and its sign differs from the
      divisor's (unsigned types need no correction)

    Constants are created as rank-0 `tiny.const`s that broadcast.

    With `approximate-transcendentals`, for targets without native
    transcendentals, `exp2`, `log2` and `sin` are also rewritten into
    polynomial approximations made of ALU ops only (add, mul, reciprocal,
    cmplt, cmpne, where, cast, bitcast, and, or, shl, shr, max),
    computed in f32 or f64 (f16 and bf16 through f32):
    - `exp2(x)`: x = n + s with n = round(x); a polynomial for 2^s scaled by
      2^n built in the exponent bits. Inf above the range, 0 below it.
    - `log2(x)`: x = 2^k * m with m in [sqrt(1/2), sqrt(2)) read from the
      bits (subnormals pre-scaled); the atanh series of (m - 1) / (m + 1).
      log2(+-0) = -inf, log2(x < 0) = NaN, log2(inf) = inf.
    - `sin(x)`: Cody-Waite reduction modulo pi/2 (|x| < 4096 for f32, 2^20
      for f64), Payne-Hanek with the bits of 2/pi beyond; the sine or cosine
      series on [-pi/4, pi/4] by quadrant. sin(+-inf) = NaN.
    NaN inputs give NaN.
  }];
  let options = [
    Option<"approximateTranscendentals", "approximate-transcendentals",
           "bool", /*default=*/"false",
           "Rewrite exp2, log2 and sin into polynomial approximations">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyFoldMovement : Pass<"tiny-fold-movement"> {
  let summary = "Simplify chains of movement ops";
  let description = [{
    Movement-op algebra. The ops' folders, which -canonicalize applies too,
    compose chains in place and remove identities:
    - `reshape(reshape(x))` -> `reshape(x)`; `expand(expand(x))` ->
      `expand(x)`
    - `permute(permute(x))` -> one `permute` with the composed order, or `x`
    - `shrink(shrink(x))` -> one `shrink`
    - `pad(pad(x))` -> one `pad` (both pad with zeros, so the amounts add)
    - `flip(flip(x))` -> one `flip` of the axes flipped an odd number of
      times, or `x`
    - identity movements (reshape to the same shape, identity permute, zero
      pad, full shrink, flip of size-1 axes, expand to the same shape) -> `x`,
      and movements of splat constants -> constants
    This pass applies them together with the rewrites that make new ops:
    - `shrink(pad(x))` inside the unpadded region -> `shrink(x)`
    - movement ops moved across elementwise ops where that removes work:
      `op(expand(a), expand(b))` (one source shape, or splat constants) ->
      `expand(op(a, b))`; `shrink(op(a, b))` with no broadcast and no other
      user of `op` -> `op(shrink(a), shrink(b))`
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyMulti : Pass<"tiny-multi"> {
  let summary = "Propagate sharding: run ops on the shards of unshard values";
  let description = [{
    A sharded value is `unshard(x, axis)`, x holding one shard per device;
    any other value on a device tuple is held whole by every device.
    `unshard` moves down through its users:
    - an elementwise op or a stack with a sharded operand runs per shard;
      the other operands are read per shard: sharded alike, their shards;
      held whole, each device's part (copying only that part of a value
      copied from one device); sharded along another axis, each device's
      part gathered from the shards; broadcast along the axis, as they are
    - a reduce over the sharded axis becomes a per-shard reduce and an
      `allreduce`; over other axes, a per-shard reduce
    - permute, expand and reshape remap the sharded axis; pad, shrink and
      flip that leave the sharded axis alone run per shard; a flip of the
      sharded axis swaps the shards; a shrink of part of it gathers the
      window on every device
    - contiguous, detach, contiguous_backward and bitcast run per shard; so
      do a gather along another axis and a gather from a whole source with
      sharded indices
    - a store into a sharded target stores each shard of the value (read as
      an elementwise op's operand) into the target's shard; an after of a
      sharded value waits per shard
    - a copy to one device gathers: each shard is selected, copied and the
      copies are stacked and merged along the axis; a copy to a tuple
      gathers on each of its devices
    - a copy to a tuple with `shard k` becomes an unshard of the mstack of
      copies of the value's n equal parts along k
    Errors: a reshape that would move a shard boundary, a pad of the sharded
    axis, a gather along the sharded axis or with both source and indices
    sharded.
    Sharding is read from `unshard` ops only, never from params.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyRangeify : Pass<"tiny-rangeify", "::mlir::ModuleOp"> {
  let summary = "Turn tensor-level functions into kernels over flat buffers";
  let description = [{
    Each `tiny.function` becomes a `func.func` whose arguments are the flat
    buffers of its params (in slot order, marked
    `tiny.buffer = #tiny.buffer<param SLOT>`) and then one output buffer per
    returned tensor (`#tiny.buffer<output I>`). Every realized
    value (a returned value, a `contiguous`, a `copy`, a `store`, a reduce
    read by two kernels, at two positions, or through an expand or a
    gather) gets a buffer and a `tiny.k.kernel` whose LOOP ranges cover the
    value's shape; reads of a reduce at one position (the two of
    `where(0 < r, r, 0)`) share one accumulator. So does an elementwise
    value that expands or broadcasts read at many more positions than it
    has, when it reads more than three buffers (else tinygrad's
    remove_bufferize recomputes it) and recomputing it at those positions
    would cost at least 2^22 ops (a convolution's gradient, which the
    weight gradient reads once per weight). Everything
    feeding a kernel is computed inside its loops: movement ops become index
    arithmetic (pad and gather with validity masks), a reduce becomes REDUCE
    ranges carrying an accumulator, elementwise ops become `arith` / `math`
    on scalars (threefry among them).

    A constant that is not a splat, and `tiny.binary`, is a private
    read-only `memref.global` that kernels load from as from a param's
    buffer (each kernel names the global itself, so a GPU kernel's module
    carries it). A `load`, and a `stage` without ranges, realize their
    source in a new buffer on their device, as a copy does. A
    `tiny.custom_function` becomes a `tiny.k.custom_function` on the
    buffers of its arguments (computed into buffers when no buffer holds
    them) and new buffers for its results; it runs whether its results are
    read or not. A `tiny.custom_kernel` is one kernel of its name, its
    body cloned over one buffer per operand: the operand's own (or that of
    the param or buffer it is a reshape of) when the kernel only reads it
    and its result is unread, or when the kernel can update it in place (a
    program's buffer or an earlier custom kernel's result that nothing else
    reads; a param or buffer whose result is only stored back into the
    whole of it, with nothing after the kernel reading its old value: a
    `contiguous` of it that a later kernel reads is taken before the
    kernel, and the store emits no kernel); else a copy of the operand.

    Every op of the function is checked first: one rangeify does not lower
    (a kernel-level op, an op of another dialect, a stage with ranges, a
    tensor in local or register memory of a GPU, a gettuple left unfolded)
    is reported at the op, whether its value is read or not.

    A `store` whose value reads its target only at the element it writes
    (`m = 0.9 * m + g`) is one kernel writing in place; one that reads
    other elements of it (a flip, a transpose) is computed into a buffer
    of its own first. A value of no elements gets no kernel. A
    `contiguous` of a param or buffer (the copy -tiny-snapshot-overwritten
    makes of a buffer a store overwrites) is taken only at the first store
    into that buffer, and only when a kernel after the store reads it;
    before that, kernels read the buffer itself.

    A function that uses several devices, or one device that is not the
    host ("CPU"), is a host schedule: every buffer is then an argument
    (scratch buffers marked `#tiny.buffer<scratch N>`, each argument's
    device in its `#tiny.buffer`, as in `<param 0 on "CPU:1">`) that the
    runtime allocates, each
    kernel names its device (`tiny.k.kernel "E_4" on "CPU:1"`), and a copy
    between devices is a `tiny.k.copy`. A copy of a contiguous view of a
    buffer (a reshape, a shrink whose rows are whole) copies that range, so
    only the view's bytes move; any other view (a permute, an expand, a pad)
    is computed into a buffer on the source device first and then copied.

    Needs calls resolved and multi-device values expanded per device
    (-tiny-expand-multi). Private
    functions, reached only through calls, are dropped.
  }];
  let dependentDialects = [
    "::mlir::tiny::TinyDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TinyPrintSchedule : Pass<"tiny-print-schedule", "::mlir::ModuleOp"> {
  let summary = "Print the kernels of each function after rangeify";
  let description = [{
    Prints one line per function with its kernel count and the kernels'
    names in order, e.g. `schedule @f: 2 kernels: r_4_1 E_4_3`, to the
    output stream (stdout unless `to-stderr` is set). The IR is unchanged.
  }];
  let options = [
    Option<"toStderr", "to-stderr", "bool", /*default=*/"false",
           "Print to stderr instead of stdout">,
  ];
}

def TinyOutlineKernels : Pass<"tiny-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Make each CPU kernel a function of its own, called in place";
  let description = [{
    Moves each `tiny.k.kernel "NAME"` of a host function (one not on a GPU
    device) into a private `func.func @NAME` of the module and calls it
    where the kernel stood, so the kernel keeps its name in the compiled
    code, in profilers and in backtraces. The values the kernel uses from
    the host function (its buffers) become the function's arguments, in the
    order the kernel first uses them; constants are cloned in. Names are
    unique within the module: a name already taken gets the suffix `n1`,
    `n2`, ... (`E_6`, `E_6n1`), as tinygrad numbers repeated kernels.

    Each kernel function carries `passthrough = ["noinline"]`, which
    reaches LLVM as the `noinline` attribute, so LLVM's optimizer does not
    inline it back; `tiny.kernel`, which marks it as a kernel; and a static
    estimate of its work:
    - `tiny.flops`: the kernel's arithmetic ops (arith and math ops whose
      result is not an index, other than constants and casts; a vector op
      counts once per lane), each weighted by the product of the bounds of
      its enclosing `tiny.k.range`s (a bound that is not a constant counts
      as 1);
    - `tiny.bytes`: the bytes of each distinct buffer the kernel loads from,
      stores to or adds to atomically, counted once per buffer whatever the
      kernel reads of it, as tinygrad's memory estimate does.

    ```mlir
    func.func @f(%x: memref<6xf32>, %out: memref<6xf32>) {
      call @E_6(%x, %out) : (memref<6xf32>, memref<6xf32>) -> ()
      return
    }
    func.func private @E_6(%x: memref<6xf32>, %out: memref<6xf32>)
        attributes {passthrough = ["noinline"], tiny.bytes = 48 : i64,
                    tiny.flops = 6 : i64, tiny.kernel} {
      tiny.k.kernel "E_6" { ... }
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def TinyLowerAllreduce : Pass<"tiny-lower-allreduce"> {
  let summary = "Write each allreduce as copies and combines between devices";
  let description = [{
    Replaces `tiny.allreduce` on a value sharded over n devices by
    `mselect`, `reshape`, `shrink`, `copy`, the reduce's elementwise op
    (`add`, `max` or `mul`), `stack` / `pad` / `where` to reassemble, and
    `mstack`, as tinygrad's multi rules do. ring and all2all split the flat
    value (N elements) into n contiguous chunks, the first N mod n one
    element longer; s_i is the size of chunk i, and device d sends:
    - `ring`: n-1 reduce-scatter steps pass each partial chunk i from
      device i+1 around to device i, then n-1 allgather steps pass it on
      from device i: 2N - s_d - s_{d+1} elements in 2(n-1) copies.
    - `all2all`: chunk i of every device is copied to device i and combined
      there in device order, then copied to every device:
      N + (n-2) s_d elements in 2 rounds.
    - `naive`: every device copies its whole shard to every other device
      and combines all n in device order: (n-1) N elements.
    - `hierarchical`: the devices are grouped by the MPI rank that owns
      them (`KIND:N@R`), groups in the order of their first device, whose
      first device leads. Each other device copies its shard to its leader
      (N elements), which combines them in device order; the R leaders
      allreduce by `naive` for R = 2 (a ring of two sends the same N in
      twice the copies, plus a reassembly) and by `ring` for R > 2; each
      leader copies the result to the rest of its group. A leader of k
      devices sends (k-1) N inside its rank, and to other ranks N (R = 2)
      or 2N - t_q - t_{q+1} (R > 2, t_q the leaders' chunks). With one
      device per rank it is `naive` (R = 2) or `ring`; with one rank, a
      reduce to the first device and a broadcast from it.
    - `auto`: `hierarchical` when the devices span several ranks and some
      rank holds more than one; otherwise as tinygrad chooses (its defaults
      RING=1, ALL2ALL=0): `ring` for more than 2 devices and more than
      `ring-threshold` elements per shard, else `naive`.
    Reassembly moves bits only (no arithmetic on finished chunks). i1
    shards combine as tinygrad's bool ALU does: add is `or`, mul is `and`,
    max is `max` (an `or` on i1).
    Errors: an unknown algorithm.
  }];
  let options = [
    Option<"algorithm", "algorithm", "std::string", /*default=*/"\"ring\"",
           "How shards are combined: ring, all2all, naive, hierarchical or "
           "auto">,
    Option<"ringThreshold", "ring-threshold", "uint64_t",
           /*default=*/"256000",
           "auto: the most elements per shard that a single rank's "
           "allreduce moves by naive (tinygrad's RING_ALLREDUCE_THRESHOLD)">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyGuardKernelsByRank
    : Pass<"tiny-guard-kernels-by-rank", "::mlir::ModuleOp"> {
  let summary = "Run each kernel only on the MPI rank that owns its device";
  let description = [{
    A program whose devices live on several MPI ranks (names `KIND[:N]@R`,
    docs/device-names.md) runs SPMD: every rank runs the same compiled
    code. This pass wraps each `tiny.k.kernel` of such a kernel-level
    function in `scf.if` on `memref.load @tiny_host_rank == R`, R the rank
    of the kernel's device (0 for a kernel without one), and declares that
    global once: an `i64` the JIT sets to the process's rank before each
    run (TINY_HOST_RANK, runtime/include/tiny/HostCalls.h). Copies stay
    unguarded: each rank's runtime sends, receives or skips a copy between
    devices of two ranks.

    A function spans ranks when one of its `#tiny.buffer` arguments or one
    of its kernels names a device of a rank other than 0; other functions
    are left as they are, so a program of one process compiles as before.
    A kernel already guarded is not guarded again. It is the last step of
    `tiny-to-kernels`, so `tiny-opt` with the `tiny-jit` pipelines prints
    what tiny-run compiles for a program across ranks too.

    Errors: a function across ranks that calls a host function
    (`tiny.k.custom_function`), which only rank 0's process could run.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TinyExpandMulti : Pass<"tiny-expand-multi", "::mlir::ModuleOp"> {
  let summary = "Give each device of a multi-device value its own ops";
  let description = [{
    After sharding propagation (-tiny-multi) and allreduce lowering, an op
    whose values live on a tuple of n devices means the same op on each
    device. In every public `tiny.function` this pass writes it out: each
    multi-device value becomes n single-device values and each op on them
    n ops, one per device.
    - `mselect(v, i)` is v's value on device i; `mstack` lists the values.
    - A copy of a single-device value to a tuple is one copy per device; a
      copy between tuples of the same size copies device i to device i; a
      copy of a tuple value to one device reads device 0's value (every
      device holds the whole value; -tiny-multi gathers sharded ones). A
      copy onto the device a value is on is the value itself.
    - A `buffer` on a tuple becomes one buffer per device, each with a new
      slot that no other buffer of the function uses.
    - Stores and afters run per device.
    Private functions are only reached through calls (inlined by
    -tiny-resolve-calls) and are left alone.

    Errors: a param of a public function or a returned value on a device
    tuple (shard with copies inside the program, gather with a copy to one
    device), an `allreduce` left unlowered, an `unshard` read as a logical
    value, an op on values of two device tuples, and a copy between tuples
    of different sizes.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinySimplifyIndices : Pass<"tiny-simplify-indices"> {
  let summary = "Write index divisions and remainders by constants as sums, "
                "by the ranges of their terms";
  let description = [{
    Kernel-level, after -tiny-rangeify, which splits the flat offset of a
    reshape with `arith.divui` / `arith.remui` by constants: each such op on
    an `index` is rewritten as its operand's terms (over addi, subi, muli by
    a constant) where the ranges of those terms decide it, as tinygrad's
    symbolic rules do. With x = sum(a_i * t_i) + k, its integer value in
    [0, 2^63), and r the sum of the coefficients' remainders by c:
    - `x mod c` -> `r - c * q` and `x div c` -> `sum((a_i div c) * t_i) +
      (k div c) + q` when every value of r has the quotient q by c;
    - otherwise `x mod c` -> `r mod c` when some coefficient was reduced,
      and `x div c` -> `sum((a_i div c) * t_i) + (k div c) + r div c` when
      some term leaves the division;
    - `(x div a) div b` -> `x div (a * b)`, `(x mod a) mod b` -> `x mod b`
      when b divides a;
    - in a sum, the digits of a split offset joined back, for any x:
      `a * (x mod c) + a * c * (x div c)` -> `a * x` and
      `a * (x mod c) + a * c * ((x div c) mod d)` -> `a * (x mod (c * d))`
      (a realized tensor read through a reshape that merges its axes).
    A term's range is known for the induction variable of a `tiny.k.range`
    with a constant bound, a remainder or quotient by a constant, and the
    clamped index of a padded read (`select(ult(i, n), i, k)`).

    ```mlir
    // (i * 25 + j) mod 24 with i < 5, j < 20:
    %0 = arith.remui %x, %c24 : index     // -> %j + %i
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TinyCollapseReduce : Pass<"tiny-collapse-reduce"> {
  let summary = "Write sums over a range of compare-gated values in closed "
                "form, and one-hot sums as reads";
  let description = [{
    Kernel-level, after -tiny-simplify-indices: a `tiny.k.range reduce`
    whose body reads memory at most and adds one term to its accumulator is
    replaced by its sum, written before it, when the term is made of
    - values fixed in the loop (times the bound),
    - sums, differences, negations and products by fixed values of terms,
    - `select(c, a, b)` with a and b fixed and c a conjunction of compares
      of r (plus fixed values) with fixed values: a times the number of r
      where c holds, plus b times the rest; `x * uitofp(c)` as
      `select(c, x, 0)`, and a cast of a select as the select of the casts,
    - `select(r == e, f(r), 0)` (or `r != e` with the branches swapped):
      `f(e)` where 0 <= e < N, else 0 (a one-hot sum is a gather).
    Inner ranges go first, so the count an inner sum becomes can be a
    compare's operand in the outer one. Compares are read as linear sums of
    terms with known ranges (loop indices, narrower integers) and rewritten
    only where the ranges show their operands' machine values are their
    integer values, so no compare that could wrap changes. Floating-point
    sums change rounding (a count times a value instead of that many
    additions), as in tinygrad's reduce_collapse, which this follows.

    ```mlir
    // tinygrad's arange(4), a cumsum: sum over j < 4 of (i + j >= 3 ? 1 : 0)
    %s = tiny.k.range reduce %j < %c4 iter_args(%acc = %c0_i32) -> (i32) {...}
    // -> i + 1
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TinyCPUSchedule : Pass<"tiny-cpu-schedule"> {
  let summary = "Choose the THREAD, UPCAST and UNROLL ranges of each CPU kernel";
  let description = [{
    The only code that sets the THREAD, UPCAST and UNROLL AxisTypes of CPU
    kernel ranges;
    -convert-tiny-to-scf only reads it (a THREAD range carrying nothing
    becomes an `scf.parallel`). -tiny-rangeify emits LOOP and REDUCE ranges
    only. Kernels that name a CUDA or HIP device are left for
    -tiny-gpu-schedule, and a kernel with a range of any type other than
    LOOP or REDUCE is a schedule already chosen (by hand or an earlier run)
    and is kept, as is a kernel with the unit attribute `tiny.scheduled`
    (a kernel search chose its ranges, jit/KernelSearch.h).

    A kernel whose work reaches `min-work` gets one THREAD range: the
    outermost range of its output nest that runs more than once (from the
    top, each range the only op of its block that writes or holds regions,
    LOOP, carrying nothing, with a constant bound; at the top, the tail of
    upcast rows may follow it, and runs on one core after it). The work is
    the most
    times one op of the kernel runs (the product of the bounds of the
    ranges around it), or the most loads of one buffer that run inside
    REDUCE ranges (a matmul's body computes several rows per iteration).

    ```mlir
    tiny.k.range loop %i < %c256 {
      tiny.k.range loop %j < %c256 { ... }
    }
    // becomes
    tiny.k.range thread %i < %c256 {
      tiny.k.range loop %j < %c256 { ... }
    }
    ```

    Whatever its work, the rows of a kernel's reduction-outside nest (a
    REDUCE range carrying nothing, whose body ends in the LOOP range of the
    columns, whose body updates accumulators in memory: the form
    -tiny-rangeify gives a large matmul, one output row per iteration of its
    output loops) are UPCAST: of the LOOP ranges around the nest that run
    more than once, the outermost on which none of the column loop's loads
    but the accumulators' depends (a matmul's rows share B; a batched
    convolution's output channels share the input row, its images would
    not), else the outermost, 8 rows at a time when it has at least 16,
    the rows 8 does not divide split off after it into an UPCAST range of
    their own; fewer rows, the most of 8, 4 or 2 that divide them and leave
    two groups.
    -tiny-expand-upcast then computes the group's rows together in each
    column loop (register tiles of -tiny-optimize), loading what does not
    depend on the row (matmul's B) once for all of them. The rows are kept
    where their iterations might not be independent: each must load and
    store its own elements of the buffers it writes.

    ```mlir
    tiny.k.range loop %i < %c20 {
      tiny.k.range loop %j < %c64 { (store out[%i, %j], 0) }
      tiny.k.range reduce %k < %c48 { tiny.k.range loop %j < %c64 { ... } }
    }
    // becomes
    tiny.k.range loop %o < %c2 {
      tiny.k.range upcast %u < %c8 { (the body, at %i = %o * 8 + %u) }
    }
    tiny.k.range upcast %t < %c4 { (the body, at %i = %t + 16) }
    ```

    In a nest of fewer than 128 columns (a convolution's output row), the
    innermost LOOP range of more than one iteration between the rows'
    UPCAST range and the REDUCE range (the output row, inside the output
    channels) is UPCAST 2 at a time as well, its odd row split off after
    it: each value the rows share (a weight) then serves two rows of a
    register tile, whose rows hold one or two vectors each.

    The same nest gets its REDUCE range UNROLLed by 4 where 4 divides its bound: the
    range runs a quarter of the iterations, and the column loop's body loads
    each accumulator once, combines 4 reduced indices in an UNROLL range
    carrying the accumulators, and stores them once (-tiny-expand-upcast
    copies that range's body). The nest is kept where that would change
    what is computed: the stores must update accumulators at addresses
    independent of the reduced index, disjoint across the columns, and
    nothing else in the column loop may write memory or read the
    accumulators' buffers.

    ```mlir
    tiny.k.range reduce %k < %c8 {
      tiny.k.range loop %j < %c32 {
        %acc = tiny.k.load %p
        %s = arith.addf %acc, (... %k ...)
        tiny.k.store %p, %s
      }
    }
    // becomes
    tiny.k.range reduce %kb < %c2 {
      tiny.k.range loop %j < %c32 {
        %acc = tiny.k.load %p
        %r = tiny.k.range unroll %u < %c4 iter_args(%x = %acc) -> (f32) {
          %k = %kb * 4 + %u
          %s = arith.addf %x, (... %k ...)
          tiny.k.end %s : f32
        }
        tiny.k.store %p, %r
      }
    }
    ```

    A reduction-outside nest inside output ranges that run more than once,
    whose rows read, per pass over the reduced indices, more of a source
    than half of `cache-bytes` (a matmul's B, K x N bytes, read again by
    every block of rows), gets its REDUCE range split into blocks: the most
    iterations (at least 4) that divide its bound and whose reads of that
    source fit, the range of the blocks outside the output ranges, and the
    ops before and after the REDUCE range in nests of their own (each
    output element still sees its initialization, its reduced indices in
    order and its epilogue). A source whose rows are less than half a cache
    line from a multiple of 4 KiB apart (each tile's columns of a block then
    share a few cache sets, which keep them badly) is blocked unpacked only
    when it is larger than a quarter of the host's last-level cache.

    With `pack=auto` (the default) such a source is blocked packed instead
    (packOperand): per block, the source's block is copied into a scratch
    buffer (`memref.alloc`) of rows of an odd number of cache lines, which
    the nest then reads. `pack=on` packs wherever packOperand applies,
    `pack=off` nowhere; any other value fails the pass.

    ```mlir
    tiny.k.range thread %i < %c128 {
      (init rows of %i)
      tiny.k.range reduce %k < %c256 { tiny.k.range loop %j < %c1024 { ... } }
    }
    // becomes, with 16 iterations' rows of the source in half the cache
    tiny.k.range thread %i < %c128 { (init rows of %i) }
    tiny.k.range reduce %kb < %c16 {
      tiny.k.range thread %i < %c128 {
        tiny.k.range reduce %kk < %c16 {
          %k = %kb * 16 + %kk
          tiny.k.range loop %j < %c1024 { ... }
        }
      }
    }
    ```

    With `hoist-threads` the threads of such a blocked nest then move
    outside the range of its blocks (hoistThreads,
    passes/ScheduleActions.h): `threads` shares of the rows (0: the host's
    hardware threads), each running its rows' initialization, every block
    over its rows and their epilogue, and each copying a packed block whole
    into a scratch buffer of its own, so the nest forks and joins its
    threads once instead of once or twice per block. It pays where waking
    the threads costs (OpenMP's workers asleep, KMP_BLOCKTIME=0) and costs
    where they spin (the copies of B are made once per thread): not the
    default, a choice the kernel search (`--beam`) times.

    ```mlir
    // the blocked nest above becomes, threads=2
    tiny.k.range thread %t < %c2 {
      tiny.k.range reduce %kb < %c16 {
        tiny.k.range loop %i0 < min(64, 128 - %t * 64) {
          %i = %t * 64 + %i0
          (the rows of %i, as above)
        }
      }
    }
    ```

    A LOOP range over output elements whose body reduces each element
    inside it (REDUCE ranges carrying values: the form -tiny-rangeify gives
    a reduce that reads its source contiguously, or a small one) is UPCAST
    when one of the reduction's loads does not depend on the element (a
    GEMV's vector, a weight several outputs read): the whole range when its
    bound is at most 8, else 4 or 2 of its iterations where that divides
    it, the range split into a LOOP range of the groups around an UPCAST
    range of the elements (index `%o * 4 + %u`). It is kept where the
    iterations might not be independent: the body must write memory only
    by ungated stores into buffers it does not load.

    ```mlir
    tiny.k.range loop %i < %c12 {
      %r = tiny.k.range reduce %k < %c16 iter_args(%a = %zero) -> (f32) {
        ... w[%i * 16 + %k] * x[%k] ...
      }
      tiny.k.store %p(%i), %r
    }
    // becomes
    tiny.k.range loop %o < %c3 {
      tiny.k.range upcast %u < %c4 {
        %i = %o * 4 + %u
        (the body)
      }
    }
    ```

    A kernel of enough work with no such range, whose reduction-outside
    nest sits in output ranges that all run once (a GEMV, x @ B with x one
    row: the columns inside the reduce range), gets its columns split into
    `threads` blocks (the most that divide them, 2 at least) by a THREAD
    range around the nest (threadColumns, passes/ScheduleActions.h): each
    block runs all the reduced indices over its own columns, reading its
    part of each of B's rows in order.

    ```mlir
    tiny.k.range reduce %k < %c4096 {
      tiny.k.range loop %j < %c4096 { (out[%j] += x[%k] * b[%k, %j]) }
    }
    // becomes, threads=2
    tiny.k.range thread %t < %c2 {
      tiny.k.range reduce %k < %c4096 {
        tiny.k.range loop %c < %c2048 { (the body, at %j = %t * 2048 + %c) }
      }
    }
    ```
  }];
  // packOperand's scratch buffers are memref.alloc and memref.dealloc.
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"16384",
           "Least work of a kernel spread over threads">,
    Option<"cacheBytes", "cache-bytes", "int64_t", /*default=*/"0",
           "Bytes of the second-level cache a core has (0: the host's)">,
    Option<"rowUpcast", "row-upcast", "int64_t", /*default=*/"0",
           "Rows of a reduction-outside nest UPCAST together (0: 8; 1: "
           "none)">,
    Option<"reduceUnroll", "reduce-unroll", "int64_t", /*default=*/"0",
           "Reduced indices of a reduction-outside nest UNROLLed together "
           "(0: 4; 1: none)">,
    Option<"pack", "pack", "std::string", /*default=*/"\"auto\"",
           "Cache blocks of a reduction-outside nest's source packed into "
           "a scratch buffer (packOperand): auto (where it was measured to "
           "pay), on (wherever it applies) or off">,
    Option<"threads", "threads", "int64_t", /*default=*/"0",
           "Threads the columns of a reduction-outside nest whose output "
           "ranges run once, or the rows of a blocked nest (hoist-threads), "
           "are split among (0: the host's hardware threads)">,
    Option<"hoistThreads", "hoist-threads", "bool", /*default=*/"false",
           "Move the threads of a nest blockReduce cut into cache blocks "
           "outside the range of its blocks (hoistThreads)">,
  ];
}

def TinyExpandUpcast : Pass<"tiny-expand-upcast"> {
  let summary = "Replace UPCAST and UNROLL ranges by copies of their body";
  let description = [{
    The only code that materializes the UPCAST and UNROLL AxisTypes of a
    schedule (-tiny-cpu-schedule's, or ranges written by hand), as
    tinygrad's expander does: a range of either type is replaced, in its
    place, by one copy of its body per index, its induction variable the
    constant index in each. The values it carries (an UNROLLed reduction's
    accumulators) are threaded through the copies: each copy starts from the
    values the one before yields, the first from the range's initial
    values, and the range's results are what the last copy yields. Nested
    ranges expand from the inside out. A range of bound 0 (or less) leaves
    its initial values. An UPCAST or UNROLL range whose bound is not a
    constant is an error.

    An UPCAST range that carries nothing and holds ranges is copied op by
    op instead (unroll-and-jam), as tinygrad's expander makes a REDUCE of a
    vector: each range of the same bound in every copy becomes one range
    carrying every copy's values, its body the copies of its body, and an
    op that writes nothing with the same operands in every copy (a load all
    the elements share) is emitted once. A reduction inside the loop over
    elements then carries every copy's accumulator; the rows of a
    reduction-outside nest are computed together in each column loop. An
    UPCAST range's iterations are independent, so the interleaved order
    keeps the results.

    ```mlir
    %s = tiny.k.range unroll %u < %c2 iter_args(%acc = %zero) -> (f32) {
      %v = ... %u ...
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    // becomes
    %c0 = arith.constant 0 : index
    %v0 = ... %c0 ...
    %n0 = arith.addf %zero, %v0 : f32
    %c1 = arith.constant 1 : index
    %v1 = ... %c1 ...
    %s = arith.addf %n0, %v1 : f32
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TinyGPUSchedule : Pass<"tiny-gpu-schedule"> {
  let summary = "Choose the blocks, threads and shared reductions of GPU "
                # "kernels";
  let description = [{
    The only code that sets the GPU AxisTypes of kernel ranges (GLOBAL,
    LOCAL, GROUP_REDUCE); -convert-tiny-to-gpu only reads them, and reports
    a kernel that carries none. For each kernel:
    - Reductions: when the kernel leaves the threads of a block free (it has
      no LOCAL range, GROUP_REDUCE, thread id or global id), a REDUCE range
      is shared by G threads of a block, when
      - every value it carries is folded by one associative, commutative
        arith op (float sums and products only with `reassoc`),
      - it is nested only in parallel output ranges (LOOP, THREAD, GLOBAL
        without carried values) whose bounds multiply to at most
        `max-outputs`,
      - it and the longest chain of ranges in it run at least `min-reduce`
        iterations, and
      - its body stores nothing and has no barrier.
      G is a power of two (for the tree that combines the threads' parts),
      at most `block-size` and no more than the longest shared range has
      iterations, one G for the kernel. The range becomes a GROUP_REDUCE of
      bound G, the threads, whose body is each thread's part: a REDUCE
      range over every G-th iteration from the thread's own (neighbouring
      threads read neighbouring elements). A range of G iterations becomes
      GROUP_REDUCE itself.
    - The grid: a kernel with no GLOBAL or LOCAL range and no special id
      gets one from its nest of output ranges (from the top, up to three
      ranges longer than one, LOOP or THREAD, carrying nothing, each the
      only op of its block that writes or has regions). They become GLOBAL
      ranges, except the innermost, which becomes LOCAL: `block-size`
      threads per block, split into a GLOBAL range of blocks and a LOCAL
      range of threads when longer (guarded when the bound is not a
      multiple). With a GROUP_REDUCE it becomes GLOBAL too. A range of one
      iteration is inlined.
    - Register tiles: in a kernel with no GROUP_REDUCE, when the body of
      the innermost range of that nest holds a REDUCE range that carries
      nothing (a reduction-outside nest, the form -tiny-rangeify gives a
      large matmul), the rows are the innermost range of the nest that runs
      more than once, a LOOP. When a load of the reduction does not depend
      on the row (a matmul's B) and the rows are independent (upcastLoop's
      check), they are UPCAST
      `row-upcast` at a time (4 when 0; 1 leaves one row per thread), so
      that -tiny-expand-upcast computes a tile of rows per thread and loads
      the shared operand once for them; the grid takes the groups of rows.
      At the kernel's top, the rows the factor does not divide are split
      off into an UPCAST range of their own, wrapped in ranges of one
      iteration of the main rows' grid axes (the grid's first thread runs
      it after its tile); nested rows, and fewer than 2 * `row-upcast`,
      take the most factor, halving `row-upcast`, that divides them (into
      two groups at least).
    - A kernel left with no GPU axis at all runs as one thread: its body is
      wrapped in a GLOBAL range of one iteration.

    ```mlir
    tiny.k.range loop %i < %c1000 { ... }
    // becomes
    tiny.k.range global %b < %c4 {
      tiny.k.range local %l < %c256 {
        %i = b * 256 + l
        scf.if %i < 1000 { ... }
      }
    }
    %s = tiny.k.range reduce %r < %c4096 iter_args(%acc = %z) -> (f32) {
      (body at %r)
    }
    // becomes
    %s = tiny.k.range group_reduce %g < %c256 iter_args(%acc = %z) -> (f32) {
      %p = tiny.k.range reduce %j < %c16 iter_args(%b = %acc) -> (f32) {
        %r = %j * 256 + %g
        (body at %r)
      }
      tiny.k.end %p : f32
    }
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of a default grid">,
    Option<"minReduce", "min-reduce", "int64_t", /*default=*/"256",
           "Fewest iterations of a reduction worth sharing">,
    Option<"maxOutputs", "max-outputs", "int64_t", /*default=*/"2048",
           "Most outputs of a kernel whose reductions are shared">,
    Option<"gpuKernelsOnly", "gpu-kernels-only", "bool", /*default=*/"false",
           "Schedule only kernels that name a CUDA or HIP device">,
    Option<"rowUpcast", "row-upcast", "int64_t", /*default=*/"0",
           "Rows of a reduction-outside nest one thread computes (0: the "
           # "default, 4; 1: one row per thread)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TinyOptimize : Pass<"tiny-optimize", "::mlir::ModuleOp"> {
  let summary = "Register-tile the large reductions of CPU kernels";
  let description = [{
    Chooses the register tiles of each CPU kernel and makes them with
    `registerTile` (passes/ScheduleActions.h), after -tiny-expand-upcast.
    Kernels that name a CUDA or HIP device are left for the GPU path, and
    a kernel with the unit attribute `tiny.scheduled` is kept as it is: a
    kernel search chose its tiles (jit/KernelSearch.h). A large reduction
    that rangeify wrote with its reduce ranges outside the innermost output
    loop (a matmul: each UPCAST row loads, combines and stores its
    accumulator for every reduced index) is register-tiled: the output
    columns are split into tiles of W, a multiple of the vector lanes; the
    tile loop goes outside the reduce ranges, which carry the tile's rows x
    W accumulators as vector iter_args; column-contiguous operands become
    `vector.load`s and column-independent ones broadcasts.
    Columns the tiles leave over get one-vector tiles, then at most one
    tile each of half a vector, a quarter..., then scalar ones.
    Each accumulator combines its elements in the original order.

    ```mlir
    tiny.k.range reduce %k < %c64 {
      tiny.k.range loop %j < %c64 {
        (out[%j] += a[%k] * b[%k, %j]; out[64 + %j] += a[64 + %k] * b[%k, %j])
      }
    }
    // becomes, W = 16
    tiny.k.range loop %t < %c4 {
      %init0 = vector.load %out[%t * 16] : memref<128xf32>, vector<16xf32>
      %init1 = vector.load %out[64 + %t * 16] : memref<128xf32>, vector<16xf32>
      %r:2 = tiny.k.range reduce %k < %c64
          iter_args(%acc0 = %init0, %acc1 = %init1) {
        %b = vector.load b[%k, %t * 16]
        (%acc0 + broadcast(a[%k]) * %b, %acc1 + broadcast(a[64 + %k]) * %b)
      }
      vector.store %r#0, %out[%t * 16] : memref<128xf32>, vector<16xf32>
      vector.store %r#1, %out[64 + %t * 16] : memref<128xf32>, vector<16xf32>
    }
    ```

    A nest of one accumulator row (a GEMV, a sum over a matrix's rows) is
    not tiled unless `tile-single-rows` (or `vectors-per-row`) says so: it
    reads each element of its sources once, and its column loop inside the
    reduce range reads them row by row as they lie in memory, where tiles
    would read a few columns of every row before the next tile's, which the
    hardware prefetchers do not follow (a 1x4096x4096 f32 GEMV on one
    thread: 4.6 ms tiled, 1.9 ms not). Nor is a nest of at most 4 rows
    that each thread runs once (only THREAD ranges, or ranges that run
    once, around it: a GEMV of a small batch, whose rows
    -tiny-cpu-schedule UPCASTs together): each thread reads its sources
    once either way, and a few rows' arithmetic per element is below what
    memory delivers (2x4096x4096 on 2 threads: 1.69-1.74 ms tiled,
    1.11-1.16 ms not).

    The nest is left alone unless every store in it updates an accumulator
    whose address does not depend on the reduced indices, the accumulators
    are at least a row of columns apart, nothing else in the nest reads or
    writes their buffers, and every column-dependent access is contiguous,
    strided or gathered in its last index, or a padded read: an index
    `select(ult(s, n), s, c)` plus offsets, with s contiguous in the column,
    becomes a `vector.maskedload` of the consecutive elements whose lanes
    out of bounds get the element at c, as the scalar loads read them.
    The lanes are the vector register's elements, or the most of 2, 4,
    8... that the columns hold when they are fewer; a nest of one column
    is left alone.

    W is `vectors-per-row` vectors of lanes; 0 (the default) chooses it so
    that the accumulators take about half of the vector registers, at most
    4 vectors per row, fewer where the columns are fewer. A
    `vectors-per-row` whose W exceeds the columns of a nest is an error.
    `vector-bits` and `vector-registers` describe the target; 0 means the
    host's widest vector registers (512 bits and 32 registers with
    AVX-512).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "Width of a vector register in bits (0: the host's)">,
    Option<"vectorRegisters", "vector-registers", "unsigned",
           /*default=*/"0",
           "Number of vector registers (0: the host's)">,
    Option<"vectorsPerRow", "vectors-per-row", "unsigned", /*default=*/"0",
           "Vectors per row of each register tile (0: the heuristic's)">,
    Option<"tileSingleRows", "tile-single-rows", "bool", /*default=*/"false",
           "Register-tile the nests the heuristic leaves untiled too (one "
           "accumulator row, or a few that each thread runs once)">,
  ];
  let dependentDialects = [
    "::mlir::tiny::TinyDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TinyReuseReduceValues : Pass<"tiny-reuse-reduce-values"> {
  let summary = "A costly value a REDUCE range computes per index, stored "
                "for the later range that computes it again";
  let description = [{
    Where a range reads back, at the same index, a value an earlier
    sibling REDUCE range of the same bound computed per index (softmax's
    exp2(x - max): the sum loop adds it, the output loop scales it), the
    reduce stores it into the output element the later range writes at
    that index, and the later range loads it there instead of computing it
    again: the value is computed once per element, and the row, just
    written, is reread from the cache.

    ```mlir
    %s = tiny.k.range reduce %j < %c4096 iter_args(%a = %zero) -> (f32) {
      %e = math.exp2 (x[%i * 4096 + %j] - %m)
      tiny.k.end (%a + %e)
    }
    tiny.k.range loop %j < %c4096 {
      %e = math.exp2 (x[%i * 4096 + %j] - %m)
      tiny.k.store y[%i * 4096 + %j], %e * %inv
    }
    // becomes
    %s = tiny.k.range reduce %j < %c4096 iter_args(%a = %zero) -> (f32) {
      %e = math.exp2 (x[%i * 4096 + %j] - %m)
      tiny.k.store y[%i * 4096 + %j], %e
      tiny.k.end (%a + %e)
    }
    tiny.k.range loop %j < %c4096 {
      %e = tiny.k.load y[%i * 4096 + %j]
      tiny.k.store y[%i * 4096 + %j], %e * %inv
    }
    ```

    The values matched are computed by ops directly in the two bodies,
    the later range's induction variable standing for the reduce's, with
    the same names, attributes, types and operands, from values defined
    before the reduce (not its results, nor its accumulators); the buffers
    they load are only read in the kernel. The value kept is the first
    such one, before the store, that no matched op reads, of the store's
    type, and whose ops hold a costly one: a math op other than abs, fma,
    copysign, rounding and bit counts, or a division or remainder (a load
    and plain arithmetic cost about what the store and the reload cost).
    The store is an ungated one directly in the later body, at one index
    whose only term from the later range is its induction variable, with a
    nonzero coefficient (each index its own element), into a buffer the
    kernel never reads and nothing from the reduce to the later range
    writes otherwise; the ops from the reduce to the later range have no
    memory effects but k.loads and such k.stores. Results are the same
    bits: the later range reads the very value the reduce computed.
  }];
}

def TinyInlineExp2 : Pass<"tiny-inline-exp2"> {
  let summary = "Compute f32 exp2 in place with a polynomial instead of a "
                "library call";
  let description = [{
    Rewrites each `math.exp2` on f32 (a scalar or a vector of f32) into
    ops computing it in place, for CPU code: LLVM would otherwise call the
    vector math library (one call per vector, every live vector register
    spilled around it, the loop's other work serialized behind it) or libm
    once per element. With n = roundeven(x) and s = x - n, exact, in
    [-1/2, 1/2]:

    ```mlir
    %y = math.exp2 %x : vector<16xf32>
    // becomes
    %c = arith.minnumf (arith.maxnumf %x, -150), 128   // NaN -> -150
    %n = math.roundeven %c
    %s = arith.subf %c, %n
    %p = 1 + s * (ln 2 + s * (... ))                // degree 7, mul and add
    %y = select(%x unordered, %x, 2^n * %p)
    ```

    2^n * p is `llvm.intr.ldexp` (`scale=ldexp`: one `vscalefps` with
    AVX-512, but a libm call per element elsewhere) or two multiplications
    by powers of two built in the exponent bits (`scale=multiply`: any
    CPU), 2^(n >> 1) and 2^(n - (n >> 1)), each a normal float; both round
    once, at the end, so they give the same bits. `scale=auto` (the
    default) takes ldexp where the host has AVX-512 and multiply elsewhere.
    Clamping at -150 and 128 keeps n an integer that fits; beyond them
    exp2 is 0 and inf anyway. The polynomial is -tiny-decompose's
    (approximate-transcendentals), a Taylor series of 2^s; the products
    and sums may contract to FMAs. Accuracy: within 1 ulp of the exact
    result, subnormal results included (0.83 measured by
    Execution/transcendental-accuracy.mlir). Other float types and math
    ops are left as they are.
  }];
  let options = [
    Option<"scale", "scale", "std::string", /*default=*/"\"auto\"",
           "How 2^n * p is computed: auto, ldexp or multiply">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def TinyX86DotBF16 : Pass<"tiny-x86-dot-bf16"> {
  let summary = "Accumulate pairs of bf16 products with AVX512-BF16's "
                "vdpbf16ps";
  let description = [{
    Rewrites two consecutive steps of an f32 vector accumulation whose
    products multiply bf16 values widened to f32 (a register tile of a bf16
    matmul, its reduced axis unrolled, -tiny-optimize) into
    `x86vector.avx512.dot`, one `vdpbf16ps` per 16 lanes (8 or 4 for
    narrower vectors), which adds two such products per lane in one
    instruction:

    ```mlir
    %s1 = arith.addf %acc, (arith.mulf (extf %a0), (extf %b0))
    %s2 = arith.addf %s1, (arith.mulf (extf %a1), (extf %b1))
    // becomes, per 16 lanes h of vector<Nxf32>
    %pa = vector.shuffle %a1, %a0 [h, N + h, h + 1, N + h + 1, ...]
    %pb = vector.shuffle %b1, %b0 [...]
    %s2 = x86vector.avx512.dot %acc[h], %pa, %pb : vector<32xbf16> -> vector<16xf32>
    ```

    A widened operand is an `arith.extf` of a vector of bf16, or a scalar
    bf16's bits broadcast and shifted into the top half of each 32-bit lane
    (how registerTile widens a uniform value); two scalars become one 32-bit
    pair broadcast, loaded as one where they are consecutive elements of a
    buffer (`vpbroadcastd` from memory).

    `vdpbf16ps` adds the product of each lane's odd (upper) pair element
    first, then the even one's, rounding after each addition as an FMA
    does. Where either add keeps its order (no `reassoc`), the first step
    goes to the odd element, as above: the sum is the FMAs', bit for bit,
    where no value is subnormal (a product of two bf16 is exact in f32).
    Where both may reassociate, as tiny's reductions do, the first step goes
    to the even element, the lower half, where a row of A holds element k
    beside k + 1: the pair is loaded as it lies, where the other order
    swaps its halves (`vprold`) per row and pair, which measured 25% slower
    for a 2048^3 matmul (bench/kernels/README.md). Each pair of steps is
    then added second first.

    The instruction flushes subnormal inputs (accumulator included) and
    results to zero, which the f32 path does not. The CPU pipeline runs
    this pass where the host has AVX512_BF16 and AVX512VL.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::x86vector::X86VectorDialect",
  ];
}

def TinyRealizeWidenedOperands : Pass<"tiny-realize-widened-operands"> {
  let summary = "Widen an f16 matmul operand once, in a kernel of its own";
  let description = [{
    A sum of products on the host whose operand is an f16 tensor widened to
    f32 and broadcast along the output's last axis (A in `a.cast(float) @
    b.cast(float)`: the same element for every column) is widened for
    every column tile that reads it, one `vpbroadcastw` and `vcvtph2ps`
    per row and reduced index. This pass realizes the widening instead
    (`tiny.contiguous` after the cast), so that rangeify computes it once
    into an f32 buffer, which the matmul reads as an f32 matmul does:

    ```mlir
    %af = tiny.cast %a to f32 : tensor<NxKxf16>
    // becomes
    %c = tiny.cast %a to f32 : tensor<NxKxf16>
    %af = tiny.contiguous %c : tensor<NxKxf32>
    ```

    Only where the broadcast repeats each element at least 16 times (the
    columns of a register tile) and the cast is read by nothing else; bf16
    is left for -tiny-x86-dot-bf16, which multiplies it unwidened, and
    tensors on a GPU are left alone. Measured (2048^3, A passed in f32
    against f16, bench/kernels/README.md): 134-160 -> 162-204 GFLOP/s on
    one thread, 256-307 -> 381 on two.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyGatePaddedLoads : Pass<"tiny-gate-padded-loads"> {
  let summary = "Read padded tensors with gated loads at unclamped indices";
  let description = [{
    Rangeify reads a padded tensor without branches: at an index clamped
    into the buffer on each padded axis, keeping the element only where
    the read is valid. The clamp is not affine in the loop index, so LLVM
    vectorizes such a loop (a pad copy, tinygrad's `cat` as a sum of pads)
    with gathers. This pass rewrites a load whose only use is
    `select(valid, load, alt)` into a load gated by `valid`, at the index
    with every clamp `select(c, i, k)` whose condition `c` is one of the
    conjuncts of `valid` replaced by `i` (where `valid` holds, those clamps
    give `i`):

    ```mlir
    %ok = arith.cmpi ult, %j, %c1024 : index
    %jc = arith.select %ok, %j, %c0 : index
    %p = tiny.k.index %a[%jc] : memref<1024xf32>
    %v = tiny.k.load %p : !tiny.ptr<f32, global>
    %x = arith.select %ok, %v, %zero : f32
    // becomes
    %q = tiny.k.index %a[%j] : memref<1024xf32>
    %x = tiny.k.load %q if %ok else %zero : !tiny.ptr<f32, global>, f32
    ```

    A gated load lowers to a conditional load, which LLVM's loop
    vectorizer turns into a masked load of consecutive elements. The
    index copies only the ops that depend on a dropped clamp; loads whose
    select keeps no clamp, or whose condition or alternative is not
    available at the load, are left alone. The CPU pipeline runs it after
    the register tiles, which mask their own reads.
  }];
}

def TinyRealizePaddedWindows : Pass<"tiny-realize-padded-windows"> {
  let summary = "Copy a convolution's padded input once when its window is wide";
  let description = [{
    A sum of products on the host that reads a zero-padded tensor through a
    window view (tinygrad's convolution: pad, then reshapes, expands,
    shrinks and permutes cutting out one window per output) reads the pad
    in its innermost loop: at every tap, -tiny-optimize's vector loads
    compare each lane's index with the input's bounds and mask the lanes
    that fall in the padding. This pass realizes the pad instead
    (`tiny.contiguous` after it), so that rangeify copies the input into a
    padded buffer once, in a kernel of its own, and the convolution reads
    that buffer with plain loads:

    ```mlir
    %p = tiny.pad %x low [0, 0, 3, 3] high [0, 0, 3, 3] : tensor<1x3x224x224xf32>
    // becomes
    %q = tiny.pad %x low [0, 0, 3, 3] high [0, 0, 3, 3] : tensor<1x3x224x224xf32>
    %p = tiny.contiguous %q : tensor<1x3x230x230xf32>
    ```

    Only pads of at least 2 elements on a side of an axis (a "same"
    convolution's window of 5 or more taps) that the window view reads
    alone, and not on a GPU. Measured on one thread of this project's
    machine (AMD EPYC, AVX-512), the same programs with and without the
    copy: ResNet-18's stem (7x7 stride 2, 3 -> 64 channels at 224) 2.7-2.9
    -> 1.31 ms; 7x7 and 5x5 windows of 16-64 channels 1.4-2.0x faster.
    3x3 windows (padding 1) are left alone: with 8 to 512 channels their
    kernels ran as fast either way, so the copy would only add its own
    time (2-8%).
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyRealizeWideSums : Pass<"tiny-realize-wide-sums"> {
  let summary = "Accumulate a narrowed sum of products in its own wide buffer";
  let description = [{
    tinygrad sums f16 and bf16 in f32 and casts the sum back: its half
    matmul is `(x * w).cast(float).sum(-1).cast(half)`. Rangeify accumulates
    a matmul-like sum in its output buffer (the reduction-outside schedule),
    which it cannot do in an f16 buffer without rounding every partial sum,
    so such a sum was computed one output element at a time, its reduction
    innermost and not vectorized. This pass realizes the f32 sum instead
    (`tiny.contiguous` after the reduce): rangeify accumulates it in an f32
    buffer with the reduction-outside schedule, and the cast to f16 is a
    kernel of its own.

    ```mlir
    %s = tiny.reduce add %p axes [2] : tensor<512x512x512xf32>
    %h = tiny.cast %s to f16 : tensor<512x512x1xf32>
    // becomes
    %r = tiny.reduce add %p axes [2] : tensor<512x512x512xf32>
    %s = tiny.contiguous %r : tensor<512x512x1xf32>
    %h = tiny.cast %s to f16 : tensor<512x512x1xf32>
    ```

    Only sums on the host of a product (or a product cast to the sum's
    type) over at least 2^14 elements that something casts to another
    type. Measured (512^3 f16 matmul in tinygrad's form, one thread):
    71.3 ms -> 6.4 ms plus 24-27 us for the cast.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyRemoveViews : Pass<"tiny-remove-views"> {
  let summary = "Move views off store targets, afters and mstacks";
  let description = [{
    The kernel graph holds no views: rangeify writes a `tiny.store` into
    its target's buffer and reads an `after` or an `mstack` as the storage
    it holds. Reading a view of storage stays as it is (index arithmetic in
    the reading kernel). Rewrites:
    - `store(view(x), v)` with a bijective view -> `store(x, w)`, w being v
      under the inverse view: `reshape` back to x's shape, `permute` by the
      inverse order, `flip` of the same axes, `bitcast` to x's dtype
    - `store(shrink(x), v)` (a slice assignment) ->
      `store(x, where(pad(true), pad(v), x))`, the mask being the shrink's
      region. The new value reads x, so rangeify computes it into a buffer
      of its own first: the whole of x is rewritten, not only the slice.
    - chains of these compose, outermost view first
    - `store(after(x, deps), v)` -> `store(x, v)` when v reads the after
      (as a slice update of it does), which orders the store after deps,
      and x is not a view (the after moves under it first)
    - `after(view(x), deps)` -> `view(after(x, deps))`
    - `view(mstack(a, b, ...))` -> `mstack(view(a), view(b), ...)` (the
      operands of an mstack have its shape, so any view applies per
      device), unless the view is a store target
    A `pad` (padding something) or an `expand` (broadcasting an axis) on
    the way from a store to its target is an error: the padding has no
    storage, and an expanded element would be written several times. Views
    of `unshard` are left to -tiny-multi. Running the pass twice changes
    nothing the second time.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinySnapshotOverwritten : Pass<"tiny-snapshot-overwritten"> {
  let summary = "Reads of a buffer a store overwrites read a copy taken "
                # "before the store";
  let description = [{
    A tensor-level value is immutable: reading a param or buffer that a
    `tiny.store` writes, other than through a `tiny.after` of that store,
    sees its contents before the store (tinygrad orders such reads before
    the assign). Rangeify emits kernels in program order and fuses a read
    into the kernel of the value that consumes it, which may come after the
    store; this pass makes each such read read `tiny.contiguous` of the
    buffer, placed where the buffer is defined, so the copy is made before
    any store. Not reads, and kept: store targets, `after` sources, and
    reads that only compute the stored value (rangeify stores a value that
    reads its target in place when it reads only the element it writes,
    else stages it). Rangeify takes the copy only when a kernel after the
    store reads it. Runs after -tiny-remove-views, before rangeify.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinySplitReduce : Pass<"tiny-split-reduce"> {
  let summary = "Long reductions on a GPU or to one element on the host "
                # "become two reduces, many partial results first";
  let description = [{
    A reduce on one GPU device that combines at least 2^15 source elements
    into each result element, as tinygrad's split_reduceop finds them,
    becomes two: the first reduced axis that is not a broadcast and has a
    divisor D in [8, min(2^16 / results, length / 16)] (the largest) is
    reshaped into [length / D, D]; the first reduce keeps the D axis, so
    each of results * D threads computes one partial result, and
    `tiny.contiguous` makes it a kernel of its own; the second reduces the
    D axis. The kept factor is the inner one, so neighbouring threads read
    neighbouring elements. On the host, where -tiny-cpu-schedule spreads a
    kernel's output elements over the cores, a reduce to one element of at
    least 2^15 would run on one core: the same split, with D in [8, 64]
    (the largest) and the D axis outer, so that each partial reads a
    contiguous block and the first kernel's 64 partials run on all cores;
    a reduce to several elements is left alone there. Add, max and mul
    reassociate as the kernels do already. Reductions on several devices
    are left alone. Runs before rangeify. With `host=false` (the
    -tiny-to-nvvm and -tiny-to-rocdl pipelines, which compile every kernel
    for the GPU whatever device its tensors name) the host split is off.

    ```mlir
    %s = tiny.reduce add %x axes [0] : tensor<1048576xf32, #gpu>
    // becomes
    %r = tiny.reshape %x to [16, 65536] : tensor<1048576xf32, #gpu>
    %p = tiny.reduce add %r axes [0] : tensor<16x65536xf32, #gpu>
    %c = tiny.contiguous %p : tensor<1x65536xf32, #gpu>
    %t = tiny.reduce add %c axes [1] : tensor<1x65536xf32, #gpu>
    %s = tiny.reshape %t to [1] : tensor<1x1xf32, #gpu>
    // and on the host (#cpu), the same reduce becomes
    %r = tiny.reshape %x to [64, 16384] : tensor<1048576xf32, #cpu>
    %p = tiny.reduce add %r axes [1] : tensor<64x16384xf32, #cpu>
    %c = tiny.contiguous %p : tensor<64x1xf32, #cpu>
    %t = tiny.reduce add %c axes [0] : tensor<64x1xf32, #cpu>
    %s = tiny.reshape %t to [1] : tensor<1x1xf32, #cpu>
    ```
  }];
  let options = [
    Option<"host", "host", "bool", /*default=*/"true",
           "Split a long reduction to one element on the host too">,
  ];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

def TinyStabilizeRatios : Pass<"tiny-stabilize-ratios"> {
  let summary = "Rewrites x * 1/(1+x) as 1 - 1/(1+x), finite where x is "
                # "infinite";
  let description = [{
    Sigmoid, tanh and gelu gradients multiply a value by the reciprocal of
    one plus itself. At x = inf that product is inf * 0 = NaN although the
    ratio tends to 1. tinygrad rewrites it before every kernel, and so does
    this pass, in three forms (d = 1/(1+x), either operand order):

    ```
    x * d        -> 1 - d
    x * (d * y)  -> y * (1 - d)
    x * (d + y)  -> (1 - d) + x * y
    ```

    On finite inputs the result changes by rounding only; since it changes
    values at all, it is a pass of the default pipelines rather than a
    canonicalization. Floats only.
  }];
  let dependentDialects = ["::mlir::tiny::TinyDialect"];
}

#endif // TINY_PASSES_TD
