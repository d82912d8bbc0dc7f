"""Random typed tinygrad programs through tiny, against tinygrad's CPU backend.

Where test_random_programs.py varies *when* values are realized (assigns,
held tensors, partial realizes) over float32 elementwise and movement ops,
these programs vary *what* is computed: float32, float16, int32, uint8 and
bool values, casts and bitcasts between them, integer division, modulo,
shifts and bitwise ops, transcendental functions, rounding, cumulative sums,
arg-reductions, gathers and matmuls. Each program builds a pool of tensors of
one shape step by step from seeded choices, then realizes the whole pool,
once with tinygrad's realize and once through tiny; every tensor must hold
the same values: integers and booleans exactly, floats within a tolerance
that covers the two compilers' different (but each correct to a few ulp)
transcendental approximations, NaNs in the same places.

Inputs stay where both compilers promise the same answer: integer values are
clamped after each step so nothing overflows (signed overflow is undefined in
the C tinygrad compiles), divisors are nonzero, float-to-integer casts see
values in range, shifts are by less than the width.

    PROGRAMS=200 SEED=0 pytest -s frontends/tinygrad/tests/test_random_typed_programs.py
"""

import random

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor, dtypes  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from random_programs import (  # noqa: E402
    compare_seeds, programs, tinygrad_realize)

# Shapes small enough to read, and large enough that the loops tiny
# vectorizes have tails, reductions over rows of 129 take the register-tiled
# path (-tiny-optimize), and the matmul's reduction is long.
SHAPES = [(4, 6), (17, 33), (64, 129)]
PROGRAMS = programs(10)
STEPS = 14
INT_BOUND = 1000


def _bounded(x):
    """`x` (int32) clamped to +-INT_BOUND, so later steps cannot overflow."""
    return x.maximum(-INT_BOUND).minimum(INT_BOUND)


def _float_unary(rng, x):
    return rng.choice([
        lambda: (x.clip(-8, 8)).exp(),
        lambda: (x.abs() + 0.125).log(),
        lambda: (x.abs() + 0.125).log2(),
        lambda: x.clip(-8, 8).exp2(),
        lambda: x.sin(), lambda: x.cos(), lambda: x.tanh(),
        lambda: x.sigmoid(), lambda: x.abs().sqrt(),
        lambda: (x.abs() + 0.5).reciprocal(),
        lambda: (x * 3).floor(), lambda: (x * 3).ceil(),
        lambda: (x * 3).trunc(), lambda: (x * 3).round(),
        lambda: -x, lambda: x.relu(), lambda: x * x,
        lambda: x.softmax(rng.choice([0, 1])),
        lambda: x.cumsum(rng.choice([0, 1])),
    ])()


def _float_binary(rng, x, y):
    return rng.choice([
        lambda: x + y, lambda: x - y, lambda: x * y,
        lambda: x / (y.abs() + 0.5), lambda: x.maximum(y),
        lambda: x.minimum(y), lambda: (x < y).where(x, y),
        lambda: (x @ y.T).pad((None, (0, x.shape[1] - x.shape[0]))) * 0.25,
    ])()


def _int_unary(rng, x):
    return _bounded(rng.choice([
        lambda: -x, lambda: x.abs(), lambda: x * 7, lambda: x + 3,
        lambda: x // 3, lambda: x // -4, lambda: x % 5, lambda: x % -3,
        lambda: (x & 255) << 2, lambda: x >> 1, lambda: x & 0x5a,
        lambda: x | 6, lambda: x ^ 0x33, lambda: ~x,
        lambda: x.cumsum(rng.choice([0, 1])),
        lambda: x.sum(rng.choice([0, 1]), keepdim=True).expand(x.shape),
        lambda: x.max(rng.choice([0, 1]), keepdim=True).expand(x.shape),
        lambda: x.min(rng.choice([0, 1]), keepdim=True).expand(x.shape),
    ])())


def _int_binary(rng, x, y):
    def nonzero(v):
        return v.abs() + 1
    return _bounded(rng.choice([
        lambda: x + y, lambda: x - y, lambda: x * y,
        lambda: x // nonzero(y), lambda: x % nonzero(y),
        lambda: x.maximum(y), lambda: x.minimum(y), lambda: x & y,
        lambda: x | y, lambda: x ^ y, lambda: (x < y).where(x, y),
        lambda: (x == y).where(x, -y),
    ])())


def _gather(rng, x, index):
    """`x` gathered along an axis by int32 `index`, taken into range."""
    axis = rng.choice([0, 1])
    return x.gather(axis, index.abs() % x.shape[axis])


def _exact_float(rng, x, y):
    """An op whose float32 result both compilers give bit for bit."""
    return rng.choice([
        lambda: -x, lambda: x.abs(), lambda: x.relu(), lambda: x * 0.5,
        lambda: x.maximum(y), lambda: x.minimum(y), lambda: x.flip(0),
        lambda: (x < y).where(x, y),
    ])()


class _Pool:
    """The program's live tensors, by dtype, and which of its float32 ones
    are exact: computed without rounding that could differ between the
    two compilers (a transcendental function, a sum in another order).
    Only exact floats become integers, booleans or bits, where one ulp
    could change the answer."""

    def __init__(self, rng, data, shape):
        self.rng = rng
        self.by_dtype = {
            dtypes.float32: [Tensor(data.standard_normal(shape)
                                    .astype(np.float32))],
            dtypes.int32: [Tensor(data.integers(-50, 50, shape)
                                  .astype(np.int32))],
            dtypes.float16: [], dtypes.bool: [], dtypes.uint8: [],
        }
        self.exact = list(self.by_dtype[dtypes.float32])

    def pick(self, dtype):
        return self.rng.choice(self.by_dtype[dtype])

    def pick_exact(self):
        return self.rng.choice(self.exact)

    def add(self, tensor, exact=False):
        self.by_dtype[tensor.dtype].append(tensor)
        if exact and tensor.dtype == dtypes.float32:
            self.exact.append(tensor)

    def all(self):
        return [t for ts in self.by_dtype.values() for t in ts]


