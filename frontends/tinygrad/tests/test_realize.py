"""tinygrad programs realized by tiny against tinygrad's own CPU results.

Each case builds its tensors twice from the same numpy data: once realized
by tinygrad (the reference), once by tiny_tinygrad.realize. Results must be
equal (exact for integers and booleans, close for floats).
"""

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import (Device, GlobalCounters, Tensor, Variable,  # noqa: E402
                      dtypes)
import tiny_tinygrad as tt  # noqa: E402

RNG = np.random.default_rng(0)
F = RNG.standard_normal((3, 4)).astype(np.float32)
G = RNG.standard_normal((4, 5)).astype(np.float32)
I = RNG.integers(-20, 20, (3, 4)).astype(np.int32)
J = RNG.integers(1, 7, (3, 4)).astype(np.int32)


def _reference(build):
    outs = build()
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    Tensor.realize(*outs)
    return [o.numpy() for o in outs]


def _tiny(build):
    outs = build()
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    tt.realize(*outs)
    for o in outs:
        assert o.uop.is_realized, "not realized: %s" % (o.uop.op,)
    return [o.numpy() for o in outs]


def check(build, rtol=1e-5, atol=1e-6):
    expected = _reference(build)
    got = _tiny(build)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        if e.dtype.kind == "f":
            np.testing.assert_allclose(g, e, rtol=rtol, atol=atol)
        else:
            np.testing.assert_array_equal(g, e)


ELEMENTWISE = {
    "add_scalar": lambda: Tensor(F) + 1.5,
    "sub_mul": lambda: (Tensor(F) - Tensor(F) * 3) * 0.5,
    "div": lambda: Tensor(F) / (Tensor(F).abs() + 1),
    "exp_log": lambda: (Tensor(F).exp() + 1).log(),
    "sin_cos_sqrt": lambda: Tensor(F).sin() + Tensor(F).cos() + Tensor(F).abs().sqrt(),
    "relu_sigmoid": lambda: Tensor(F).relu() + Tensor(F).sigmoid(),
    "pow": lambda: Tensor(F).abs() ** 1.5,
    "where": lambda: (Tensor(F) > 0).where(Tensor(F), -1.0),
    "maximum": lambda: Tensor(F).maximum(Tensor(F) * -1),
    "int_arith": lambda: Tensor(I) * 3 + Tensor(J) - 7,
    "int_div_mod": lambda: (Tensor(I) // Tensor(J), Tensor(I) % Tensor(J)),
    "int_bitwise": lambda: (Tensor(I) & 5) | (Tensor(J) ^ 3),
    "int_shift": lambda: (Tensor(J) << 2, Tensor(J) >> 1),
    "compare": lambda: (Tensor(I) < Tensor(J), Tensor(I) == 3, Tensor(F) != 0),
    "bool_logic": lambda: (Tensor(I) > 0) & (Tensor(J) < 4) | (Tensor(I) == 0),
    "not": lambda: (Tensor(I) > 0).logical_not(),
    "cast_int_float": lambda: Tensor(I).float() / 3,
    "cast_float_int": lambda: (Tensor(F) * 10).cast(dtypes.int32),
    "cast_uint8": lambda: Tensor(I).cast(dtypes.uint8),
    "cast_bool": lambda: Tensor(I).cast(dtypes.bool),
    "half": lambda: Tensor(F).half() * 2 + 1,
    "half_to_float": lambda: (Tensor(F).half() + 1).float(),
    "int64": lambda: Tensor(I).cast(dtypes.int64) * 100000000,
    "float64": lambda: Tensor(F).cast(dtypes.float64).exp(),
    "neg_abs": lambda: -Tensor(F).abs(),
    "clip": lambda: Tensor(F).clip(-0.5, 0.5),
    "int_pow_const": lambda: (Tensor(J) ** 0, Tensor(J) ** 1, Tensor(J) ** 7),
    "int_true_div": lambda: Tensor(I) / Tensor(J),
    "bool_mul_add": lambda: ((Tensor(I) > 0) * (Tensor(J) > 3),
                             (Tensor(I) > 0) + (Tensor(J) > 3)),
}


@pytest.mark.parametrize("name", sorted(ELEMENTWISE))
def test_elementwise(name):
    check(ELEMENTWISE[name], rtol=1e-3 if "half" in name else 1e-5,
          atol=1e-3 if "half" in name else 1e-6)


REDUCE = {
    "sum_all": lambda: Tensor(F).sum(),
    "sum_axis0": lambda: Tensor(F).sum(axis=0),
    "sum_axis1_keepdim": lambda: Tensor(F).sum(axis=1, keepdim=True),
    "max_axis1": lambda: Tensor(F).max(axis=1),
    "min_keepdim": lambda: Tensor(F).min(axis=0, keepdim=True),
    "mean_std": lambda: (Tensor(F).mean(), Tensor(F).std(axis=1)),
    "int_sum": lambda: Tensor(I).sum(axis=1),
    "prod": lambda: Tensor(J).prod(axis=0),
    "argmax": lambda: Tensor(F).argmax(axis=1),
    "softmax": lambda: Tensor(F).softmax(axis=1),
    "cumsum": lambda: Tensor(F).cumsum(axis=1),
}


@pytest.mark.parametrize("name", sorted(REDUCE))
def test_reduce(name):
    check(REDUCE[name])


MOVEMENT = {
    "reshape": lambda: Tensor(F).reshape(2, 6) + 0,
    "permute": lambda: Tensor(F).permute(1, 0) * 1,
    "transpose3": lambda: Tensor(F).reshape(3, 2, 2).permute(2, 0, 1) + 0,
    "expand": lambda: Tensor(F[:, :1]).expand(3, 5) + 0,
    "pad": lambda: Tensor(F).pad(((1, 2), (0, 1))) + 0,
    "pad_value": lambda: Tensor(F).pad(((1, 0), (2, 0)), value=-3.0),
    "shrink": lambda: Tensor(F).shrink(((1, 3), (0, 2))) + 0,
    "slice_step": lambda: Tensor(F)[::2, 1::2] + 0,
    "flip": lambda: Tensor(F).flip(0).flip(1) + 0,
    "cat": lambda: Tensor(F).cat(Tensor(F) * 2, dim=1),
    "stack": lambda: Tensor.stack(Tensor(F), Tensor(F) + 1),
    "repeat": lambda: Tensor(F).repeat(2, 1),
    "contiguous": lambda: Tensor(F).T.contiguous(),
    "arange": lambda: Tensor.arange(12).reshape(3, 4) + Tensor(I),
    "gather": lambda: Tensor(F).gather(1, Tensor(J % 4)),
}


@pytest.mark.parametrize("name", sorted(MOVEMENT))
def test_movement(name):
    check(MOVEMENT[name])


def test_matmul():
    check(lambda: Tensor(F) @ Tensor(G), rtol=1e-5, atol=1e-5)
    check(lambda: (Tensor(F) @ Tensor(G)).relu() @ Tensor(G).T,
          rtol=1e-5, atol=1e-5)


def test_backward():
    def build():
        w, x = Tensor(G), Tensor(F)
        loss = (x @ w).relu().sum()
        return (loss, *loss.gradient(w, x))
    check(build, rtol=1e-5, atol=1e-5)


def test_int_pow_tensor_exponent():
    """x ** y of int tensors (tinygrad's own CPU backend fails to compile
    it, so numpy is the reference)."""
    x = Tensor(J)
    y = Tensor(J % 4)
    z = x ** y
    tt.realize(z)
    np.testing.assert_array_equal(z.numpy(), J ** (J % 4))


def test_function_call():
    """tinygrad's @function (a FUNCTION UOp called through GETTUPLE) is
    inlined with its PARAMs bound to the arguments."""
    from tinygrad.function import function

    @function
    def f(a, b):
        return (a * b + 1).sum(axis=0), a - b

    def build():
        a = Tensor(F).contiguous().realize()
        b = Tensor(F * 2).contiguous().realize()
        s, d = f(a, b)
        return s, d * 3
    check(build)


def test_backward_grad_attribute():
    """`.backward()` fills .grad; realizing the grads goes through tiny."""
    def run(realize):
        x = Tensor(F)
        w = Tensor(G)
        loss = ((x @ w).tanh() ** 2).mean()
        loss.backward()
        realize(x.grad, w.grad, loss)
        return [x.grad.numpy(), w.grad.numpy(), loss.numpy()]
    expected = run(lambda *t: Tensor.realize(*t))
    got = run(tt.realize)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def test_assign():
    def run(realize):
        a = Tensor(F).contiguous().realize()
        buffer = a.uop.base.buffer
        a.assign(a * 2 + 1)
        realize(a)
        # The store landed in a's own buffer, and is not repeated.
        assert a.uop.base.buffer is buffer
        b = a + 1
        realize(b)
        a.assign(a - 1)
        realize(a)
        return [a.numpy(), b.numpy()]
    expected = run(lambda *t: Tensor.realize(*t))
    got = run(tt.realize)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, rtol=1e-6)


