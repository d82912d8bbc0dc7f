"""The body of a tinygrad custom kernel as the region of a tiny.custom_kernel.

`Tensor.custom_kernel(..., fxn=f)` calls `f` on one PARAM placeholder per
operand and wraps what it returns, a SINK of kernel-level UOps (RANGE,
INDEX, LOAD, STORE, CUSTOM C text, END, ALU ops), in a CALL whose AFTERs
are the operands after the kernel ran. tiny's `tiny.custom_kernel` runs
such a body over one flat buffer per operand; this module writes the SINK
as that body, in `tiny.k` and `arith` ops:

  RANGE ... END      `tiny.k.range loop` nests, opened in the order an END
                     lists its ranges (serial loops: tinygrad's CPU runs
                     a custom kernel's ranges one after another too)
  PARAM (slot k)     the region's k-th buffer; RESHAPEs of it give the
                     shape an INDEX's indices are linearized in
  INDEX              `tiny.k.index` (a `valid` index, where(g, i, Invalid),
                     gates the access); read as a value it is a load
  LOAD, STORE        `tiny.k.load`, `tiny.k.store`, gated as tinygrad gates
  AFTER              (`UOp.set`: a store, the buffer read after it) its
                     effects, in order; a read through it only once they
                     happened
  CUSTOM             only C's relaxed atomic fetch-add, which is
                     `tiny.k.atomic_add` (the text is matched, never run)
  ALU, WHERE, CAST   `arith` ops; tinygrad's weakint (index arithmetic) is
                     `index`, a weak constant takes its consumer's type

A call on several devices runs the body once per device, on that device's
buffers (of a sharded operand its shard): a DEVICE range read in the body
is the device's index.

Anything else (other CUSTOM text, an END of a DEVICE range, LOCAL ranges
in a kernel that shares local memory or synchronizes, register and local
buffers, ops with no arith form) raises ExportError through the caller's
`error(uop, what)`: never a wrong program.
"""

import math

from tinygrad.dtype import AddrSpace, dtypes
from tinygrad.uop.ops import AxisType, Ops

from .dtypes import ExportError, const_literal

__all__ = ["ATOMIC_ADD", "KernelBody", "storage_type", "written_slots"]

# The only CUSTOM text exported: what tinygrad's atomic embedding backward
# writes for CPU (a relaxed atomic add of {1} to the element {0} points to).
ATOMIC_ADD = "__atomic_fetch_add({0}, {1}, __ATOMIC_RELAXED);"

# Ranges whose iterations are independent of each other when the kernel
# neither shares local memory nor waits at a barrier: serial loops then
# compute what tinygrad's parallel ones do.
_LOOP_AXES = {AxisType.GLOBAL, AxisType.LOOP, AxisType.WEAK,
              AxisType.REDUCE, AxisType.UPCAST, AxisType.UNROLL}
_THREAD_AXES = {AxisType.LOCAL, AxisType.WARP, AxisType.THREAD,
                AxisType.GROUP_REDUCE}

_COMPARE = {Ops.CMPLT, Ops.CMPNE, Ops.CMPEQ}
_BINARY = {Ops.ADD, Ops.MUL, Ops.SUB, Ops.MAX, Ops.AND, Ops.OR, Ops.XOR,
           Ops.SHL, Ops.SHR, Ops.CDIV, Ops.CMOD, Ops.FDIV, Ops.FLOORDIV,
           Ops.FLOORMOD} | _COMPARE


def storage_type(dtype):
    """The element type of a tiny.custom_kernel buffer (and of arith
    values) for a concrete tinygrad dtype: integers signless."""
    if dtype == dtypes.bool:
        return "i1"
    if dtypes.is_int(dtype) and dtype not in dtypes.weaks:
        return "i%d" % (dtype.itemsize * 8)
    named = {dtypes.float16: "f16", dtypes.bfloat16: "bf16",
             dtypes.float32: "f32", dtypes.float64: "f64"}
    if dtype in named:
        return named[dtype]
    raise ExportError("tiny has no custom kernel buffer of tinygrad's %s"
                      % (dtype,))


def _buffer_of(u):
    """The PARAM placeholder an INDEX's buffer operand views (through
    RESHAPEs and AFTERs, which only order the accesses), or None."""
    while u.op in (Ops.RESHAPE, Ops.AFTER):
        u = u.src[0]
    return u if u.op is Ops.PARAM else None


