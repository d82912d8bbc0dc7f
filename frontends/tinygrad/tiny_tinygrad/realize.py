"""Realize tinygrad Tensors with tiny: export, compile, run, write back.

The exported function's params are the realized buffers the tensors read;
the program runs on their memory in place (tinygrad's CPU, PYTHON and NPY
buffers are host memory), so an assign's store lands in the tensor's own
buffer. Each computed result is written straight into a new tinygrad
Buffer, and every Tensor whose graph held the computed UOp is pointed at
that buffer, as tinygrad's own realize does; an assign's AFTER is replaced
by the buffer it stored into, so it is not performed twice. A tensor on
several devices (CPU:1, CPU:2, ...: host memory too) reads and gets a
MultiBuffer: one param and one result per device.

Compiled programs are kept by their IR text: a graph of the same structure
gives the same text and skips even the C library's cache lookup. tinygrad's
BEAM=N asks tiny's kernel search for a beam of width N (at most 64, tiny's
limit): each CPU kernel's schedule is timed among candidates, the choice
cached on disk (tiny.compile's `beam`).

Each run of a program adds to tinygrad's GlobalCounters what tinygrad adds
for the calls it runs: kernel_count the kernels and copies between devices
the program launches, global_ops and global_mem their static estimates
(tiny.Program.launches, counted as it compiles), time_sum_s the run's wall
time. A realize that
runs nothing (an empty tensor, a view of a buffer) adds nothing.
"""

import collections
import ctypes
import time

import numpy as np
import tiny
import tiny.schedule
from tinygrad.device import Buffer, MultiBuffer
from tinygrad.dtype import dtypes
from tinygrad.engine.realize import capturing, resolve_params
from tinygrad.helpers import BEAM, CAPTURING, GlobalCounters
from tinygrad.uop.ops import CallInfo, GroupOp, Ops, UOp

from .dtypes import ExportError
from .export import Shard, export_uops

__all__ = ["realize", "compile_text", "stats", "TinyCall", "Cost"]

_PROGRAMS = collections.OrderedDict()
_MAX_PROGRAMS = 512


class _Stats:
    """Counters for the realizes done through tiny in this process."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.realizes = 0
        self.compiles = 0
        self.captures = 0
        self.jit_runs = 0
        self.export_s = 0.0
        self.compile_s = 0.0
        self.run_s = 0.0

    def __repr__(self):
        return ("tiny_tinygrad.stats(realizes=%d, compiles=%d, captures=%d, "
                "jit_runs=%d, export=%.4fs, compile=%.4fs, run=%.4fs)" % (
                    self.realizes, self.compiles, self.captures,
                    self.jit_runs, self.export_s,
                    self.compile_s, self.run_s))


stats = _Stats()


class Cost(collections.namedtuple("Cost", "kernels ops mem")):
    """What one run of a program adds to tinygrad's GlobalCounters:
    `kernels` (kernel_count) the kernels and copies between devices it
    launches, as tinygrad counts a COPY call as one; `ops` (global_ops) and
    `mem` (global_mem) the kernels' static FLOP and byte estimates
    (-tiny-outline-kernels) plus each copy's bytes."""

    @staticmethod
    def of(program, text):
        """The cost of `program`, compiled from `text`: the launches the
        compile counted, or for code from tiny's disk cache (which keeps
        none) those of the text's schedule."""
        launches = program.launches
        if launches is None:
            launches = [launch for function in
                        tiny.schedule.launches(text).values()
                        for launch in function]
        return Cost(len(launches), sum(k.flops for k in launches),
                    sum(k.bytes for k in launches))

    def count(self, seconds):
        """Adds one run, which took `seconds`, to GlobalCounters."""
        GlobalCounters.kernel_count += self.kernels
        GlobalCounters.global_ops += self.ops
        GlobalCounters.global_mem += self.mem
        GlobalCounters.time_sum_s += seconds


def _compile(text):
    """(tiny.Program, Cost) for IR text, compiled once per distinct text
    and beam width."""
    beam = min(max(BEAM.value, 0), 64)
    key = (text, beam)
    compiled = _PROGRAMS.get(key)
    if compiled is None:
        start = time.perf_counter()
        program = tiny.compile(text, name="tinygrad", beam=beam)
        compiled = (program, Cost.of(program, text))
        stats.compile_s += time.perf_counter() - start
        stats.compiles += 1
        _PROGRAMS[key] = compiled
        if len(_PROGRAMS) > _MAX_PROGRAMS:
            _PROGRAMS.popitem(last=False)
    else:
        _PROGRAMS.move_to_end(key)
    return compiled


