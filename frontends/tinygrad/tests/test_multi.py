"""Sharded tinygrad tensors (Tensor.shard over virtual CPU devices) realized
by tiny against tinygrad's own CPU results.

Each case builds its tensors twice from the same numpy data: once realized
by tinygrad (the reference), once by tiny_tinygrad.realize. The results
must hold the same values and, for a result on several devices, be sharded
the same way (tinygrad's MultiBuffer, one shard per device).
"""

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor, nn  # noqa: E402
from tinygrad.helpers import Context  # noqa: E402
from tinygrad.device import MultiBuffer  # noqa: E402
from tinygrad.uop.ops import AxisType, Ops, UOp  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from tiny_tinygrad.dtypes import numpy_dtype  # noqa: E402

D2 = ("CPU:1", "CPU:2")
D4 = ("CPU:1", "CPU:2", "CPU:3", "CPU:4")
RNG = np.random.default_rng(1)
X = RNG.standard_normal((4, 6)).astype(np.float32)
Y = RNG.standard_normal((4, 6)).astype(np.float32)
W = RNG.standard_normal((6, 8)).astype(np.float32)
I = RNG.integers(-20, 20, (4, 6)).astype(np.int32)
B = RNG.standard_normal((8, 4)).astype(np.float32)


def _layout(t):
    """(devices, axis) of a tensor's value, and the per-device shard arrays
    of its MultiBuffer (None on one device, or for a view tinygrad keeps of
    one)."""
    if not isinstance(t.device, tuple):
        return t.device, None, None
    u = t.uop
    if not u.has_buffer_identity():
        return t.device, u.axis, None
    buffer = u.buffer
    assert isinstance(buffer, MultiBuffer), buffer
    shards = [np.frombuffer(bytes(b.as_memoryview()),
                            dtype=numpy_dtype(t.dtype))
              for b in buffer.bufs]
    return t.device, u.axis, shards


def _run(build, realize):
    Tensor.manual_seed(0)
    outs = build()
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    realize(*outs)
    return outs, [(_layout(o), o.numpy()) for o in outs]


def check(build, rtol=1e-5, atol=1e-5):
    references, expected = _run(build, Tensor.realize)
    outs, got = _run(build, tt.realize)
    # Realized as tinygrad realizes it: a buffer of its own, or (a view
    # of a computed value) movement ops over the buffer its base became.
    for o, r in zip(outs, references):
        assert o.uop.base.has_buffer_identity(), \
            "not realized: %s" % (o.uop.base.op,)
        assert o.uop.has_buffer_identity() == r.uop.has_buffer_identity(), \
            "realized as %s, tinygrad as %s" % (o.uop.op, r.uop.op)
    assert len(got) == len(expected)
    for ((gdev, gaxis, gshards), g), ((edev, eaxis, eshards), e) in zip(
            got, expected):
        assert (gdev, gaxis) == (edev, eaxis)
        assert g.dtype == e.dtype and g.shape == e.shape
        pairs = [(g, e)]
        if gshards is not None and eshards is not None:
            pairs += list(zip(gshards, eshards))
        for a, b in pairs:
            if b.dtype.kind == "f":
                np.testing.assert_allclose(a, b, rtol=rtol, atol=atol)
            else:
                np.testing.assert_array_equal(a, b)


