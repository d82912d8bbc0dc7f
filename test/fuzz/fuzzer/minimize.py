"""Reduces a failing program while it keeps failing the same way.

Greedy passes, each edit kept when the edited program's outcome has the
same signature (kind, and for errors the masked first error line):
  - drop a returned value, or a callee's param nothing reads
  - bypass an op: its users read one of its operands of the same type
  - replace an op by a new param whose input is the op's reference value
    (entry function), or by a splat constant of its first element
  - drop params nothing reads, and callees nothing calls
  - shorten every axis of one length (to 1, 2 or half its length)
  - simplify inputs: all zeros, all ones, zeroed chunks
until no edit applies.
"""

import copy
import math

import numpy as np

from . import check
from . import dtypes
from . import ir
from . import reference


def _reachable(program):
    """The functions the entry reaches, callees first."""
    order = []

    def visit(function):
        for callee in ir.callees(function):
            if callee not in order:
                visit(callee)
        if function not in order:
            order.append(function)

    visit(program.entry)
    return order


def _tidy(program):
    """Drops unread entry params (renumbering slots and inputs) and
    unreached functions."""
    entry = program.entry
    live = {n.id for n in ir.topo_order(entry.outputs)}
    keep = [i for i, p in enumerate(entry.params) if p.id in live]
    if len(keep) != len(entry.params):
        entry.params = [entry.params[i] for i in keep]
        program.inputs = [program.inputs[i] for i in keep]
        for slot, param in enumerate(entry.params):
            param.attrs["slot"] = slot
    program.functions = _reachable(program)
    return program


def _users(function):
    """(node, operand index) pairs and output indices per node id."""
    users = {}
    for node in ir.topo_order(function.outputs):
        for i, operand in enumerate(node.operands):
            users.setdefault(operand.id, []).append((node, i))
    return users


def _replace(function, old_id, new):
    for node in ir.topo_order(function.outputs):
        node.operands = [new if o.id == old_id else o for o in node.operands]
    function.outputs = [new if o.id == old_id else o for o in
                        function.outputs]


def _find(program, function_index, node_id):
    function = program.functions[function_index]
    for node in ir.topo_order(function.outputs):
        if node.id == node_id:
            return function, node
    return function, None


def _param_for(program, value, t):
    """A new entry param (viewed as type t) holding `value` (a Val)."""
    entry = program.entry
    stored = "f32" if t.dtype == "bf16" else t.dtype
    scalar = t.shape == ()
    param = ir.make("param", slot=len(entry.params), dtype=stored,
                    size=None if scalar else t.numel, device=t.device)
    entry.params.append(param)
    data = np.asarray(value.v, dtype=dtypes.storage(stored))
    program.inputs.append(data.reshape(() if scalar else (t.numel,)))
    node = param
    if not scalar and t.rank != 1:
        node = ir.make("reshape", [node], shape=t.shape)
    if stored != t.dtype:
        node = ir.make("cast", [node], dtype=t.dtype)
    return node


def _is_param_view(node):
    """A param's reshape and cast (what `_param_for` makes)."""
    while node.op in ("reshape", "cast"):
        node = node.operands[0]
    return node.op == "param"


def _drop_callee_param(program, function_index, slot):
    """Removes an unread param of a callee and the matching argument of
    every call to it."""
    callee = program.functions[function_index]
    live = {n.id for n in ir.topo_order(callee.outputs)}
    if callee is program.entry or callee.params[slot].id in live:
        return False
    callee.params.pop(slot)
    for i, param in enumerate(callee.params):
        param.attrs["slot"] = i
    for function in program.functions:
        for node in ir.topo_order(function.outputs):
            if node.op == "call" and node.attrs["callee"] is callee:
                node.operands.pop(slot)


def _structural_edits(program, values):
    """Edits to try, biggest first: each edits a copy of `program` in place
    (returning False when it does not apply). `values` are the entry's
    node values, for replacing an op by a param that holds its value."""
    edits = []
    entry_index = len(program.functions) - 1
    for k in reversed(range(len(program.entry.outputs))):
        if len(program.entry.outputs) > 1:
            def drop(p, k=k):
                if k >= len(p.entry.outputs) or len(p.entry.outputs) == 1:
                    return False
                p.entry.outputs.pop(k)
            edits.append(drop)
    for fi, function in enumerate(program.functions):
        if fi != entry_index:
            for slot in reversed(range(len(function.params))):
                edits.append(lambda p, fi=fi, slot=slot:
                             _drop_callee_param(p, fi, slot)
                             if slot < len(p.functions[fi].params) else False)
        # Multi-device values keep their ops: a call's sharded argument is
        # split by the layout the generator recorded for it.
        nodes = [n for n in reversed(ir.topo_order(function.outputs))
                 if n.op != "param" and isinstance(n.type, ir.TensorType)
                 and not n.type.multi]
        for node in nodes:
            for operand in node.operands:
                if operand.type == node.type:
                    def bypass(p, fi=fi, nid=node.id, oid=operand.id):
                        function, target = _find(p, fi, nid)
                        _, source = _find(p, fi, oid)
                        if target is None or source is None:
                            return False
                        _replace(function, nid, source)
                    edits.append(bypass)
            if fi == entry_index and node.id in values and \
                    not node.type.multi and not _is_param_view(node):
                def to_param(p, nid=node.id):
                    function, target = _find(p, len(p.functions) - 1, nid)
                    if target is None:
                        return False
                    _replace(function, nid, _param_for(p, values[nid],
                                                       target.type))
                edits.append(to_param)
            if node.op != "const" and not node.type.multi:
                first = None
                if fi == entry_index and node.id in values and \
                        node.type.numel:
                    first = values[node.id].v.reshape(-1)[0]
                def to_const(p, fi=fi, nid=node.id, first=first):
                    function, target = _find(p, fi, nid)
                    if target is None:
                        return False
                    t = target.type
                    value = first if first is not None else \
                        (False if t.dtype == "i1" else 0)
                    _replace(function, nid, ir.make(
                        "const", dtype=t.dtype, shape=t.shape,
                        device=t.device, value=value))
                edits.append(to_const)
    return edits


