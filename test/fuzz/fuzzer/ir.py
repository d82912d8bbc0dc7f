"""Tensor-level tiny programs as a small Python graph, printed as tiny IR.

A `Node` is one op: its name (tiny's mnemonic), operands and attributes; its
type is inferred when it is made (`make`), by the rules tiny's verifier
applies, so a program built here is well typed or `make` raises
`IllTyped`. A `Function` is a `tiny.function`: params (nodes of op "param")
and the values it returns. A `Program` is functions (callees first, the
entry last) and the entry's inputs.
"""

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from . import dtypes


class IllTyped(Exception):
    """A node that tiny's verifier would reject (a generator bug)."""


@dataclass(frozen=True)
class TensorType:
    dtype: str
    shape: tuple
    device: tuple  # device names; more than one for a multi-device value

    @property
    def numel(self):
        return math.prod(self.shape)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def multi(self):
        return len(self.device) > 1


@dataclass(frozen=True)
class TupleType:
    elements: tuple


ELEMENTWISE_UNARY = ["exp2", "log2", "sin", "sqrt", "reciprocal", "trunc"]
ARITH = ["add", "sub", "mul", "max"]
FLOAT_BINARY = ["fdiv", "pow"]
INT_DIVISION = ["cdiv", "cmod", "floordiv", "floormod"]
BITWISE = ["xor", "or", "and"]
SHIFTS = ["shl", "shr"]
COMPARES = ["cmplt", "cmpne", "cmpeq", "cmpgt", "cmpge", "cmple"]
BINARY = ARITH + FLOAT_BINARY + INT_DIVISION + BITWISE + SHIFTS + COMPARES
MARKERS = ["contiguous", "contiguous_backward", "detach"]
MOVEMENT = ["reshape", "permute", "expand", "pad", "shrink", "flip", "index",
            "stack", "bitcast"]


class Node:
    """One op. `type` is a TensorType, or a TupleType for a tuple-valued
    call; `attrs` hold the op's attributes (axes, shapes, dtype, callee)."""

    _ids = itertools.count()

    def __init__(self, op, operands, attrs, type_):
        self.op = op
        self.operands = list(operands)
        self.attrs = dict(attrs)
        self.type = type_
        self.id = next(Node._ids)

    def __repr__(self):
        return f"Node({self.op}#{self.id})"


@dataclass
class Function:
    name: str
    params: list  # param nodes, slot i at index i
    outputs: list  # returned nodes; a tuple when there are several

    @property
    def result_type(self):
        if len(self.outputs) == 1:
            return self.outputs[0].type
        return TupleType(tuple(o.type for o in self.outputs))


@dataclass
class Program:
    functions: list  # callees first, the entry last
    inputs: list = field(default_factory=list)  # numpy arrays, entry slots
    features: frozenset = frozenset()  # what it was generated with

    @property
    def entry(self):
        return self.functions[-1]


#===------------------------------------------------------------------===#
# Type inference
#===------------------------------------------------------------------===#


def _require(condition, message):
    if not condition:
        raise IllTyped(message)


def broadcast_shapes(*shapes):
    """Right-aligned broadcast, each axis equal or 1; raises IllTyped."""
    rank = max(len(s) for s in shapes)
    out = [1] * rank
    for shape in shapes:
        padded = (1,) * (rank - len(shape)) + tuple(shape)
        for i, dim in enumerate(padded):
            if dim == out[i] or dim == 1:
                continue
            _require(out[i] == 1, f"shapes {shapes} do not broadcast")
            out[i] = dim
    return tuple(out)


def _dtype_class(dtype, kind):
    if kind == "any":
        return True
    if kind == "float":
        return dtypes.is_float(dtype)
    if kind == "int":
        return dtypes.is_int(dtype)
    if kind == "bool":
        return dtype == "i1"
    if kind == "intbool":
        return dtype == "i1" or dtypes.is_int(dtype)
    if kind == "numeric":
        return dtype != "i1"
    raise ValueError(kind)


