"""Folded vs computed: every foldable elementwise op on edge values.

For each dtype, two programs over the same operand tuples (every pair of
the dtype's edge values):
- folded: one op per tuple on splat constants, in func.funcs that
  `tiny-opt -canonicalize` folds, with and without -tiny-decompose first
  (derived ops such as sub, cmpge and floordiv fold through the primitives
  they decompose into); the values are read back from the tiny.const ops
  the return names.
- computed: each op once, on parameters holding all the tuples, run by
  tiny-run; the results come back as .npy files.
Each folded value must equal its computed value bit for bit (a NaN only
needs a NaN: payloads and signs of NaNs may differ). A tuple the folders
leave alone (cdiv by 0, ...) is counted as not folded and not compared.

The folds that need only one operand constant (add(x, -0) -> x,
mul(x, 1) -> x, and(x, 0) -> 0, ...), one value used twice (max(x, x) -> x,
cmplt(x, x) -> false, ...) or a constant condition (where(true, x, y) -> x)
are folded on a parameter x; where one fires, its result (x, or a
constant) must equal the computed op on every edge value of x.

`casts` instead checks cast(cast(x: A, B), C) -> cast(x, C) (check_casts).

Usage: fold_vs_compute.py WORKDIR [DTYPE ... | casts]; tiny-opt and
tiny-run are taken from PATH. Prints one line per op, dtype and pipeline
and exits non-zero on a mismatch (each is printed with its operands).
"""

import itertools
import os
import re
import struct
import subprocess
import sys

import numpy as np

#===------------------------------------------------------------------------===#
# Dtypes and their edge values, as bit patterns
#===------------------------------------------------------------------------===#

# name: (width, exponent bits, mantissa bits)
FLOATS = {
    "f16": (16, 5, 10),
    "bf16": (16, 8, 7),
    "f32": (32, 8, 23),
    "f64": (64, 11, 52),
}
INTS = {
    "i8": (8, True), "i16": (16, True), "i32": (32, True), "i64": (64, True),
    "ui8": (8, False), "ui16": (16, False), "ui32": (32, False),
    "ui64": (64, False),
}
ALL_DTYPES = ["i1"] + list(INTS) + list(FLOATS)


def width_of(dtype):
    if dtype == "i1":
        return 1
    if dtype in FLOATS:
        return FLOATS[dtype][0]
    return INTS[dtype][0]