CASES = {
    # Elementwise on sharded values, with values sharded alike, whole on
    # every device, or constants.
    "axis0_elementwise": lambda: (Tensor(X).shard(D2, 0) * 2 + 1).relu(),
    "axis1_elementwise": lambda: Tensor(X).shard(D2, 1).exp() -
    Tensor(Y).shard(D2, 1),
    "axis_none_elementwise": lambda: Tensor(X).shard(D2) * Tensor(Y).shard(D2),
    "axis0_times_replicated": lambda: Tensor(X).shard(D2, 0) *
    Tensor(Y).shard(D2),
    "axis0_times_axis1": lambda: Tensor(X).shard(D2, 0) + Tensor(Y).shard(D2, 1),
    "axis0_int": lambda: Tensor(I).shard(D2, 0) * 3 // 2,
    "four_devices": lambda: Tensor(B).shard(D4, 0).sqrt().abs() + 1,
    "contiguous_ones": lambda: Tensor.ones(4).contiguous().shard(D2, 0) * 2,
    # Reduces: over the sharded axis (an allreduce; the result is whole on
    # every device) and over another axis (per shard; still sharded).
    "sum_sharded_axis": lambda: Tensor(X).shard(D2, 0).sum(0),
    "max_sharded_axis": lambda: Tensor(X).shard(D2, 1).max(1),
    "sum_other_axis": lambda: Tensor(X).shard(D2, 0).sum(1),
    "mean_all_four": lambda: Tensor(B).shard(D4, 0).mean(),
    # Matmuls: data parallel (rows sharded, weights whole) and model
    # parallel (weights sharded by columns; by rows, an allreduce).
    "matmul_rows": lambda: Tensor(X).shard(D2, 0) @ Tensor(W).shard(D2),
    "matmul_columns": lambda: Tensor(X).shard(D2) @ Tensor(W).shard(D2, 1),
    "matmul_contracted": lambda: Tensor(X).shard(D2, 1) @ Tensor(W).shard(D2, 0),
    # Movement ops of sharded values.
    "permute_reshape": lambda: Tensor(X).shard(D2, 0).permute(1, 0).reshape(
        6, 2, 2) * 2,
    "shrink_other_axis": lambda: Tensor(X).shard(D2, 0)[:, 1:4] + 1,
    "gather_by_sharded_indices": lambda: Tensor(X).shard(D2, 0).gather(
        1, Tensor([[0, 1], [2, 3], [4, 5], [0, 0]]).shard(D2, 0)),
    "softmax_sharded_axis": lambda: Tensor(X).shard(D2, 1).softmax(1),
    "cat_sharded": lambda: Tensor(X).shard(D2, 0).cat(Tensor(Y).shard(D2, 0),
                                                      dim=1),
    # Copies: a sharded value to another tuple, gathered and sharded
    # again along another axis, gathered onto its own devices.
    "to_other_devices": lambda: Tensor(X).shard(D2, 0).to(D4[2:]) + 1,
    "reshard": lambda: Tensor(X).shard(D2, 0).to("CPU").shard(D2, 1) * 2,
    "gather_onto_own_devices": lambda: Tensor(
        Tensor(X).shard(D2, 0).uop.copy_to_device(D2)) + 1,
    # MSTACK (tinygrad's *_like of a sharded tensor) and MSELECT.
    "zeros_like": lambda: Tensor.zeros_like(Tensor(X).shard(D2, 0)) +
    Tensor(X).shard(D2, 0),
    "rand_like": lambda: Tensor.rand_like(Tensor(X).shard(D2, 0)),
    "mselect_replicated": lambda: Tensor(
        Tensor(X).shard(D2).realize().uop.mselect(1)) * 2,
    # Several results, sharded and whole.
    "two_results": lambda: (Tensor(X).shard(D2, 0) + 1,
                            Tensor(X).shard(D2, 0).sum()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_sharded(name):
    check(CASES[name])


def test_shard_of_realized_tensor():
    def build():
        x = Tensor(X).realize()
        return x.shard(D2, 1) * x.shard(D2, 1)
    check(build)


def test_realized_shards_as_inputs():
    """Sharded and replicated MultiBuffers realized by tinygrad are inputs,
    one param per device."""
    def build():
        xs = Tensor(X).shard(D2, 0).realize()
        ys = Tensor(Y).shard(D2).realize()
        return xs * ys - 1
    check(build)
    xs = Tensor(X).shard(D2, 0).realize()
    text = tt.export(xs + 1).text
    assert 'tiny.param 0 : f32 size 12 on "CPU:1"' in text
    assert 'tiny.param 1 : f32 size 12 on "CPU:2"' in text
    assert "tiny.unshard" in text


def test_sharded_results_are_multibuffers():
    x = Tensor(X).shard(D2, 0) * 2
    tt.realize(x)
    assert x.uop.op is Ops.UNSHARD and x.uop.axis == 0
    shards = x.uop.buffer.bufs
    assert [b.device for b in shards] == list(D2)
    np.testing.assert_allclose(
        np.frombuffer(bytes(shards[1].as_memoryview()), np.float32),
        (X[2:] * 2).ravel())


def test_read_back_through_tiny():
    """.numpy() of a sharded tensor: its copy to one device gathers the
    shards, realized by tiny too."""
    tt.enable()
    try:
        x = Tensor(X).shard(D2, 1) + 1
        got = x.numpy()
        s = Tensor(X).shard(D2, 0).sum(0).numpy()
    finally:
        tt.disable()
    np.testing.assert_allclose(got, X + 1, rtol=1e-6)
    np.testing.assert_allclose(s, X.sum(0), rtol=1e-5)


def test_explicit_allreduce():
    """tinygrad's ALLREDUCE of a sharded value: every shard becomes the sum
    of all shards (and stays sharded)."""
    def build():
        ts = Tensor(B).shard(D4, 0)
        return Tensor(UOp.allreduce(ts.uop, Ops.ADD, ts.device))
    check(build)


def test_assign_on_a_virtual_device():
    """A program on a device other than the host's runs on tiny's runtime,
    which uploads its params: the store of an assign comes back as a
    result written into the tensor's own buffer."""
    def build():
        t = Tensor(X).to("CPU:1").contiguous().realize()
        return t.assign(t * 2 + 1)
    check(build)


def test_assign_into_sharded_buffers():
    """An assign into a sharded tensor writes each device's shard of its
    MultiBuffer in place."""
    def build():
        t = Tensor(X).shard(D2, 1).contiguous().realize()
        return t.assign(t.exp() - 1)
    check(build)
    t = Tensor(X).shard(D2, 1).contiguous().realize()
    before = list(t.uop.buffer.bufs)
    tt.realize(t.assign(t + 1))
    assert list(t.uop.buffer.bufs) == before
    np.testing.assert_allclose(
        np.frombuffer(bytes(before[1].as_memoryview()), np.float32),
        (X[:, 3:] + 1).ravel(), rtol=1e-6)



# Booleans reduced over their sharded axis: an allreduce of i1 shards, which
# combine as tinygrad's bool ALU does (all is a MUL, and; any a MAX, or).
BOOLS = {
    "all_true": np.ones(8, bool),
    "all_false": np.zeros(8, bool),
    # One False, in the last device's shard: all is False, any True.
    "one_false_last": np.arange(8) != 7,
    # One True, in the first device's shard: all is False, any True.
    "one_true_first": np.arange(8) == 1,
}


@pytest.mark.parametrize("devices", [D2, D4], ids=["D2", "D4"])
@pytest.mark.parametrize("name", sorted(BOOLS))
@pytest.mark.parametrize("op", ["all", "any"])
def test_sharded_bool_all_any(op, name, devices):
    b = BOOLS[name]
    check(lambda: getattr(Tensor(b).shard(devices, axis=0), op)())
    got = getattr(Tensor(b).shard(devices, axis=0), op)()
    tt.realize(got)
    assert got.numpy().dtype == np.bool_
    assert got.numpy() == getattr(np, op)(b)


def test_sharded_bool_all_any_along_an_axis():
    """Per column of a 4x3 value sharded by rows: column 0 all True, column 1
    one False (on the second device), column 2 one True (on the first)."""
    b = np.array([[1, 1, 0], [1, 1, 1], [1, 0, 0], [1, 1, 0]], bool)
    for op in ("all", "any"):
        check(lambda: getattr(Tensor(b).shard(D2, 0), op)(0))
        got = getattr(Tensor(b).shard(D2, 0), op)(0)
        tt.realize(got)
        np.testing.assert_array_equal(got.numpy(), getattr(np, op)(b, 0))


def _train_step(weight_axis):
    """One SGD step of a linear layer 6 -> 4 on a batch sharded by rows:
    the weights whole on every device (data parallel: the gradients are
    allreduced) or sharded along `weight_axis` (model parallel). Returns
    the loss and the updated weights, assigned in place into their
    MultiBuffers."""
    def build():
        layer = nn.Linear(6, 4)
        layer.weight = Tensor(W[:, :4].T.copy())
        layer.bias = Tensor(np.arange(4, dtype=np.float32))
        layer.weight.shard_(D2, weight_axis).realize()
        layer.bias.shard_(D2, weight_axis).realize()
        opt = nn.optim.SGD([layer.weight, layer.bias], lr=0.1)
        x = Tensor(X).shard(D2, 0)
        with Context(TRAINING=1):
            loss = (layer(x) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            return [loss] + opt.schedule_step()
    return build


def test_sharded_training_step():
    check(_train_step(None))


def test_model_parallel_training_step():
    check(_train_step(0))


# Sharding along two axes (test_multitensor's Test2DShard): device i of 4
# holds the block of a 4x6 value at row block i // 2 and column block
# i % 2 (or, with `rows_first` false, i % 2 and i // 2).
def _grid(rows_first=True):
    rng = UOp.range(4, -1, AxisType.DEVICE)
    return (rng // 2, rng % 2) if rows_first else (rng % 2, rng // 2)


def _shard_2d(x, rows_first=True):
    """The 2-D sharding of `x` (a 4x6 array), gathered whole onto D4 by a
    copy: tinygrad computes with such a value only so."""
    rows, cols = _grid(rows_first)
    u = Tensor(x).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
    return Tensor(u.unshard((0, 1), (rows, cols)).copy_to_device(D4))


def _blocks_2d(rows_first=True):
    """A MultiBuffer on D4 of one 2x3 block per device (its rows of S, an
    8x3 array sharded by rows), viewed as the 4x6 value with those blocks
    along two axes, gathered onto D4; and that value, put together by
    hand."""
    s = np.arange(24, dtype=np.float32).reshape(8, 3) - 7
    rows, cols = _grid(rows_first)
    shards = Tensor(s).shard(D4, 0).realize().uop.src[0]
    whole = np.zeros((4, 6), np.float32)
    for i in range(4):
        r, c = (i // 2, i % 2) if rows_first else (i % 2, i // 2)
        whole[2 * r:2 * r + 2, 3 * c:3 * c + 3] = s[2 * i:2 * i + 2]
    return Tensor(shards.unshard((0, 1), (rows, cols)).copy_to_device(D4)), \
        whole


TWO_AXES = {
    "elementwise": (lambda t: t * 2 + 1, lambda x: x * 2 + 1),
    "sum_rows": (lambda t: t.sum(0), lambda x: x.sum(0)),
    "sum_columns": (lambda t: t.sum(1), lambda x: x.sum(1)),
    "sum_all": (lambda t: t.sum(), lambda x: x.sum()),
    "matmul": (lambda t: t @ Tensor(W).shard(D4), lambda x: x @ W),
    "matmul_by_itself": (lambda t: t @ t.T, lambda x: x @ x.T),
}


@pytest.mark.parametrize("rows_first", [True, False])
@pytest.mark.parametrize("name", sorted(TWO_AXES))
def test_two_axis_sharding(name, rows_first):
    op, expected = TWO_AXES[name]
    check(lambda: op(_shard_2d(X, rows_first)))
    got = op(_shard_2d(X, rows_first))
    tt.realize(got)
    np.testing.assert_allclose(got.numpy(), expected(X), rtol=1e-5,
                               atol=1e-5)


@pytest.mark.parametrize("rows_first", [True, False])
def test_two_axis_sharding_of_realized_blocks(rows_first):
    """Blocks already on their devices (a MultiBuffer) are gathered: each
    copied to the first device, put in place and the value copied to
    every device."""
    check(lambda: _blocks_2d(rows_first)[0] + 1)
    t, whole = _blocks_2d(rows_first)
    got = t.sum(1) * 1
    tt.realize(got)
    np.testing.assert_array_equal(got.numpy(), whole.sum(1))
    text = tt.export(t + 1).text
    assert text.count("tiny.mselect") == 4 and "tiny.unshard" not in text


@pytest.mark.parametrize("rows_first", [True, False])
def test_two_axis_sharding_gathered_onto_one_device(rows_first):
    rows, cols = _grid(rows_first)

    def build():
        u = Tensor(X).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
        return Tensor(u.unshard((0, 1), (rows, cols)).copy_to_device(
            "CPU:2")) - 1
    check(build)
    got = build()
    tt.realize(got)
    np.testing.assert_allclose(got.numpy(), X - 1, rtol=1e-6)


def test_two_axis_sharding_of_three_axes():
    z = np.arange(4 * 6 * 2, dtype=np.int32).reshape(4, 6, 2)
    rows, cols = _grid()

    def build():
        u = Tensor(z).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
        t = Tensor(u.unshard((0, 1), (rows, cols)).copy_to_device(D4))
        return t.sum(2)
    check(build)
    np.testing.assert_array_equal(build().numpy(), z.sum(2))


def test_two_axis_sharding_kept_sharded_refused():
    """A value tiny cannot express is an ExportError naming the op, never a
    wrong result: a value sharded along two axes that is computed with
    before a copy gathers it, which tinygrad refuses too."""
    rows, cols = _grid()
    u = Tensor(X).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
    t = Tensor(u.unshard((0, 1), (rows, cols)))
    with pytest.raises(RuntimeError, match="multiple axes"):
        (t + 1).realize()
    with pytest.raises(tt.ExportError, match="ADD.*several axes"):
        tt.realize(t + 1)


def test_two_axis_sharding_without_a_block_per_device_refused():
    # Both axes split by i // 2: devices 0 and 1 would hold the same block.
    rng = UOp.range(4, -1, AxisType.DEVICE)
    rows = cols = rng // 2
    u = Tensor(X).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
    t = Tensor(u.unshard((0, 1), (rows, cols)).copy_to_device(D4))
    with pytest.raises(tt.ExportError, match="UNSHARD.*block of its own"):
        tt.realize(t + 1)


def test_two_axis_sharding_of_other_blocks_refused():
    # Each device cuts the block at (i // 2, i % 2) but the UNSHARD says it
    # holds the one at (i % 2, i // 2): the logical value is not the one cut.
    rows, cols = _grid()
    u = Tensor(X).uop.copy_to_device(D4)._shard(0, rows)._shard(1, cols)
    t = Tensor(u.unshard((0, 1), (cols, rows)).copy_to_device(D4))
    with pytest.raises(tt.ExportError, match="UNSHARD.*computed from the "
                       "device index"):
        tt.realize(t + 1)


def test_store_into_two_axis_sharding_refused():
    # tiny's value of the target is gathered from the blocks: a store into
    # it would not reach the devices' buffers.
    rows, cols = _grid()
    shards = Tensor(X.reshape(8, 3)).shard(D4, 0).realize().uop.src[0]
    target = shards.unshard((0, 1), (rows, cols))
    value = Tensor.ones(4, 6, device=D4).contiguous().uop
    t = Tensor(target.after(target.store(value)))
    with pytest.raises(tt.ExportError, match="STORE.*several axes"):
        tt.realize(t)


def test_mselect_of_sharded_value_refused():
    t = Tensor(Tensor(X).shard(D2, 0).realize().uop.mselect(1))
    with pytest.raises(tt.ExportError, match="MSELECT.*sharded"):
        tt.realize(t * 2)


# tinygrad flips no sharded axis.
@pytest.mark.parametrize("axis,flip", [(0, 1), (1, 0), (None, 1)])
def test_realizing_a_sharded_view_realizes_its_base(axis, flip):
    # As on one device (test_realize.py): realizing y = x.flip(f) realizes
    # x too, so the assign into b that follows no longer changes x. tiny
    # gave x the values computed from b's new contents (found by hand from
    # the one-device case).
    def run(realize):
        b = Tensor(X).shard(D2, axis).contiguous()
        realize(b)
        x = (b.abs() + 1).sqrt()
        y = x.flip(flip)
        realize(y)
        realize(b.assign(y * 2))
        return [x.numpy(), y.numpy(), b.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(Tensor.realize)):
        np.testing.assert_allclose(g, e, rtol=1e-6)
    np.testing.assert_allclose(got[0], np.sqrt(np.abs(X) + 1), rtol=1e-6)
