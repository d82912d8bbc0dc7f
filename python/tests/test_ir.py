"""tiny.ir against numpy: programs built op by op run as their numpy
counterparts, bad shapes raise tiny's diagnostics, and the printed IR is
what tiny.compile reads."""

import gc
import inspect
import os

import numpy as np
import pytest

import tiny
from tiny import ir


def build(body, name="f"):
    """A Function built by `body(f)`, which calls f.ret."""
    with ir.Function(name) as f:
        body(f)
    return f


def run(body, *inputs):
    """Builds, compiles and runs."""
    return build(body).compile()(*inputs)


X = np.array([1, -2, 3.5, 0.25, 10, -0.75], dtype=np.float32)


def test_the_readme_example_runs():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    with open(path) as readme:
        text = readme.read()
    start = text.index("```python\nwith tiny.ir.Function") + len("```python")
    namespace = {"np": np, "tiny": tiny}
    exec(text[start:text.index("```", start)], namespace)
    y = namespace["scale_add"](X)
    assert y.dtype == np.float32 and y.shape == (2, 3)
    np.testing.assert_array_equal(y, X.reshape(2, 3) * 2 + 1)


def test_values_know_their_type():
    with ir.Function("f", device="CPU:1") as f:
        x = f.param(0, np.int16, (2, 3))
        assert (x.shape, x.ndim, x.dtype, x.device) == ((2, 3), 2, np.int16,
                                                        "CPU:1")
        assert x.type == 'tensor<2x3xi16, #tiny.device<"CPU:1">>'
        s = f.param(1, "bf16")
        assert (s.shape, s.dtype) == ((), "bf16")
        assert (x < 3).dtype == np.bool_
        f.ret(x)


def test_float_elementwise_chain():
    def body(f):
        x = f.param(0, np.float32, 6)
        a = x.max(-x)
        y = (x * 3 - 1) / 4 + (a + 1) ** 1.5 + a.sqrt()
        z = (a + 1).log2() + x.exp2() + x.sin() - x.reciprocal()
        w = (x * 2.5).trunc() + 2 - x
        f.ret(y, z, w, x.mulacc(x, 1.5))
    y, z, w, m = run(body, X)
    a = np.abs(X)
    np.testing.assert_allclose(
        y, (X * 3 - 1) / 4 + (a + 1) ** 1.5 + np.sqrt(a), rtol=1e-5)
    np.testing.assert_allclose(
        z, np.log2(a + 1) + np.exp2(X) + np.sin(X) - 1 / X, rtol=1e-5)
    np.testing.assert_array_equal(w, np.trunc(X * 2.5) + 2 - X)
    np.testing.assert_allclose(m, X * X + 1.5, rtol=1e-6)


def test_reflected_operators_and_numpy_scalars():
    def body(f):
        x = f.param(0, np.float32, 6)
        f.ret(1 - x, np.float32(3) * x, 2 / x, 2 ** x)
    a, b, c, d = run(body, X)
    np.testing.assert_array_equal(a, 1 - X)
    np.testing.assert_array_equal(b, 3 * X)
    np.testing.assert_allclose(c, 2 / X, rtol=1e-6)
    np.testing.assert_allclose(d, 2 ** X, rtol=1e-5)


def test_integer_ops_match_python_and_c():
    a = np.array([7, -7, 5, -3, 100, 9], dtype=np.int32)
    b = np.array([2, 2, -3, 2, 7, 4], dtype=np.int32)

    def body(f):
        x, y = f.param(0, np.int32, 6), f.param(1, np.int32, 6)
        f.ret(x // y, x % y, x.cdiv(y), x.cmod(y), x ^ y, x & 12, x | y,
              x << 2, x >> 1, x.max(y), -x, x - y * 3)
    results = run(body, a, b)
    expected = (a // b, a % b, (np.abs(a) // np.abs(b)) * np.sign(a * b),
                np.fmod(a, b), a ^ b, a & 12, a | b, a << 2, a >> 1,
                np.maximum(a, b), -a, a - b * 3)
    for got, want in zip(results, expected):
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, want)