def float_edges(dtype):
    """Bit patterns: zeros, infinities, NaNs, 1, 0.5, 1.5, 3, 1 + ulp,
    the largest finite value, the smallest normal, the smallest and largest
    subnormals, a power of two whose square is subnormal and one whose
    square overflows; each with both signs."""
    width, ebits, mbits = FLOATS[dtype]
    bias = (1 << (ebits - 1)) - 1
    emax = (1 << ebits) - 1
    mant = (1 << mbits) - 1
    one = bias << mbits
    magnitudes = [
        0,                                  # 0
        emax << mbits,                      # inf
        (emax << mbits) | (1 << (mbits - 1)),  # quiet NaN
        one,                                # 1
        (bias - 1) << mbits,                # 0.5
        one | (1 << (mbits - 1)),           # 1.5
        ((bias + 1) << mbits) | (1 << (mbits - 1)),  # 3
        one | 1,                            # 1 + ulp
        ((emax - 1) << mbits) | mant,       # largest finite
        1 << mbits,                         # smallest normal
        1,                                  # smallest subnormal
        mant,                               # largest subnormal
        ((bias - (bias + mbits) // 2 - 1) << mbits),  # square is subnormal
        ((bias + bias // 2 + 1) << mbits),  # square overflows
    ]
    sign = 1 << (width - 1)
    return [m | s for m in magnitudes for s in (0, sign)]


def int_edges(dtype):
    width, signed = INTS[dtype]
    mask = (1 << width) - 1
    half = 1 << (width // 2)
    if signed:
        lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
        values = [0, 1, -1, 2, -2, 3, 7, -7, lo, lo + 1, hi, hi - 1, half,
                  -half, half + 1]
    else:
        values = [0, 1, 2, 3, 7, mask, mask - 1, 1 << (width - 1),
                  (1 << (width - 1)) - 1, half, half + 1]
    return [v & mask for v in values]


def edges(dtype):
    if dtype == "i1":
        return [0, 1]
    if dtype in FLOATS:
        return float_edges(dtype)
    return int_edges(dtype)


def is_nan(dtype, bits):
    if dtype not in FLOATS:
        return False
    width, ebits, mbits = FLOATS[dtype]
    emax = (1 << ebits) - 1
    return ((bits >> mbits) & emax) == emax and (bits & ((1 << mbits) - 1))


def value_of(dtype, bits):
    """The number a value's bits stand for (an int, or a float)."""
    if dtype == "i1":
        return int(bits)
    if dtype in INTS:
        width, signed = INTS[dtype]
        if signed and bits >> (width - 1):
            return bits - (1 << width)
        return bits
    width = FLOATS[dtype][0]
    if dtype == "bf16":
        return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    code = {16: "e", 32: "f", 64: "d"}[width]
    return struct.unpack("<" + code, bits.to_bytes(width // 8, "little"))[0]


def show(dtype, bits):
    """A readable form of a value's bits, for the mismatch report."""
    if dtype == "i1":
        return "true" if bits else "false"
    if dtype in INTS:
        return str(value_of(dtype, bits))
    width = FLOATS[dtype][0]
    return "%r (0x%0*X)" % (value_of(dtype, bits), width // 4, bits)


#===------------------------------------------------------------------------===#
# The ops
#===------------------------------------------------------------------------===#

# name: (operand class, result is bool, number of operands)
OPS = {
    "add": ("numeric", False, 2), "sub": ("numeric", False, 2),
    "mul": ("numeric", False, 2), "max": ("any", False, 2),
    "cdiv": ("int", False, 2), "cmod": ("int", False, 2),
    "floordiv": ("int", False, 2), "floormod": ("int", False, 2),
    "xor": ("intorbool", False, 2), "or": ("intorbool", False, 2),
    "and": ("intorbool", False, 2),
    "cmplt": ("any", True, 2), "cmpne": ("any", True, 2),
    "cmpeq": ("any", True, 2), "cmpgt": ("any", True, 2),
    "cmpge": ("any", True, 2), "cmple": ("any", True, 2),
    "neg": ("numeric", False, 1), "not": ("bool", False, 1),
    "where": ("any", False, 3), "mulacc": ("numeric", False, 3),
}


def in_class(dtype, cls):
    is_bool = dtype == "i1"
    is_int = dtype in INTS
    is_float = dtype in FLOATS
    return {"any": True, "numeric": is_int or is_float, "int": is_int,
            "intorbool": is_int or is_bool, "bool": is_bool}[cls]


def operand_tuples(op, dtype):
    """The operand tuples (as bits) an op is checked on."""
    values = edges(dtype)
    arity = OPS[op][2]
    if arity == 1:
        return [(v,) for v in values]
    if arity == 2:
        return list(itertools.product(values, values))
    if op == "where":
        return [(c, x, y) for c in (0, 1)
                for x, y in itertools.product(values, values)]
    # mulacc(a, b, c): every product plus +0 and -0 (the sign of a zero sum),
    # and plus 1 (rounding).
    addends = [0, 1] if dtype in INTS else [
        0, 1 << (width_of(dtype) - 1), edges(dtype)[6]]
    return [(a, b, c) for a, b in itertools.product(values, values)
            for c in addends]


def operand_dtypes(op, dtype):
    arity = OPS[op][2]
    if op == "where":
        return ["i1", dtype, dtype]
    return [dtype] * arity


def result_dtype(op, dtype):
    return "i1" if OPS[op][1] else dtype


# The constants of the one-constant folds, by name (named_constant).
IDENTITY_CONSTANTS = ["zero", "negzero", "one", "minus1"]


def named_constant(dtype, name):
    """The bits of a named constant in `dtype`, or None where it has none."""
    width = width_of(dtype)
    if dtype == "i1":
        return {"zero": 0, "one": 1}.get(name)
    if dtype in INTS:
        return {"zero": 0, "one": 1,
                "minus1": (1 << width) - 1 if INTS[dtype][1] else None}.get(name)
    sign = 1 << (width - 1)
    one = edges(dtype)[6]
    return {"zero": 0, "negzero": sign, "one": one, "minus1": one | sign}[name]


#===------------------------------------------------------------------------===#
# Writing the programs
#===------------------------------------------------------------------------===#

def literal(dtype, bits):
    """A dense attribute element: hex bits for floats, decimals for ints."""
    if dtype == "i1":
        return "true" if bits else "false"
    if dtype in FLOATS:
        return "0x%0*X" % (width_of(dtype) // 4, bits)
    width, signed = INTS[dtype]
    if signed and bits >> (width - 1):
        return str(bits - (1 << width))
    return str(bits)


def tensor(dtype, n):
    return "tensor<%s%s, #cpu>" % ("%dx" % n if n is not None else "", dtype)


def op_line(result, op, operands, types):
    """`result = tiny.op operands : types` in the op's custom form."""
    names = ", ".join(operands)
    if op in ("neg", "not"):
        return "  %s = tiny.%s %s : %s" % (result, op, names, types[0])
    return "  %s = tiny.%s %s : %s" % (result, op, names, ", ".join(types))


def partial_forms(op, dtype):
    """The folds that need only some operands constant, or one value used
    twice: (func name, parameter dtypes, operand expressions), an operand
    expression being a parameter index or ("c", a constant's bits)."""
    forms = []
    arity = OPS[op][2]
    if arity == 2:
        for k_name in IDENTITY_CONSTANTS:
            k = named_constant(dtype, k_name)
            if k is None:
                continue
            forms.append(("%s__rhs_%s" % (op, k_name), [dtype], [0, ("c", k)]))
            forms.append(("%s__lhs_%s" % (op, k_name), [dtype], [("c", k), 0]))
        forms.append(("%s__self" % op, [dtype], [0, 0]))
    if op == "where":
        forms.append(("where__self", ["i1", dtype], [0, 1, 1]))
        forms.append(("where__true", [dtype, dtype], [("c", 1), 0, 1]))
        forms.append(("where__false", [dtype, dtype], [("c", 0), 0, 1]))
    return forms


def write_folded(path, dtype, ops):
    """func.funcs to fold: per op, one returning the op on each operand
    tuple of constants, and one per partial form."""
    lines = ['#cpu = #tiny.device<"CPU">']
    for op in ops:
        tuples = operand_tuples(op, dtype)
        rtype = tensor(result_dtype(op, dtype), 1)
        types = [tensor(t, 1) for t in operand_dtypes(op, dtype)]
        lines.append("func.func @%s() -> (%s) {" %
                     (op, ", ".join([rtype] * len(tuples))))
        results = []
        for i, values in enumerate(tuples):
            operands = []
            for j, (value, vtype) in enumerate(
                    zip(values, operand_dtypes(op, dtype))):
                name = "%%c%d_%d" % (i, j)
                lines.append("  %s = tiny.const dense<%s> : %s" %
                             (name, literal(vtype, value), tensor(vtype, 1)))
                operands.append(name)
            lines.append(op_line("%%r%d" % i, op, operands, types))
            results.append("%%r%d" % i)
        lines.append("  return %s : %s" %
                     (", ".join(results), ", ".join([rtype] * len(tuples))))
        lines.append("}")
        for name, params, exprs in partial_forms(op, dtype):
            lines.append("func.func @%s(%s) -> %s {" % (name, ", ".join(
                "%%arg%d: %s" % (i, tensor(t, 1))
                for i, t in enumerate(params)), rtype))
            operands = []
            for j, expr in enumerate(exprs):
                if isinstance(expr, int):
                    operands.append("%%arg%d" % expr)
                    continue
                vtype = operand_dtypes(op, dtype)[j]
                lines.append("  %%k%d = tiny.const dense<%s> : %s" %
                             (j, literal(vtype, expr[1]), tensor(vtype, 1)))
                operands.append("%%k%d" % j)
            lines.append(op_line("%r", op, operands, types))
            lines.append("  return %%r : %s" % rtype)
            lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# Params of dtypes .npy has no code for are passed as unsigned integers of
# their width and bitcast.
NPY = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
       "i64": np.int64, "ui8": np.uint8, "ui16": np.uint16,
       "ui32": np.uint32, "ui64": np.uint64, "f16": np.float16,
       "f32": np.float32, "f64": np.float64}
BITS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def storage_dtype(dtype):
    return dtype if dtype in NPY else "ui%d" % width_of(dtype)


def write_computed(path, dtype, ops, inputs_dir):
    """One tiny.function: each op on parameters holding its operand tuples.
    Returns the input files and each result's dtype."""
    body, results, inputs = [], [], []
    for op in ops:
        tuples = operand_tuples(op, dtype)
        n = len(tuples)
        operands = []
        for j, vtype in enumerate(operand_dtypes(op, dtype)):
            slot = len(inputs)
            storage = storage_dtype(vtype)
            name = "%%p%d" % slot
            body.append('  %s = tiny.param %d : %s size %d on "CPU"' %
                        (name, slot, storage, n))
            file = os.path.join(inputs_dir, "%s_in%d.npy" % (dtype, slot))
            bits = [t[j] for t in tuples]
            if vtype == "i1":
                np.save(file, np.array(bits, dtype=np.bool_))
            else:
                raw = np.array(bits, dtype=BITS[width_of(vtype)])
                np.save(file, raw.view(NPY[storage]))
            inputs.append(file)
            if storage != vtype:
                body.append("  %sv = tiny.bitcast %s to %s : %s" %
                            (name, name, vtype, tensor(storage, n)))
                name += "v"
            operands.append(name)
        rtype = result_dtype(op, dtype)
        result = "%%%s" % op
        body.append(op_line(result, op, operands,
                            [tensor(t, n) for t in operand_dtypes(op, dtype)]))
        storage = storage_dtype(rtype)
        if storage != rtype:
            body.append("  %so = tiny.bitcast %s to %s : %s" %
                        (result, result, storage, tensor(rtype, n)))
            result += "o"
        results.append((result, tensor(storage, n), rtype))

    rtypes = ", ".join(t for _, t, _ in results)
    text = ['#cpu = #tiny.device<"CPU">',
            "tiny.function @computed -> tuple<%s> {" % rtypes] + body
    text.append("  %%t = tiny.tuple %s : %s" %
                (", ".join(name for name, _, _ in results), rtypes))
    text.append("  tiny.return %%t : tuple<%s>" % rtypes)
    text.append("}")
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")
    return inputs, [rtype for _, _, rtype in results]


#===------------------------------------------------------------------------===#
# Reading the results
#===------------------------------------------------------------------------===#

CONST_RE = re.compile(
    r"^\s*(%\S+) = tiny\.const dense<([^>]*)> : tensor<1x(\w+),")


def float_bits(dtype, text):
    """The bits of a printed float element (hex bits or a decimal)."""
    width = width_of(dtype)
    if text.startswith("0x"):
        return int(text, 16)
    value = float(text)
    if dtype == "bf16":
        # A printed bf16 decimal is within its printing precision of a bf16
        # value, far from a rounding tie: f32 then bf16 rounds it correctly.
        b = struct.unpack("<I", struct.pack("<f", value))[0]
        return (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return int(np.array(value, dtype=NPY[dtype]).view(BITS[width]))


def element_bits(dtype, text):
    if dtype == "i1":
        return 1 if text in ("true", "1") else 0
    if dtype in FLOATS:
        return float_bits(dtype, text)
    return int(text) & ((1 << width_of(dtype)) - 1)


def read_folded(text, dtype):
    """{func name: [result]} from the folded module, a result being
    ("const", bits), ("arg", index) or None (not folded)."""
    folded = {}
    for chunk in re.split(r"\n\s*func\.func @", text)[1:]:
        name = chunk.split("(", 1)[0]
        op = name.split("__")[0]
        consts = {}
        for line in chunk.splitlines():
            m = CONST_RE.match(line)
            if m:
                consts[m.group(1)] = m.group(2)
        ret = re.search(r"^\s*return (.*) :", chunk, re.M)
        rtype = result_dtype(op, dtype)
        results = []
        for n in (v.strip() for v in ret.group(1).split(",")):
            if n in consts:
                results.append(("const", element_bits(rtype, consts[n])))
            elif n.startswith("%arg"):
                results.append(("arg", int(n[4:])))
            else:
                results.append(None)
        folded[name] = results
    return folded


def npy_bits(path, dtype):
    array = np.load(path)
    if dtype == "i1":
        return [int(v) for v in array]
    return [int(v) for v in array.view(BITS[width_of(dtype)])]


def same(dtype, a, b):
    if is_nan(dtype, a) or is_nan(dtype, b):
        return bool(is_nan(dtype, a)) and bool(is_nan(dtype, b))
    return a == b


#===------------------------------------------------------------------------===#
# Driver
#===------------------------------------------------------------------------===#

def run(cmd):
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if done.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(cmd), done.stderr))
    return done.stdout


# The folding pipelines: the folders alone, and after -tiny-decompose (as
# -tiny-simplify runs them), where derived ops fold through primitives.
PIPELINES = [("canonicalize", ["-canonicalize"]),
             ("decompose", ["-tiny-decompose", "-canonicalize"])]


def describe(op, dtype, values):
    return "%s(%s)" % (op, ", ".join(
        show(t, v) for t, v in zip(operand_dtypes(op, dtype), values)))


def check_dtype(work, dtype):
    """Prints one line per op and pipeline; returns the mismatch count."""
    ops = [op for op in OPS if in_class(dtype, OPS[op][0])]
    folded_path = os.path.join(work, "folded_%s.mlir" % dtype)
    write_folded(folded_path, dtype, ops)
    computed_path = os.path.join(work, "computed_%s.mlir" % dtype)
    inputs, rtypes = write_computed(computed_path, dtype, ops, work)
    outputs = [os.path.join(work, "%s_out%d.npy" % (dtype, i))
               for i in range(len(rtypes))]
    cmd = ["tiny-run", computed_path, "--entry=computed"]
    for f in inputs:
        cmd += ["-i", f]
    for f in outputs:
        cmd += ["-o", f]
    run(cmd)
    computed = {}
    for op, rtype, path in zip(ops, rtypes, outputs):
        computed[op] = dict(zip(operand_tuples(op, dtype),
                                npy_bits(path, rtype)))

    mismatches = 0
    for pipeline, flags in PIPELINES:
        folded = read_folded(run(["tiny-opt", folded_path] + flags), dtype)
        for op in ops:
            rtype = result_dtype(op, dtype)
            count = bad = 0
            for values, result in zip(operand_tuples(op, dtype), folded[op]):
                if result is None:
                    continue
                count += 1
                c = computed[op][values]
                if not same(rtype, result[1], c):
                    bad += 1
                    print("MISMATCH [%s] %s: folded %s, computed %s" % (
                        pipeline, describe(op, dtype, values),
                        show(rtype, result[1]), show(rtype, c)))
            line = "%s %s [%s]: %d of %d folded" % (
                op, dtype, pipeline, count, len(folded[op]))
            forms = partial_forms(op, dtype)
            fired = 0
            for name, params, exprs in forms:
                (result,) = folded[name]
                if result is None:
                    continue
                fired += 1
                for assignment in itertools.product(
                        *[edges(t) for t in params]):
                    values = tuple(assignment[e] if isinstance(e, int)
                                   else e[1] for e in exprs)
                    expected = (assignment[result[1]] if result[0] == "arg"
                                else result[1])
                    c = computed[op][values]
                    if not same(rtype, expected, c):
                        bad += 1
                        print("MISMATCH [%s] %s folds to %s: %s is %s, "
                              "computed %s" % (pipeline, name, result[0],
                                      describe(op, dtype, values),
                                      show(rtype, expected),
                                      show(rtype, c)))
            if forms:
                line += ", %d of %d partial folds fire" % (fired, len(forms))
            print(line + ", %d differ" % bad)
            mismatches += bad
    return mismatches


#===------------------------------------------------------------------------===#
# Casts: cast(cast(x, B), C) -> cast(x, C) when B holds every value of x
#===------------------------------------------------------------------------===#

def cast_is_defined(a, b, c, bits):
    """False where a conversion of the chain or of the direct cast is
    undefined: a float outside a (non-bool) integer dtype's range."""
    if c not in INTS or (a not in FLOATS and b not in FLOATS):
        return True
    value = value_of(a, bits)
    if value != value or value in (float("inf"), float("-inf")):
        return False
    width, signed = INTS[c]
    lo = -(1 << (width - 1)) if signed else 0
    hi = (1 << (width - 1)) - 1 if signed else (1 << width) - 1
    return lo <= int(value) <= hi


def run_casts(work, name, sources):
    """Runs one tiny.function casting each (dtype, bits) parameter to every
    dtype; returns {(source index, target): bits}."""
    body, results, inputs = [], [], []
    for slot, (dtype, bits) in enumerate(sources):
        n = len(bits)
        storage = storage_dtype(dtype)
        param = "%%p%d" % slot
        body.append('  %s = tiny.param %d : %s size %d on "CPU"' %
                    (param, slot, storage, n))
        file = os.path.join(work, "%s_in%d.npy" % (name, slot))
        if dtype == "i1":
            np.save(file, np.array(bits, dtype=np.bool_))
        else:
            np.save(file, np.array(bits, dtype=BITS[width_of(dtype)])
                    .view(NPY[storage]))
        inputs.append(file)
        if storage != dtype:
            body.append("  %sv = tiny.bitcast %s to %s : %s" %
                        (param, param, dtype, tensor(storage, n)))
            param += "v"
        for target in ALL_DTYPES:
            if target == dtype:
                continue
            out = "%%c%d_%s" % (slot, target)
            body.append("  %s = tiny.cast %s to %s : %s" %
                        (out, param, target, tensor(dtype, n)))
            if storage_dtype(target) != target:
                body.append("  %so = tiny.bitcast %s to %s : %s" % (
                    out, out, storage_dtype(target), tensor(target, n)))
                out += "o"
            results.append((out, tensor(storage_dtype(target), n),
                            (slot, target)))
    rtypes = ", ".join(t for _, t, _ in results)
    path = os.path.join(work, "%s.mlir" % name)
    with open(path, "w") as f:
        f.write("\n".join(
            ['#cpu = #tiny.device<"CPU">',
             "tiny.function @casts -> tuple<%s> {" % rtypes] + body +
            ["  %%t = tiny.tuple %s : %s" %
             (", ".join(nm for nm, _, _ in results), rtypes),
             "  tiny.return %%t : tuple<%s>" % rtypes, "}"]) + "\n")
    outputs = [os.path.join(work, "%s_out%d.npy" % (name, i))
               for i in range(len(results))]
    cmd = ["tiny-run", path, "--entry=casts"]
    for f in inputs:
        cmd += ["-i", f]
    for f in outputs:
        cmd += ["-o", f]
    run(cmd)
    return {key: npy_bits(out, key[1])
            for (_, _, key), out in zip(results, outputs)}


def check_casts(work):
    """Folds every chain cast(cast(x: A, B), C) and, where it becomes
    cast(x, C), compares that computed with the two casts computed one
    after the other, on A's edge values."""
    lines = ['#cpu = #tiny.device<"CPU">']
    chains = [(a, b, c) for a in ALL_DTYPES for b in ALL_DTYPES
              for c in ALL_DTYPES if len({a, b, c}) == 3]
    for a, b, c in chains:
        lines += ["func.func @%s__%s__%s(%%x: %s) -> %s {" %
                  (a, b, c, tensor(a, 1), tensor(c, 1)),
                  "  %%b = tiny.cast %%x to %s : %s" % (b, tensor(a, 1)),
                  "  %%c = tiny.cast %%b to %s : %s" % (c, tensor(b, 1)),
                  "  return %%c : %s" % tensor(c, 1), "}"]
    path = os.path.join(work, "folded_casts.mlir")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    text = run(["tiny-opt", path, "-canonicalize"])
    folded = []
    for chunk in re.split(r"\n\s*func\.func @", text)[1:]:
        a, b, c = chunk.split("(", 1)[0].split("__")
        casts = re.findall(r"tiny\.cast (%\w+) to", chunk)
        if casts == ["%arg0"]:
            folded.append((a, b, c))

    # Each dtype's edge values cast to every dtype (one program), then each
    # first step of a folding chain cast on to every dtype (another).
    # The second program has one parameter per middle dtype B, holding the
    # first steps into B of every chain through it, one after the other.
    first = run_casts(work, "casts", [(a, edges(a)) for a in ALL_DTYPES])
    middles = sorted({b for _, b, _ in folded})
    sources = {b: sorted({a for a, m, _ in folded if m == b})
               for b in middles}
    results = run_casts(work, "casts_again", [
        (b, [v for a in sources[b] for v in first[(ALL_DTYPES.index(a), b)]])
        for b in middles])
    second = {}
    for slot, b in enumerate(middles):
        offset = 0
        for a in sources[b]:
            n = len(edges(a))
            for c in ALL_DTYPES:
                if c != b:
                    second[(a, b, c)] = results[(slot, c)][offset:offset + n]
            offset += n

    bad = compared = 0
    for a, b, c in folded:
        for i, x in enumerate(edges(a)):
            if not cast_is_defined(a, b, c, x):
                continue
            compared += 1
            one = first[(ALL_DTYPES.index(a), c)][i]
            two = second[(a, b, c)][i]
            if not same(c, one, two):
                bad += 1
                print("MISMATCH cast(cast(%s: %s, %s), %s) folds to one "
                      "cast: %s, the two casts compute %s" % (
                          show(a, x), a, b, c, show(c, one), show(c, two)))
    print("cast: %d of %d chains fold, %d values compared, %d differ" %
          (len(folded), len(chains), compared, bad))
    return bad


def main():
    work = sys.argv[1]
    dtypes = sys.argv[2:] or ALL_DTYPES
    os.makedirs(work, exist_ok=True)
    if dtypes == ["casts"]:
        total = check_casts(work)
    else:
        total = sum(check_dtype(work, dtype) for dtype in dtypes)
    print("total mismatches: %d" % total)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
