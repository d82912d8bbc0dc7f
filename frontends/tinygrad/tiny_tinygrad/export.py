"""tinygrad's tensor-level UOp graph as one `tiny.function`, in IR text.

The graph is what `Tensor.uop` holds before tinygrad schedules it: realized
BUFFERs, constants (with weak dtypes), elementwise ops, movement ops with
their shapes as operands, REDUCE, COPY, CONTIGUOUS, and assigns written as
AFTER(target, STORE(target, value)). Each realized buffer becomes a
`tiny.param` of its flat size, numbered in the order the walk meets it (a
buffer on several devices, one per device); each other UOp becomes the tiny
op docs/ops-table.md gives it. Sharded tensors (UNSHARD) are tiny's
sharded values (along several axes, values held whole by every device);
the function returns one result per device for them.

The text depends only on the graph's structure: names are numbered in walk
order and data stays in the buffers, so a graph built again (the next step
of a training loop) gives the same bytes and hits tiny's compile cache.

A UOp with no mapping raises ExportError naming the op, the tensor and the
tinygrad function that made it (when tinygrad recorded one): never a wrong
program.
"""

import itertools
import math
import re

from tinygrad.dtype import AddrSpace, dtypes, least_upper_dtype, weak_dtype
from tinygrad.uop.ops import AxisType, GroupOp, Ops, UOp, all_metadata, exec_alu

from . import kernel_body
from .dtypes import ExportError, const_literal, mlir_dtype

__all__ = ["Exported", "ExportError", "Shard", "export", "export_uops",
           "tiny_device"]

_UNARY = {Ops.EXP2: "exp2", Ops.LOG2: "log2", Ops.SIN: "sin",
          Ops.SQRT: "sqrt", Ops.RECIPROCAL: "reciprocal", Ops.NEG: "neg",
          Ops.TRUNC: "trunc"}
_BINARY = {Ops.ADD: "add", Ops.MUL: "mul", Ops.SHL: "shl", Ops.SHR: "shr",
           Ops.CDIV: "cdiv", Ops.MAX: "max", Ops.CMOD: "cmod",
           Ops.CMPLT: "cmplt", Ops.CMPNE: "cmpne", Ops.CMPEQ: "cmpeq",
           Ops.XOR: "xor", Ops.OR: "or", Ops.AND: "and",
           Ops.THREEFRY: "threefry", Ops.SUB: "sub", Ops.FDIV: "fdiv",
           Ops.POW: "pow", Ops.FLOORDIV: "floordiv",
           Ops.FLOORMOD: "floormod"}
_BOOL_ARITH = {Ops.MUL: "and", Ops.ADD: "or"}
_COMPARE = {Ops.CMPLT, Ops.CMPNE, Ops.CMPEQ}
_REDUCE = {Ops.ADD: "add", Ops.MAX: "max", Ops.MUL: "mul"}
_INVALID_READ = ("an Invalid value read outside a where's branch or a store "
                 "of it (tiny has no undefined value)")
# tinygrad gates the Invalid elements of a reduce's source (its final
# rewrite gives a gated one 0); tiny exports a where with an Invalid branch
# as its other branch, whose elements a reduce would combine into defined
# ones.
_INVALID_REDUCE = ("a reduce of a value computed from Invalid (tinygrad "
                   "gates its Invalid elements)")
# Host memory in tinygrad: buffers of these devices are tiny CPU params.
_HOST = {"CPU", "PYTHON", "NPY"}


def tiny_device(device):
    """tiny's device name(s) for a tinygrad device: host memory (CPU, PYTHON,
    NPY) is "CPU", CPU:n a virtual CPU; a tuple is a multi-device value."""
    if isinstance(device, tuple):
        return tuple(tiny_device(d) for d in device)
    if device in _HOST or device == "CPU:0":
        return "CPU"
    if device.startswith("CPU:") and device[4:].isdigit():
        return device
    raise ExportError("tiny cannot run tinygrad device %r" % (device,))


def _device_attr(device):
    names = device if isinstance(device, tuple) else (device,)
    return "#tiny.device<%s>" % ", ".join('"%s"' % n for n in names)


def _device_ref(device):
    if isinstance(device, tuple):
        return "[%s]" % ", ".join('"%s"' % n for n in device)
    return '"%s"' % device


def _ints(values):
    return "[%s]" % ", ".join(str(v) for v in values)


class _Value:
    """An SSA value of the function under construction."""
    __slots__ = ("name", "shape", "dtype", "device", "type")

    def __init__(self, name, shape, dtype, device):
        self.name, self.shape, self.dtype, self.device = (
            name, tuple(shape), dtype, device)
        dims = "".join("%dx" % d for d in self.shape)
        self.type = "tensor<%s%s, %s>" % (dims, dtype, _device_attr(device))


class Shard:
    """Device `index`'s buffer of the MultiBuffer behind BUFFER `uop` (a
    BUFFER on a tuple of devices): one param of the program."""
    __slots__ = ("uop", "index")

    def __init__(self, uop, index):
        self.uop, self.index = uop, index

    def __repr__(self):
        return "Shard(%s, %d)" % (self.uop.arg, self.index)


class Exported:
    """One exported program: `text` (a module holding `tiny.function`
    @tinygrad), `inputs` (what params 0, 1, ... are bound to: realized
    BUFFERs, or a Shard for each device of a BUFFER on several devices),
    `outputs` (the UOps whose values the function returns, in order),
    `layouts` (for each output, None for a value on one device, else
    (devices, axis): the function returns one result per device, device
    i's shard along `axis`, or its whole copy for axis None) and `assigns`
    (AFTER UOps whose stores the program performs into input buffers).
    `write_backs` lists the inputs (by index) whose stored contents the
    function returns after the outputs' results, for programs that run on
    tiny's runtime (where params are copies): those results go into the
    inputs' own memory. `aliases` pairs each CONTIGUOUS of an assign into
    a whole buffer with that assign (AFTER): it becomes what the assign
    becomes. `var_values`: the bound Variables (by name) the program was
    compiled for, with their values."""

    def __init__(self, text, inputs, outputs, assigns, layouts=None,
                 write_backs=(), aliases=()):
        self.text, self.inputs, self.outputs, self.assigns = (
            text, inputs, outputs, assigns)
        self.aliases = list(aliases)
        self.layouts = layouts if layouts is not None else [None] * len(
            outputs)
        self.write_backs = list(write_backs)
        self.var_values = {}


def _error(u, what=None):
    meta = all_metadata.get(u)
    where = (" (made by tinygrad's %s)" % ", ".join(str(m) for m in meta)
             if meta else "")
    try:
        shape = u.shape
    except Exception:  # a UOp with no shape still gets its error
        shape = None
    return ExportError("tiny cannot export %s%s: %s of dtype %s, shape %s" % (
        u.op, where, what or "no tiny mapping", u.dtype, shape))


def _view_chain(u):
    """Assign target `u` and what it views in turn, down to its storage."""
    yield u
    while u.op in GroupOp.Movement or u.op in (Ops.BITCAST, Ops.AFTER,
                                               Ops.DETACH, Ops.UNSHARD):
        u = u.src[0]
        yield u


def _buffer_root(u):
    """The BUFFER an assign target views, or None (tinygrad then stores into
    a fresh buffer: the AFTER is a contiguous copy of the value)."""
    *_, u = _view_chain(u)
    if u.op is Ops.BUFFER and u.addrspace is AddrSpace.GLOBAL:
        return u
    return None


def _blocks_view(u):
    """Whether assign target `u` views its buffer through an UNSHARD along
    several axes."""
    return any(v.op is Ops.UNSHARD and len(v.arg) > 1 for v in _view_chain(u))