def test_comparisons_where_and_booleans():
    y_in = np.array([1, 2, 3.5, 0, 10, 1], dtype=np.float32)

    def body(f):
        x, y = f.param(0, np.float32, 6), f.param(1, np.float32, 6)
        lt, ge = x < y, x >= y
        f.ret(lt, x <= y, x > y, ge, x == y, x != y, ~lt, lt | ge, lt & ge,
              lt ^ True, (x > 0).where(x, 0.0), ir.where(x < y, 1, 2))
    results = run(body, X, y_in)
    lt, ge = X < y_in, X >= y_in
    expected = (lt, X <= y_in, X > y_in, ge, X == y_in, X != y_in, ~lt,
                lt | ge, lt & ge, ~lt, np.where(X > 0, X, 0),
                np.where(lt, 1, 2).astype(np.int32))
    for got, want in zip(results, expected):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_broadcasting():
    row = np.array([10, 20, 30], dtype=np.float32)

    def body(f):
        m = f.param(0, np.float32, (2, 3))
        r = f.param(1, np.float32, 3)
        s = f.param(2, np.float32)
        f.ret(m + r, m * s, r.reshape(1, 3).expand(4, 3) - s)
    a, b, c = run(body, X, row, np.float32(0.5))
    np.testing.assert_array_equal(a, X.reshape(2, 3) + row)
    np.testing.assert_array_equal(b, X.reshape(2, 3) * 0.5)
    np.testing.assert_array_equal(c, np.broadcast_to(row, (4, 3)) - 0.5)


def test_movement():
    data = np.arange(24, dtype=np.float32)

    def body(f):
        x = f.param(0, np.float32, (2, 3, 4))
        f.ret(x.permute(2, 0, 1), x.pad([1, 0, 0], [0, 2, 1]),
              x.shrink((0, 1, 1), (2, 3, 3)), x.flip(0, 2),
              x.reshape(6, 4).flip(1).reshape(24).contiguous())
    p, pad, s, fl, r = run(body, data)
    x = data.reshape(2, 3, 4)
    np.testing.assert_array_equal(p, x.transpose(2, 0, 1))
    np.testing.assert_array_equal(
        pad, np.pad(x, [(1, 0), (0, 2), (0, 1)]))
    np.testing.assert_array_equal(s, x[0:2, 1:3, 1:3])
    np.testing.assert_array_equal(fl, x[::-1, :, ::-1])
    np.testing.assert_array_equal(r, data.reshape(6, 4)[:, ::-1].ravel())


def test_reduce():
    data = np.array([3, -1, 4, 1, -5, 9, 2, 6, -5, 3, 5, 8],
                    dtype=np.float32)

    def body(f):
        x = f.param(0, np.float32, (3, 4))
        f.ret(x.sum(1), x.amax(0), x.prod(1), x.sum(), x.reduce("max", 0, 1),
              x.reduce("add", ()))
    s, m, p, total, top, same = run(body, data)
    x = data.reshape(3, 4)
    np.testing.assert_array_equal(s, x.sum(1, keepdims=True))
    np.testing.assert_array_equal(m, x.max(0, keepdims=True))
    np.testing.assert_array_equal(p, x.prod(1, keepdims=True))
    np.testing.assert_array_equal(total, x.sum(keepdims=True))
    np.testing.assert_array_equal(top, x.max(keepdims=True))
    np.testing.assert_array_equal(same, x)