def compile_text(text):
    """A tiny.Program for IR text, compiled once per distinct text."""
    return _compile(text)[0]


def _address(buffer):
    """The host address of an allocated tinygrad Buffer's memory (synced),
    or None for an empty one."""
    if buffer.nbytes == 0:
        return None
    view = buffer.as_memoryview(force_zero_copy=True)
    array = np.frombuffer(view, dtype=np.uint8)
    return array.ctypes.data


def _buffer_address(buffer):
    """The host address of a param's Buffer, allocated if it is not yet,
    or None for an empty one: nothing to read, and tinygrad's allocators
    refuse a size of 0 (Tensor.empty(1, 0))."""
    if buffer.nbytes == 0:
        return None
    buffer.ensure_allocated()
    return _address(buffer)


class TinyCall:
    """One compiled tiny program and the tinygrad buffers it reads and
    writes, as the CALL UOp `uop` that tinygrad's run_linear executes.

    The CALL's sources (`srcs`) are BUFFER UOps: first each distinct input
    (a BUFFER on several devices stands for its MultiBuffer; a param takes
    one device's buffer of it), then each result. TinyJit's capture
    collects such CALLs; its jit_lower replaces the input buffers by PARAMs
    of its input slots, so a replay resolves them (tinygrad's
    resolve_params) to the buffers of that call's inputs. The CALL's body is
    CUSTOM_FUNCTION "tiny" and its CallInfo.aux this object, which
    run_linear reaches through the pattern enable() adds to tinygrad's
    pm_exec."""

    def __init__(self, compiled, exported, result_uops, uops):
        self.program, self.cost = compiled
        # A program specialized on bound Variables is exported again for
        # other values (a TinyJit replay with new ones): from `uops`, with
        # the params, results and stores checked to be the same.
        self.exported = exported
        self.uops = uops if exported.var_values else None
        self.specialized = {_values_key(exported.var_values): compiled}
        self.srcs = []
        index = {}

        def src(u):
            if u not in index:
                index[u] = len(self.srcs)
                self.srcs.append(u)
            return index[u]
        # (source index, device index or None) per param.
        self.params = []
        for bound in exported.inputs:
            if isinstance(bound, Shard):
                self.params.append((src(bound.uop), bound.index))
            else:
                self.params.append((src(bound), None))
        # (source index, device count) per result value; each device's
        # buffer is one result of the function.
        self.results = [(src(u), n) for u, n in result_uops]
        self.write_backs = list(exported.write_backs)
        # What tinygrad's DEBUG>=2 line calls this call.
        self.display_name = "tiny program, %d params, %d results" % (
            len(self.params), sum(n for _, n in self.results))
        body = UOp(Ops.CUSTOM_FUNCTION, arg="tiny")
        self.uop = UOp(Ops.CALL, src=(body, *self.srcs),
                       arg=CallInfo(name="tiny", aux=self))

    def program_for(self, var_vals):
        """The program and its Cost for the values `var_vals` (by name)
        gives the bound Variables this one was specialized on."""
        captured = self.exported.var_values
        if not captured or not var_vals:
            return self.program, self.cost
        values = {k: var_vals.get(k, v) for k, v in captured.items()}
        key = _values_key(values)
        compiled = self.specialized.get(key)
        if compiled is not None:
            return compiled
        exported = export_uops(self.uops, var_values=values)
        where = ", ".join("%s=%d" % kv for kv in sorted(values.items()))

        def bound(b):
            return (b.uop, b.index) if isinstance(b, Shard) else (b, None)
        same = ([bound(b) for b in exported.inputs] ==
                [bound(b) for b in self.exported.inputs] and
                exported.outputs == self.exported.outputs and
                exported.write_backs == self.exported.write_backs)
        compiled = _compile(exported.text)
        program = compiled[0]
        if not same or [o.nbytes for o in program.outputs] != \
                [o.nbytes for o in self.program.outputs]:
            raise ExportError(
                "tiny specializes a program on its bound Variables; for %s "
                "its params or result sizes differ from the captured "
                "program's (captured with %s)" % (where, ", ".join(
                    "%s=%d" % kv for kv in sorted(captured.items()))))
        self.specialized[key] = compiled
        return compiled

    def run(self, buffers, var_vals=None, update_stats=True):
        """Runs the program (for the bound Variables' values `var_vals`,
        by name) on `buffers` (a Buffer or MultiBuffer per source, in
        `srcs` order); with `update_stats`, counts the run in tinygrad's
        GlobalCounters."""
        program, cost = self.program_for(var_vals)
        start = time.perf_counter()

        def one(i, device):
            b = buffers[i]
            if device is not None:
                return b.bufs[device]
            return b.bufs[0] if isinstance(b, MultiBuffer) else b
        inputs = [_buffer_address(one(i, d)) for i, d in self.params]
        outputs = []
        for i, n in self.results:
            b = buffers[i]
            outputs.extend(b.bufs if isinstance(b, MultiBuffer) else [b])
        addresses = [_buffer_address(b) for b in outputs]
        # A result whose buffer is also an input (TinyJit replaying on the
        # output of its previous call) is written to scratch memory first,
        # then copied: the program may read the input after writing.
        spans = [(a, one(i, d).nbytes) for a, (i, d) in
                 zip(inputs, self.params) if a is not None]
        copies = []
        for k, (a, b) in enumerate(zip(addresses, outputs)):
            if a is not None and any(a < s + n and s < a + b.nbytes
                                     for s, n in spans):
                scratch = np.empty(b.nbytes, dtype=np.uint8)
                copies.append((a, scratch, b.nbytes))
                addresses[k] = scratch.ctypes.data
        if outputs or self.write_backs:
            # Stored params of a program on tiny's runtime come back as
            # results written into the params' own memory.
            addresses += [inputs[i] for i in self.write_backs]
        else:
            # Only assigns: the function returns a copy of the first target.
            info = program.outputs[0]
            scratch = np.empty(max(info.nbytes, 1), dtype=np.uint8)
            addresses = [scratch.ctypes.data]
        program.run_addresses(inputs, addresses)
        for a, scratch, n in copies:
            ctypes.memmove(a, scratch.ctypes.data, n)
        seconds = time.perf_counter() - start
        stats.run_s += seconds
        stats.realizes += 1
        if update_stats:
            cost.count(seconds)


