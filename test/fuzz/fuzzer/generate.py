"""Random well-typed tensor programs.

A `Builder` grows a function one op at a time from a pool of values (its
params, constants and the ops made so far), picking operands whose dtype,
shape and device the op accepts, and making them where none fits (a fresh
param or constant, a cast, a reshape). Every node comes from `ir.make`, so
a generator slip raises `ir.IllTyped` instead of printing a program tiny
would reject. Which ops may appear is a set of feature names (`FEATURES`).
"""

import itertools
import math

import numpy as np

from . import dtypes
from . import ir

# Feature names, each turning on a family of ops or values.
FEATURES = {
    "f16": "float16 values",
    "bf16": "bfloat16 values (f32 params cast in the program)",
    "f64": "float64 values",
    "ints": "signed and unsigned integers of every width",
    "bool": "i1 values",
    "rank0": "rank-0 values and scalar params",
    "size0": "axes of length 0",
    "specials": "inf, -inf, NaN, -0 and extreme values in inputs",
    "unused": "entry params the program does not read",
    "signed-zero": "results compare the sign of zeros (-0 != +0)",
    "unary": "exp2 log2 sin sqrt reciprocal trunc neg not",
    "arith": "add sub mul max mulacc",
    "fdiv": "fdiv",
    "pow": "pow",
    "intdiv": "cdiv cmod floordiv floormod",
    "bitwise": "xor or and shl shr",
    "compare": "cmplt cmpne cmpeq cmpgt cmpge cmple where",
    "cast": "cast",
    "movement": "reshape permute expand pad shrink flip stack",
    "index": "index (gather)",
    "bitcast": "bitcast",
    "reduce": "reduce add / max / mul over random axes",
    "large": "values of up to 6000 elements, axes of 17 to 1031",
    "matmul": "reduce(mul(a viewed (m, k, 1), b viewed (1, k, n)))",
    "contiguous": "contiguous contiguous_backward detach",
    "const": "splat constants",
    "call": "tiny.function calls, tuple results, gettuple",
    "multi": "values on virtual devices CPU:1..CPU:4: replicated and "
             "sharded copies, unshard of mstack, allreduce, gathers",
    "copy": "copies of single-device values between devices",
    "shard-args": "calls whose sharded argument is not an unshard op (a "
                  "copy with shard, an op on shards)",
}

MAX_NUMEL = 384  # elements of a value; LARGE_NUMEL with feature "large"
LARGE_NUMEL = 6000
DIMS = [1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 12, 16]
LARGE_DIMS = [17, 31, 33, 64, 100, 129, 257, 1000, 1031]


