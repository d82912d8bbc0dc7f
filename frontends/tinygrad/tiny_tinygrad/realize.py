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
gives the same text and skips even the C library's cache lookup.
"""

import collections
import ctypes
import time

import numpy as np
import tiny
from tinygrad.device import Buffer, MultiBuffer
from tinygrad.dtype import dtypes
from tinygrad.uop.ops import GroupOp, Ops, UOp

from .export import Shard, export_uops

__all__ = ["realize", "compile_text", "stats"]

_PROGRAMS = collections.OrderedDict()
_MAX_PROGRAMS = 512


class _Stats:
    """Counters for the realizes done through tiny in this process."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.realizes = 0
        self.compiles = 0
        self.export_s = 0.0
        self.compile_s = 0.0
        self.run_s = 0.0

    def __repr__(self):
        return ("tiny_tinygrad.stats(realizes=%d, compiles=%d, export=%.4fs, "
                "compile=%.4fs, run=%.4fs)" % (
                    self.realizes, self.compiles, self.export_s,
                    self.compile_s, self.run_s))


stats = _Stats()


def compile_text(text):
    """A tiny.Program for IR text, compiled once per distinct text."""
    program = _PROGRAMS.get(text)
    if program is None:
        start = time.perf_counter()
        program = tiny.compile(text, name="tinygrad")
        stats.compile_s += time.perf_counter() - start
        stats.compiles += 1
        _PROGRAMS[text] = program
        if len(_PROGRAMS) > _MAX_PROGRAMS:
            _PROGRAMS.popitem(last=False)
    else:
        _PROGRAMS.move_to_end(text)
    return program


def _address(buffer):
    """The host address of an allocated tinygrad Buffer's memory (synced),
    or None for an empty one."""
    if buffer.nbytes == 0:
        return None
    view = buffer.as_memoryview(force_zero_copy=True)
    array = np.frombuffer(view, dtype=np.uint8)
    return array.ctypes.data


def _input_address(bound):
    if isinstance(bound, Shard):
        buffer = bound.uop.buffer.bufs[bound.index]
    else:
        buffer = bound.buffer
    if buffer.nbytes == 0:
        # An empty buffer (Tensor.empty(1, 0)): nothing to read, and
        # tinygrad's allocators refuse a size of 0.
        return None
    buffer.ensure_allocated()
    return _address(buffer)


def _new_buffer(u, layout):
    """The tinygrad Buffers (one, or one per device of a multi-device
    `layout`) for a result of UOp `u`'s dtype and size, and the realized UOp
    standing for them, viewed in `u`'s shape: for a sharded result
    tinygrad's form, the UNSHARD of its MultiBuffer in the shard's shape."""
    shape = tuple(u.shape)
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
    realized = UOp.from_buffer(buffer, u.device)
    if shape != (size,):
        realized = realized.reshape(shape)
    if layout is not None and layout[1] is not None:
        realized = realized.unshard(layout[1])
    return buffers, realized


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


def realize(*tensors):
    """Computes the given Tensors with tiny and makes each of them (and every
    Tensor sharing their graph) realized. Returns the first tensor."""
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
    uops = list(dict.fromkeys(t.uop for t in todo))
    start = time.perf_counter()
    exported = export_uops(uops)
    stats.export_s += time.perf_counter() - start
    program = compile_text(exported.text)

    start = time.perf_counter()
    inputs = [_input_address(u) for u in exported.inputs]
    results = {}
    outputs = []
    if exported.outputs or exported.write_backs:
        for u, layout in zip(exported.outputs, exported.layouts):
            buffers, realized = _new_buffer(u, layout)
            results[u] = realized
            outputs.extend(buffers)
        addresses = [_address(b) for b in outputs]
        # Stored params of a program on tiny's runtime come back as results
        # written into the params' own memory.
        addresses += [inputs[i] for i in exported.write_backs]
    else:
        # Only assigns: the function returns a copy of the first target.
        info = program.outputs[0]
        scratch = np.empty(max(info.nbytes, 1), dtype=np.uint8)
        addresses = [scratch.ctypes.data]
    program.run_addresses(inputs, addresses)
    stats.run_s += time.perf_counter() - start
    stats.realizes += 1

    mapping = dict(results)
    # An assign becomes the buffer it stored into. In a chain of assigns the
    # target is an earlier assign (the exporter lists inner ones first), so
    # it is mapped through what that one became, not re-run.
    for a in exported.assigns:
        if a not in mapping:
            mapping[a] = a.src[0].substitute(mapping)
    _apply_map_to_tensors(mapping, name="tiny realize")
    return tensors[0]