class _Builder:
    def __init__(self, var_values=None):
        # Bound Variables: the value each is exported with, by name (a
        # caller's override, else the value it is bound to), and the ones
        # the program was specialized on.
        self.var_overrides = dict(var_values or {})
        self.var_values = {}
        self.lines = []
        self.memo = {}
        self.inputs = []
        self.params = {}
        self.assigns = []
        # Assigns into a value with no buffer, in the order met: tinygrad
        # realizes each in a buffer of its own, which the tensor then is.
        self.fresh_assigns = []
        # The CONTIGUOUS UOps the function computes (each with its value),
        # and those that stand for an assign's buffer (with the assign).
        self.contiguous = []
        self.aliases = []
        self.shards = {}
        # The param values by slot, the stores into each buffer, and every
        # device a value lives on.
        self.slots = []
        self.stored = {}
        self.devices = set()
        self.count = 0
        # The FUNCTIONs whose bodies are being inlined, innermost last: a
        # PARAM stands for an argument of the innermost one.
        self.calls = ()
        # Whether the walk met tinygrad's Invalid (and went on), and for
        # each UOp holds_invalid met, whether Invalid is among its sources.
        self.invalid_met = False
        self.invalid_sources = {}
        # The UOps export_uops is asked for.
        self.requested = set()

    # Emission ---------------------------------------------------------------

    def _new(self, text, shape, dtype, device):
        name = "%%%d" % self.count
        self.count += 1
        self.devices.update(device if isinstance(device, tuple) else
                            (device,))
        self.lines.append("    %s = %s" % (name, text))
        return _Value(name, shape, dtype, device)

    def _token(self, text):
        name = "%%%d" % self.count
        self.count += 1
        self.lines.append("    %s = %s" % (name, text))
        return name

    def var_value(self, bound):
        """The value bound Variable `bound` is exported with."""
        var, value = bound.unbind()
        value = self.var_overrides.get(var.expr, value)
        lo, hi = var.vmin, var.vmax
        if not lo <= value <= hi:
            raise _error(bound, "Variable %s = %d outside its range [%d, %d]"
                         % (var.expr, value, lo, hi))
        self.var_values[var.expr] = value
        return value

    def static(self, shape, u):
        """`shape` (or any ints of `u`'s) as Python ints. A symbolic one
        takes its bound Variables' values: tiny compiles the program for
        them (a program per distinct value, as the text differs)."""
        out = []
        for s in shape:
            if isinstance(s, int):
                out.append(s)
                continue
            values = {}
            for x in s.toposort():
                if x.op is Ops.AFTER and x.is_bound_var:
                    values[x.src[0].expr] = self.var_value(x)
            try:
                expr, _ = s.unbind_all()
                out.append(int(expr.sym_infer(values)))
            except Exception:
                raise _error(u, "symbolic shapes (%s) with a Variable not "
                             "bound to a value" % (shape,)) from None
        return tuple(out)

    def const(self, value, dtype, device, u=None):
        if value is _invalid():
            # tinygrad defines Invalid only as a whole stored value (the
            # store is dropped) or as a where's branch (the other one is
            # taken, or the store masked): elsewhere tiny, which has no
            # undefined value, could give a defined result a value tinygrad
            # does not.
            raise _error(u, _INVALID_READ) if u is not None else \
                ExportError(_INVALID_READ)
        key = ("const", repr(value), dtype, device)
        v = self.memo.get(key)
        if v is None:
            literal = const_literal(value, dtype)
            v = self.memo[key] = self._new(
                "tiny.const dense<%s> : tensor<%s, %s>" % (
                    literal, dtype, _device_attr(device)), (), dtype, device)
        return v

    def cast(self, v, dtype):
        if v.dtype == dtype:
            return v
        key = ("cast", v.name, dtype)
        r = self.memo.get(key)
        if r is None:
            r = self.memo[key] = self._new("tiny.cast %s to %s : %s" % (
                v.name, dtype, v.type), v.shape, dtype, v.device)
        return r

    def reshape(self, v, shape):
        shape = tuple(shape)
        if v.shape == shape:
            return v
        return self._new("tiny.reshape %s to %s : %s" % (
            v.name, _ints(shape), v.type), shape, v.dtype, v.device)

    def expand(self, v, shape):
        shape = tuple(shape)
        if len(shape) > len(v.shape):
            v = self.reshape(v, (1,) * (len(shape) - len(v.shape)) + v.shape)
        if v.shape == shape:
            return v
        return self._new("tiny.expand %s to %s : %s" % (
            v.name, _ints(shape), v.type), shape, v.dtype, v.device)

    def param(self, u, device):
        v = self.params.get(u)
        if v is None:
            dtype = mlir_dtype(u.dtype)
            size = self.static(u.shape, u)
            if len(size) != 1:
                raise _error(u, "a buffer of shape %s" % (size,))
            if isinstance(device, tuple):
                # tinygrad's MultiBuffer: one buffer per device. The
                # program's params are each on one device, so each is a
                # param and the value is their mstack (each device its own
                # value: the shards of a sharded tensor, under its UNSHARD,
                # or the copies of a replicated one).
                parts = [self._slot(Shard(u, i), dtype, size, d)
                         for i, d in enumerate(device)]
                v = self._new("tiny.mstack %s : %s" % (
                    ", ".join(p.name for p in parts),
                    ", ".join(p.type for p in parts)), size, dtype, device)
            else:
                v = self._slot(u, dtype, size, device)
            self.params[u] = v
        return v

    def _slot(self, bound, dtype, size, device):
        slot = len(self.inputs)
        self.inputs.append(bound)
        v = self._new("tiny.param %d : %s size %d on %s" % (
            slot, dtype, size[0], _device_ref(device)), size, dtype, device)
        self.slots.append(v)
        return v

    # The walk ---------------------------------------------------------------

    def value(self, u, dtype=None, device=None):
        """The value of UOp `u`: of its own dtype, or for a weak dtype of
        `dtype` (the consumer's; default: tinygrad's default for it), on its
        own device or, for a device-less (virtual) one, on `device`."""
        weak = u.dtype in dtypes.weaks
        if not weak:
            dtype = None
        if u.device is not None:
            device = None
        key = (u, dtype, device, self.calls)
        v = self.memo.get(key)
        if v is None:
            v = self.memo[key] = self._value(u, dtype, device)
        return v

    def _value(self, u, want, device):
        op = u.op
        if u.device is not None and op not in (Ops.COPY, Ops.MSELECT,
                                               Ops.MSTACK, Ops.ALLREDUCE):
            device = tiny_device(u.device)
        elif device is None:
            device = "CPU"
        if u.dtype in dtypes.weaks:
            dtype = want or mlir_dtype(_weak_default(u))
        elif u.dtype == dtypes.void:
            raise _error(u, "a value of dtype void")
        else:
            dtype = mlir_dtype(u.dtype)

        if op is Ops.CONST:
            return self.const(u.arg, dtype, device, u)
        if u.dtype is dtypes.weakint:
            # tinygrad folds a weak graph of constants to one CONST of its
            # mathematical value before committing it (300 // 2 at uint8 is
            # 150, not 44 // 2).
            folded = self.weak_int_value(u)
            if folded is not None:
                return self.expand(self.const(folded, dtype, device, u),
                                   self.static(u.shape, u))
        if op is Ops.BUFFER:
            if u.addrspace is not AddrSpace.GLOBAL:
                raise _error(u, "an unbound Variable or local buffer")
            return self.param(u, device)
        if op in GroupOp.Movement:
            return self.movement(u, device, dtype)
        if op in _UNARY:
            # tinygrad's float unary ops take an int operand (1/x of an int
            # tensor is a float): the operand converts first.
            src = self.cast(self.value(u.src[0], dtype, device), dtype)
            return self._new("tiny.%s %s : %s" % (
                _UNARY[op], src.name, src.type), src.shape, dtype, device)
        if op in _BINARY:
            return self.binary(u, dtype, device)
        if op is Ops.WHERE:
            defined = _defined_branch(u)
            if defined is not None:
                self.invalid_met = True
                v = self.cast(self.value(defined, dtype, device), dtype)
                return self.expand(v, self.static(u.shape, u))
            cond = self.value(u.src[0], "i1", device)
            cond = self.cast(cond, "i1")
            a = self.cast(self.value(u.src[1], dtype, device), dtype)
            b = self.cast(self.value(u.src[2], dtype, device), dtype)
            return self._new("tiny.where %s, %s, %s : %s, %s, %s" % (
                cond.name, a.name, b.name, cond.type, a.type, b.type),
                self.static(u.shape, u), dtype, device)
        if op is Ops.MULACC:
            a, b, c = [self.cast(self.value(s, dtype, device), dtype)
                       for s in u.src]
            return self._new("tiny.mulacc %s, %s, %s : %s, %s, %s" % (
                a.name, b.name, c.name, a.type, b.type, c.type),
                self.static(u.shape, u), dtype, device)
        if op is Ops.CAST:
            src = u.src[0]
            if src.op is Ops.CONST and src.dtype in dtypes.weaks:
                # tinygrad commits a weak constant at the cast's dtype.
                return self.const(src.arg, dtype, device, src)
            want = None
            if src.dtype in dtypes.weaks and src.op in GroupOp.ALU and \
                    u.dtype not in dtypes.weaks and \
                    weak_dtype(u.dtype) is src.dtype:
                # A cast over a weak op of its kind is the least width the
                # op computes at (tinygrad's cast_weak_srcs): a float32
                # cast of a weak float sum computes it at float32 even when
                # the default float is float16.
                want = mlir_dtype(least_upper_dtype(u.dtype,
                                                    _weak_default(src)))
            return self.cast(self.value(src, want, device), dtype)
        if op is Ops.BITCAST:
            src = self.value(u.src[0], None, device)
            if src.dtype == dtype:
                return src
            return self._new("tiny.bitcast %s to %s : %s" % (
                src.name, dtype, src.type), self.static(u.shape, u), dtype,
                device)
        if op is Ops.REDUCE:
            return self.reduce(u, dtype, device)
        if op is Ops.CONTIGUOUS:
            if _is_whole_assign(u.src[0]):
                # tinygrad drops a contiguous of an assign into a whole
                # buffer: the buffer holds the value already.
                self.aliases.append((u, u.src[0]))
                return self.value(u.src[0], dtype, device)
            src = self.value(u.src[0], dtype, device)
            v = self._new("tiny.contiguous %s : %s" % (src.name, src.type),
                          src.shape, dtype, device)
            # Not of symbolic shape: tiny's results have static shapes.
            if not self.calls and 0 not in v.shape and \
                    all(isinstance(d, int) for d in u.shape):
                self.contiguous.append((u, v))
            return v
        if op in (Ops.DETACH, Ops.CONTIGUOUS_BACKWARD):
            return self.value(u.src[0], dtype, device)
        if op is Ops.COPY:
            return self.copy(u, dtype, device)
        if op is Ops.STACK:
            if not u.src:
                raise _error(u, "an empty STACK as a value")
            parts = [self.cast(self.value(s, dtype, device), dtype)
                     for s in u.src]
            return self._new("tiny.stack %s : %s" % (
                ", ".join(p.name for p in parts),
                ", ".join(p.type for p in parts)),
                (len(parts),) + parts[0].shape, dtype, device)
        if op is Ops.AFTER:
            return self.after(u, dtype, device)
        if op is Ops.GETTUPLE:
            return self.gettuple(u, dtype, device)
        if op is Ops.PARAM:
            return self.call_argument(u, dtype, device)
        if op is Ops.UNSHARD:
            return self.unshard(u, dtype)
        if op is Ops.MSTACK:
            return self.mstack(u, dtype)
        if op is Ops.MSELECT:
            return self.mselect(u, dtype)
        if op is Ops.ALLREDUCE:
            return self.allreduce(u, dtype)
        raise _error(u)

    # Multi-device values ------------------------------------------------------
    #
    # A tinygrad UOp on a tuple of devices is, as a tiny value on that tuple,
    # the logical tensor: held whole by every device (a COPY to the tuple, a
    # replicated MultiBuffer, what is computed from those) or sharded (an
    # UNSHARD, and what is computed from it); tiny's -tiny-multi runs the ops
    # per shard as tinygrad's multi rules do. Below an UNSHARD tinygrad
    # writes each device's shard, in terms of the DEVICE range: a
    # MultiBuffer, an MSTACK, or the device's part of a whole value (SHRINK
    # by the range). `shards` keeps, for the tiny value of an UNSHARD, the
    # per-device value it unshards. An UNSHARD along several axes (each
    # device a block of a grid) has no tiny.unshard: see unshard_axes.

    def unshard(self, u, dtype):
        if len(u.arg) != len(u.src) - 1:
            raise _error(u, "an UNSHARD of axes %s with %d ranges" % (
                u.arg, len(u.src) - 1))
        devices = tiny_device(u.device)
        if not isinstance(devices, tuple):
            raise _error(u, "an UNSHARD on one device")
        if len(u.arg) > 1:
            return self.unshard_axes(u, dtype, devices)
        axis, rng = u.arg[0], u.src[1]
        src = u.src[0]
        if rng.op is not Ops.RANGE or rng.arg[-1] is not AxisType.DEVICE or \
                int(rng.vmax) + 1 != len(devices):
            raise _error(u, "an UNSHARD over a range that is not its "
                         "devices' %s" % (rng,))
        if rng not in _device_ranges(src):
            # Each device's value is there as it is (a MultiBuffer, an
            # MSTACK): the shards.
            shards = self.value(src, dtype, devices)
            if shards.device != devices:
                raise _error(u, "an UNSHARD of a value on %s" % (
                    shards.device,))
            return self._unshard(shards, axis)
        whole = _part_of(src, (axis,), [(i,) for i in range(len(devices))],
                         rng)
        if whole is None:
            raise _error(u, "an UNSHARD of shards computed from the device "
                         "index")
        # Device i's part of a value every device holds whole: the value
        # itself, sharded. A copy from one device becomes tiny's sharding
        # copy, which sends each device only its part.
        if whole.op is Ops.COPY and isinstance(whole.src[0].device, str) \
                and tiny_device(whole.arg) == devices:
            x = self.value(whole.src[0], dtype, devices)
            return self._new("tiny.copy %s to %s shard %d : %s" % (
                x.name, _device_ref(devices), axis, x.type),
                self.static(u.shape, u), x.dtype, devices)
        return self.value(whole, dtype, devices)

    def unshard_axes(self, u, dtype, devices):
        """An UNSHARD along several axes (tinygrad's 2-D sharding): device i
        holds the block of the logical value whose index along each sharded
        axis is that axis's range at i. tiny.unshard splits one axis, so the
        value becomes the same logical value held whole by every device,
        which is what tinygrad gathers it into: it computes with such a
        value only through a COPY of it to a device tuple (or to one
        device). Whatever still reads the blocks themselves (an MSELECT, an
        ALLREDUCE, a result kept sharded) asks for the UOp's axis, which
        tinygrad refuses for several axes: an ExportError."""
        rng, blocks = _blocks(u, len(devices))
        if blocks is None:
            raise _error(u, "an UNSHARD along axes %s whose ranges do not "
                         "give each of its %d devices a block of its own" %
                         (u.arg, len(devices)))
        shape = self.static(u.shape, u)
        src = u.src[0]
        if rng in _device_ranges(src):
            whole = _part_of(src, u.arg, blocks, rng)
            if whole is None:
                raise _error(u, "an UNSHARD of blocks computed from the "
                             "device index")
            return self.value(whole, dtype, devices)
        # Each device's block is there as it is (a MultiBuffer, an MSTACK).
        shards = self.value(src, dtype, devices)
        if shards.device != devices:
            raise _error(u, "an UNSHARD of a value on %s" % (shards.device,))
        counts = dict(zip(u.arg, _grid_shape(blocks)))
        if len(shards.shape) != len(shape) or any(
                n * counts.get(a, 1) != shape[a]
                for a, n in enumerate(shards.shape)):
            raise _error(u, "an UNSHARD of blocks of shape %s into shape %s"
                         % (shards.shape, shape))
        return self._gather_blocks(shards, u.arg, blocks, shape)

    def _gather_blocks(self, shards, axes, blocks, shape):
        """The value of `shape` whose block `blocks[i]` (its index along each
        of `axes`) device i holds in `shards`, whole on every device: the
        blocks are copied to the first device, stacked in the order of the
        grid, each grid axis moved next to the axis it indexes and merged
        with it, and the result copied to every device. Data movement only:
        every bit pattern survives."""
        devices = shards.device
        home = devices[0]
        counts = _grid_shape(blocks)
        pieces = []
        for block in itertools.product(*(range(c) for c in counts)):
            i = blocks.index(block)
            piece = self._new("tiny.mselect %s[%d] : %s" % (
                shards.name, i, shards.type), shards.shape, shards.dtype,
                devices[i])
            if devices[i] != home:
                piece = self._new("tiny.copy %s to %s : %s" % (
                    piece.name, _device_ref(home), piece.type), piece.shape,
                    piece.dtype, home)
            pieces.append(piece)
        stacked = self._new("tiny.stack %s : %s" % (
            ", ".join(p.name for p in pieces),
            ", ".join(p.type for p in pieces)),
            (len(pieces),) + shards.shape, shards.dtype, home)
        grid = self.reshape(stacked, counts + shards.shape)
        order = []
        for a in range(len(shards.shape)):
            if a in axes:
                order.append(axes.index(a))
            order.append(len(counts) + a)
        placed = self._new("tiny.permute %s %s : %s" % (
            grid.name, _ints(order), grid.type),
            tuple(grid.shape[o] for o in order), grid.dtype, home)
        whole = self.reshape(placed, shape)
        return self._new("tiny.copy %s to %s : %s" % (
            whole.name, _device_ref(devices), whole.type), whole.shape,
            whole.dtype, devices)

    def _unshard(self, shards, axis):
        shape = list(shards.shape)
        shape[axis] *= len(shards.device)
        v = self._new("tiny.unshard %s axis %d : %s" % (
            shards.name, axis, shards.type), shape, shards.dtype,
            shards.device)
        self.shards[v.name] = shards
        return v

    def per_device(self, v, axis):
        """The value each device holds of `v` (on a device tuple), sharded
        along `axis`: its shards, as tinygrad's per-device value is."""
        if axis is None:
            return v
        shards = self.shards.get(v.name)
        if shards is not None:
            return shards
        return self._mstack([self.part(v, axis, i)
                             for i in range(len(v.device))])

    def empty_view(self, v):
        """A view of `v` with no elements (of its first axis, `v` seen as a
        vector): a result that costs no kernel. A value on several devices
        is returned whole, as before."""
        if isinstance(v.device, tuple):
            return v
        flat = self.reshape(v, (math.prod(v.shape),))
        return self._new("tiny.shrink %s [0] to [0] : %s" % (
            flat.name, flat.type), (0,), flat.dtype, flat.device)

    def part(self, v, axis, index):
        """Device `index`'s shard along `axis` of `v` (on a device tuple), on
        that device (None axis: the whole value)."""
        device = v.device[index]
        if axis is not None:
            count = len(v.device)
            shape = list(v.shape)
            length = shape[axis] // count
            starts = [0] * len(shape)
            ends = list(shape)
            starts[axis], ends[axis] = index * length, (index + 1) * length
            shape[axis] = length
            v = self._new("tiny.shrink %s %s to %s : %s" % (
                v.name, _ints(starts), _ints(ends), v.type), shape, v.dtype,
                v.device)
        return self._new("tiny.copy %s to %s : %s" % (
            v.name, _device_ref(device), v.type), v.shape, v.dtype, device)

    def _mstack(self, parts):
        return self._new("tiny.mstack %s : %s" % (
            ", ".join(p.name for p in parts),
            ", ".join(p.type for p in parts)), parts[0].shape,
            parts[0].dtype, tuple(p.device for p in parts))

    def mstack(self, u, dtype):
        parts = [self.value(s, dtype, None) for s in u.src]
        if any(isinstance(p.device, tuple) for p in parts) or \
                len(set(p.device for p in parts)) != len(parts):
            raise _error(u, "an MSTACK of values not each on its own device")
        parts = [self.cast(p, dtype) for p in parts]
        if len(set(p.shape for p in parts)) != 1:
            raise _error(u, "an MSTACK of differently shaped values")
        return self._mstack(parts)

    def mselect(self, u, dtype):
        src_u = u.src[0]
        src = self.value(src_u, dtype, None)
        if not isinstance(src.device, tuple) or \
                not 0 <= u.arg < len(src.device):
            raise _error(u, "an MSELECT of device %s of a value on %s" % (
                u.arg, src.device))
        if src.name in self.shards or _axis(src_u) is not None:
            raise _error(u, "an MSELECT of a sharded value")
        return self._new("tiny.mselect %s[%d] : %s" % (
            src.name, u.arg, src.type), src.shape, src.dtype,
            src.device[u.arg])

    def allreduce(self, u, dtype):
        kind, target = u.arg
        if kind not in _REDUCE:
            raise _error(u, "an allreduce of %s" % (kind,))
        src_u = u.src[0]
        src = self.value(src_u, dtype, None)
        self.refuse_invalid(u, src_u, _INVALID_REDUCE)
        if not isinstance(src.device, tuple) or \
                tiny_device(target) != src.device:
            raise _error(u, "an allreduce of a value on %s to %s" % (
                src.device, target))
        # tinygrad combines what each device holds: of a sharded value its
        # shards, and the result is sharded alike (multi.py's ALLREDUCE of
        # an UNSHARD).
        axis = _axis(src_u)
        shards = self.per_device(src, axis)
        r = self._new("tiny.allreduce %s %s : %s" % (
            _REDUCE[kind], shards.name, shards.type), shards.shape,
            shards.dtype, shards.device)
        return r if axis is None else self._unshard(r, axis)

    def gettuple(self, u, dtype, device):
        """An element of a FUNCTION's result, its body inlined with each
        PARAM standing for the argument of its slot (tiny's
        -tiny-resolve-calls would do the same with a tiny.call)."""
        fn = u.src[0]
        if fn.op is not Ops.FUNCTION or fn.src[0].op is not Ops.TUPLE:
            raise _error(fn, "a call of a precompiled or opaque function")
        outer = self.calls
        self.calls = outer + (fn,)
        try:
            return self.value(fn.src[0].src[u.arg], dtype, device)
        finally:
            self.calls = outer

    def call_argument(self, u, dtype, device):
        if not self.calls:
            raise _error(u, "a PARAM outside a function")
        fn = self.calls[-1]
        args = fn.src[1:]
        if not 0 <= u.arg.slot < len(args):
            raise _error(u, "a PARAM of slot %d of a call with %d arguments"
                         % (u.arg.slot, len(args)))
        outer = self.calls
        self.calls = outer[:-1]
        try:
            v = self.value(args[u.arg.slot], dtype, device)
        finally:
            self.calls = outer
        shape = self.static(u.shape, u)
        if v.shape != shape:
            v = self.reshape(v, shape)
        return v

    def movement(self, u, device, dtype):
        src = self.value(u.src[0], dtype, device)
        arg = u.marg
        if op_is(u, Ops.RESHAPE):
            return self.reshape(src, self.static(arg, u))
        if op_is(u, Ops.EXPAND):
            # tinygrad's EXPAND prepends the axes it names.
            return self.expand(src, self.static(tuple(arg) + src.shape, u))
        if op_is(u, Ops.PERMUTE):
            if list(arg) == list(range(len(arg))):
                return src
            shape = tuple(src.shape[i] for i in arg)
            return self._new("tiny.permute %s %s : %s" % (
                src.name, _ints(arg), src.type), shape, src.dtype, device)
        if op_is(u, Ops.FLIP):
            axes = [i for i, f in enumerate(arg) if f]
            if not axes:
                return src
            return self._new("tiny.flip %s axes %s : %s" % (
                src.name, _ints(axes), src.type), src.shape, src.dtype,
                device)
        pairs = [(self.static((o,), u)[0], self.static((n,), u)[0]) for o, n in arg]
        if op_is(u, Ops.PAD):
            low = [o for o, _ in pairs]
            high = [n - s - o for (o, n), s in zip(pairs, src.shape)]
            if not any(low) and not any(high):
                return src
            return self._new("tiny.pad %s low %s high %s : %s" % (
                src.name, _ints(low), _ints(high), src.type),
                tuple(n for _, n in pairs), src.dtype, device)
        starts = [o for o, _ in pairs]
        ends = [o + n for o, n in pairs]
        if not any(starts) and tuple(ends) == src.shape:
            return src
        return self._new("tiny.shrink %s %s to %s : %s" % (
            src.name, _ints(starts), _ints(ends), src.type),
            tuple(n for _, n in pairs), src.dtype, device)

    def binary(self, u, dtype, device):
        op = u.op
        a_u, b_u = u.src
        if op in _COMPARE:
            # The operands' common dtype; weak ones commit to it.
            common = least_upper_dtype(a_u.dtype, b_u.dtype)
            operand = (mlir_dtype(common) if common not in dtypes.weaks
                       else mlir_dtype(_weak_default_of(common, u)))
        else:
            operand = dtype
        a = self.cast(self.value(a_u, operand, device), operand)
        b = self.cast(self.value(b_u, operand, device), operand)
        shape = self.static(u.shape, u)
        folded = self.out_of_range_constant(u, a, b, shape)
        if folded is not None:
            return folded
        name = _BINARY[op]
        if op is Ops.POW and operand[0] in "iu":
            return self.int_pow(u, a, b, b_u, shape)
        if operand == "i1" and op in _BOOL_ARITH:
            # tinygrad's bool arithmetic is logic: x*y is and, x+y is or.
            name = _BOOL_ARITH[op]
        text = "tiny.%s %s, %s : %s" % (name, a.name, b.name, a.type)
        if b.type != a.type:
            text += ", " + b.type
        return self._new(text, shape, "i1" if op in _COMPARE else operand,
                         device)

    def weak_int_value(self, u):
        """The value of weak integer UOp `u` when it is built from constants
        only (through elementwise and movement ops), as tinygrad's constant
        folding computes it: a Python int, unbounded; else None."""
        key = ("weak value", u)
        if key in self.memo:
            return self.memo[key]
        value = None
        if u.dtype is dtypes.weakint:
            if u.op is Ops.CONST:
                value = u.arg if isinstance(u.arg, int) else None
            elif u.op is Ops.AFTER and u.is_bound_var:
                value = self.var_value(u)
            elif u.op in GroupOp.Movement and u.op is not Ops.PAD:
                value = self.weak_int_value(u.src[0])
            elif u.op in GroupOp.ALU:
                operands = [self.weak_int_value(s) for s in u.src]
                if all(isinstance(v, int) for v in operands):
                    try:
                        value = exec_alu(u.op, u.dtype, operands, False)
                    except (ArithmeticError, ValueError, KeyError):
                        value = None
                    if not isinstance(value, int) or isinstance(value, bool):
                        value = None
        self.memo[key] = value
        return value

    def out_of_range_constant(self, u, a, b, shape):
        """Binary `u` of an integer dtype with a weak constant operand
        outside that dtype's range. tinygrad commits such a constant keeping
        its value and folds the op by value ranges: a comparison is the
        mathematical one (uint8 x < -1 is False, not x < 255), a max is the
        other operand or the constant (wrapped). tiny's constant would be
        the wrapped value, so those fold here; the ops whose result depends
        on that folding in other ways (divisions, remainders, shifts) are
        refused. None when nothing folds."""
        common = least_upper_dtype(u.src[0].dtype, u.src[1].dtype) \
            if u.op in _COMPARE else u.dtype
        if common in dtypes.weaks or not dtypes.is_int(common) or \
                common == dtypes.bool:
            return None
        for side, s in enumerate(u.src):
            if s.dtype is not dtypes.weakint:
                continue
            c = self.weak_int_value(s)
            if c is None or common.min <= c <= common.max:
                continue
            above = c > common.max
            if u.op in _COMPARE:
                if u.op is Ops.CMPLT:
                    # x < c holds for every x when c is above the range;
                    # c < x when c is below it.
                    truth = above if side == 1 else not above
                else:
                    truth = u.op is Ops.CMPNE
                return self.expand(self.const(truth, "i1", a.device), shape)
            if u.op is Ops.MAX:
                if above:
                    return self.expand(self.const(c, a.dtype, a.device), shape)
                other = b if side == 0 else a
                return self.expand(other, shape)
            if u.op in (Ops.ADD, Ops.SUB, Ops.MUL, Ops.AND, Ops.OR,
                        Ops.XOR):
                # Wrapping commutes with these: the wrapped constant gives
                # tinygrad's result.
                continue
            raise _error(u, "a constant %d outside %s's range as an operand "
                         "(tinygrad folds it by its value)" % (c, common))
        return None

    def _arith(self, name, a, b, shape):
        text = "tiny.%s %s, %s : %s" % (name, a.name, b.name, a.type)
        if b.type != a.type:
            text += ", " + b.type
        return self._new(text, shape, a.dtype, a.device)

    def int_pow(self, u, a, b, b_u, shape):
        """x ** n of integers, which tiny's pow (floats only) does not take:
        a chain of squarings, the exponent's bits selecting which multiply
        in. A constant exponent needs only its own bits; a tensor exponent
        takes every bit of its width (a negative one is refused by tinygrad
        for constants and has no integer result)."""
        one = self.const(1, a.dtype, a.device)
        if b_u.op is Ops.CONST and isinstance(b_u.arg, int) and b_u.arg >= 0:
            n, result, square = b_u.arg, None, a
            while True:
                if n & 1:
                    result = square if result is None else \
                        self._arith("mul", result, square, shape)
                n >>= 1
                if not n:
                    break
                square = self._arith("mul", square, square, square.shape)
            if result is None:
                result = self.expand(self.reshape(one, (1,) * len(shape)),
                                     shape)
            return result
        width = int(a.dtype.lstrip("ui"))
        result, square = None, a
        zero = self.const(0, a.dtype, a.device)
        for bit in range(width):
            mask = self.const(1 << bit, a.dtype, a.device)
            on = self._arith("cmpne", self._arith("and", b, mask, b.shape),
                             zero, b.shape)
            factor = self._new("tiny.where %s, %s, %s : %s, %s, %s" % (
                on.name, square.name, one.name, "tensor<%s%s, %s>" % (
                    "".join("%dx" % d for d in b.shape), "i1",
                    _device_attr(b.device)), square.type, one.type),
                _broadcast(b.shape, square.shape), a.dtype, a.device)
            result = factor if result is None else \
                self._arith("mul", result, factor, shape)
            if bit + 1 < width:
                square = self._arith("mul", square, square, square.shape)
        if result.shape != shape:
            result = self.expand(result, shape)
        return result

    def reduce(self, u, dtype, device):
        kind, naxes = u.arg
        if kind not in _REDUCE:
            raise _error(u, "a reduce of %s" % kind)
        src = self.value(u.src[0], dtype, device)
        self.refuse_invalid(u, u.src[0], _INVALID_REDUCE)
        if naxes == 0:
            return src
        r = self._new("tiny.reduce %s %s axes %s : %s" % (
            _REDUCE[kind], src.name, _ints(range(naxes)), src.type),
            (1,) * naxes + src.shape[naxes:], src.dtype, device)
        return self.reshape(r, src.shape[naxes:])

    def copy(self, u, dtype, device):
        """A copy: to a device tuple it gives every device the whole value
        (tinygrad's broadcast COPY, and its gather of a sharded value onto
        a tuple); to one device from a tuple it gathers the shards (of a
        value held whole, one device's copy), as tiny's copy does."""
        if not isinstance(u.arg, (str, tuple)):
            raise _error(u, "a copy of part %r of a multi-device value" % (
                u.arg,))
        target = tiny_device(u.arg)
        src_u = u.src[0]
        src = self.value(src_u, dtype, target)
        if src.device == target and not isinstance(target, tuple):
            return src
        return self._new("tiny.copy %s to %s : %s" % (
            src.name, _device_ref(target), src.type), src.shape, src.dtype,
            target)

    def after(self, u, dtype, device):
        if u.is_bound_var:
            return self.const(self.var_value(u), dtype, device, u)
        target_u = u.src[0]
        # tinygrad drops a store of Invalid (rangeify's "remove invalid
        # writes"): the buffer keeps what it holds, which for
        # Tensor.invalids' fresh buffer is unspecified.
        deps = [d for d in u.src[1:]
                if d.op is not Ops.STORE or not _is_invalid(d.src[1])]
        if len(deps) < len(u.src) - 1:
            self.invalid_met = True
            if _all_invalid_stores(u) and u not in self.requested:
                # Realized itself, it is the buffer (Tensor.invalids); read
                # by another op, it is Invalid.
                raise _error(u, _INVALID_READ)
        stores = [d for d in deps if d.op is Ops.STORE]
        if len(stores) == 1 and len(deps) == 1 and \
                _buffer_root(stores[0].src[0]) is None:
            # A store into a value with no buffer: tinygrad realizes the
            # value in a fresh buffer, and the function returns it so the
            # tensor becomes that buffer. Were it only a value, every
            # later realize would recompute it from the target (tinygrad's
            # rng counter, a copy of a constant, would never advance).
            value = self.value(stores[0].src[1], dtype, device)
            self.refuse_invalid(u, stores[0].src[1], "a store of Invalid "
                                "into a value with no buffer")
            self.fresh_assigns.append(u)
            value = self.reshape(value, self.static(target_u.shape, u))
            return self._new("tiny.contiguous %s : %s" % (
                value.name, value.type), value.shape, value.dtype, device)
        calls = [d for d in deps if _is_custom_call(d)]
        if calls:
            if len(deps) != 1:
                raise _error(u, "an AFTER of a custom kernel and %d other "
                             "dependencies" % (len(deps) - 1,))
            return self.custom_after(u, calls[0], dtype, device)
        tokens = []
        for dep in deps:
            if dep.op is Ops.STORE:
                tokens.append(self.store(dep, device))
            elif dep.op is Ops.AFTER:
                v = self.value(dep, None, device)
                tokens.append((v.name, v.type))
            else:
                raise _error(dep, "an AFTER dependency")
        target = self.value(target_u, dtype, device)
        self.assigns.append(u)
        if not tokens:
            return target
        return self._new("tiny.after %s(%s) : %s, %s" % (
            target.name, ", ".join(t[0] for t in tokens), target.type,
            ", ".join(t[1] for t in tokens)), target.shape, target.dtype,
            device)

    # Custom kernels ----------------------------------------------------------
    #
    # Tensor.custom_kernel's AFTER(operand, CALL(SINK, *operands)): the
    # CALL is one tiny.custom_kernel over the operands' values (its body
    # written by kernel_body), each AFTER the result of its operand. An
    # operand that is a whole buffer (a realized BUFFER, seen through
    # reshapes and earlier AFTERs) is updated in place, as tinygrad's kernel
    # writes that buffer: the result is stored back into it and the AFTER is
    # an assign, becoming the buffer. Any other operand is a value, the
    # AFTER a result of the program.

    def custom_after(self, u, call, dtype, device):
        operands = call.src[1:]
        slot = next((i for i, a in enumerate(operands) if a is u.src[0]),
                    None)
        if slot is None:
            raise _error(u, "an AFTER of a custom kernel (%s) that is not "
                         "one of its operands" % (_kernel_name(call),))
        results = self.custom_kernel(call, device)
        r = results[slot]
        shape = self.static(u.shape, u)
        if _whole_buffer(u.src[0]) is None:
            return self.reshape(r, shape)
        target = self.value(u.src[0], None, device)
        self.assigns.append(u)
        if slot not in kernel_body.written_slots(call.src[0]):
            # Only read: the buffer as it was, once the kernel is emitted.
            return target
        key = ("custom store", u, self.calls)
        v = self.memo.get(key)
        if v is None:
            value = self.reshape(r, target.shape)
            token = self._token("tiny.store %s, %s : %s" % (
                target.name, value.name, target.type))
            self.stored.setdefault(_buffer_root(u.src[0]), []).append(token)
            v = self.memo[key] = self._new("tiny.after %s(%s) : %s, %s" % (
                target.name, token, target.type, "!tiny.token"),
                target.shape, target.dtype, target.device)
        return v

    def custom_kernel(self, call, device):
        """The results of custom kernel `call` (a CALL of a SINK), one per
        operand: one tiny.custom_kernel for all its AFTERs."""
        key = ("custom kernel", call, self.calls)
        results = self.memo.get(key)
        if results is not None:
            return results
        name = _kernel_name(call)
        operands = call.src[1:]
        if not operands:
            raise _error(call, "a custom kernel (%s) with no operands" % name)
        values = []
        for a in operands:
            if a.dtype in dtypes.weaks:
                raise _error(a, "a weak operand of custom kernel %s" % name)
            values.append(self.value(a, None, device))
        devices = {v.device for v in values}
        if len(devices) != 1:
            raise _error(call, "a custom kernel (%s) with operands on devices "
                         "%s" % (name, sorted(devices, key=str)))
        devices = devices.pop()
        if not isinstance(devices, tuple):
            results = self._custom_kernel(call, name, values, None)
        else:
            results = self._custom_kernel_per_device(call, name, operands,
                                                     values, devices)
        self.memo[key] = results
        return results

    def _custom_kernel_per_device(self, call, name, operands, values,
                                  devices):
        """A custom kernel on several devices: tinygrad runs the body once
        per device on that device's buffers (a sharded operand's shard, a
        replicated one's copy), a DEVICE range in it being the device's
        index. So does tiny: one tiny.custom_kernel per device, each
        operand's result the mstack of the devices' results (unsharded
        along the operand's axis)."""
        axes = [_axis(a) for a in operands]
        shards = [self.per_device(v, axis) for v, axis in zip(values, axes)]
        per_device = []
        for d, dev in enumerate(devices):
            parts = [self._new("tiny.mselect %s[%d] : %s" % (
                s.name, d, s.type), s.shape, s.dtype, dev) for s in shards]
            per_device.append(self._custom_kernel(
                call, name, parts, (d, len(devices))))
        results = []
        for i, axis in enumerate(axes):
            stacked = self._mstack([r[i] for r in per_device])
            results.append(stacked if axis is None else
                           self._unshard(stacked, axis))
        return results

    def _custom_kernel(self, call, name, values, device):
        def error(k, what):
            return _kernel_error(call, k, what)
        body = kernel_body.KernelBody(
            call.src[0], [(a.dtype, math.prod(v.shape))
                          for a, v in zip(call.src[1:], values)], error,
            device)
        region = body.text(4)
        name_attr = re.sub(r"[^A-Za-z0-9_]", "_", name)
        op = "%%%d" % self.count
        self.count += 1
        self.devices.add(values[0].device)
        self.lines.append("    %s%s = tiny.custom_kernel \"%s\"(%s) : %s {" % (
            op, ":%d" % len(values) if len(values) > 1 else "", name_attr,
            ", ".join(v.name for v in values),
            ", ".join(v.type for v in values)))
        self.lines.extend(region)
        self.lines.append("    }")
        return [_Value(op if len(values) == 1 else "%s#%d" % (op, i),
                       v.shape, v.dtype, v.device)
                for i, v in enumerate(values)]

    def store(self, s, device):
        key = ("store", s, self.calls)
        token = self.memo.get(key)
        if token is None:
            target_u, value_u = s.src[0], s.src[1]
            if _buffer_root(target_u) is None:
                raise _error(s, "a store into a value with no buffer")
            if _blocks_view(target_u):
                # Its value is a gathered copy: the store would miss the
                # devices' buffers.
                raise _error(s, "a store into a value sharded along several "
                             "axes")
            target = self.value(target_u, None, device)
            value = self.stored_value(s, target)
            if value.shape != target.shape:
                value = self.expand(value, target.shape)
            name = self._token("tiny.store %s, %s : %s" % (
                target.name, value.name, target.type))
            token = self.memo[key] = (name, "!tiny.token")
            self.stored.setdefault(_buffer_root(target_u), []).append(name)
        return token

    def stored_value(self, s, target):
        """The value STORE `s` writes into `target` (its target's value). An
        element of tinygrad's Invalid leaves the buffer's element as it is
        (the store of where(c, x, Invalid) is masked, as a store of Invalid
        is dropped), so the Invalid branch of a stored WHERE is the
        target's own value. Any other Invalid in the stored value is
        refused: tinygrad masks the store there too, and a value for it
        (as a WHERE read elsewhere gets) would overwrite the buffer."""
        value_u = s.src[1]
        what = ("a store of a value computed from Invalid (tinygrad masks "
                "the store where it is Invalid)")
        if value_u.op is not Ops.WHERE or \
                _is_invalid(value_u.src[1]) == _is_invalid(value_u.src[2]):
            value = self.value(value_u, target.dtype, target.device)
            self.refuse_invalid(s, value_u, what)
            return self.cast(value, target.dtype)
        self.invalid_met = True
        cond_u = value_u.src[0]
        cond = self.cast(self.value(cond_u, "i1", target.device), "i1")
        self.refuse_invalid(s, cond_u, what)
        a, b = target, target
        for x in value_u.src[1:]:
            if not _is_invalid(x):
                v = self.cast(self.value(x, target.dtype, target.device),
                              target.dtype)
                self.refuse_invalid(s, x, what)
                a, b = (v, target) if x is value_u.src[1] else (target, v)
        return self._new("tiny.where %s, %s, %s : %s, %s, %s" % (
            cond.name, a.name, b.name, cond.type, a.type, b.type),
            self.static(value_u.shape, value_u), target.dtype, target.device)

    def refuse_invalid(self, u, src, what):
        """Raises `what` for `u` when Invalid is among the sources of `src`,
        a value of `u` that must be defined everywhere."""
        if self.invalid_met and self.holds_invalid(src):
            raise _error(u, what)

    def holds_invalid(self, u):
        """Whether Invalid is among `u`'s sources, at any depth."""
        known = self.invalid_sources
        stack = [u]
        while stack:
            x = stack[-1]
            if x in known:
                stack.pop()
                continue
            pending = [y for y in x.src if y not in known]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            known[x] = _is_invalid(x) or any(known[y] for y in x.src)
        return known[u]

    def write_backs(self):
        """For a program that runs on tiny's runtime (one on a device other
        than the host's "CPU": the runtime uploads the params into buffers
        of its own and stores into them never reach the caller's memory),
        each param a store wrote to, as it is after the stores: (its input
        index, the value). The function returns them, the caller giving
        the param's own memory as the result's."""
        if all(d == "CPU" for d in self.devices):
            return []
        backs = []
        for root, tokens in self.stored.items():
            for index, bound in enumerate(self.inputs):
                if (bound.uop if isinstance(bound, Shard) else bound) \
                        is not root:
                    continue
                v = self.slots[index]
                backs.append((index, self._new("tiny.after %s(%s) : %s, %s" % (
                    v.name, ", ".join(tokens), v.type,
                    ", ".join(["!tiny.token"] * len(tokens))), v.shape,
                    v.dtype, v.device)))
        return backs