def test_matmul():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 7)).astype(np.float32)
    b = rng.standard_normal((7, 3)).astype(np.float32)

    def by_hand(f):
        x = f.param(0, np.float32, (5, 7))
        y = f.param(1, np.float32, (7, 3))
        product = x.reshape(5, 7, 1).expand(5, 7, 3) * \
            y.reshape(1, 7, 3).expand(5, 7, 3)
        f.ret(product.reduce("add", 1).reshape(5, 3))

    def with_operator(f):
        x = f.param(0, np.float32, (5, 7))
        y = f.param(1, np.float32, (7, 3))
        f.ret((x @ y).max(0.0))

    np.testing.assert_allclose(run(by_hand, a, b), a @ b, rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(run(with_operator, a, b),
                               np.maximum(a @ b, 0), rtol=1e-5, atol=1e-6)


def test_constants():
    table = np.array([[1, 2, 3], [4, 5, 7]], dtype=np.int64)

    def body(f):
        x = f.param(0, np.int64, (2, 3))
        f.ret(x * table, f.const(7, np.uint8, shape=(2, 2)),
              f.const(np.array([0.0, -0.0, 0.0], np.float32)).reciprocal(),
              f.const(True, shape=3), f.const(2.5, shape=(2,)),
              f.const(np.full((2, 2), 3, np.int16)),
              f.const([1, 2], np.float16, shape=(3, 2)))
    product, u8, inv, t, h, full, f16 = run(body, np.arange(6))
    np.testing.assert_array_equal(product, np.arange(6).reshape(2, 3) * table)
    assert u8.dtype == np.uint8 and (u8 == 7).all() and u8.shape == (2, 2)
    np.testing.assert_array_equal(inv, [np.inf, -np.inf, np.inf])
    assert t.dtype == np.bool_ and t.all() and t.shape == (3,)
    assert h.dtype == np.float32 and (h == 2.5).all()
    assert full.dtype == np.int16 and (full == 3).all()
    np.testing.assert_array_equal(f16, np.tile(np.float16([1, 2]), (3, 1)))


@pytest.mark.parametrize("dtype", [
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
    np.uint32, np.uint64, np.float16, np.float32, np.float64])
def test_array_constants_are_one_dense_const(dtype):
    values = np.array([[0, 1, 0], [1, 1, 0]]) if dtype == np.bool_ else \
        np.array([[3, -1, 0], [7, 100, 2]])
    if np.dtype(dtype).kind == "u":
        values = np.abs(values) + np.iinfo(dtype).max // 2
    if np.dtype(dtype).kind == "f":
        values = values / 8.0
        values[0, 2] = -0.0
    expected = values.astype(dtype)

    def body(f):
        f.ret(f.const(expected))
    f = build(body)
    text = f.module_text()
    assert text.count("tiny.const") == 1 and "tiny.stack" not in text
    result = f.compile()()
    assert result.dtype == expected.dtype and result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)
    # The bits, so -0.0 stays -0.0.
    assert result.tobytes() == expected.tobytes()


def test_bf16_array_constant_rounds_each_element():
    # 1 + 2^-9 rounds to 1 (ties to even), 1 + 3 * 2^-9 up to 1 + 2^-7,
    # -3.1415 to -3.140625: bf16 keeps 8 significant bits.
    values = np.array([1 + 2.0**-9, 1 + 3 * 2.0**-9, -3.1415, 256.0])

    def body(f):
        f.ret(f.const(values, "bf16").cast(np.float32))
    f = build(body)
    assert f.module_text().count("tiny.const") == 1
    np.testing.assert_array_equal(
        f.compile()(), np.float32([1.0, 1 + 2.0**-7, -3.140625, 256.0]))


def test_unsigned_and_wide_constants():
    big = 2**64 - 3

    def body(f):
        x = f.param(0, np.uint64, 2)
        f.ret(x + big, x.cast(np.uint8) + 255)
    wide, small = run(body, np.array([1, 5], dtype=np.uint64))
    np.testing.assert_array_equal(wide, np.array([big + 1, 2],
                                                 dtype=np.uint64))
    np.testing.assert_array_equal(small, np.array([0, 4], dtype=np.uint8))


def test_cast_bitcast_and_stack():
    data = np.array([1.5, -2.25, 3.75], dtype=np.float32)

    def body(f):
        x = f.param(0, np.float32, 3)
        f.ret(x.cast(np.int32), x.cast("f16"), x.bitcast(np.uint32),
              x.bitcast("ui8"), ir.stack(x, -x, x * 2))
    i, h, u, b, s = run(body, data)
    np.testing.assert_array_equal(i, data.astype(np.int32))
    np.testing.assert_array_equal(h, data.astype(np.float16))
    np.testing.assert_array_equal(u, data.view(np.uint32))
    np.testing.assert_array_equal(b, data.view(np.uint8))
    np.testing.assert_array_equal(s, np.stack([data, -data, data * 2]))


def test_index_and_scalar_params():
    def body(f):
        table = f.param(0, np.float32, (4, 2))
        i = f.param(1, np.uint8, 3)
        k = f.param(2, np.float32)
        f.ret(table.index(i) * k)
    table = np.arange(8, dtype=np.float32)
    got = run(body, table, np.array([3, 0, 3], np.uint8), np.float32(-1))
    np.testing.assert_array_equal(got, -table.reshape(4, 2)[[3, 0, 3]])