def _step(rng, pool):
    """Adds one tensor to `pool`; returns the step's name."""
    f32, i32 = dtypes.float32, dtypes.int32
    kind = rng.choice(["float", "float", "int", "int", "cast", "bool",
                       "half", "uint8", "gather", "arg"])
    if kind == "float":
        if rng.random() < 0.3:
            pool.add(_exact_float(rng, pool.pick_exact(), pool.pick_exact()),
                     exact=True)
        elif rng.random() < 0.5:
            pool.add(_float_unary(rng, pool.pick(f32)))
        else:
            pool.add(_float_binary(rng, pool.pick(f32), pool.pick(f32)))
    elif kind == "int":
        if rng.random() < 0.5:
            pool.add(_int_unary(rng, pool.pick(i32)))
        else:
            pool.add(_int_binary(rng, pool.pick(i32), pool.pick(i32)))
    elif kind == "cast":
        choice = rng.randrange(4)
        if choice == 0:
            pool.add((pool.pick_exact() * 10).clip(-1e4, 1e4).cast(i32))
        elif choice == 1:
            pool.add(pool.pick(i32).cast(f32) * 0.5, exact=True)
        elif choice == 2:
            pool.add(_bounded(pool.pick_exact().bitcast(i32) & 0xffff))
        else:
            pool.add((pool.pick(i32) & 0x3fff).bitcast(f32) * 1e38)
    elif kind == "bool":
        x, y = pool.pick_exact(), pool.pick_exact()
        choice = rng.randrange(4)
        if choice == 0:
            pool.add(x < y)
        elif choice == 1:
            pool.add(pool.pick(i32) != pool.pick(i32))
        elif pool.by_dtype[dtypes.bool]:
            b = pool.pick(dtypes.bool)
            pool.add(rng.choice([lambda: b & (x > 0), lambda: b | (y < 0),
                                 lambda: b ^ (x < y), lambda: b.logical_not()
                                 ])())
        else:
            pool.add(x.isnan() | (x > 1))
        if rng.random() < 0.5:
            b = pool.pick(dtypes.bool)
            pool.add(rng.choice([lambda: b.cast(i32), lambda: b.cast(f32),
                                 lambda: b.where(x, 2.5)])(), exact=True)
    elif kind == "half":
        h = pool.pick(f32).cast(dtypes.float16)
        pool.add(rng.choice([lambda: h * h + 1, lambda: h.exp(),
                             lambda: (h.abs() + 1).log(), lambda: h.sum(
                                 1, keepdim=True).expand(h.shape), lambda: h])())
        # Never cast back to float32: the pinned tinygrad's CPU backend
        # drops a float32 -> half -> float32 round trip (the values keep
        # their float32 bits; numpy and tiny round them to half), and it
        # rounds a half sum's float accumulator to half between steps (up
        # to an ulp from the correctly rounded sum tiny gives): README,
        # "Known differences".
    elif kind == "uint8":
        u = (pool.pick(i32) & 255).cast(dtypes.uint8)
        pool.add(rng.choice([lambda: u + u, lambda: u * 3, lambda: u // 7,
                             lambda: u >> 3, lambda: u - 200, lambda: u])())
        if rng.random() < 0.5:
            pool.add(pool.pick(dtypes.uint8).cast(i32))
    elif kind == "gather":
        dtype = rng.choice([f32, i32])
        pool.add(_gather(rng, pool.pick(dtype), pool.pick(i32)))
    else:
        x = rng.choice([pool.pick_exact, lambda: pool.pick(i32)])()
        axis = rng.choice([0, 1])
        r = rng.choice([x.argmax, x.argmin])(axis, keepdim=True)
        pool.add(r.cast(i32).expand(x.shape))
    return kind


def run_program(seed, realize):
    """Runs program `seed` with `realize` (tinygrad's or tiny's); returns
    the pool's values and the steps' names."""
    rng = random.Random(seed)
    pool = _Pool(rng, np.random.default_rng(seed), rng.choice(SHAPES))
    steps = [_step(rng, pool) for _ in range(STEPS)]
    tensors = pool.all()
    realize(*tensors)
    return [t.numpy() for t in tensors], "steps " + " ".join(steps)


def _check(got, expected, message):
    assert got.dtype == expected.dtype, message
    if expected.dtype.kind in "iub":
        np.testing.assert_array_equal(got, expected, err_msg=message)
        return
    tolerance = 4e-3 if expected.dtype == np.float16 else 1e-4
    # Sums (matmul, cumsum, softmax's) may add in another order: an error
    # relative to the tensor's largest value, not each element's.
    finite = np.abs(expected[np.isfinite(expected)])
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    np.testing.assert_allclose(got, expected, rtol=tolerance,
                               atol=tolerance * scale, equal_nan=True,
                               err_msg=message)


def test_random_typed_programs_match_tinygrad():
    compare_seeds("typed programs",
                  lambda seed: run_program(seed, tinygrad_realize),
                  lambda seed: run_program(seed, tt.realize)[0], PROGRAMS,
                  check=_check)