class Builder:
    """Grows one function. `entry` functions get their inputs as numpy
    arrays (`inputs`); callees' params are bound by calls."""

    def __init__(self, rng, features, program, name, entry, depth=0,
                 names=None):
        self.names = names if names is not None else itertools.count()
        self.rng = rng
        self.features = features
        self.program = program
        self.name = name
        self.entry = entry
        self.depth = depth
        self.params = []
        self.inputs = []
        self.pool = []
        self.device = ("CPU",)
        # Some programs hold large values (vector tails, split reductions).
        self.max_numel = LARGE_NUMEL if "large" in features and \
            rng.random() < 0.25 else MAX_NUMEL

    def has(self, feature):
        return feature in self.features

    def chance(self, p):
        return self.rng.random() < p

    def choice(self, items):
        return items[self.rng.integers(len(items))]

    #===--------------------------------------------------------------===#
    # Dtypes, shapes and values
    #===--------------------------------------------------------------===#

    def dtype_options(self, kind="any"):
        out = ["f32"]
        out += [d for d in ("f16", "bf16", "f64") if self.has(d)]
        if self.has("ints"):
            out += dtypes.INTS
        else:
            out += ["i32"]
        if self.has("bool") or kind == "bool":
            out += ["i1"]
        return [d for d in out if ir._dtype_class(d, kind)]

    def random_dtype(self, kind="any"):
        options = self.dtype_options(kind)
        # f32 and i32 are the common case.
        weights = np.array([4.0 if d in ("f32", "i32") else 1.0
                            for d in options])
        return options[self.rng.choice(len(options), p=weights / weights.sum())]

    def random_dim(self):
        if self.has("size0") and self.chance(0.03):
            return 0
        if self.max_numel > MAX_NUMEL and self.chance(0.3):
            return self.choice(LARGE_DIMS)
        return self.choice(DIMS)

    def random_shape(self, max_rank=4):
        ranks = [r for r in range(5) if r <= max_rank and
                 (r > 0 or self.has("rank0"))]
        weights = np.array([[1.0, 3.0, 3.0, 2.0, 1.0][r] for r in ranks])
        rank = ranks[self.rng.choice(len(ranks), p=weights / weights.sum())]
        for _ in range(20):
            shape = tuple(self.random_dim() for _ in range(rank))
            if math.prod(shape) <= self.max_numel:
                return shape
        return (1,) * rank

    def compatible_shape(self, shape):
        """A shape that broadcasts with `shape` to `shape`: some axes 1,
        some leading axes dropped."""
        shape = list(shape)
        if shape and self.chance(0.3):
            shape = shape[self.rng.integers(len(shape) + 1):]
            if not shape and not self.has("rank0"):
                shape = [1]
        return tuple(1 if self.chance(0.25) else d for d in shape)

    def mutual_shape(self, shape):
        """A shape that broadcasts with `shape` to a larger one: its unit
        axes grow, other axes may become 1, a leading axis may appear."""
        out = [self.choice(DIMS) if d == 1 else (1 if self.chance(0.3) else d)
               for d in shape]
        if self.chance(0.3):
            out.insert(0, self.choice(DIMS))
        result = ir.broadcast_shapes(tuple(out), tuple(shape))
        if math.prod(result) > self.max_numel:
            return self.compatible_shape(shape)
        return tuple(out)

    def random_values(self, dtype, shape):
        """Input elements of `dtype` (bf16: as f32, rounded in the program
        by its cast)."""
        n = math.prod(shape)
        rng = self.rng
        if dtype == "i1":
            return rng.random(n) < 0.5
        if dtypes.is_int(dtype):
            lo, hi = dtypes.int_range(dtype)
            mode = rng.integers(3)
            if mode == 0:
                values = rng.integers(max(lo, -12), min(hi, 24) + 1, n)
                values = [int(v) for v in values]
            elif mode == 1:
                values = [int(v) for v in rng.integers(
                    lo, hi, n, dtype=np.int64 if lo < 0 else np.uint64,
                    endpoint=True)]
            else:
                edges = [lo, hi, 0, 1, min(hi, 2), max(lo, -1), lo + 1, hi - 1]
                values = [edges[i] for i in rng.integers(len(edges), size=n)]
            return dtypes.wrap_ints(dtype, values, (n,))
        mode = rng.integers(3)
        if mode == 0:  # quarters: exact sums, ties and equal elements
            x = rng.integers(-16, 17, n) / 4.0
        elif mode == 1:
            x = rng.uniform(-10, 10, n)
        else:
            x = np.exp(rng.uniform(-6, 6, n)) * rng.choice([-1.0, 1.0], n)
        if self.has("specials"):
            fmax = dtypes.max_finite("f32" if dtype == "bf16" else dtype)
            specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -3e-8,
                        fmax, -fmax, 1.0, -1.0, 0.5]
            mask = rng.random(n) < 0.06
            picks = rng.integers(len(specials), size=n)
            x = np.where(mask, np.array(specials)[picks], x)
        store = "f32" if dtype == "bf16" else dtype
        return dtypes.round_float(store, x)

    def random_scalar(self, dtype):
        return self.random_values(dtype, (1,))[0]

    #===--------------------------------------------------------------===#
    # Sources
    #===--------------------------------------------------------------===#

    def add(self, node):
        if isinstance(node.type, ir.TensorType) and \
                node.type.numel <= self.max_numel:
            self.pool.append(node)
        return node

    def param(self, dtype, shape, device=None):
        """A fresh param viewed as `shape` (entry bf16: an f32 param and a
        cast). The callee builder never calls this: its params are bound
        by its calls."""
        device = device or self.device
        slot = len(self.params)
        stored = "f32" if dtype == "bf16" and self.entry else dtype
        numel = math.prod(shape)
        scalar = shape == () and self.has("rank0") and self.chance(0.5)
        node = ir.make("param", slot=slot, dtype=stored,
                       size=None if scalar else numel, device=device)
        self.params.append(node)
        if self.entry:
            values = self.random_values(dtype, shape)
            self.inputs.append(values.reshape(() if scalar else (numel,)))
        if node.type.shape != shape:
            node = ir.make("reshape", [node], shape=shape)
        if stored != dtype:
            node = ir.make("cast", [node], dtype=dtype)
        return self.add(node)

    def const(self, dtype, shape):
        value = self.random_scalar(dtype)
        if dtype == "bf16":
            value = dtypes.round_float("bf16", np.array([value]))[0]
        return self.add(ir.make("const", dtype=dtype, shape=shape,
                                device=self.device, value=value))

    def fresh(self, dtype, shape):
        if self.has("const") and self.chance(0.25):
            return self.const(dtype, shape)
        if not self.entry:  # callees compute from their params only
            return self.const(dtype, shape)
        return self.param(dtype, shape)

    #===--------------------------------------------------------------===#
    # Picking operands
    #===--------------------------------------------------------------===#

    def pick(self, predicate=lambda n: True):
        """A pool value satisfying `predicate`, recent ones likelier."""
        candidates = [n for n in self.pool if n.type.device == self.device
                      and predicate(n)]
        if not candidates:
            return None
        weights = np.arange(1, len(candidates) + 1, dtype=float) ** 1.5
        return candidates[self.rng.choice(len(candidates),
                                          p=weights / weights.sum())]

    def operand(self, kind="any", dtype=None):
        """A value of dtype class `kind` (or exactly `dtype`): from the pool,
        a cast of a pool value, or fresh."""
        want = (lambda d: d == dtype) if dtype else \
            (lambda d: ir._dtype_class(d, kind))
        node = self.pick(lambda n: want(n.type.dtype))
        if node is not None and self.chance(0.8):
            return node
        if self.has("cast") and self.chance(0.6):
            src = self.pick()
            if src is not None:
                target = dtype or self.random_dtype(kind)
                return self.add(ir.make("cast", [src], dtype=target))
        return self.fresh(dtype or self.random_dtype(kind),
                          self.random_shape())

    def partner(self, node, dtype=None):
        """A value of `node`'s dtype (or `dtype`) whose shape broadcasts
        with node's."""
        dtype = dtype or node.type.dtype
        shape = node.type.shape
        roll = self.rng.random()
        if roll < 0.15:
            return node if node.type.dtype == dtype else \
                self.add(ir.make("cast", [node], dtype=dtype))
        if roll < 0.55:
            other = self.pick(lambda n: n.type.dtype == dtype and n is not node
                              and _broadcasts(n.type.shape, shape))
            if other is not None:
                return other
        if roll < 0.7 and self.has("cast"):
            other = self.pick(lambda n: _broadcasts(n.type.shape, shape)
                              and n is not node)
            if other is not None:
                return self.add(ir.make("cast", [other], dtype=dtype))
        if self.chance(0.2):
            return self.fresh(dtype, self.mutual_shape(shape))
        return self.fresh(dtype, self.compatible_shape(shape))

    #===--------------------------------------------------------------===#
    # Ops
    #===--------------------------------------------------------------===#

    def op_unary(self):
        ops = ["exp2", "log2", "sin", "sqrt", "reciprocal", "trunc", "neg",
               "not"]
        op = self.choice(ops)
        if op == "not":
            return ir.make("not", [self.operand(dtype="i1") if self.has(
                "bool") else self.operand("bool")])
        if op == "neg":
            return ir.make("neg", [self.operand("numeric")])
        return ir.make(op, [self.operand("float")])

    def op_arith(self):
        op = self.choice(["add", "sub", "mul", "max", "mulacc"])
        a = self.operand("any" if op == "max" else "numeric")
        if op == "mulacc":
            return ir.make("mulacc", [a, self.partner(a), self.partner(a)])
        b = self.partner(a)
        return ir.make(op, [a, b] if self.chance(0.5) else [b, a])

    def op_fdiv(self):
        a = self.operand("float")
        return ir.make("fdiv", [a, self.partner(a)])

    def op_pow(self):
        a = self.operand("float")
        return ir.make("pow", [a, self.partner(a)])

    def op_intdiv(self):
        a = self.operand("int")
        op = self.choice(ir.INT_DIVISION)
        return ir.make(op, [a, self.partner(a)])

    def op_bitwise(self):
        op = self.choice(["xor", "or", "and", "shl", "shr"])
        if op in ("shl", "shr"):
            a = self.operand("int")
            amount = self.partner(a)
            if self.chance(0.9):  # keep the shift below the width
                mask = ir.make("const", dtype=a.type.dtype, shape=(),
                               device=self.device,
                               value=dtypes.bits(a.type.dtype) - 1) \
                    if self.has("rank0") else \
                    ir.make("const", dtype=a.type.dtype, shape=(1,),
                            device=self.device,
                            value=dtypes.bits(a.type.dtype) - 1)
                amount = self.add(ir.make("and", [amount, mask]))
            return ir.make(op, [a, amount])
        a = self.operand("intbool")
        return ir.make(op, [a, self.partner(a)])

    def op_compare(self):
        if self.chance(0.35):
            cond = self.operand(dtype="i1") if self.has("bool") else None
            if cond is None or cond.type.dtype != "i1":
                cond = self.add(self.op_compare_only())
            a = self.partner(cond, dtype=self.random_dtype())
            b = self.partner(a)
            if not _broadcasts_all(cond, a, b):
                b = a
            return ir.make("where", [cond, a, b])
        return self.op_compare_only()

    def op_compare_only(self):
        a = self.operand()
        op = self.choice(ir.COMPARES)
        return ir.make(op, [a, self.partner(a)])

    def op_cast(self):
        src = self.pick() or self.operand()
        return ir.make("cast", [src], dtype=self.random_dtype())

    def op_marker(self):
        src = self.pick() or self.operand()
        return ir.make(self.choice(ir.MARKERS), [src])

    def op_reduce(self):
        src = self.pick(lambda n: n.type.rank > 0) or self.operand()
        if src.type.rank == 0:
            src = self.add(self.reshape(src, (1,)))
        rank = src.type.rank
        axes = [i for i in range(rank) if self.chance(0.5)]
        if not axes and self.chance(0.8):
            axes = [int(self.rng.integers(rank))]
        self.rng.shuffle(axes)
        kind = self.choice(["add", "add", "max", "mul"])
        reduced = ir.make("reduce", [src], kind=kind, axes=axes)
        if self.chance(0.3) and src.type.dtype != "i1" and self.has("arith"):
            # The reduce and its source in one op (x - max(x), x / sum(x)),
            # which fuses the reduction into an elementwise kernel.
            self.add(reduced)
            op = self.choice(["sub", "add", "mul", "max"])
            return ir.make(op, [src, reduced])
        return reduced

    def op_matmul(self):
        """a (m, k) times b (k, n) as tinygrad writes it: the two viewed as
        (m, k, 1) and (1, k, n), multiplied with broadcasting and summed
        over k (the tiled matmul kernels), maybe with leading batch axes."""
        dtype = self.random_dtype("numeric")
        dims = [self.choice(DIMS + LARGE_DIMS[:4]) for _ in range(3)]
        batch = (self.choice([2, 3]),) if self.chance(0.2) else ()
        m, k, n = dims
        if math.prod(batch + (m, k, n)) > 4 * self.max_numel:
            m, k, n = (self.choice(DIMS) for _ in range(3))
        a = self.fresh(dtype, batch + (m, k))
        b = self.fresh(dtype, batch + (k, n))
        if self.chance(0.3):  # a transposed operand
            order = list(range(len(batch))) + [len(batch) + 1, len(batch)]
            bt = self.fresh(dtype, batch + (n, k))
            b = self.add(ir.make("permute", [bt], order=order))
        a3 = self.add(self.reshape(a, batch + (m, k, 1)))
        b3 = self.add(self.reshape(b, batch + (1, k, n)))
        product = self.add(ir.make("mul", [a3, b3]))
        summed = self.add(ir.make("reduce", [product], kind="add",
                                  axes=[len(batch) + 1]))
        return self.reshape(summed, batch + (m, n))

    def reshape(self, node, shape):
        return ir.make("reshape", [node], shape=shape)

    def random_factorization(self, numel):
        if numel == 0:
            shape = list(self.random_shape())
            if not shape:
                shape = [0]
            shape[self.rng.integers(len(shape))] = 0
            return tuple(shape)
        factors = []
        n = numel
        p = 2
        while n > 1:
            while n % p == 0:
                factors.append(p)
                n //= p
            p += 1
        self.rng.shuffle(factors)
        rank = int(self.rng.integers(0 if self.has("rank0") or numel > 1
                                     else 1, 5))
        rank = max(rank, 1) if numel > 1 or not self.has("rank0") else rank
        dims = [1] * rank
        for f in factors:
            dims[self.rng.integers(rank)] *= f
        return tuple(dims)

    def op_movement(self):
        src = self.pick() or self.operand()
        t = src.type
        kind = self.choice(["reshape", "permute", "expand", "pad", "shrink",
                            "flip", "stack"])
        if kind == "reshape" or t.rank == 0:
            return self.reshape(src, self.random_factorization(t.numel))
        if kind == "permute":
            return ir.make("permute", [src],
                           order=[int(i) for i in self.rng.permutation(t.rank)])
        if kind == "expand":
            shape = list(t.shape)
            if 1 not in shape:
                axis = int(self.rng.integers(t.rank + 1))
                shape.insert(axis, 1)
                src = self.add(self.reshape(src, tuple(shape)))
            new = [self.choice([0, 2, 3, 4, 5]) if d == 1 and self.chance(0.7)
                   else d for d in shape]
            if 0 in new and not self.has("size0"):
                new = [d if d else 2 for d in new]
            if math.prod(new) > self.max_numel:
                new = shape
            return ir.make("expand", [src], shape=new)
        if kind == "pad":
            low = [int(self.rng.integers(3)) if self.chance(0.5) else 0
                   for _ in t.shape]
            high = [int(self.rng.integers(3)) if self.chance(0.5) else 0
                    for _ in t.shape]
            if math.prod(d + l + h for d, l, h in zip(t.shape, low, high)) \
                    > self.max_numel:
                low = high = [0] * t.rank
            return ir.make("pad", [src], low=low, high=high)
        if kind == "shrink":
            starts, ends = [], []
            for d in t.shape:
                s = int(self.rng.integers(d + 1))
                e = int(self.rng.integers(s, d + 1))
                if not self.has("size0") and d > 0 and e == s:
                    s, e = (s, s + 1) if s < d else (s - 1, s)
                starts.append(s)
                ends.append(e)
            return ir.make("shrink", [src], starts=starts, ends=ends)
        if kind == "flip":
            return ir.make("flip", [src],
                           axes=[i for i in range(t.rank) if self.chance(0.5)])
        # stack: values of one type
        same = [n for n in self.pool if n.type == t]
        count = int(self.rng.integers(1, 4))
        items = [self.choice(same) for _ in range(count)]
        if count * t.numel > self.max_numel:
            items = items[:1]
        return ir.make("stack", items)

    def op_index(self):
        src = self.pick(lambda n: n.type.rank > 0 and n.type.shape[0] > 0) \
            or self.operand()
        if src.type.rank == 0:
            src = self.add(self.reshape(src, (1,)))
        if src.type.shape[0] == 0:
            return None
        count = 1
        if src.type.rank > 1 and src.type.shape[1] > 0 and self.chance(0.3):
            count = 2
        batch = self.random_shape(max_rank=2)
        indices = []
        for axis in range(count):
            dim = src.type.shape[axis]
            options = [d for d in dtypes.INTS if dtypes.int_range(d)[1] >= dim]
            if not self.has("ints"):
                options = ["i32"]
            dtype = self.choice(options)
            raw = self.fresh(dtype, self.compatible_shape(batch)) \
                if self.chance(0.5) else self.operand(dtype=dtype)
            bound = ir.make("const", dtype=dtype, shape=(1,),
                            device=self.device, value=dim)
            indices.append(self.add(ir.make("floormod", [raw, bound])))
        try:
            ir.broadcast_shapes(*[i.type.shape for i in indices])
        except ir.IllTyped:
            indices = indices[:1]
        node = ir.make("index", [src] + indices)
        return node if node.type.numel <= self.max_numel else None

    def op_bitcast(self):
        src = self.pick(lambda n: n.type.dtype != "i1") or \
            self.operand("numeric")
        if src.type.dtype == "i1":
            return None
        size = dtypes.byte_size(src.type.dtype)
        options = []
        for d in self.dtype_options("numeric"):
            other = dtypes.byte_size(d)
            if other == size or (src.type.rank > 0 and
                                 (src.type.shape[-1] * size) % other == 0):
                options.append(d)
        if not options:
            return None
        return ir.make("bitcast", [src], dtype=self.choice(options))

    def op_call(self):
        if self.depth >= 2 or len(self.program.functions) >= 5:
            return None
        # Reuse a callee whose params some pool values fit, or make one
        # over 1-3 pool values.
        callees = [f for f in self.program.functions if f.name != self.name
                   and self.depth == 0]
        if callees and self.chance(0.3):
            callee = self.choice(callees)
            args = []
            for param in callee.params:
                arg = self.argument_for(param)
                if arg is None:
                    return None
                args.append(arg)
        else:
            count = int(self.rng.integers(1, 4))
            args = [self.pick() or self.operand() for _ in range(count)]
            callee = self.callee(args)
        node = ir.make("call", args, callee=callee)
        if isinstance(node.type, ir.TupleType):
            picks = [i for i in range(len(node.type.elements))
                     if self.chance(0.7)] or [0]
            for i in picks[:-1]:
                self.add(ir.make("gettuple", [node], index=i))
            return ir.make("gettuple", [node], index=picks[-1])
        return node

    def argument_for(self, param):
        t = param.type
        if param.attrs.get("size") is None:
            node = self.pick(lambda n: n.type.dtype == t.dtype and
                             n.type.shape == ())
            return node or self.fresh(t.dtype, ())
        node = self.pick(lambda n: n.type.dtype == t.dtype and
                         n.type.numel == param.attrs["size"])
        if node is not None:
            return node
        return self.fresh(t.dtype, self.random_factorization(
            param.attrs["size"]))

    def callee(self, args):
        name = f"f{next(self.names)}"
        sub = Builder(self.rng, self.features, self.program, name,
                      entry=False, depth=self.depth + 1, names=self.names)
        for i, arg in enumerate(args):
            scalar = arg.type.shape == () and self.chance(0.5)
            param = ir.make("param", slot=i, dtype=arg.type.dtype,
                            size=None if scalar else arg.type.numel,
                            device=arg.type.device)
            sub.params.append(param)
            view = param
            if not scalar:
                shape = arg.type.shape if self.chance(0.6) else \
                    sub.random_factorization(arg.type.numel)
                if shape != param.type.shape:
                    view = ir.make("reshape", [param], shape=shape)
            sub.add(view)
        sub.grow(int(self.rng.integers(1, 6)))
        outputs = sub.pick_outputs(max_count=2)
        function = ir.Function(name, sub.params, outputs)
        # Callees come before their callers; the entry is appended last.
        self.program.functions.append(function)
        return function

    #===--------------------------------------------------------------===#
    # Devices
    #===--------------------------------------------------------------===#

    def splat(self, dtype, shape, device):
        value = self.random_scalar(dtype)
        if dtype == "bf16":
            value = dtypes.round_float("bf16", np.array([value]))[0]
        return ir.make("const", dtype=dtype, shape=shape, device=device,
                       value=value)

    def op_copy(self):
        """A value copied to another device (a view of it: only what the
        view needs moves), an op or two there, and back."""
        src = self.pick() or self.operand()
        if src.type.rank and self.chance(0.4):
            src = self.add(self.op_view(src))
        others = [f"CPU:{i}" for i in range(1, 5)
                  if (f"CPU:{i}",) != self.device]
        there = ir.make("copy", [src], device=(self.choice(others),))
        for _ in range(int(self.rng.integers(0, 3))):
            there = self.device_step(there, None)
        return ir.make("copy", [there], device=self.device)

    def op_view(self, src):
        """A shrink, permute or flip of `src` (rank > 0)."""
        t = src.type
        kind = self.choice(["shrink", "permute", "flip"])
        if kind == "permute":
            return ir.make("permute", [src], order=[
                int(i) for i in self.rng.permutation(t.rank)])
        if kind == "flip":
            return ir.make("flip", [src], axes=[
                i for i in range(t.rank) if self.chance(0.5)])
        starts = [int(self.rng.integers(d + 1)) if d else 0 for d in t.shape]
        ends = [int(self.rng.integers(s, d + 1)) if d else 0
                for s, d in zip(starts, t.shape)]
        if not self.has("size0"):
            starts = [min(s, d - 1) if d else s for s, d in
                      zip(starts, t.shape)]
            ends = [max(e, s + 1) if d else e for s, e, d in
                    zip(starts, ends, t.shape)]
        return ir.make("shrink", [src], starts=starts, ends=ends)

    def op_multi(self):
        """A value spread over 2-4 virtual devices (replicated, sharded by a
        copy or by unshard of an mstack, or combined by allreduce), a few
        ops on the multi-device value, and a gather back."""
        n = self.choice([2, 2, 3, 4])
        devices = tuple(f"CPU:{i}" for i in sorted(
            int(d) for d in self.rng.choice(np.arange(1, 5), n,
                                            replace=False)))
        src = self.pick(lambda x: x.type.rank > 0) or self.operand()
        if src.type.rank == 0:
            src = self.add(self.reshape(src, (1,)))
        shape = src.type.shape
        axes = [k for k, d in enumerate(shape) if d % n == 0 and
                (d > 0 or self.has("size0"))]
        mode = self.choice(["replicate", "shard", "mstack", "allreduce"])
        if mode in ("shard", "mstack") and not axes:
            mode = "replicate"
        layout = None  # the sharded axis; None when replicated
        if mode == "replicate":
            value = ir.make("copy", [src], device=devices)
        elif mode == "shard":
            layout = self.choice(axes)
            value = ir.make("copy", [src], device=devices, shard=layout)
        elif mode == "mstack":
            layout = self.choice(axes)
            value = self.unshard_parts(src, layout, devices)
        else:
            same = [x for x in self.pool if x.type == src.type] or [src]
            parts = [ir.make("copy", [self.choice(same)], device=(d,))
                     for d in devices]
            stacked = ir.make("mstack", parts)
            kind = self.choice(["add", "max", "mul"]
                               if src.type.dtype != "i1" else ["max"])
            reduced = ir.make("allreduce", [stacked], kind=kind)
            if self.chance(0.5):
                picked = ir.make("mselect", [reduced],
                                 index=int(self.rng.integers(n)))
                return ir.make("copy", [picked], device=self.device)
            layout = int(self.rng.integers(src.type.rank))
            value = ir.make("unshard", [reduced], axis=layout)
            if value.type.numel > self.max_numel:
                return None
        steps = int(self.rng.integers(0, 4))
        if value.op == "unshard" and self.chance(0.5):
            steps = 0  # an unshard op as a call's argument
        for _ in range(steps):
            value, layout = self.multi_step(value, layout)
        if self.has("call") and self.depth == 0 and self.chance(0.25) and (
                layout is None or value.op == "unshard" or
                self.has("shard-args")):
            value, layout = self.multi_call(value, layout)
        if layout is None and self.chance(0.4):
            picked = ir.make("mselect", [value],
                             index=int(self.rng.integers(n)))
            if self.chance(0.5):
                picked = self.device_step(picked, None)
            return ir.make("copy", [picked], device=self.device)
        return ir.make("copy", [value], device=self.device)

    def multi_call(self, value, layout):
        """A call of a function whose param is the multi-device value: a
        shard-sized param viewed as one shard and unsharded on the same
        axis (docs/semantics.md, "Multi-device values"), or for a
        replicated value the whole value."""
        t = value.type
        n = len(t.device)
        sub = Builder(self.rng, self.features, self.program,
                      f"f{next(self.names)}", entry=False,
                      depth=self.depth + 1, names=self.names)
        sub.device = t.device
        shape = list(t.shape)
        if layout is not None:
            shape[layout] //= n
        param = ir.make("param", slot=0, dtype=t.dtype,
                        size=math.prod(shape), device=t.device)
        body = param
        if tuple(shape) != param.type.shape:
            body = ir.make("reshape", [param], shape=shape)
        if layout is not None:
            body = ir.make("unshard", [body], axis=layout)
        inner = layout
        for _ in range(int(self.rng.integers(1, 4))):
            body, inner = sub.multi_step(body, inner)
        function = ir.Function(sub.name, [param], [body])
        self.program.functions.append(function)
        # The reference splits a sharded argument into its shards by this.
        return ir.make("call", [value], callee=function,
                       layouts=[layout]), inner

    def unshard_parts(self, src, axis, devices):
        """unshard(mstack(copies of the parts of src along axis), axis)."""
        n = len(devices)
        step = src.type.shape[axis] // n
        parts = []
        for i, device in enumerate(devices):
            starts = [0] * src.type.rank
            ends = list(src.type.shape)
            starts[axis], ends[axis] = i * step, (i + 1) * step
            part = ir.make("shrink", [src], starts=starts, ends=ends)
            parts.append(ir.make("copy", [part], device=(device,)))
        return ir.make("unshard", [ir.make("mstack", parts)], axis=axis)

    def device_step(self, value, layout):
        """One elementwise op on `value` where it is: unary, a cast, or a
        binary op with itself or a splat constant."""
        t = value.type
        roll = self.rng.random()
        if roll < 0.3 and dtypes.is_float(t.dtype):
            return ir.make(self.choice(["exp2", "sqrt", "neg", "sin",
                                        "reciprocal", "trunc"]), [value])
        if roll < 0.45 and self.has("cast"):
            return ir.make("cast", [value], dtype=self.random_dtype())
        ops = ["add", "mul", "max", "cmplt", "cmpne"] if t.dtype != "i1" \
            else ["max", "cmpne", "xor"]
        if dtypes.is_float(t.dtype) and self.has("fdiv"):
            ops.append("fdiv")
        op = self.choice(ops)
        shape = t.shape
        if layout is None and self.chance(0.5):
            shape = self.compatible_shape(t.shape)
        other = value if self.chance(0.3) else \
            self.splat(t.dtype, shape, t.device)
        operands = [value, other] if self.chance(0.5) else [other, value]
        return ir.make(op, operands)

    def multi_step(self, value, layout):
        """An op on a multi-device value sharded on `layout` (None:
        replicated); returns the result and its layout."""
        t = value.type
        roll = self.rng.random()
        if roll < 0.4:
            return self.device_step(value, layout), layout
        if roll < 0.55 and self.entry:
            # A binary op with another value laid out alike.
            src = self.pick(lambda x: x.type.shape == t.shape and
                            x.type.dtype == t.dtype) or \
                self.fresh(t.dtype, t.shape)
            if layout is None:
                other = ir.make("copy", [src], device=t.device)
            elif self.chance(0.5):
                other = ir.make("copy", [src], device=t.device, shard=layout)
            else:
                other = self.unshard_parts(src, layout, t.device)
            op = self.choice(["add", "mul", "max", "cmpeq"]
                             if t.dtype != "i1" else ["max", "xor"])
            return ir.make(op, [value, other]), layout
        if roll < 0.75:
            axes = [i for i in range(t.rank) if self.chance(0.5)] or \
                [int(self.rng.integers(t.rank))] if t.rank else []
            kind = self.choice(["add", "max", "mul"])
            if t.dtype == "i1":
                kind = "max"
            result = ir.make("reduce", [value], kind=kind, axes=axes)
            # Reducing the sharded axis ends in an allreduce: replicated.
            return result, None if layout in axes else layout
        if roll < 0.85 and t.rank:
            order = [int(i) for i in self.rng.permutation(t.rank)]
            new_layout = None if layout is None else order.index(layout)
            return ir.make("permute", [value], order=order), new_layout
        free = [i for i in range(t.rank) if i != layout]
        if not free:
            return value, layout
        kind = self.choice(["flip", "pad", "shrink", "expand"])
        if kind == "flip":
            return ir.make("flip", [value], axes=[
                i for i in free if self.chance(0.6)]), layout
        if kind == "pad":
            low = [int(self.rng.integers(3)) if i in free else 0
                   for i in range(t.rank)]
            high = [int(self.rng.integers(3)) if i in free else 0
                    for i in range(t.rank)]
            node = ir.make("pad", [value], low=low, high=high)
            return (node, layout) if node.type.numel <= self.max_numel else \
                (value, layout)
        if kind == "shrink":
            starts = [int(self.rng.integers(d + 1)) if i in free else 0
                      for i, d in enumerate(t.shape)]
            ends = [int(self.rng.integers(s, d + 1)) if i in free else d
                    for i, (s, d) in enumerate(zip(starts, t.shape))]
            if not self.has("size0"):
                starts = [min(s, d - 1) if d else s for s, d in
                          zip(starts, t.shape)]
                ends = [max(e, s + 1) if d else e for s, e, d in
                        zip(starts, ends, t.shape)]
            return ir.make("shrink", [value], starts=starts,
                           ends=ends), layout
        units = [i for i in free if t.shape[i] == 1]
        if not units:
            return value, layout
        shape = list(t.shape)
        for i in units:
            shape[i] = self.choice([2, 3, 4])
        if math.prod(shape) > self.max_numel:
            return value, layout
        return ir.make("expand", [value], shape=shape), layout

    #===--------------------------------------------------------------===#
    # Driving
    #===--------------------------------------------------------------===#

    def op_table(self):
        table = [
            ("unary", self.op_unary, 2), ("arith", self.op_arith, 5),
            ("fdiv", self.op_fdiv, 1), ("pow", self.op_pow, 1),
            ("intdiv", self.op_intdiv, 1), ("bitwise", self.op_bitwise, 1.5),
            ("compare", self.op_compare, 2.5), ("cast", self.op_cast, 2),
            ("movement", self.op_movement, 4), ("index", self.op_index, 1),
            ("bitcast", self.op_bitcast, 0.7), ("reduce", self.op_reduce, 3),
            ("matmul", self.op_matmul, 0.6),
            ("contiguous", self.op_marker, 1), ("call", self.op_call, 0.7),
            ("multi", self.op_multi, 1.5), ("copy", self.op_copy, 0.7),
        ]
        return [(f, w) for name, f, w in table if self.has(name)]

    def grow(self, count):
        table = self.op_table()
        weights = np.array([w for _, w in table])
        made = 0
        attempts = 0
        while made < count and attempts < count * 20:
            attempts += 1
            fn = table[self.rng.choice(len(table), p=weights / weights.sum())][0]
            try:
                node = fn()
            except ir.IllTyped:
                continue
            if node is None or (isinstance(node.type, ir.TensorType) and
                                node.type.numel > self.max_numel):
                continue
            self.add(node)
            made += 1

    def pick_outputs(self, max_count=4):
        """The values to return: the latest, then others no op reads (so
        that little of what was made is dead), up to `max_count`."""
        computed = [n for n in self.pool if n.op not in ("param",)]
        if not computed:
            computed = self.pool
        read = {o.id for n in ir.topo_order(computed) for o in n.operands}
        sinks = [n for n in computed if n.id not in read]
        outputs = [computed[-1]]
        for node in reversed(sinks):
            if len(outputs) < max_count and node not in outputs and \
                    self.chance(0.8):
                outputs.append(node)
        return outputs