def _is_custom_call(u):
    """Tensor.custom_kernel's CALL: of a SINK of kernel-level UOps."""
    return u.op is Ops.CALL and u.src[0].op is Ops.SINK


def _kernel_name(call):
    return getattr(call.src[0].arg, "name", None) or "unnamed"


def _kernel_error(call, k, what):
    """The ExportError for UOp `k` of custom kernel `call`'s body: the op,
    the kernel and the tinygrad function that called it."""
    meta = all_metadata.get(call)
    where = (" (made by tinygrad's %s)" % ", ".join(str(m) for m in meta)
             if meta else "")
    return ExportError("tiny cannot export %s in custom kernel %s%s: %s "
                       "(dtype %s; %s)" % (
                           k.op, _kernel_name(call), where, what, k.dtype,
                           _render(k)))


def _render(k):
    """A short text of kernel UOp `k` for an error message."""
    text = str(k).replace("\n", " ")
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= 200 else text[:197] + "..."


def _whole_buffer(u):
    """The BUFFER custom kernel operand `u` is the whole of (through
    reshapes and AFTERs), or None."""
    while u.op in (Ops.RESHAPE, Ops.AFTER) and not (
            u.op is Ops.AFTER and u.is_bound_var):
        u = u.src[0]
    if u.op is Ops.BUFFER and u.addrspace is AddrSpace.GLOBAL:
        return u
    return None