def written_slots(sink):
    """The placeholder slots the kernel body `sink` may write: those an
    INDEX into them is the target of a STORE or CUSTOM."""
    slots = set()
    for u in sink.toposort():
        if u.op in (Ops.STORE, Ops.CUSTOM) and u.src and \
                u.src[0].op is Ops.INDEX:
            p = _buffer_of(u.src[0].src[0])
            if p is not None:
                slots.add(p.arg.slot)
    return slots


def _is_invalid(u):
    from tinygrad.dtype import Invalid
    return u.op is Ops.CONST and u.arg is Invalid


class _V:
    """An SSA value of the body: its name, arith type and the tinygrad
    dtype it stands for (weakint: index; signedness picks the arith op)."""
    __slots__ = ("name", "type", "dtype")

    def __init__(self, name, type_, dtype):
        self.name, self.type, self.dtype = name, type_, dtype


def _type(dtype):
    if dtype is dtypes.weakint:
        return "index"
    if dtype is dtypes.weakfloat:
        return "f32"
    return storage_type(dtype)


def _is_float(t):
    return t[0] in "fb"


def _width(t):
    return int(t[1:]) if t[0] == "i" else None


def _unsigned(dtype):
    return dtype == dtypes.bool or dtypes.is_unsigned(dtype)