def _broadcasts(shape, target):
    try:
        return ir.broadcast_shapes(shape, target) == tuple(target)
    except ir.IllTyped:
        return False


def _broadcasts_all(*nodes):
    try:
        ir.broadcast_shapes(*[n.type.shape for n in nodes])
        return True
    except ir.IllTyped:
        return False


def generate(rng, features, size=None):
    """A random program with an entry `@main` of about `size` ops."""
    program = ir.Program([])
    builder = Builder(rng, features, program, "main", entry=True)
    if "copy" in features and rng.random() < 0.15:
        builder.device = (f"CPU:{rng.integers(1, 5)}",)  # params there
    if size is None:
        size = int(rng.integers(3, 16) if rng.random() < 0.8 else
                   rng.integers(16, 32))
    for _ in range(int(rng.integers(1, 3))):
        builder.param(builder.random_dtype(), builder.random_shape())
    builder.grow(size)
    outputs = []
    for node in builder.pick_outputs():
        if node.type.dtype == "bf16":  # .npy has no bf16
            node = ir.make("cast", [node], dtype="f32")
        outputs.append(node)
    program.functions.append(ir.Function("main", builder.params, outputs))
    program.inputs = builder.inputs
    program.features = frozenset(features)
    if "unused" not in features:
        _drop_unused_params(program)
    return program


def _drop_unused_params(program):
    entry = program.entry
    live = {n.id for n in ir.topo_order(entry.outputs)}
    keep = [i for i, p in enumerate(entry.params) if p.id in live]
    entry.params = [entry.params[i] for i in keep]
    program.inputs = [program.inputs[i] for i in keep]
    for slot, param in enumerate(entry.params):
        param.attrs["slot"] = slot
