"""Random TinyJit programs through tiny, against tinygrad's CPU backend.

Each program is a seeded step function over a call's input and two state
buffers: elementwise, movement and reduce ops, Tensor.rand, assigns into the
state (as an optimizer's step does), realizes of intermediate values inside
the step, and a returned value. TinyJit runs it for several calls with new
inputs (the first plain, the second captured, the rest replayed), once on
tinygrad's realize and once with every realize through tiny; each call's
result and the final state must be the same. The step makes the same
choices on every call (its random generator is reseeded per call), as a
jitted function must.

    PROGRAMS=200 SEED=0 pytest -s frontends/tinygrad/tests/test_random_jit_programs.py
"""

import random

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor, TinyJit  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from random_programs import (  # noqa: E402
    compare_seeds, programs)

SHAPE = (4, 6)
CALLS = 5
PROGRAMS = programs(10)
STEPS = 8


def _op(rng, x, y):
    return rng.choice([
        lambda: x + y, lambda: x * y, lambda: x - y * 0.5,
        lambda: x.maximum(y), lambda: (x < y).where(x, y), lambda: -x,
        lambda: (x.abs() + 1).sqrt(), lambda: x.flip(rng.choice([0, 1])),
        lambda: x.permute(1, 0).reshape(SHAPE),
        lambda: x.shrink(((1, 4), None)).pad(((0, 1), None)),
        lambda: x.sum(rng.choice([0, 1]), keepdim=True).expand(SHAPE),
        lambda: x.max(rng.choice([0, 1]), keepdim=True).expand(SHAPE),
        lambda: x * Tensor.rand(*SHAPE),
        lambda: x.contiguous(),
    ])()


def _make_step(seed, state):
    def step(x):
        rng = random.Random(seed)
        pool = [x] + state
        for _ in range(STEPS):
            kind = rng.choice(["op", "op", "op", "assign", "realize"])
            if kind == "op":
                pool.append(_op(rng, rng.choice(pool), rng.choice(pool)))
            elif kind == "assign":
                target = rng.choice(state)
                target.assign(_op(rng, rng.choice(pool), rng.choice(pool)))
                pool.append(target)
            else:
                rng.choice(pool).realize()
        result = _op(rng, rng.choice(pool), rng.choice(pool))
        return result.realize()
    return step


def run_program(seed):
    """Runs program `seed` for CALLS calls with the realize in force;
    returns each call's result and the final state."""
    data = np.random.default_rng(seed)
    Tensor.manual_seed(seed)
    state = [Tensor(data.standard_normal(SHAPE).astype(np.float32))
             .contiguous().realize() for _ in range(2)]
    jitted = TinyJit(_make_step(seed, state))
    results = []
    for _ in range(CALLS):
        x = Tensor(data.standard_normal(SHAPE).astype(np.float32))
        results.append(jitted(x).numpy())
    return results + [s.numpy() for s in state]


def _run_through_tiny(seed):
    tt.enable()
    try:
        return run_program(seed)
    finally:
        tt.disable()


def test_random_jit_programs_match_tinygrad():
    # tinygrad refuses some programs with a JitError, a cycle, ...
    compare_seeds("jit programs", lambda seed: (run_program(seed), "jit"),
                  _run_through_tiny, PROGRAMS, refusals=(Exception,),
                  name=lambda i: "call %d" % i if i < CALLS
                  else "state %d" % (i - CALLS))