BINARY_CLASS = {
    **{op: "numeric" for op in ["add", "sub", "mul"]},
    "max": "any",
    **{op: "float" for op in FLOAT_BINARY},
    **{op: "int" for op in INT_DIVISION + SHIFTS},
    **{op: "intbool" for op in BITWISE},
    **{op: "any" for op in COMPARES},
}


def _infer(op, operands, attrs):
    types = [o.type for o in operands]
    for t in types:
        _require(isinstance(t, TensorType) or op == "gettuple",
                 f"{op}: operand is a tuple")
    if op == "param":
        size = attrs.get("size")
        shape = () if size is None else (size,)
        return TensorType(attrs["dtype"], shape, attrs["device"])
    if op == "const":
        return TensorType(attrs["dtype"], tuple(attrs["shape"]),
                          attrs["device"])
    if op in ELEMENTWISE_UNARY:
        _require(dtypes.is_float(types[0].dtype), f"{op} of a non-float")
        return types[0]
    if op == "neg":
        _require(types[0].dtype != "i1", "neg of bool")
        return types[0]
    if op == "not":
        _require(types[0].dtype == "i1", "not of a non-bool")
        return types[0]
    if op == "cast":
        return TensorType(attrs["dtype"], types[0].shape, types[0].device)
    if op in MARKERS:
        return types[0]
    if op in BINARY or op in ("where", "mulacc"):
        devices = {t.device for t in types}
        _require(len(devices) == 1, f"{op}: operands on different devices")
        shape = broadcast_shapes(*[t.shape for t in types])
        if op == "where":
            _require(types[0].dtype == "i1", "where: condition is not bool")
            _require(types[1].dtype == types[2].dtype, "where: dtypes differ")
            return TensorType(types[1].dtype, shape, types[1].device)
        _require(len({t.dtype for t in types}) == 1, f"{op}: dtypes differ")
        dtype = types[0].dtype
        if op == "mulacc":
            _require(dtype != "i1", "mulacc of bool")
            return TensorType(dtype, shape, types[0].device)
        _require(_dtype_class(dtype, BINARY_CLASS[op]),
                 f"{op} of {dtype}")
        if op in COMPARES:
            dtype = "i1"
        return TensorType(dtype, shape, types[0].device)
    src = types[0] if types else None
    if op == "reshape":
        shape = tuple(attrs["shape"])
        _require(math.prod(shape) == src.numel, "reshape changes the size")
        return TensorType(src.dtype, shape, src.device)
    if op == "permute":
        order = attrs["order"]
        _require(sorted(order) == list(range(src.rank)), "bad permutation")
        return TensorType(src.dtype, tuple(src.shape[i] for i in order),
                          src.device)
    if op == "expand":
        shape = tuple(attrs["shape"])
        _require(len(shape) == src.rank, "expand changes the rank")
        for old, new in zip(src.shape, shape):
            _require(old == new or old == 1, "expand of a non-unit axis")
        return TensorType(src.dtype, shape, src.device)
    if op == "pad":
        low, high = attrs["low"], attrs["high"]
        _require(len(low) == len(high) == src.rank, "pad rank")
        _require(min(low + high, default=0) >= 0, "negative pad")
        return TensorType(src.dtype, tuple(d + l + h for d, l, h in
                                           zip(src.shape, low, high)),
                          src.device)
    if op == "shrink":
        starts, ends = attrs["starts"], attrs["ends"]
        _require(len(starts) == len(ends) == src.rank, "shrink rank")
        for s, e, d in zip(starts, ends, src.shape):
            _require(0 <= s <= e <= d, "shrink out of range")
        return TensorType(src.dtype, tuple(e - s for s, e in
                                           zip(starts, ends)), src.device)
    if op == "flip":
        axes = attrs["axes"]
        _require(all(0 <= a < src.rank for a in axes) and
                 len(set(axes)) == len(axes), "flip axes")
        return src
    if op == "index":
        indices = types[1:]
        _require(1 <= len(indices) <= src.rank, "index count")
        for t in indices:
            _require(dtypes.is_int(t.dtype), "index of a non-int")
            _require(t.device == src.device, "index on another device")
        batch = broadcast_shapes(*[t.shape for t in indices])
        return TensorType(src.dtype, batch + src.shape[len(indices):],
                          src.device)
    if op == "stack":
        _require(len(set(types)) == 1, "stack of different types")
        return TensorType(src.dtype, (len(types),) + src.shape, src.device)
    if op == "bitcast":
        to = attrs["dtype"]
        old, new = dtypes.byte_size(src.dtype), dtypes.byte_size(to)
        shape = src.shape
        if old != new:
            _require(src.rank > 0, "bitcast of a scalar changes the size")
            nbytes = shape[-1] * old
            _require(nbytes % new == 0, "bitcast does not divide")
            shape = shape[:-1] + (nbytes // new,)
        return TensorType(to, shape, src.device)
    if op == "reduce":
        axes = attrs["axes"]
        _require(attrs["kind"] in ("add", "max", "mul"), "reduce kind")
        _require(all(0 <= a < src.rank for a in axes) and
                 len(set(axes)) == len(axes), "reduce axes")
        shape = tuple(1 if i in axes else d for i, d in enumerate(src.shape))
        return TensorType(src.dtype, shape, src.device)
    if op == "call":
        callee = attrs["callee"]
        _require(len(operands) == len(callee.params), "call arity")
        for arg, param in zip(types, callee.params):
            _require(arg.dtype == param.type.dtype, "call: dtype")
            size = param.attrs.get("size")
            if size is None:
                _require(arg.shape == (), "call: scalar param")
            elif arg.multi:  # the whole value, or one shard of it
                _require(size in (arg.numel, arg.numel // len(arg.device)),
                         "call: size")
            else:
                _require(arg.numel == size, "call: size")
            _require(arg.device == param.type.device, "call: device")
        return callee.result_type
    if op == "gettuple":
        t = operands[0].type
        _require(isinstance(t, TupleType), "gettuple of a tensor")
        return t.elements[attrs["index"]]
    if op == "copy":
        to = attrs["device"]
        shard = attrs.get("shard")
        if shard is not None:
            _require(len(to) > 1 and not src.multi, "shard copy devices")
            _require(shard < src.rank and src.shape[shard] % len(to) == 0,
                     "shard does not split")
        return TensorType(src.dtype, src.shape, to)
    if op == "unshard":
        _require(src.multi, "unshard of a single-device value")
        axis = attrs["axis"]
        _require(axis < src.rank, "unshard axis")
        shape = list(src.shape)
        shape[axis] *= len(src.device)
        return TensorType(src.dtype, tuple(shape), src.device)
    if op == "mstack":
        _require(len(types) >= 2, "mstack of one value")
        for t in types:
            _require(not t.multi, "mstack of a multi-device value")
            _require(t.shape == src.shape and t.dtype == src.dtype,
                     "mstack shapes")
        names = tuple(t.device[0] for t in types)
        _require(len(set(names)) == len(names), "mstack devices repeat")
        return TensorType(src.dtype, src.shape, names)
    if op == "mselect":
        _require(src.multi, "mselect of a single-device value")
        return TensorType(src.dtype, src.shape,
                          (src.device[attrs["index"]],))
    if op == "allreduce":
        _require(src.multi, "allreduce of a single-device value")
        return src
    raise IllTyped(f"unknown op {op}")


def make(op, operands=(), **attrs):
    """A new node with its type inferred; raises IllTyped."""
    return Node(op, operands, attrs, _infer(op, list(operands), attrs))


def retype(node):
    """Re-infers `node`'s type after its operands changed; raises IllTyped."""
    node.type = _infer(node.op, node.operands, node.attrs)


#===------------------------------------------------------------------===#
# Graph walks
#===------------------------------------------------------------------===#


def topo_order(roots):
    """Nodes reachable from `roots`, operands before users (within one
    function: callees are not entered)."""
    order, seen = [], set()
    stack = [(r, False) for r in reversed(roots)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if node.id in seen:
            continue
        seen.add(node.id)
        stack.append((node, True))
        for operand in reversed(node.operands):
            if operand.id not in seen:
                stack.append((operand, False))
    return order


def callees(function):
    """Functions that `function` calls directly."""
    out = []
    for node in topo_order(function.outputs):
        if node.op == "call" and node.attrs["callee"] not in out:
            out.append(node.attrs["callee"])
    return out


#===------------------------------------------------------------------===#
# Printing
#===------------------------------------------------------------------===#


class Printer:
    """Prints a program as tiny IR, with a `#name` alias per device set."""

    def __init__(self, program):
        self.program = program
        self.aliases = {}
        for function in program.functions:
            for node in function.params + topo_order(function.outputs):
                self._collect(node.type)
                if node.op == "copy":
                    self._collect_device(node.attrs["device"])

    def _collect(self, t):
        if isinstance(t, TupleType):
            for e in t.elements:
                self._collect(e)
        else:
            self._collect_device(t.device)

    def _collect_device(self, device):
        if device in self.aliases:
            return
        if device == ("CPU",):
            name = "cpu"
        else:
            name = "d" + "_".join(n.replace("CPU:", "") if n.startswith("CPU:")
                                  else n.lower() for n in device)
        self.aliases[device] = name

    def device_attr(self, device):
        return "#" + self.aliases[device]

    def type(self, t):
        if isinstance(t, TupleType):
            return "tuple<" + ", ".join(self.type(e) for e in t.elements) + ">"
        dims = "".join(f"{d}x" for d in t.shape)
        return f"tensor<{dims}{t.dtype}, {self.device_attr(t.device)}>"

    @staticmethod
    def device_list(device):
        if len(device) == 1:
            return f'"{device[0]}"'
        return "[" + ", ".join(f'"{n}"' for n in device) + "]"

    @staticmethod
    def ints(values):
        return "[" + ", ".join(str(int(v)) for v in values) + "]"

    def text(self):
        lines = []
        for device, name in self.aliases.items():
            names = ", ".join(f'"{n}"' for n in device)
            lines.append(f"#{name} = #tiny.device<{names}>")
        for function in self.program.functions:
            lines.append("")
            lines.extend(self.function(function))
        return "\n".join(lines) + "\n"

    def function(self, function):
        entry = function is self.program.entry
        visibility = "" if entry else \
            ' attributes {sym_visibility = "private"}'
        lines = [f"tiny.function @{function.name} -> "
                 f"{self.type(function.result_type)}{visibility} {{"]
        names = {}
        counter = itertools.count()

        def define(node, text):
            names[node.id] = f"%{node.op[:1]}{next(counter)}"
            lines.append(f"  {names[node.id]} = {text}")

        for param in function.params:
            define(param, self.op(param, names))
        for node in topo_order(function.outputs):
            if node.id not in names:
                define(node, self.op(node, names))
        if len(function.outputs) == 1:
            result = names[function.outputs[0].id]
        else:
            node = Node("tuple", function.outputs, {}, function.result_type)
            define(node, self.op(node, names))
            result = names[node.id]
        lines.append(f"  tiny.return {result} : "
                     f"{self.type(function.result_type)}")
        lines.append("}")
        return lines

    def const_value(self, dtype, value):
        if dtype == "i1":
            return "true" if value else "false"
        if dtypes.is_int(dtype):
            return str(int(value))
        v = float(value)
        if math.isfinite(v) and not (v == 0 and math.copysign(1, v) < 0):
            text = repr(v)
            if "." not in text:  # MLIR's float literals need a point
                mantissa, _, exponent = text.partition("e")
                text = mantissa + ".0" + ("e" + exponent if exponent else "")
            return text
        # Hex: the bits of the value in its dtype (infinities, NaN, -0).
        raw = dtypes.to_bits(dtype, np.array(
            [v], dtype=dtypes.storage(dtype))).reshape(-1)
        return "0x" + bytes(reversed(raw.tolist())).hex().upper()

    def op(self, node, names):
        a = node.attrs
        ops = [names[o.id] for o in node.operands]
        src = self.type(node.operands[0].type) if node.operands else ""
        op = node.op
        if op == "param":
            size = "" if a.get("size") is None else f" size {a['size']}"
            return (f"tiny.param {a['slot']} : {a['dtype']}{size} on "
                    f"{self.device_list(a['device'])}")
        if op == "const":
            return (f"tiny.const dense<{self.const_value(a['dtype'], a['value'])}>"
                    f" : {self.type(node.type)}")
        if op in ELEMENTWISE_UNARY or op in ("neg", "not") or op in MARKERS:
            return f"tiny.{op} {ops[0]} : {src}"
        if op in ("cast", "bitcast"):
            return f"tiny.{op} {ops[0]} to {a['dtype']} : {src}"
        if op in BINARY:
            t0, t1 = (self.type(o.type) for o in node.operands)
            types = t0 if t0 == t1 else f"{t0}, {t1}"
            return f"tiny.{op} {ops[0]}, {ops[1]} : {types}"
        if op in ("where", "mulacc"):
            types = ", ".join(self.type(o.type) for o in node.operands)
            return f"tiny.{op} {', '.join(ops)} : {types}"
        if op in ("reshape", "expand"):
            return f"tiny.{op} {ops[0]} to {self.ints(a['shape'])} : {src}"
        if op == "permute":
            return f"tiny.permute {ops[0]} {self.ints(a['order'])} : {src}"
        if op == "pad":
            return (f"tiny.pad {ops[0]} low {self.ints(a['low'])} high "
                    f"{self.ints(a['high'])} : {src}")
        if op == "shrink":
            return (f"tiny.shrink {ops[0]} {self.ints(a['starts'])} to "
                    f"{self.ints(a['ends'])} : {src}")
        if op == "flip":
            return f"tiny.flip {ops[0]} axes {self.ints(a['axes'])} : {src}"
        if op == "index":
            types = ", ".join(self.type(o.type) for o in node.operands[1:])
            return (f"tiny.index {ops[0]}[{', '.join(ops[1:])}] : {src}, "
                    f"{types}")
        if op in ("stack", "tuple", "mstack"):
            types = ", ".join(self.type(o.type) for o in node.operands)
            return f"tiny.{op} {', '.join(ops)} : {types}"
        if op == "reduce":
            return (f"tiny.reduce {a['kind']} {ops[0]} axes "
                    f"{self.ints(a['axes'])} : {src}")
        if op == "allreduce":
            return f"tiny.allreduce {a['kind']} {ops[0]} : {src}"
        if op == "call":
            types = ", ".join(self.type(o.type) for o in node.operands)
            return (f"tiny.call @{a['callee'].name}({', '.join(ops)}) : "
                    f"({types}) -> {self.type(node.type)}")
        if op == "gettuple":
            return f"tiny.gettuple {ops[0]}[{a['index']}] : {src}"
        if op == "copy":
            shard = "" if a.get("shard") is None else f" shard {a['shard']}"
            return (f"tiny.copy {ops[0]} to {self.device_list(a['device'])}"
                    f"{shard} : {src}")
        if op == "unshard":
            return f"tiny.unshard {ops[0]} axis {a['axis']} : {src}"
        if op == "mselect":
            return f"tiny.mselect {ops[0]}[{a['index']}] : {src}"
        raise ValueError(op)


def to_mlir(program):
    return Printer(program).text()