def test_chained_assigns_read_back_the_last():
    # Adam's `b1_t *= b1` in one realize: each assign's target is the one
    # before it.
    def run(realize):
        a = Tensor.zeros(4).contiguous().realize()
        a.assign(a + 1)
        a.assign(a * 3)
        realize(a)
        return a.numpy()
    got = run(tt.realize)
    np.testing.assert_array_equal(got, run(lambda *t: Tensor.realize(*t)))
    np.testing.assert_array_equal(got, [3, 3, 3, 3])


def test_reads_not_through_an_assign_see_the_value_before_it():
    # tinygrad orders such reads before the store; tiny's
    # -tiny-snapshot-overwritten gives them a copy taken before it.
    def run(realize):
        w = Tensor([1.0, 2, 3, 4]).contiguous().realize()
        s = Tensor.zeros(4).contiguous().realize()
        old = w * 2
        s.assign(w * 10)
        w.assign(w + 1)
        realize(w, s, old)
        return [w.numpy(), s.numpy(), old.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_array_equal(g, e)
    # Both read w before its assign, though realized after it.
    np.testing.assert_array_equal(got[0], [2, 3, 4, 5])
    np.testing.assert_array_equal(got[1], [10, 20, 30, 40])
    np.testing.assert_array_equal(got[2], [2, 4, 6, 8])


def test_assign_view():
    def run(realize):
        a = Tensor(F).contiguous().realize()
        a[1:3, 0:2].assign(Tensor.ones(2, 2) * 7)
        realize(a)
        return a.numpy()
    np.testing.assert_array_equal(run(tt.realize),
                                  run(lambda *t: Tensor.realize(*t)))


def _kernels(*tensors):
    """The kernels tiny compiles the realize of `tensors` into."""
    import tiny.schedule
    return [k for ks in tiny.schedule.kernels(tt.export(*tensors).text)
            .values() for k in ks]


def test_contiguous_of_an_assign_is_its_buffer():
    # Tensor.zeros(...).contiguous() is a store into a new buffer wrapped in
    # a contiguous, which tinygrad drops: one kernel, no copy of the buffer.
    a = Tensor.zeros(2, 8).contiguous()
    assert _kernels(a) == ["E_16"]
    tt.realize(a)
    assert a.uop.has_buffer_identity()
    np.testing.assert_array_equal(a.numpy(), np.zeros((2, 8), np.float32))


def test_assign_into_a_view_copies_nothing_back():
    # The realized tensor is the assign itself: the program only stores,
    # returns no copy of the assigned region (gpt2's kv cache update).
    def run(realize, count=False):
        c = Tensor.zeros(2, 8).contiguous().realize()
        x = Tensor(np.ones((2, 2), np.float32)).realize()
        v = c[:, 2:4].assign(x * 5)
        if count:
            assert len(_kernels(v)) == 1
        realize(v)
        return [c.numpy(), v.numpy()]
    got = run(tt.realize, count=True)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_array_equal(g, e)
    assert got[0][:, 2:4].tolist() == [[5, 5], [5, 5]]


def test_contiguous_inside_a_realize_is_kept():
    # As tinygrad's realize, every contiguous computed on the way keeps its
    # buffer: a later realize reads it rather than computing it again.
    def run(realize, count=False):
        x = Tensor(F).contiguous().realize()
        h = (x * 2).exp().contiguous()
        y = h + 1
        realize(y)
        assert h.uop.is_realized
        z = h * 3
        if count:
            assert len(_kernels(z)) == 1
        realize(z)
        return [y.numpy(), z.numpy(), h.numpy()]
    got = run(tt.realize, count=True)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_allclose(g, e, rtol=1e-6)


U8 = np.array([0, 1, 44, 200, 255], dtype=np.uint8)
I8 = np.array([-128, -1, 0, 44, 127], dtype=np.int8)

# A weak constant outside the other operand's dtype keeps its value in
# tinygrad: comparisons and max are the mathematical ones, not those of the
# wrapped constant (uint8 x < -1 is not x < 255).
OUT_OF_RANGE_CONSTANTS = {
    "u8_lt_neg": (lambda: Tensor(U8) < -1, lambda: U8.astype(int) < -1),
    "u8_gt_neg": (lambda: Tensor(U8) > -1, lambda: U8.astype(int) > -1),
    "neg_lt_u8": (lambda: -1 < Tensor(U8), lambda: -1 < U8.astype(int)),
    "u8_lt_big": (lambda: Tensor(U8) < 300, lambda: U8.astype(int) < 300),
    "u8_le_neg": (lambda: Tensor(U8) <= -1, lambda: U8.astype(int) <= -1),
    "u8_eq_big": (lambda: Tensor(U8) == 300, lambda: U8.astype(int) == 300),
    "u8_ne_wraps_to_44": (lambda: Tensor(U8) != 300,
                          lambda: U8.astype(int) != 300),
    "i8_gt_neg": (lambda: Tensor(I8) > -200, lambda: I8.astype(int) > -200),
    "i32_lt_2_40": (lambda: Tensor(I8.astype(np.int32)) < 2**40,
                    lambda: I8.astype(np.int64) < 2**40),
    "u8_max_neg": (lambda: Tensor(U8).maximum(-1), lambda: U8),
    "i8_max_neg": (lambda: Tensor(I8).maximum(-200), lambda: I8),
    # max(x, 300) is 300 everywhere, committed at uint8: 44.
    "u8_max_big": (lambda: Tensor(U8).maximum(300),
                   lambda: np.full(5, 300 % 256, dtype=np.uint8)),
    "u8_clip": (lambda: Tensor(U8).clip(-5, 300),
                lambda: np.clip(U8.astype(int), -5, 300).astype(np.uint8)),
}


@pytest.mark.parametrize("name", sorted(OUT_OF_RANGE_CONSTANTS))
def test_out_of_range_weak_constant(name):
    build, expected = OUT_OF_RANGE_CONSTANTS[name]
    got = _tiny(build)[0]
    np.testing.assert_array_equal(got, expected())
    np.testing.assert_array_equal(got, _reference(build)[0])


def test_out_of_range_weak_constant_in_a_folded_graph():
    # minimum is ~max(~x, ~300): tinygrad folds ~300 (a weak XOR of two
    # constants) to -301 before committing it, and max(~x, -301) is ~x.
    # tiny's uint8 XOR of the wrapped 44 would give min(x, 44).
    check(lambda: Tensor(U8).minimum(300))


def test_out_of_range_weak_divisor_is_refused():
    # tinygrad folds x // 300 of a uint8 x to 0 by its value range, and
    # x // -300 of an int8 by the wrapped constant: refused, not guessed.
    for build in (lambda: Tensor(U8) // 300, lambda: Tensor(U8) % 300,
                  lambda: Tensor(I8) // -300):
        with pytest.raises(tt.ExportError, match="outside"):
            tt.realize(build())


def test_cast_over_a_weak_float_op_computes_at_the_cast_width():
    # The weak sum * 70000 + 1e-5 is cast to float32 by the division: it
    # computes at float32, not at the default float16 (where 70000 is inf
    # and the quotient 0).
    from tinygrad.helpers import Context
    with Context(DEFAULT_FLOAT=dtypes.float16):
        def build():
            denom = Tensor.ones(1, dtype=dtypes.int32).sum() * 70000 + 1e-5
            return Tensor(1.0, dtype=dtypes.float32) / denom
        got = _tiny(build)[0]
        expected = _reference(build)[0]
    np.testing.assert_allclose(
        got, np.float32(1) / (np.float32(70000) + np.float32(1e-5)),
        rtol=1e-6)
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_reduce_of_an_empty_buffer():
    # Tensor.empty(1, 0) is a realized buffer of no elements: its param
    # gets no memory (tinygrad cannot allocate 0 bytes), its reduces the
    # identity.
    empty = np.empty((1, 0), dtype=np.float32)
    for build, expected in [
            (lambda: Tensor.empty(1, 0).sum(), empty.sum()),
            (lambda: Tensor.empty(1, 0).prod(), empty.prod()),
            (lambda: Tensor.empty(1, 0).sum(axis=1) + 2, empty.sum(axis=1) + 2)]:
        np.testing.assert_array_equal(_tiny(build)[0], expected)


def test_realized_view_of_a_buffer_stays_a_view():
    # tinygrad leaves a realized view of a realized buffer a view of it: a
    # later assign into the buffer shows through, as with a numpy view
    # (test_setitem's swap_rows). A copy would keep the old row.
    def run(realize):
        t = Tensor.arange(6, dtype=dtypes.float).reshape(3, 2).clone()
        realize(t)
        row = t[0]
        realize(row)
        t[0:1].assign(t[1:2])
        realize(t)
        return row.numpy()
    array = np.arange(6, dtype=np.float32).reshape(3, 2)
    row = array[0]
    array[0] = array[1]
    got = run(tt.realize)
    np.testing.assert_array_equal(got, row)
    np.testing.assert_array_equal(got, run(lambda *t: Tensor.realize(*t)))


@pytest.mark.parametrize("make", [
    lambda t: t.bitcast(dtypes.int32),
    lambda t: t[1:3].bitcast(dtypes.int32),
    lambda t: t.reshape(2, 2)[1].contiguous(),
], ids=["bitcast", "shrink_bitcast", "contiguous_of_a_row"])
def test_realized_contiguous_range_of_a_buffer_is_a_view(make):
    # tinygrad realizes a bitcast, or a contiguous copy of a contiguous
    # range, of a buffer as a view of it (contiguous_mops_to_view): a later
    # assign into the buffer shows through.
    def run(realize):
        t = Tensor([1.0, 2.0, 3.0, 4.0]).clone()
        realize(t)
        u = make(t)
        realize(u)
        t.assign(Tensor.zeros(4))
        realize(t)
        return u.numpy()
    got = run(tt.realize)
    np.testing.assert_array_equal(got, np.zeros_like(got))
    np.testing.assert_array_equal(got, run(lambda *t: Tensor.realize(*t)))


def test_rand_threefry():
    def run(realize):
        Tensor.manual_seed(42)
        a = Tensor.rand(5, 3)
        realize(a)
        b = Tensor.randn(4)
        realize(b)
        return [a.numpy(), b.numpy()]
    expected = run(lambda *t: Tensor.realize(*t))
    got = run(tt.realize)
    # rand is bits to floats (exact); randn goes through log and cos.
    np.testing.assert_array_equal(got[0], expected[0])
    np.testing.assert_allclose(got[1], expected[1], rtol=1e-5, atol=1e-6)


def test_rng_counter_is_a_buffer_after_rand():
    # tinygrad's rng counter starts as a copy of a constant; its first
    # assign realizes it in a buffer, so later draws advance it in place
    # instead of recomputing it from the constant.
    def run(realize):
        Tensor.manual_seed(9)
        draws = []
        for _ in range(3):
            r = Tensor.rand(4)
            realize(r)
            draws.append(r.numpy())
        counter = Tensor._device_rng_counters[Device.DEFAULT]
        assert counter.uop.is_realized, counter.uop.op
        return draws + [counter.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_array_equal(g, e)
    np.testing.assert_array_equal(got[-1], [12, 0])


def test_contiguous_held_by_a_tensor_keeps_the_value_before_an_assign():
    # x is computed inside the program that stores into w; a later read of
    # x must see w before the store, as in tinygrad (which realizes x).
    def run(realize):
        w = Tensor([1.0, 2, 3, 4]).contiguous().realize()
        x = (w * 2).contiguous()
        w.assign(w + 1)
        y = x + w
        realize(y)
        return [y.numpy(), x.numpy(), w.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_array_equal(g, e)
    np.testing.assert_array_equal(got[1], [2, 4, 6, 8])


def test_rand_drawn_before_a_realized_counter_advances_keeps_its_values():
    # tinygrad's test_multitensor test_stack: X and Y are rands realized
    # only inside another tensor's program, which advances the counter.
    def run(realize):
        Tensor.manual_seed(4)
        realize(Tensor.rand(3))
        x, y = Tensor.rand(4, 4), Tensor.rand(4, 4)
        s = Tensor.stack(x, y)
        realize(s)
        return [s.numpy(), x.numpy(), y.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_array_equal(g, e)
    np.testing.assert_array_equal(got[0], np.stack(got[1:]))


def test_bound_variable_shapes_and_values():
    # A SHRINK by a bound Variable, and the Variable as a value: tiny
    # compiles the program for the bound value.
    data = np.arange(10, dtype=np.float32)
    for i in (3, 7):
        def build():
            v = Variable("i", 1, 10).bind(i)
            a = Tensor(data)
            return [(a.shrink(((0, v),)) * 2).sum(),
                    (Tensor.arange(10) < v).where(a, 0).sum()]
        check(build)
        got = _tiny(build)
        assert got[0] == 2 * data[:i].sum() and got[1] == data[:i].sum()


def test_tensor_of_symbolic_shape_is_refused():
    v = Variable("i", 1, 10).bind(4)
    t = Tensor(np.arange(10, dtype=np.float32)).shrink(((0, v),)) + 1
    with pytest.raises(tt.ExportError, match="symbolic shape"):
        tt.realize(t)


def test_realizing_a_view_realizes_its_base():
    # tinygrad realizes the base under a tensor's movement ops; a tensor
    # holding the base is realized with it, so an assign into the buffer
    # the base was computed from no longer changes it.
    def run(realize):
        b = Tensor(F).contiguous().realize()
        x = (b.abs() + 1).sqrt()
        y = x.flip(1)
        realize(y)
        realize(b.assign(y * 2))
        return [x.numpy(), y.numpy(), b.numpy()]
    got = run(tt.realize)
    for g, e in zip(got, run(lambda *t: Tensor.realize(*t))):
        np.testing.assert_allclose(g, e, rtol=1e-6)
    np.testing.assert_allclose(got[0], np.sqrt(np.abs(F) + 1), rtol=1e-6)


def test_two_assigns_into_one_tensor_in_one_realize():
    # The second assign stores into the first one's AFTER; its value does
    # not read it (found by test_random_jit_programs.py: tiny refused it).
    def run(realize):
        b = Tensor(F).contiguous().realize()
        c = Tensor(F * 2).contiguous().realize()
        b.assign(c + c)
        b.assign(c * 3)
        realize(b)
        return b.numpy()
    got = run(tt.realize)
    np.testing.assert_allclose(got, run(lambda *t: Tensor.realize(*t)))
    np.testing.assert_allclose(got, F * 6, rtol=1e-6)


def test_same_structure_same_text():
    """A graph rebuilt with other data gives byte-identical IR text, so the
    second realize compiles nothing."""
    def build(data):
        return (Tensor(data) * 2 + 1).sum(axis=0)
    text1 = tt.export(build(F)).text
    text2 = tt.export(build(F * 3)).text
    assert text1 == text2
    tt.realize(build(F))
    compiles = tt.stats.compiles
    out = build(F * 3)
    tt.realize(out)
    assert tt.stats.compiles == compiles
    np.testing.assert_allclose(out.numpy(), (F * 3 * 2 + 1).sum(axis=0),
                               rtol=1e-5)


def test_unmapped_op_raises():
    """A construct with no mapping is refused by name, never guessed."""
    from tinygrad.uop.ops import UOp
    v = UOp.variable("n", 1, 10)
    t = Tensor.ones(10).shrink(((0, v.bind(3)),))
    with pytest.raises(tt.ExportError):
        tt.realize(t + 1)


def test_enable_routes_numpy():
    tt.enable()
    try:
        before = tt.stats.realizes
        x = (Tensor(F) * 2).sum().item()
        assert tt.stats.realizes > before
        assert abs(x - float((F * 2).sum())) < 1e-4
    finally:
        tt.disable()
    assert not tt.enabled()


IDS = np.array([[3, 0, 6], [6, 6, 1]], np.int32)
TABLE = RNG.standard_normal((7, 5)).astype(np.float32)

# Values that reduce over compares with indices (tinygrad's arange is a
# cumsum, one-hot masks and embeddings compare with an arange): each is
# one kernel, the reduces folded into index arithmetic and reads
# (-tiny-collapse-reduce), with numpy's results.
INDEX_REDUCES = {
    "arange": (lambda: Tensor.arange(10),
               lambda: np.arange(10, dtype=np.int32)),
    "arange_start_step": (lambda: Tensor.arange(3, 40, 4),
                          lambda: np.arange(3, 40, 4, dtype=np.int32)),
    "arange_negative_step": (lambda: Tensor.arange(10, -7, -3),
                             lambda: np.arange(10, -7, -3, dtype=np.int32)),
    "arange_float": (lambda: Tensor.arange(0.5, 6, 0.25),
                     lambda: np.arange(0.5, 6, 0.25, dtype=np.float32)),
    "arange_2d": (lambda: Tensor.arange(12).reshape(3, 4) * 3 - 1,
                  lambda: np.arange(12, dtype=np.int32).reshape(3, 4) * 3 - 1),
    # The cumsum of an arange: the outer sum reads its index through the
    # arange, not a compare; it stays a loop, in the one kernel.
    "arange_cumsum": (lambda: Tensor.arange(9).reshape(1, 9).expand(3, 9)
                      .cumsum(axis=1),
                      lambda: np.tile(np.arange(9).cumsum(), (3, 1))),
    "one_hot": (lambda: Tensor(IDS).one_hot(7).cast(dtypes.int32),
                lambda: np.eye(7, dtype=np.int32)[IDS]),
    "triangle": (lambda: (Tensor.arange(5).reshape(5, 1) >= Tensor.arange(5))
                 .where(2.0, -1.0).cast(dtypes.float32),
                 lambda: np.where(np.tri(5, dtype=bool), 2.0, -1.0)
                 .astype(np.float32)),
    "embedding": (lambda: (Tensor.arange(7).reshape(7, 1, 1)
                           == Tensor(IDS).reshape(1, 2, 3)).reshape(7, 2, 3, 1)
                  .where(Tensor(TABLE).reshape(7, 1, 1, 5), 0).sum(0),
                  lambda: TABLE[IDS]),
    "embedding_out_of_range": (
        lambda: (Tensor.arange(7).reshape(7, 1)
                 == Tensor([-1, 7, 2, 100], dtype=dtypes.int32).reshape(1, 4))
        .reshape(7, 4, 1).where(Tensor(TABLE).reshape(7, 1, 5), 0).sum(0),
        lambda: np.stack([np.zeros(5, np.float32), np.zeros(5, np.float32),
                          TABLE[2], np.zeros(5, np.float32)])),
    "tensor_index": (lambda: Tensor(TABLE)[Tensor(IDS[0])],
                     lambda: TABLE[IDS[0]]),
}


@pytest.mark.parametrize("name", sorted(INDEX_REDUCES))
def test_reduce_over_index_compares_is_one_kernel(name):
    build, expected = INDEX_REDUCES[name]
    assert len(_kernels(build())) == 1
    out = build()
    tt.realize(out)
    e = expected()
    assert out.shape == e.shape
    if e.dtype.kind == "f":
        np.testing.assert_allclose(out.numpy(), e, rtol=1e-6)
    else:
        np.testing.assert_array_equal(out.numpy(), e.astype(out.numpy().dtype))


# tinygrad's Invalid is an undefined value: a store of it is dropped (the
# buffer keeps its elements), a stored where(c, x, Invalid) stores only
# where c holds, and a where(c, x, Invalid) read elsewhere is x where c holds.

def _stored(value, realize):
    """A realized buffer [1, 2, 3, 4], assigned `value()` by `realize`."""
    z = Tensor([1, 2, 3, 4], dtype=dtypes.int).contiguous().realize()
    z.assign(value())
    realize(z)
    return z.numpy()


def _both(run):
    got = run(tt.realize)
    np.testing.assert_array_equal(got, run(lambda *t: Tensor.realize(*t)))
    return got


def test_store_of_invalid_is_dropped():
    # test_setitem's test_setitem_multiple_disjoint_on_invalid: a fresh
    # buffer of Tensor.invalids, the elements read back set by setitems.
    def run(realize):
        z = Tensor.invalids(10, dtype=dtypes.int)
        realize(z)
        z[2:5] = 2
        z[6:7] = 3
        realize(z)
        return np.concatenate([z[2:5].numpy(), z[6:7].numpy()])
    np.testing.assert_array_equal(_both(run), [2, 2, 2, 3])
    got = _both(lambda realize: _stored(
        lambda: Tensor.invalids(4, dtype=dtypes.int), realize))
    np.testing.assert_array_equal(got, [1, 2, 3, 4])


def test_partial_and_extra_stores_of_invalid_are_dropped():
    # As tinygrad's test_custom_kernel: a store of Invalid into part of a
    # value, beside a store of 5, or through an expanded view of a buffer.
    from tinygrad.dtype import Invalid

    def run(realize):
        x = Tensor([10., 20., 30., 40.])
        part = Tensor(x.uop.after(x.uop.shrink(((0, 2),)).store(Invalid)))
        e = Tensor.empty(4).uop
        both = Tensor(e.after(e.store(5), e.store(Invalid)))
        y = Tensor([[10., 11.], [20., 21.]]).contiguous().realize()
        v = y[:1, :].expand(2, 2)
        v.assign(Tensor.invalids(2, 2, dtype=dtypes.float))
        outs = [part.contiguous(), both.contiguous(), v.contiguous()]
        realize(*outs)
        return np.concatenate([o.numpy().ravel() for o in outs])
    np.testing.assert_array_equal(
        _both(run), [10, 20, 30, 40, 5, 5, 5, 5, 10, 11, 10, 11])


def test_store_of_where_invalid_is_masked():
    mask = [True, False, True, False]
    got = _both(lambda realize: _stored(lambda: Tensor(mask).where(
        Tensor([9, 8, 7, 6], dtype=dtypes.int),
        Tensor.invalids(4, dtype=dtypes.int)), realize))
    np.testing.assert_array_equal(got, [9, 2, 7, 4])
    got = _both(lambda realize: _stored(lambda: Tensor(mask).where(
        Tensor.invalids(4, dtype=dtypes.int), 5), realize))
    np.testing.assert_array_equal(got, [1, 5, 3, 5])


def test_where_invalid_read_where_defined():
    # A pad with Invalid, read only inside the padded tensor.
    from tinygrad.dtype import Invalid
    check(lambda: (Tensor(F).pad(((0, 0), (2, 1)), value=Invalid) * 3)
          [:, 2:6])


def test_invalid_read_elsewhere_is_refused():
    # tinygrad masks a store wherever the value is computed from Invalid:
    # a defined value in its place would overwrite the buffer.
    mask = Tensor([True, False, True, False])
    with pytest.raises(tt.ExportError, match="STORE.*computed from Invalid"):
        _stored(lambda: mask.where(Tensor([9, 8, 7, 6], dtype=dtypes.int),
                                   Tensor.invalids(4, dtype=dtypes.int)) + 1,
                tt.realize)
    with pytest.raises(tt.ExportError, match="Invalid value read"):
        tt.realize(Tensor.invalids(3, dtype=dtypes.float) + 1)
    # tinygrad gates the Invalid elements a reduce reads.
    from tinygrad.dtype import Invalid
    with pytest.raises(tt.ExportError, match="REDUCE.*computed from Invalid"):
        tt.realize(Tensor(F).pad(((0, 0), (1, 1)), value=Invalid).sum(1))


def _scatter_add_kernel(acc, idx, src):
    """acc[idx[n]] += src[n], written as tinygrad's custom kernels are: the
    index read by an INDEX used as a value, the source by an explicit LOAD,
    the add by C's relaxed atomic (CUSTOM text)."""
    from tinygrad.uop.ops import KernelInfo, Ops, UOp
    n = UOp.range(src.shape[0], 0)
    target = idx.index(n).cast(dtypes.weakint)
    atomic = UOp(Ops.CUSTOM, src=(acc.index(target), src.index(n).load()),
                 arg="__atomic_fetch_add({0}, {1}, __ATOMIC_RELAXED);")
    return atomic.end(n).sink(arg=KernelInfo(name="scatter_add"))


def test_custom_kernel_scatter_add():
    # A hand-written atomic scatter-add, against numpy's np.add.at. Its
    # accumulator is a realized buffer, which the kernel updates in place
    # (tinygrad's custom kernel writes its operands' buffers): the tensor
    # holding it reads the sums afterwards too.
    acc0 = np.array([10, 20, 30, 40], np.float32)
    idx = np.array([2, 0, 2, 3, 0, 2], np.int32)
    src = np.array([1, 2, 3, 4, 5, 6], np.float32)
    expected = acc0.copy()
    np.add.at(expected, idx, src)  # [17, 20, 40, 44]
    acc = Tensor(acc0).contiguous().realize()
    out = acc.custom_kernel(Tensor(idx), Tensor(src),
                            fxn=_scatter_add_kernel)[0]
    GlobalCounters.reset()
    tt.realize(out)
    # One kernel, as tinygrad runs it: the scatter writes acc's buffer
    # itself, with no copy of acc into a buffer of its own and none back.
    assert GlobalCounters.kernel_count == 1
    np.testing.assert_array_equal(out.numpy(), expected)
    np.testing.assert_array_equal(acc.numpy(), expected)
    # Of a computed accumulator (a contiguous, not yet realized; tinygrad
    # takes only buffers): the kernel's result is a value of the program,
    # read by the ops after it.
    acc = (Tensor(acc0) * 2).contiguous()
    out = acc.custom_kernel(Tensor(idx), Tensor(src),
                            fxn=_scatter_add_kernel)[0] + 1
    tt.realize(out)
    expected = acc0 * 2
    np.add.at(expected, idx, src)
    np.testing.assert_array_equal(out.numpy(), expected + 1)


def test_custom_kernel_store_gated_and_clipped():
    # A kernel of stores only: out[i] = where(i < 3, x[min(i + 1, 4)] * 2,
    # -1) for i < 5, with a gated store (i != 1 keeps the old element),
    # integer ops and casts. tinygrad's CPU refuses gated stores ("memory
    # coalescing does not support gated loads/stores"): the expected values
    # are by hand.
    from tinygrad.uop.ops import KernelInfo, UOp

    def kernel(out, x):
        i = UOp.range(5, 0)
        j = (i + 1).clip(0, 4)
        v = (i < 3).where(x.index(j).cast(dtypes.float) * 2, -1.0)
        gate = i.ne(1) & UOp.const(True, dtypes.bool)  # a bool constant
        return out.index(i).store(v, gate).end(i).sink(
            arg=KernelInfo(name="gated"))

    out = Tensor([7., 7, 7, 7, 7]).contiguous().realize()
    x = Tensor([1, -2, 3, -4, 5], dtype=dtypes.int32)
    r = out.custom_kernel(x, fxn=kernel)[0]
    tt.realize(r)
    # By hand: i=0: x[1]*2 = -4; i=1 kept 7; i=2: x[3]*2 = -8; i=3, 4: -1.
    np.testing.assert_array_equal(r.numpy(), [-4, 7, -8, -1, -1])


def test_custom_kernel_accumulates_with_set():
    # A matrix-vector product accumulated in the output buffer with
    # UOp.set (a store, then the buffer read after it in a REDUCE loop):
    # out[i] = sum_k x[i, k] * w[k], against numpy.
    from tinygrad.uop.ops import AxisType, KernelInfo, UOp

    def matvec(out, x, w):
        i = UOp.range(x.shape[0], 0)
        k = UOp.range(x.shape[1], 1, AxisType.REDUCE)
        acc = out[i].set(0.0)
        acc = acc[i].set(acc.after(k)[i] + x[i, k] * w[k], end=k)
        return acc.end(i).sink(arg=KernelInfo(name="matvec"))
    out = Tensor.empty(3).contiguous().realize()
    r = out.custom_kernel(Tensor(F), Tensor(F[0]), fxn=matvec)[0]
    tt.realize(r)
    np.testing.assert_allclose(r.numpy(), F @ F[0], rtol=1e-5, atol=1e-6)


def _clang_cpu():
    from tinygrad.renderer.cstyle import CStyleLanguage
    return isinstance(Device["CPU"].renderer, CStyleLanguage)


@pytest.mark.parametrize("embed_size", [6, 300])
def test_embedding_backward_with_atomics(embed_size):
    # nn.Embedding's atomic backward (USE_ATOMICS): a zero kernel, then a
    # scatter-add kernel (CUSTOM C atomics, a padded embedding block for
    # 300), against tinygrad's own CPU result.
    from tinygrad import nn
    from tinygrad.helpers import Context
    if not _clang_cpu():
        pytest.skip("tinygrad's CPU needs its C renderer for atomics")
    w = RNG.standard_normal((7, embed_size)).astype(np.float32)
    tokens = RNG.integers(0, 7, (3, 5)).astype(np.int32)
    g = RNG.standard_normal((3, 5, embed_size)).astype(np.float32)

    def run(realize):
        with Context(USE_ATOMICS=1):
            emb = nn.Embedding(7, embed_size)
            emb.weight = Tensor(w).contiguous().realize()
            emb.weight.requires_grad = True
            (emb(Tensor(tokens)) * Tensor(g)).sum().backward()
            realize(emb.weight.grad)
            return emb.weight.grad.numpy()
    got = run(tt.realize)
    np.testing.assert_allclose(got, run(lambda *t: Tensor.realize(*t)),
                               rtol=1e-5, atol=1e-5)
    expected = np.zeros_like(w)
    np.add.at(expected, tokens.ravel(), g.reshape(-1, embed_size))
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_custom_kernel_other_custom_code_is_refused():
    # CUSTOM C text other than the relaxed atomic add: tiny does not run C.
    from tinygrad.uop.ops import KernelInfo, Ops, UOp

    def kernel(out):
        i = UOp.range(4, 0)
        c = UOp(Ops.CUSTOM, src=(out.index(i), out.index(i).load()),
                arg="__atomic_fetch_sub({0}, {1}, __ATOMIC_RELAXED);")
        return c.end(i).sink(arg=KernelInfo(name="sub_kernel"))
    out = Tensor([1., 2, 3, 4]).contiguous().realize()
    r = out.custom_kernel(fxn=kernel)[0]
    with pytest.raises(tt.ExportError,
                       match=r"CUSTOM in custom kernel sub_kernel.*"
                             r"__atomic_fetch_sub"):
        tt.realize(r)
    # Nothing ran: the buffer keeps its values.
    np.testing.assert_array_equal(out.numpy(), [1, 2, 3, 4])


def _device_index_kernel(out):
    """out[i] = 2 * device + i on each device's shard (a DEVICE range read
    in the body, as tinygrad's vocab-sharded embedding backward does)."""
    from tinygrad.uop.ops import AxisType, KernelInfo, UOp
    d = UOp.range(2, -1, AxisType.DEVICE)
    i = UOp.range(2, 0)
    return out.index(i).store((d * 2 + i).cast(dtypes.float)).end(i) \
        .sink(arg=KernelInfo(name="per_device"))


def test_custom_kernel_per_device():
    # On a tensor sharded over two devices the kernel runs once per device
    # on its shard: [0, 1] on the first, [2, 3] on the second (by hand),
    # and what tinygrad computes.
    devices = ("CPU:1", "CPU:2")

    def run(realize):
        out = Tensor.zeros(4).contiguous().shard(devices, axis=0).realize()
        r = out.custom_kernel(fxn=_device_index_kernel)[0]
        realize(r)
        return r.numpy()
    np.testing.assert_array_equal(_both(run), [0, 1, 2, 3])

    # Replicated buffers: each device's copy updated in place, as tinygrad
    # does (out += 2 * src on each device; src only read).
    from tinygrad.uop.ops import KernelInfo, UOp

    def axpy(out, src):
        i = UOp.range(4, 0)
        return out.index(i).store(out.index(i) + src.index(i) * 2).end(i) \
            .sink(arg=KernelInfo(name="axpy"))

    def run_replicated(realize):
        out = Tensor([1., 2, 3, 4]).contiguous().to(devices).realize()
        src = Tensor([10., 20, 30, 40]).contiguous().to(devices).realize()
        r = out.custom_kernel(src, fxn=axpy)[0]
        realize(r)
        return np.concatenate([r.numpy(), out.numpy(), src.numpy()])
    np.testing.assert_array_equal(_both(run_replicated),
                                  [21, 42, 63, 84, 21, 42, 63, 84,
                                   10, 20, 30, 40])


def test_custom_kernel_device_range_on_one_device_is_refused():
    out = Tensor.zeros(2).contiguous().realize()
    r = out.custom_kernel(fxn=_device_index_kernel)[0]
    with pytest.raises(tt.ExportError,
                       match=r"RANGE in custom kernel per_device.*DEVICE "
                             r"range in a custom kernel on one device"):
        tt.realize(r)


def test_beam_searches_kernel_schedules(tmp_path, monkeypatch):
    # tinygrad's BEAM=N is tiny's kernel search of width N: the search
    # keeps its choice for the matmul's kernel in the cache directory (none
    # without BEAM), and the results are tinygrad's.
    from tinygrad.helpers import Context
    monkeypatch.setenv("TINY_BEAM_CACHE_DIR", str(tmp_path / "beam"))
    monkeypatch.setenv("TINY_CACHE_DIR", str(tmp_path / "jit"))
    a = RNG.integers(-3, 4, (21, 13)).astype(np.float32)
    b = RNG.integers(-3, 4, (13, 34)).astype(np.float32)
    want = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.float32)
    np.testing.assert_array_equal(
        _tiny(lambda: Tensor(a) @ Tensor(b))[0], want)
    assert not (tmp_path / "beam").exists()
    with Context(BEAM=2):
        got = _tiny(lambda: Tensor(a) @ Tensor(b))[0]
    assert len(list((tmp_path / "beam").glob("*.beam"))) == 1
    np.testing.assert_array_equal(got, want)