def _axis(u):
    """The axis tinygrad shards `u` along, or None."""
    try:
        return u.axis
    except RuntimeError as e:  # sharded along several axes
        raise _error(u, "a value sharded along several axes (%s)" % (e,))


def _device_ranges(u):
    """The DEVICE ranges `u` is computed in terms of (an UNSHARD below it
    closes its own: tinygrad's `ranges`)."""
    return {r for r in u.ranges
            if r.op is Ops.RANGE and r.arg[-1] is AxisType.DEVICE}


def _blocks(u, count):
    """For UNSHARD `u` over `count` devices: the DEVICE range its sharding
    ranges are computed from, and for each device its block, the ranges'
    values at the device's index (one per sharded axis). (None, None)
    unless the blocks are a grid of exactly `count`, one per device."""
    found = set()
    for r in u.src[1:]:
        found |= _device_ranges(r)
    if len(found) != 1:
        return None, None
    rng = found.pop()
    if int(rng.vmax) + 1 != count or any(r.vmin != 0 for r in u.src[1:]):
        return None, None
    blocks = []
    for i in range(count):
        block = tuple(r.substitute({rng: rng.const_like(i)}).ssimplify()
                      for r in u.src[1:])
        if not all(isinstance(b, int) for b in block):
            return None, None
        blocks.append(block)
    grid = set(itertools.product(*(range(int(r.vmax) + 1)
                                   for r in u.src[1:])))
    if len(grid) != count or set(blocks) != grid:
        return None, None
    return rng, blocks


