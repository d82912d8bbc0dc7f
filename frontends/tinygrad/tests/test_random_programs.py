"""Random tinygrad programs through tiny, against tinygrad's CPU backend.

Each program is a seeded sequence of tensor-level steps over a pool of live
tensors: elementwise ops, movement ops, reductions, contiguous, Tensor.rand,
assigns into realized buffers, and realizes of random subsets of the pool,
so values computed lazily, held by a tensor, and read after a later assign
changed the buffer they came from are all exercised. The same sequence runs
once with tinygrad's own realize and once through tiny; every tensor of the
pool must then hold the same values. A program tinygrad itself refuses (its
scheduler rejects some reads of a buffer both before and after an assign
in one kernel) is replaced by the next seed, and the count is printed.

    PROGRAMS=200 SEED=0 pytest -s frontends/tinygrad/tests/test_random_programs.py
"""

import random

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from random_programs import (  # noqa: E402
    compare_seeds, programs, tinygrad_realize)

SHAPE = (4, 6)
PROGRAMS = programs(30)
STEPS = 12


def _unary(rng, x):
    return rng.choice([
        lambda: -x, lambda: x.abs(), lambda: x.relu(), lambda: x * 0.5,
        lambda: (x.abs() + 1).sqrt(), lambda: x.maximum(0.25),
    ])()


def _binary(rng, x, y):
    return rng.choice([
        lambda: x + y, lambda: x - y, lambda: x * y,
        lambda: x.maximum(y), lambda: (x < y).where(x, y),
    ])()


def _movement(rng, x):
    # Each keeps SHAPE, so any result can meet any other.
    return rng.choice([
        lambda: x.flip(0), lambda: x.flip(1),
        lambda: x.reshape(6, 4).reshape(SHAPE),
        lambda: x.permute(1, 0).reshape(SHAPE),
        lambda: x.shrink(((1, 4), None)).pad(((1, 0), None)),
        lambda: x.shrink((None, (0, 3))).pad((None, (0, 3))),
    ])()


def _reduce(rng, x):
    axis = rng.choice([0, 1])
    kind = rng.choice(["sum", "max"])
    r = getattr(x, kind)(axis=axis, keepdim=True)
    return r.expand(SHAPE)


def run_program(seed, realize):
    """Runs program `seed` with `realize` (tinygrad's or tiny's); returns
    the pool's values and the steps' names."""
    rng = random.Random(seed)
    data = np.random.default_rng(seed)
    Tensor.manual_seed(seed)
    buffers = [Tensor(data.standard_normal(SHAPE).astype(np.float32))
               .contiguous() for _ in range(2)]
    realize(*buffers)
    pool = list(buffers)
    steps = []
    for _ in range(STEPS):
        kind = rng.choice(["unary", "binary", "movement", "reduce",
                           "contiguous", "rand", "assign", "realize"])
        steps.append(kind)
        pick = rng.choice
        if kind == "unary":
            pool.append(_unary(rng, pick(pool)))
        elif kind == "binary":
            pool.append(_binary(rng, pick(pool), pick(pool)))
        elif kind == "movement":
            pool.append(_movement(rng, pick(pool)))
        elif kind == "reduce":
            pool.append(_reduce(rng, pick(pool)))
        elif kind == "contiguous":
            pool.append(pick(pool).contiguous())
        elif kind == "rand":
            # Realized at once: the pinned tinygrad draws an earlier,
            # unrealized rand again when a later one is realized first
            # (x = rand(); y = rand(); y.realize(); x equals y), where tiny
            # gives each its own draw.
            pool.append(realize(Tensor.rand(*SHAPE)))
        elif kind == "assign":
            # Realized at once, as optimizers do. Left pending, a later
            # realize could read the buffer both through the assign and
            # not: tinygrad then either refuses ("cycle detected") or,
            # when its kernels order so, reads the stored value, where
            # tiny reads the value before the store (README, "Known
            # differences").
            target = pick(buffers)
            realize(target.assign(_binary(rng, pick(pool), pick(pool))))
        else:
            realize(*rng.sample(pool, rng.randint(1, min(3, len(pool)))))
    realize(*pool)
    return [t.numpy() for t in pool], "steps " + " ".join(steps)


def test_random_programs_match_tinygrad():
    compare_seeds("programs", lambda seed: run_program(seed, tinygrad_realize),
                  lambda seed: run_program(seed, tt.realize)[0], PROGRAMS)