def _values_key(values):
    return tuple(sorted(values.items()))


def exec_tiny(ctx, call, ast):
    """tinygrad's pm_exec rule for a TinyCall's CALL (see TinyCall)."""
    tiny_call = call.arg.aux
    tiny_call.run([u.buffer for u in resolve_params(call, ctx.input_uops)],
                  ctx.var_vals, ctx.update_stats)
    if ctx.jit:
        stats.jit_runs += 1
    return []


def _new_buffer(u, layout):
    """The tinygrad Buffers (one, or one per device of a multi-device
    `layout`) for a result of UOp `u`'s dtype and size, and the realized UOp
    standing for them, viewed in `u`'s shape: for a sharded result
    tinygrad's form, the UNSHARD of its MultiBuffer in the shard's shape;
    and the BUFFER UOp of the Buffer or MultiBuffer."""
    shape = tuple(u.shape)
    if not all(isinstance(s, int) for s in shape):
        raise ExportError("tiny cannot realize a tensor of symbolic shape "
                          "%s (its buffer would be sized by the Variables' "
                          "largest values)" % (shape,))
    if layout is not None and layout[1] is not None:
        devices, axis = layout
        shape = shape[:axis] + (shape[axis] // len(devices),) + \
            shape[axis + 1:]
    size = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if layout is None:
        buffer = Buffer(u.device, size, u.dtype)
        buffers = [buffer]
    else:
        buffer = MultiBuffer(layout[0], size, u.dtype)
        buffers = buffer.bufs
    if size:
        for b in buffers:
            b.allocate()
    realized = buffer_uop = UOp.from_buffer(buffer, u.device)
    if shape != (size,):
        realized = realized.reshape(shape)
    if layout is not None and layout[1] is not None:
        realized = realized.unshard(layout[1])
    return buffers, realized, buffer_uop


def _buffer_view(u):
    """For a tensor that tinygrad realizes as a view of an existing buffer
    rather than a copy (its contiguous_mops_to_view: a bitcast, or a
    contiguous of movement ops and bitcasts, of a BUFFER's contiguous range),
    that view; else None. A later assign into the buffer shows through
    such a tensor in tinygrad, so tiny must not copy it either."""
    src = u.src[0] if u.op is Ops.CONTIGUOUS else u
    if src.op not in GroupOp.Movement and src.op is not Ops.BITCAST:
        return None
    if src is u and u.op is not Ops.BITCAST:
        return None
    buf = src.base
    while buf.op is Ops.BITCAST:
        buf = buf.src[0].base
    if buf.op is not Ops.BUFFER or \
            not all(isinstance(s, int) for s in u.shape):
        return None
    from tinygrad.tensor import _make_buffer_view
    view = _make_buffer_view(src)
    return None if view is None else view.reshape(u.shape)


def _realized_part(u):
    """What realizing UOp `u` computes: as in tinygrad, the base under its
    movement ops when that is a computed value, the tensor then being the
    movement ops over the base's buffer; every tensor holding the base gets
    the buffer too (x = f(b); y = x.flip(0); realize(y): x is realized, and
    a later assign into b no longer changes it)."""
    base = u.base
    if base is u or base.is_virtual \
            or base.op in (Ops.AFTER, Ops.CONST) \
            or base.has_buffer_identity() \
            or not all(isinstance(s, int) for s in base.shape):
        return u
    return base


def realize(*tensors, update_stats=True):
    """Computes the given Tensors with tiny and makes each of them (and every
    Tensor sharing their graph) realized; with `update_stats` (tinygrad's
    do_update_stats), counts the run in tinygrad's GlobalCounters. Returns
    the first tensor."""
    from tinygrad.tensor import _apply_map_to_tensors
    # Empty tensors hold no data (tinygrad reads them as empty arrays
    # without a buffer): nothing to compute. Nor for a view (movement ops)
    # of a realized buffer: tinygrad leaves it a view of that buffer, so a
    # later assign into the buffer shows through it (test_setitem's
    # swap_rows); a copy would keep the old values.
    todo = [t for t in tensors
            if not t.uop.is_virtual and not t.uop.has_buffer_identity()
            and not t.uop.base.has_buffer_identity()
            and 0 not in t.shape]
    if not todo:
        return tensors[0] if tensors else None
    for t in todo:
        if t.dtype in dtypes.weaks:
            raise RuntimeError("cannot realize a weak dtype; cast to a "
                               "concrete dtype first")
    views = {}
    for t in todo:
        view = _buffer_view(t.uop)
        if view is not None:
            views[t.uop] = view
    if views:
        _apply_map_to_tensors(views, name="tiny buffer views")
        todo = [t for t in todo if not t.uop.has_buffer_identity()
                and not t.uop.base.has_buffer_identity()
                and t.uop.op is not Ops.BITCAST]
        if not todo:
            return tensors[0]
    uops = list(dict.fromkeys(_realized_part(t.uop) for t in todo))
    start = time.perf_counter()
    exported = export_uops(uops)
    stats.export_s += time.perf_counter() - start
    compiled = _compile(exported.text)

    results = {}
    result_uops = []
    if exported.outputs or exported.write_backs:
        for u, layout in zip(exported.outputs, exported.layouts):
            buffers, realized, buffer_uop = _new_buffer(u, layout)
            results[u] = realized
            result_uops.append((buffer_uop, len(buffers)))
    call = TinyCall(compiled, exported, result_uops, uops)
    if capturing and CAPTURING:
        # Inside TinyJit's capture: record the program instead of running
        # it, as tinygrad's own schedule does; the jit runs its captured
        # calls (and later replays them on new input buffers) through
        # run_linear, which hands this CALL to TinyCall.run.
        capturing[0].add_linear(UOp(Ops.LINEAR, src=(call.uop,)), {})
        stats.captures += 1
    else:
        call.run([u.buffer for u in call.srcs], update_stats=update_stats)

    mapping = dict(results)
    # An assign becomes the buffer it stored into. In a chain of assigns the
    # target is an earlier assign (the exporter lists inner ones first), so
    # it is mapped through what that one became, not re-run.
    for a in exported.assigns:
        if a not in mapping:
            mapping[a] = a.src[0].substitute(mapping)
    for contiguous, a in exported.aliases:
        if a in mapping:
            mapping.setdefault(contiguous, mapping[a])
    _apply_map_to_tensors(mapping, name="tiny realize")
    return tensors[0]