def _grid_shape(blocks):
    """The number of blocks along each sharded axis of a grid of `blocks`."""
    return tuple(1 + max(column) for column in zip(*blocks))


def _part_of(u, axes, blocks, rng):
    """The value W if `u` is device i's block of W (tinygrad's `_shard` along
    each of `axes` in turn: SHRINKs of W, by the DEVICE range `rng`, to
    [b*n, (b+1)*n) along axes[k], with b = blocks[i][k] and n the axis's
    length over its number of blocks, and whole along the others), else
    None."""
    shrinks = []
    whole = u
    while whole.op is Ops.SHRINK and any(rng in _device_ranges(s)
                                         for s in whole.src[1:]):
        shrinks.append(whole)
        whole = whole.src[0]
    if not shrinks or rng in _device_ranges(whole):
        return None
    shape = whole.shape
    if not all(isinstance(s, int) for s in shape) or \
            not all(0 <= a < len(shape) for a in axes):
        return None
    counts = dict(zip(axes, _grid_shape(blocks)))
    for a, n in enumerate(shape):
        size = u.shape[a]
        if not isinstance(size, int):
            size = size.ssimplify()
        if n % counts.get(a, 1) or size != n // counts.get(a, 1):
            return None
    for i, block in enumerate(blocks):
        wanted = {a: b * (shape[a] // counts[a]) for a, b in zip(axes, block)}
        for a in range(len(shape)):
            # Shrinks in a row: the window starts at the sum of their starts.
            start = 0
            for s in shrinks:
                at = s.marg[a][0]
                if not isinstance(at, int):
                    at = at.substitute({rng: rng.const_like(i)}).ssimplify()
                if not isinstance(at, int):
                    return None
                start += at
            if start != wanted.get(a, 0):
                return None
    return whole


def _broadcast(a, b):
    """The shape two right-aligned shapes broadcast to."""
    rank = max(len(a), len(b))
    a = (1,) * (rank - len(a)) + tuple(a)
    b = (1,) * (rank - len(b)) + tuple(b)
    return tuple(max(x, y) if 1 in (x, y) else x for x, y in zip(a, b))


def op_is(u, op):
    return u.op is op


def _invalid():
    from tinygrad.dtype import Invalid
    return Invalid


def _is_invalid(u):
    """Whether `u` is tinygrad's Invalid, the undefined value: its CONST,
    viewed through movement ops or converted (tinygrad's pm_data_invalid
    folds a broadcast, cast or bitcast of Invalid to Invalid), or a buffer
    whose every store writes Invalid over all of it (Tensor.invalids: the
    rule of tinygrad's rangeify, after_all_invalid)."""
    while u.op in GroupOp.Movement or u.op in (Ops.CAST, Ops.BITCAST):
        u = u.src[0]
    if u.op is Ops.AFTER:
        return _all_invalid_stores(u)
    return u.op is Ops.CONST and u.arg is _invalid()


def _all_invalid_stores(after):
    """Whether AFTER `after` waits only for stores of Invalid, each into
    its whole buffer (seen through reshapes alone)."""
    if after.is_bound_var or len(after.src) < 2:
        return False
    for dep in after.src[1:]:
        if dep.op is not Ops.STORE or not _is_invalid(dep.src[1]):
            return False
        target = dep.src[0]
        while target.op is Ops.RESHAPE:
            target = target.src[0]
        if target.op is not Ops.BUFFER:
            return False
    return True


def _defined_branch(where):
    """The branch a WHERE with one Invalid branch is exported as, else None.
    tinygrad's where(c, x, Invalid) is x where c holds and undefined
    elsewhere (symbolic's pm_data_invalid treats it as a gate; the final
    rewrite, pm_remove_invalid, happens to give those elements 0, and a
    realized Tensor.invalids holds whatever its memory held): x everywhere
    is one of the programs it allows. The reads that would make those
    elements part of defined ones (a reduce, a store computed from them)
    are refused, so the condition itself is not needed."""
    _, a, b = where.src
    if _is_invalid(b) and not _is_invalid(a):
        return a
    if _is_invalid(a) and not _is_invalid(b):
        return b
    return None


def _weak_default(u):
    """tinygrad's dtype for a weak value computed on its own: the default
    float, or int32 widened to int64 when its range needs it."""
    if u.dtype is dtypes.weakfloat:
        return dtypes.default_float
    try:
        return dtypes.long if u.overflows(dtypes.int32) else dtypes.int
    except Exception:  # no range known: tinygrad's default int
        return dtypes.int


def _weak_default_of(dtype, u):
    return dtypes.default_float if dtype is dtypes.weakfloat else \
        _weak_default(u)


def export_uops(uops, name="tinygrad", var_values=None):
    """Exports the values of `uops` (tinygrad UOps) as one tiny.function.
    UOps that are assigns into buffers (AFTER of a STORE into a BUFFER) are
    performed and not returned. Bound Variables take their values, or those
    `var_values` gives by name; the Exported's `var_values` says which the
    program was specialized on."""
    b = _Builder(var_values)
    b.requested = set(uops)
    results = []
    outputs = []
    layouts = []
    values = []
    for u in uops:
        if u.dtype in dtypes.weaks:
            raise _error(u, "a weak dtype cannot be stored; cast it first")
        values.append(b.value(u))
    # The requested values, then each assign into a fresh buffer, then
    # every CONTIGUOUS computed on the way: its kernel writes it into a
    # buffer anyway, and tinygrad's realize keeps that buffer for every
    # tensor whose graph holds it, so a later realize reads it instead of
    # computing it again (a model's blocks, each ending in a contiguous,
    # realized one after another), and a held value computed from a buffer
    # the program stores into keeps the value it had before the store.
    for u, v in list(zip(uops, values)) + [
            (a, b.value(a)) for a in b.fresh_assigns] + b.contiguous:
        if _is_assign(u) or u in outputs:
            continue
        outputs.append(u)
        if not isinstance(v.device, tuple):
            results.append(v)
            layouts.append(None)
            continue
        # The function's results are each on one device: one per device,
        # its shard (as tinygrad's MultiBuffer holds a sharded tensor) or
        # its whole copy.
        axis = _axis(u)
        if axis is not None and u.shape[axis] % len(v.device):
            raise _error(u, "a result of %d rows along its sharded axis %d "
                         "over %d devices" % (u.shape[axis], axis,
                                              len(v.device)))
        results.extend(b.part(v, axis, i) for i in range(len(v.device)))
        layouts.append((u.device, axis))
    writes = b.write_backs()
    results.extend(v for _, v in writes)
    if not results:
        # Only assigns: the function still returns a value, one of no
        # elements (a view of the first assign), for which no kernel runs.
        results.append(b.empty_view(values[0]))
    if len(results) == 1:
        rtype = results[0].type
        b.lines.append("    tiny.return %s : %s" % (results[0].name, rtype))
    else:
        rtype = "tuple<%s>" % ", ".join(r.type for r in results)
        tup = b._token("tiny.tuple %s : %s" % (
            ", ".join(r.name for r in results),
            ", ".join(r.type for r in results)))
        b.lines.append("    tiny.return %s : %s" % (tup, rtype))
    text = "tiny.function @%s -> %s {\n%s\n}\n" % (
        name, rtype, "\n".join(b.lines))
    exported = Exported(text, b.inputs, outputs, b.assigns, layouts,
                        [index for index, _ in writes], b.aliases)
    exported.var_values = dict(b.var_values)
    return exported


def _is_whole_assign(u):
    """An assign into a whole buffer (an AFTER whose target is a BUFFER, or
    a reshape of one): tinygrad's realize drops a CONTIGUOUS of it."""
    return u.op is Ops.AFTER and u.src[0].has_buffer_identity() and \
        _is_assign(u)


def _is_assign(u):
    """An assign's result: a view (through movement ops) of an AFTER whose
    target is a buffer and which waits for a store or for another assign
    (tinygrad's assign into a view of a buffer wraps the view's AFTER in
    one on the buffer), or a CONTIGUOUS of an assign into a whole buffer.
    Its value is already in that buffer."""
    if u.op is Ops.CONTIGUOUS and _is_whole_assign(u.src[0]):
        return True
    while u.op in GroupOp.Movement:
        u = u.src[0]
    if u.op is Ops.AFTER and not u.is_bound_var and \
            len(u.src) == 2 and _is_custom_call(u.src[1]):
        # A custom kernel's operand that is a whole buffer, updated in place.
        return _whole_buffer(u.src[0]) is not None
    return u.op is Ops.AFTER and not u.is_bound_var and \
        _buffer_root(u.src[0]) is not None and \
        any(d.op is Ops.STORE or (d.op is Ops.AFTER and _is_assign(d))
            for d in u.src[1:])


def export(*tensors, name="tinygrad"):
    """Exports tinygrad Tensors (or UOps) as one tiny.function: an
    Exported with the IR text and the UOps behind its params and results."""
    return export_uops([getattr(t, "uop", t) for t in tensors], name=name)