def test_a_bad_shape_raises_with_the_diagnostic_at_the_python_line():
    with ir.Function("f") as f:
        x = f.param(0, np.float32, 6)
        line = inspect.currentframe().f_lineno + 2
        with pytest.raises(tiny.TinyError) as info:
            x.reshape(4, 2)
        assert info.value.code == "INVALID_ARGUMENT"
        assert str(info.value) == (
            "%s:%d:13: error: reshape from (6,) to (4, 2) changes the "
            "element count: 6 vs 8" % (__file__, line))

        with pytest.raises(tiny.TinyError, match="do not broadcast"):
            x + f.const(1.0, shape=4)
        with pytest.raises(tiny.TinyError, match="expand keeps the rank"):
            x.expand(2, 6)
        v = x.reshape(2, 3)
        with pytest.raises(tiny.TinyError, match="cannot expand"):
            v.expand(4, 3)
        with pytest.raises(tiny.TinyError, match="permutation"):
            v.permute(0, 0)
        with pytest.raises(tiny.TinyError, match="shrink of axis 1"):
            v.shrink([0, 2], [2, 9])
        # A failed op leaves nothing behind: the function still builds.
        f.ret(v)
    text = str(f)
    assert text.count("tiny.reshape") == 1
    assert not any(op in text for op in ("expand", "permute", "shrink"))
    np.testing.assert_array_equal(f.compile()(X), X.reshape(2, 3))


def test_verifier_errors_raise():
    with ir.Function("f") as f:
        x = f.param(0, np.float32, 6)
        i = f.param(1, np.int32, 6)
        with pytest.raises(tiny.TinyError,
                           match="must be statically shaped float tensor"):
            i.exp2()
        with pytest.raises(tiny.TinyError, match="element type"):
            x + i
        with pytest.raises(tiny.TinyError, match="must be statically shaped"
                           " integer"):
            x // x
        with pytest.raises(tiny.TinyError, match="unsupported dtype"):
            f.param(2, "i7")
        with pytest.raises(tiny.TinyError, match="cannot parse the type|"
                           "expected non-function type"):
            f.param(2, "float32")
        f.ret(x)


def test_printed_ir_round_trips_through_compile():
    def body(f):
        x = f.param(0, np.float32, (2, 3))
        y = f.param(1, np.float32, 3)
        f.ret((x * y).sum(1) + 1, (x > 0).where(x, y))
    f = build(body)
    y_in = np.array([2, -1, 0.5], dtype=np.float32)
    want = f.compile()(X, y_in)
    for text in (str(f), f.module_text(), f.module_text(generic=True)):
        assert "tiny.function" in text
        got = tiny.compile(text)(X, y_in)
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a, b)
    assert '"tiny.reduce"' in f.module_text(generic=True)


def test_program_outlives_the_function():
    def body(f):
        f.ret(f.param(0, np.float32, 6).neg())
    program = build(body).compile()
    gc.collect()
    np.testing.assert_array_equal(program(X), -X)
    assert program.inputs[0].device == "CPU"


def test_devices():
    def body(f):
        x = f.param(0, np.float32, 4, device="CPU:1")
        f.ret(x + 1, (x * 2).to("CPU"))
    a, b = run(body, np.ones(4, np.float32))
    assert (a == 2).all() and (b == 2).all()
    with pytest.raises(tiny.TinyError, match="cpu!"):
        ir.Function("f", device="cpu!")
    with ir.Function("f") as f:
        x = f.param(0, np.float32, 4)
        y = f.param(1, np.float32, 4, device="CPU:1")
        with pytest.raises(tiny.TinyError, match="different devices"):
            x + y
        f.ret(x)


def test_misuse_is_refused():
    with ir.Function("f") as f:
        x = f.param(0, np.int32, 4)
        with pytest.raises(TypeError, match="2.5"):
            x + 2.5
        with pytest.raises(TypeError, match="300"):
            x.cast(np.uint8) + 300
        with pytest.raises(TypeError, match="truth value"):
            if x < 2:
                pass
        with pytest.raises(ValueError, match="reduce kind"):
            x.reduce("min", 0)
        with pytest.raises(RuntimeError, match="has not returned"):
            f.compile()
        with ir.Function("g") as g:
            with pytest.raises(ValueError, match="function 'f' used in "
                               "function 'g'"):
                g.param(0, np.int32, 4) + x
            g.ret(g.param(0, np.int32, 4))
        f.ret(x)
    with pytest.raises(RuntimeError, match="has returned"):
        x + 1
    with pytest.raises(RuntimeError, match="ended without ret"):
        with ir.Function("h") as h:
            h.param(0, np.float32, 4)