class KernelBody:
    """Writes the region of a tiny.custom_kernel for kernel body `sink`,
    whose placeholder of slot k is buffer k of `buffers` ((tinygrad dtype,
    element count) each). `error(uop, what)` makes the ExportError for a
    UOp of the body that has no tiny form."""

    def __init__(self, sink, buffers, error, device=None):
        self.sink, self.buffers, self.error = sink, list(buffers), error
        # For a call on several devices, (this device's index, the number of
        # devices): a DEVICE range read in the body is the index.
        self.device = device
        self.lines = []
        # Constants, written before everything else: every loop sees them.
        self.prologue = []
        self.count = 0
        # Values by (UOp, wanted type), one dict per open loop: a value
        # computed inside a loop is not seen after it closes.
        self.scopes = [{}]
        self.open = []
        # The effects (stores, ENDs, AFTERs) written so far.
        self.emitted = set()
        uops = sink.toposort()
        self.threads_matter = any(
            u.op is Ops.BARRIER or (u.op in (Ops.PARAM, Ops.BUFFER) and
                                    u.addrspace is not AddrSpace.GLOBAL)
            for u in uops)

    def text(self, indent):
        """The region: its block header and ops, indented by `indent`."""
        args = ", ".join("%%b%d: memref<%dx%s>" % (i, n, storage_type(d))
                         for i, (d, n) in enumerate(self.buffers))
        for x in self.sink.src:
            self.effect(x)
        pad = " " * indent
        return ["%s^bb0(%s):" % (pad, args)] + \
            ["%s  %s" % (pad, line) for line in self.prologue + self.lines]

    # Emission -----------------------------------------------------------

    def _line(self, text):
        self.lines.append("  " * len(self.open) + text)

    def _new(self, text, type_, dtype):
        name = "%%k%d" % self.count
        self.count += 1
        self._line("%s = %s" % (name, text))
        return _V(name, type_, dtype)

    def _memo(self, key):
        for scope in reversed(self.scopes):
            if key in scope:
                return scope[key]
        return None

    def constant(self, value, dtype, type_=None):
        type_ = type_ or _type(dtype)
        key = ("const", repr(value), type_)
        v = self._memo(key)
        if v is None:
            literal = str(int(value)) if type_ == "index" else \
                const_literal(value, type_)
            v = _V("%%k%d" % self.count, type_, dtype)
            self.count += 1
            # A bool constant's literal is typed already (MLIR's `true`).
            self.prologue.append("%s = arith.constant %s%s" % (
                v.name, literal, "" if type_ == "i1" else " : " + type_))
            self.scopes[0][key] = v
        return v

    # Effects ------------------------------------------------------------

    def effect(self, u):
        if u in self.emitted:
            return
        self.emitted.add(u)
        if u.op in (Ops.SINK, Ops.GROUP):
            for x in u.src:
                self.effect(x)
        elif u.op is Ops.AFTER:
            self.after(u)
        elif u.op is Ops.END:
            self.end(u)
        elif u.op is Ops.STORE:
            self.store(u)
        elif u.op is Ops.CUSTOM:
            self.custom(u)
        elif u.op is Ops.NOOP:
            pass
        else:
            raise self.error(u, "a kernel effect with no tiny form")

    def after(self, u):
        """A buffer after effects (tinygrad's `UOp.set`: a store, then the
        buffer seen after it): the earlier AFTERs it builds on, then its
        effects, in order. A RANGE it waits for only places a read in that
        loop."""
        x = u.src[0]
        while x.op is Ops.RESHAPE:
            x = x.src[0]
        if x.op is Ops.AFTER:
            self.effect(x)
        elif x.op is not Ops.PARAM:
            raise self.error(u, "an AFTER of %s in a custom kernel" % (x.op,))
        for d in u.src[1:]:
            if d.op is not Ops.RANGE:
                self.effect(d)

    def end(self, u):
        opened = []
        for r in u.src[1:]:
            if r in self.open:
                continue
            if r.op is not Ops.RANGE:
                raise self.error(r, "an END of something not a RANGE")
            axis = r.arg[-1]
            if axis is AxisType.DEVICE:
                raise self.error(r, "an END of a DEVICE range (the call runs "
                                 "the kernel once per device)")
            if axis in _THREAD_AXES and self.threads_matter:
                raise self.error(r, "a %s range in a custom kernel that "
                                 "shares local memory or waits at a barrier"
                                 % (axis,))
            if axis not in _LOOP_AXES and axis not in _THREAD_AXES:
                raise self.error(r, "a %s range in a custom kernel" % (axis,))
            bound = r.src[0]
            if bound.op is not Ops.CONST or not isinstance(bound.arg, int):
                raise self.error(r, "a range of symbolic size")
            c = self.constant(bound.arg, dtypes.weakint)
            name = "%%r%d" % len(self.lines)
            self._line("tiny.k.range loop %s < %s {" % (name, c.name))
            self.open.append(r)
            self.scopes.append({("range", r): _V(name, "index",
                                                 dtypes.weakint)})
            opened.append(r)
        self.effect(u.src[0])
        for r in reversed(opened):
            self.open.pop()
            self.scopes.pop()
            self._line("}")

    def store(self, u):
        ptr, elem, dtype, gate = self.pointer(u.src[0])
        value = self.value(u.src[1], dtype)
        if value.type != elem:
            raise self.error(u, "a store of %s into a buffer of %s" % (
                value.type, elem))
        if len(u.src) > 2:
            g = self.value(u.src[2], dtypes.bool)
            gate = g if gate is None else self._and(gate, g)
        self._line("tiny.k.store %s, %s%s : !tiny.ptr<%s, global>" % (
            ptr, value.name, " if %s" % gate.name if gate else "", elem))

    def custom(self, u):
        if u.arg != ATOMIC_ADD or len(u.src) != 2 or \
                u.src[0].op is not Ops.INDEX:
            raise self.error(u, "CUSTOM code %r in a custom kernel (tiny "
                             "runs only %r, as tiny.k.atomic_add)" % (
                                 u.arg, ATOMIC_ADD))
        ptr, elem, dtype, gate = self.pointer(u.src[0])
        if gate is not None:
            raise self.error(u, "an atomic add through a gated index")
        value = self.value(u.src[1], dtype)
        if value.type != elem:
            raise self.error(u, "an atomic add of %s to a buffer of %s" % (
                value.type, elem))
        self._line("tiny.k.atomic_add %s, %s : !tiny.ptr<%s, global>" % (
            ptr, value.name, elem))

    # Memory -------------------------------------------------------------

    def pointer(self, u):
        """INDEX `u` as (pointer name, element type, tinygrad dtype of the
        buffer, gate value or None)."""
        key = ("ptr", u)
        found = self._memo(key)
        if found is not None:
            return found
        if u.op is not Ops.INDEX:
            raise self.error(u, "an access through something not an INDEX")
        view = u.src[0]
        x = view
        while x.op in (Ops.RESHAPE, Ops.AFTER):
            # A read of the buffer after effects comes after them; one
            # before would see other values than tinygrad's.
            if x.op is Ops.AFTER and any(
                    (d not in self.emitted) if d.op is not Ops.RANGE
                    else (d not in self.open) for d in x.src[1:]):
                raise self.error(x, "an access of a buffer, in a custom "
                                 "kernel, ordered after effects that have "
                                 "not happened there")
            x = x.src[0]
        param = _buffer_of(view)
        if param is None:
            raise self.error(u, "an INDEX into %s (tiny indexes a custom "
                             "kernel's placeholders and their reshapes)" % (
                                 view.op,))
        if param.addrspace is not AddrSpace.GLOBAL:
            raise self.error(param, "a local buffer in a custom kernel")
        slot = param.arg.slot
        if not 0 <= slot < len(self.buffers):
            raise self.error(param, "a placeholder of slot %d of a call with "
                             "%d operands" % (slot, len(self.buffers)))
        dtype, size = self.buffers[slot]
        if param.dtype != dtype:
            raise self.error(param, "a placeholder of %s for an operand of %s"
                             % (param.dtype, dtype))
        shape = view.shape
        if not all(isinstance(s, int) for s in shape):
            raise self.error(view, "a placeholder of symbolic shape")
        if math.prod(shape) != size:
            # An uneven shard: the placeholder's shape is the largest.
            raise self.error(view, "a placeholder of %d elements for a "
                             "buffer of %d" % (math.prod(shape), size))
        indices = list(u.src[1:])
        if len(indices) != len(shape) and len(indices) != 1:
            raise self.error(u, "%d indices into a buffer of shape %s" % (
                len(indices), shape))
        if len(indices) == 1:
            shape = (size,)
        gate = None
        linear = None
        stride = 1
        for idx, n in reversed(list(zip(indices, shape))):
            if idx.op is Ops.WHERE and _is_invalid(idx.src[2]):
                g = self.value(idx.src[0], dtypes.bool)
                gate = g if gate is None else self._and(gate, g)
                idx = idx.src[1]
            if _is_invalid(idx):
                raise self.error(u, "an Invalid index")
            i = self.to_index(self.value(idx))
            if stride != 1:
                i = self._new("arith.muli %s, %s : index" % (
                    i.name, self.constant(stride, dtypes.weakint).name),
                    "index", dtypes.weakint)
            linear = i if linear is None else self._new(
                "arith.addi %s, %s : index" % (linear.name, i.name), "index",
                dtypes.weakint)
            stride *= n
        elem = storage_type(dtype)
        p = self._new("tiny.k.index %%b%d[%s] : memref<%dx%s>" % (
            slot, linear.name, size, elem), "ptr", dtype)
        found = (p.name, elem, dtype, gate)
        self.scopes[-1][key] = found
        return found

    def load(self, u, index, alt_u=None):
        ptr, elem, dtype, gate = self.pointer(index)
        if gate is None:
            if alt_u is not None:
                raise self.error(u, "a LOAD with an alternative value and "
                                 "no gate")
            return self._new("tiny.k.load %s : !tiny.ptr<%s, global>" % (
                ptr, elem), elem, dtype)
        alt = self.value(alt_u, dtype) if alt_u is not None else \
            self.constant(0, dtype)
        return self._new("tiny.k.load %s if %s else %s : !tiny.ptr<%s, "
                         "global>, %s" % (ptr, gate.name, alt.name, elem,
                                          elem), elem, dtype)

    # Values -------------------------------------------------------------

    def value(self, u, want=None):
        """UOp `u` as an arith value. A weak value takes the tinygrad dtype
        `want` (its consumer's); another keeps its own."""
        if u.dtype not in dtypes.weaks:
            want = None
        elif want is not None and want in dtypes.weaks:
            want = None
        key = (u, want)
        v = self._memo(key)
        if v is not None:
            return v
        if u.op is Ops.CONST and want is not None:
            v = self.const_value(u, want)
        else:
            v = self._value(u)
            if want is not None:
                v = self.convert(u, v, want)
        self.scopes[-1][key] = v
        return v

    def const_value(self, u, dtype):
        if _is_invalid(u):
            raise self.error(u, "an Invalid value read in a custom kernel")
        return self.constant(u.arg, dtype)

    def _value(self, u):
        op = u.op
        if op is Ops.CONST:
            return self.const_value(u, u.dtype)
        if op is Ops.RANGE and u.arg[-1] is AxisType.DEVICE:
            bound = u.src[0]
            if self.device is None or bound.op is not Ops.CONST or \
                    bound.arg != self.device[1]:
                raise self.error(u, "a DEVICE range in a custom kernel %s" % (
                    "on one device" if self.device is None else
                    "over other than its call's %d devices" % self.device[1]))
            return self.constant(self.device[0], dtypes.weakint)
        if op is Ops.RANGE:
            v = self._memo(("range", u))
            if v is None:
                raise self.error(u, "a RANGE read outside the END that "
                                 "closes it")
            return v
        if op is Ops.INDEX:
            return self.load(u, u)
        if op is Ops.LOAD:
            if len(u.src) > 2:
                raise self.error(u, "a LOAD with %d sources" % len(u.src))
            return self.load(u, u.src[0], u.src[1] if len(u.src) > 1
                             else None)
        if op in _BINARY:
            return self.binary(u)
        if op is Ops.WHERE:
            return self.where(u)
        if op is Ops.NEG:
            x = self.value(u.src[0])
            if _is_float(x.type):
                return self._new("arith.negf %s : %s" % (x.name, x.type),
                                 x.type, x.dtype)
            if x.type == "i1":
                return self._new("arith.xori %s, %s : i1" % (
                    x.name, self.constant(True, dtypes.bool).name), "i1",
                    x.dtype)
            return self._new("arith.subi %s, %s : %s" % (
                self.constant(0, x.dtype, x.type).name, x.name, x.type),
                x.type, x.dtype)
        if op is Ops.RECIPROCAL:
            x = self.value(u.src[0], u.dtype)
            if not _is_float(x.type):
                raise self.error(u, "a RECIPROCAL of %s" % (x.type,))
            return self._new("arith.divf %s, %s : %s" % (
                self.constant(1.0, x.dtype, x.type).name, x.name, x.type),
                x.type, x.dtype)
        if op is Ops.CAST:
            src = self.value(u.src[0])
            return self.convert(u, src, u.dtype)
        if op is Ops.BITCAST:
            src = self.value(u.src[0])
            t = _type(u.dtype)
            if src.type == t:
                return _V(src.name, t, u.dtype)
            if src.type in ("index", "i1") or t in ("index", "i1") or \
                    u.dtype.itemsize != u.src[0].dtype.itemsize:
                raise self.error(u, "a BITCAST from %s to %s" % (
                    src.type, t))
            return self._new("arith.bitcast %s : %s to %s" % (
                src.name, src.type, t), t, u.dtype)
        raise self.error(u, "an op with no tiny form in a custom kernel")

    def _operand_dtype(self, u, srcs):
        """The tinygrad dtype an op's operands compute at: the concrete one
        among them (weak ones commit to it), else the weak default."""
        concrete = {s.dtype for s in srcs if s.dtype not in dtypes.weaks}
        if len(concrete) > 1:
            raise self.error(u, "operands of dtypes %s" % (
                ", ".join(str(d) for d in sorted(concrete, key=str)),))
        if concrete:
            return concrete.pop()
        if any(s.dtype is dtypes.weakfloat for s in srcs):
            return dtypes.float32
        return dtypes.weakint

    def binary(self, u):
        op = u.op
        dtype = self._operand_dtype(u, u.src) if op in _COMPARE or \
            u.dtype in dtypes.weaks else u.dtype
        if u.dtype is dtypes.weakint and dtype is not dtypes.weakint:
            dtype = dtypes.weakint
        a, b = (self.value(s, dtype) for s in u.src)
        if a.type != b.type:
            a, b = (self.convert(s, v, dtype) for s, v in zip(u.src, (a, b)))
        t = a.type
        fl = _is_float(t)
        uns = _unsigned(dtype)
        out = dtypes.bool if op in _COMPARE else dtype

        def emit(name, type_=t):
            return self._new("arith.%s %s, %s : %s" % (name, a.name, b.name,
                                                       t), type_, out)
        if op in _COMPARE:
            if fl:
                pred = {Ops.CMPLT: "olt", Ops.CMPNE: "une",
                        Ops.CMPEQ: "oeq"}[op]
                return emit("cmpf %s," % pred, "i1")
            pred = {Ops.CMPLT: "ult" if uns else "slt", Ops.CMPNE: "ne",
                    Ops.CMPEQ: "eq"}[op]
            return emit("cmpi %s," % pred, "i1")
        if t == "i1" and op in (Ops.ADD, Ops.MAX, Ops.OR):
            return emit("ori")
        if t == "i1" and op in (Ops.MUL, Ops.AND):
            return emit("andi")
        if op in (Ops.ADD, Ops.MUL, Ops.SUB):
            return emit({Ops.ADD: "add", Ops.MUL: "mul",
                         Ops.SUB: "sub"}[op] + ("f" if fl else "i"))
        if op is Ops.MAX:
            return emit("maximumf" if fl else "maxui" if uns else "maxsi")
        if fl:
            if op is Ops.FDIV:
                return emit("divf")
            raise self.error(u, "%s of floats in a custom kernel" % (op,))
        if op in (Ops.AND, Ops.OR, Ops.XOR):
            return emit({Ops.AND: "andi", Ops.OR: "ori", Ops.XOR: "xori"}[op])
        if op is Ops.SHL:
            return emit("shli")
        if op is Ops.SHR:
            return emit("shrui" if uns else "shrsi")
        if op is Ops.CDIV or (op is Ops.FLOORDIV and uns):
            return emit("divui" if uns else "divsi")
        if op is Ops.CMOD or (op is Ops.FLOORMOD and uns):
            return emit("remui" if uns else "remsi")
        if op is Ops.FLOORDIV:
            return emit("floordivsi")
        if op is Ops.FLOORMOD:
            # Python's remainder: C's, moved by the divisor when it is not
            # zero and its sign differs from the divisor's.
            r = emit("remsi")
            zero = self.constant(0, dtype, t)
            nonzero = self._new("arith.cmpi ne, %s, %s : %s" % (
                r.name, zero.name, t), "i1", dtypes.bool)
            signs = self._new("arith.xori %s, %s : %s" % (r.name, b.name, t),
                              t, dtype)
            differ = self._new("arith.cmpi slt, %s, %s : %s" % (
                signs.name, zero.name, t), "i1", dtypes.bool)
            fix = self._and(nonzero, differ)
            moved = self._new("arith.addi %s, %s : %s" % (r.name, b.name, t),
                              t, dtype)
            return self._new("arith.select %s, %s, %s : %s" % (
                fix.name, moved.name, r.name, t), t, dtype)
        raise self.error(u, "%s of integers in a custom kernel" % (op,))

    def where(self, u):
        cond_u, a_u, b_u = u.src
        if _is_invalid(a_u) or _is_invalid(b_u):
            raise self.error(u, "a WHERE with an Invalid branch read as a "
                             "value (tinygrad gates an INDEX with it)")
        dtype = u.dtype if u.dtype not in dtypes.weaks else \
            self._operand_dtype(u, (a_u, b_u))
        if u.dtype is dtypes.weakint:
            dtype = dtypes.weakint
        cond = self.value(cond_u, dtypes.bool)
        a, b = self.value(a_u, dtype), self.value(b_u, dtype)
        if a.type != b.type:
            a, b = (self.convert(s, v, dtype)
                    for s, v in zip((a_u, b_u), (a, b)))
        return self._new("arith.select %s, %s, %s : %s" % (
            cond.name, a.name, b.name, a.type), a.type, dtype)

    def _and(self, a, b):
        return self._new("arith.andi %s, %s : i1" % (a.name, b.name), "i1",
                         dtypes.bool)

    def to_index(self, v):
        if v.type == "index":
            return v
        return self.convert(None, v, dtypes.weakint)

    def convert(self, u, v, dtype):
        """Value `v` converted to tinygrad dtype `dtype` as tinygrad's CAST
        does (signedness from the source's dtype going wider or to a float,
        from the target's coming from a float)."""
        t = _type(dtype)
        s = v.type
        if s == t:
            return _V(v.name, t, dtype)
        uns = _unsigned(v.dtype)

        def emit(name, src=v, s=s):
            return self._new("arith.%s %s : %s to %s" % (name, src.name, s, t),
                             t, dtype)
        if t == "i1":
            zero = self.constant(0, v.dtype, s)
            pred = "cmpf une" if _is_float(s) else "cmpi ne"
            return self._new("arith.%s, %s, %s : %s" % (
                pred, v.name, zero.name, s), "i1", dtype)
        if s == "index":
            if _is_float(t):
                wide = self._new("arith.index_cast %s : index to i64" % (
                    v.name,), "i64", dtypes.int64)
                return emit("sitofp", wide, "i64")
            return emit("index_cast")
        if t == "index":
            if _is_float(s):
                wide = self._new("arith.fptosi %s : %s to i64" % (v.name, s),
                                 "i64", dtypes.int64)
                return self._new("arith.index_cast %s : i64 to index" % (
                    wide.name,), t, dtype)
            return emit("index_castui" if uns else "index_cast")
        if _is_float(s) and _is_float(t):
            ws, wt = int(s.lstrip("bf")), int(t.lstrip("bf"))
            if ws == wt:
                wide = self._new("arith.extf %s : %s to f32" % (v.name, s),
                                 "f32", dtypes.float32)
                return emit("truncf", wide, "f32")
            return emit("extf" if wt > ws else "truncf")
        if _is_float(t):
            return emit("uitofp" if uns else "sitofp")
        if _is_float(s):
            return emit("fptoui" if _unsigned(dtype) else "fptosi")
        ws, wt = _width(s), _width(t)
        if wt < ws:
            return emit("trunci")
        return emit("extui" if uns else "extsi")