def _shrink_dim(program, old, new, tail):
    """Every axis of length `old` becomes `new`: in reshape, expand and
    const shapes and in param sizes, shrinks clipped to their source, and
    the inputs cut to their new sizes (keeping their first elements, or
    with `tail` their last). False where it does not apply (index and
    multi-device ops, whose bounds and shards it would break)."""
    functions = program.functions
    nodes = {f.name: ir.topo_order(f.params + f.outputs) for f in functions}
    for function in functions:
        for node in nodes[function.name]:
            if node.op in ("index", "copy", "unshard", "mstack", "mselect",
                           "allreduce"):
                return False
    swap = lambda dims: [new if d == old else d for d in dims]
    for function in functions:
        users = {}
        for node in nodes[function.name]:
            for operand in node.operands:
                users.setdefault(operand.id, []).append(node)
        for node in nodes[function.name]:
            if node.op in ("reshape", "expand", "const"):
                node.attrs["shape"] = swap(node.attrs["shape"])
        for param in function.params:
            size = param.attrs.get("size")
            views = [u for u in users.get(param.id, []) if u.op == "reshape"]
            if views:
                param.attrs["size"] = math.prod(views[0].attrs["shape"])
            elif size == old:
                param.attrs["size"] = new
        for node in nodes[function.name]:
            if node.op == "shrink":
                dims = node.operands[0].type.shape
                node.attrs["ends"] = [min(e, d) for e, d in
                                      zip(node.attrs["ends"], dims)]
                node.attrs["starts"] = [min(s, e) for s, e in
                                        zip(node.attrs["starts"],
                                            node.attrs["ends"])]
            ir.retype(node)
    for i, param in enumerate(program.entry.params):
        size = param.attrs.get("size")
        if size is not None:
            flat = np.asarray(program.inputs[i]).reshape(-1)
            if size > flat.size:
                return False
            program.inputs[i] = (flat[flat.size - size:] if tail
                                 else flat[:size]).copy()


def _shape_edits(program):
    """Axes made shorter, everywhere at once: to 1, 2 or half."""
    dims = set()
    for function in program.functions:
        for node in ir.topo_order(function.params + function.outputs):
            if isinstance(node.type, ir.TensorType):
                dims.update(d for d in node.type.shape if d > 1)
    edits = []
    for old in sorted(dims, reverse=True):
        for new in sorted({1, 2, old // 2}):
            for tail in (False, True):
                if new < old:
                    edits.append(lambda p, old=old, new=new, tail=tail:
                                 _shrink_dim(p, old, new, tail))
    return edits


def _input_edits(program):
    """Inputs all zeros or all ones, then chunks of an input zeroed (halves,
    quarters and eighths; single elements of inputs of up to 16)."""
    edits = []
    for i, value in enumerate(program.inputs):
        for fill in (0, 1):
            if np.asarray(value).size and not np.all(value == fill):
                def simplify(p, i=i, fill=fill):
                    p.inputs[i] = np.full_like(p.inputs[i], fill)
                edits.append(simplify)
    for i, value in enumerate(program.inputs):
        n = np.asarray(value).size
        chunk = n // 2
        while chunk >= 1 and (chunk >= n // 8 or n <= 16):
            for start in range(0, n, chunk):
                def zero(p, i=i, start=start, chunk=chunk):
                    flat = np.array(p.inputs[i]).reshape(-1)
                    if np.all(flat[start:start + chunk] == 0):
                        return False
                    flat[start:start + chunk] = 0
                    p.inputs[i] = flat.reshape(np.shape(p.inputs[i]))
                edits.append(zero)
            chunk //= 2
    return edits


def _try(program, edit):
    """An edited copy of `program`, or None when the edit does not apply."""
    candidate = copy.deepcopy(program)
    try:
        if edit(candidate) is False:
            return None
        _tidy(candidate)
        for function in candidate.functions:
            for node in ir.topo_order(function.outputs):
                ir.retype(node)
    except (ir.IllTyped, IndexError):
        return None
    return candidate


def minimize(program, outcome, directory, tools, timeout, budget=300):
    """The smallest program found (and its outcome) that fails with
    `outcome`'s signature, after at most `budget` runs. Passes over all
    edits keep each edit that still fails, until a pass keeps none; the
    inputs are simplified last."""
    signature = outcome.signature
    runs = 0
    for make_edits in (
            lambda p: _structural_edits(p, reference.evaluate_nodes(p)) +
            _shape_edits(p),
            _input_edits):
        changed = True
        while changed and runs < budget:
            changed = False
            for edit in make_edits(program):
                if runs >= budget:
                    break
                candidate = _try(program, edit)
                if candidate is None:
                    continue
                runs += 1
                result = check.check(candidate, directory, tools, timeout,
                                     verify=False)
                if result.signature == signature:
                    program, outcome = candidate, result
                    changed = True
    return program, outcome


def size(program):
    return sum(len(ir.topo_order(f.outputs)) for f in program.functions)
