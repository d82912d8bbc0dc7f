"""Random sums over compares with aranges, through tiny, against numpy.

tinygrad builds aranges, one-hot masks, embeddings and triangular masks from
sums over compares of indices; -tiny-collapse-reduce folds such sums into
index arithmetic and reads, by rules on the compares' predicates, offsets,
signs and integer widths. Each program here draws those: an arange (start,
step of either sign, int32 or int16), compared by one of the six compares
(sometimes and-ed with a second one) with another arange or with integers
read from memory (some out of the arange's values), selecting a constant,
an arange or a row of a table, summed over the arange's axis. numpy computes
the expected values from the same draws, independently of tinygrad and
tiny, and each program must be one kernel.

    PROGRAMS=300 SEED=0 pytest -s frontends/tinygrad/tests/test_random_index_reduces.py
"""

import operator
import random

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor, dtypes  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from random_programs import first_seed, programs  # noqa: E402

COMPARES = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
}
INTS = {"int32": (dtypes.int32, np.int32), "int16": (dtypes.int16, np.int16)}


def _arange(rng, n, dtype):
    start = rng.randint(-12, 12)
    step = rng.choice([1, 1, 2, 3, -1, -2])
    stop = start + n * step
    return (lambda: Tensor.arange(start, stop, step, dtype=INTS[dtype][0]),
            np.arange(start, stop, step).astype(INTS[dtype][1]),
            "arange(%d, %d, %d, %s)" % (start, stop, step, dtype))


def _other(rng, m, dtype, values):
    """What the arange is compared with, an (m, 1) column: another arange,
    scaled and shifted, or integers read from memory."""
    if rng.random() < 0.5:
        build, expected, text = _arange(rng, m, dtype)
        scale, shift = rng.choice([1, -1, 2]), rng.randint(-6, 6)
        return (lambda: (build() * scale + shift).reshape(m, 1),
                (expected * scale + shift).astype(INTS[dtype][1]).reshape(m, 1),
                "(%s * %d + %d)" % (text, scale, shift))
    lo, hi = int(values.min()), int(values.max())
    data = np.array([rng.randint(lo - 4, hi + 4) for _ in range(m)],
                    INTS[dtype][1]).reshape(m, 1)
    return (lambda: Tensor(data), data, "ids%s" % data.ravel().tolist())


def _program(seed):
    """The tensor tiny computes, numpy's values, and a description."""
    rng = random.Random(seed)
    n, m = rng.randint(1, 24), rng.randint(1, 6)
    dtype = rng.choice(list(INTS))
    build_a, a, text_a = _arange(rng, n, dtype)
    build_b, b, text_b = _other(rng, m, dtype, a)
    name = rng.choice(list(COMPARES))
    cond = COMPARES[name](a.reshape(1, n), b)
    text = "%s %s %s" % (text_a, name, text_b)
    extra = None
    if rng.random() < 0.3:
        bound = rng.randint(-3, 30)
        extra = ("<", bound) if rng.random() < 0.5 else (">=", bound)
        cond = cond & COMPARES[extra[0]](a.reshape(1, n), bound)
        text += " and arange %s %d" % extra
    kind = rng.choice(["const", "arange", "table"])
    table = np.array([[rng.uniform(-2, 2) for _ in range(3)]
                      for _ in range(n)], np.float32)
    const = rng.choice([1, 3, -2])
    if kind == "const":
        expected = np.where(cond, np.int32(const), 0).sum(axis=1,
                                                          dtype=np.int32)
    elif kind == "arange":
        expected = np.where(cond, a.astype(np.int32), 0).sum(axis=1,
                                                            dtype=np.int32)
    else:
        expected = np.where(cond[:, :, None], table[None], 0).sum(axis=1)

    def build():
        at = build_a().reshape(1, n)
        mask = COMPARES[name](at, build_b())
        if extra:
            mask = mask & COMPARES[extra[0]](at, extra[1])
        if kind == "const":
            return mask.where(const, 0).cast(dtypes.int32).sum(axis=1)
        if kind == "arange":
            return mask.where(at.cast(dtypes.int32), 0).sum(axis=1)
        return mask.reshape(m, n, 1).where(Tensor(table).reshape(1, n, 3),
                                           0).sum(axis=1)
    return build, expected, "%s, summing %s" % (text, kind)


def test_random_index_reduces():
    count = programs(60)
    seed = first_seed()
    for seed in range(seed + 1, seed + 1 + count):
        build, expected, description = _program(seed)
        message = "program seed %d: %s" % (seed, description)
        import tiny.schedule
        kernels = [k for ks in tiny.schedule.kernels(tt.export(build()).text)
                   .values() for k in ks]
        assert len(kernels) == 1, "%s: kernels %s" % (message, kernels)
        out = build()
        tt.realize(out)
        got = out.numpy()
        assert got.shape == expected.shape, message
        if expected.dtype.kind == "f":
            np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5,
                                       err_msg=message)
        else:
            np.testing.assert_array_equal(got, expected, err_msg=message)
    print("random index reduces: %d programs, seeds %d..%d"
          % (count, first_seed() + 1, seed))
