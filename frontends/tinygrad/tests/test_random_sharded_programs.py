"""Random sharded tinygrad programs through tiny, against tinygrad's CPU
backend.

Each program shards a few tensors over two or four virtual CPU devices
(along rows, columns, both on four devices, or replicated) and applies seeded steps to a pool of
them: elementwise ops between tensors sharded alike or differently,
reductions along and across the sharded axis (tinygrad's allreduce),
transposes, flips, pads of shrinks, matmuls, contiguous, assigns into
realized sharded buffers, and realizes of random subsets. The same program
runs with tinygrad's realize and through tiny; every tensor of the pool must
then hold the same values. A program tinygrad itself refuses is replaced by
the next seed, and the count is printed; tiny refusing one tinygrad runs is
a failure.

    PROGRAMS=200 SEED=0 pytest -s frontends/tinygrad/tests/test_random_sharded_programs.py
"""

import random

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

from tinygrad import Tensor  # noqa: E402
from tinygrad.uop.ops import AxisType, UOp  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402
from random_programs import (  # noqa: E402
    compare_seeds, programs, tinygrad_realize)

# Square, and divisible by four along both axes, so transposes keep the
# shape and any axis can be sharded over either device set.
SHAPE = (8, 8)
DEVICE_SETS = [("CPU:1", "CPU:2"), ("CPU:1", "CPU:2", "CPU:3", "CPU:4")]
PROGRAMS = programs(10)
STEPS = 10


def _elementwise(rng, x, y):
    return rng.choice([
        lambda: x + y, lambda: x * y, lambda: x - y, lambda: x.maximum(y),
        lambda: (x < y).where(x, y), lambda: -x, lambda: x.relu() * 0.5,
        lambda: (x.abs() + 1).sqrt(),
    ])()


def _reduce(rng, x):
    axis = rng.choice([0, 1])
    kind = rng.choice(["sum", "max", "min"])
    return getattr(x, kind)(axis=axis, keepdim=True).expand(SHAPE)


def _movement(rng, x):
    # tinygrad refuses a flip along the sharded axis and a reshape that
    # moves elements between shards.
    axis = x.uop.axis
    moves = [lambda: x.T,
             lambda: x.shrink(((0, 4), None)).pad(((0, 4), None)),
             lambda: x.shrink((None, (4, 8))).pad((None, (4, 0)))]
    moves += [lambda a=a: x.flip(a) for a in (0, 1) if a != axis]
    if axis != 1:
        moves.append(lambda: x.reshape(4, 16).reshape(SHAPE))
    return rng.choice(moves)()


def _partner(rng, pool, x):
    """A tensor of `pool` sharded as `x` is, where there is one: tinygrad
    refuses elementwise ops between tensors sharded along different
    axes."""
    alike = [t for t in pool if t.uop.axis == x.uop.axis]
    return rng.choice(alike or pool)


def _shard_2d(rng, value, devices, realize):
    """`value` sharded along both axes over four devices, device i holding
    the block of a 2x2 grid at (i // 2, i % 2) or (i % 2, i // 2)
    (test_multitensor's Test2DShard), as tinygrad computes with it: gathered
    whole onto the devices by a copy. The blocks are cut from the value, or
    are a realized MultiBuffer of its rows (the value put together from
    them)."""
    r = UOp.range(len(devices), -1, AxisType.DEVICE)
    grid = (r // 2, r % 2) if rng.random() < 0.5 else (r % 2, r // 2)
    if rng.random() < 0.5:
        blocks = value.uop.copy_to_device(devices)._shard(
            0, grid[0])._shard(1, grid[1])
    else:
        rows = value.reshape(16, 4).shard(devices, axis=0).contiguous()
        realize(rows)
        blocks = rows.uop.src[0]
    return Tensor(blocks.unshard((0, 1), grid).copy_to_device(devices))


def run_program(seed, realize):
    """Runs program `seed` with `realize` (tinygrad's or tiny's); returns
    the pool's values and the steps' names."""
    rng = random.Random(seed)
    data = np.random.default_rng(seed)
    devices = rng.choice(DEVICE_SETS)

    def sharded():
        value = Tensor(data.standard_normal(SHAPE).astype(np.float32))
        axis = rng.choice([0, 1, None] + (["2d"] if len(devices) == 4 else []))
        if axis == "2d":
            return _shard_2d(rng, value, devices, realize)
        return value.shard(devices, axis=axis)

    buffers = [sharded().contiguous() for _ in range(2)]
    realize(*buffers)
    pool = list(buffers)
    steps = []
    for _ in range(STEPS):
        kind = rng.choice(["elementwise", "elementwise", "reduce",
                           "movement", "matmul", "new", "contiguous",
                           "assign", "realize"])
        steps.append(kind)
        pick = rng.choice
        if kind == "elementwise":
            x = pick(pool)
            pool.append(_elementwise(rng, x, _partner(rng, pool, x)))
        elif kind == "reduce":
            pool.append(_reduce(rng, pick(pool)))
        elif kind == "movement":
            pool.append(_movement(rng, pick(pool)))
        elif kind == "matmul":
            pool.append(pick(pool) @ pick(pool) * 0.25)
        elif kind == "new":
            pool.append(sharded())
        elif kind == "contiguous":
            pool.append(pick(pool).contiguous())
        elif kind == "assign":
            # Realized at once, as optimizers do (test_random_programs.py
            # says why).
            target = pick(buffers)
            x = _partner(rng, pool, target)
            realize(target.assign(_elementwise(rng, x,
                                               _partner(rng, pool, x))))
        else:
            realize(*rng.sample(pool, rng.randint(1, min(3, len(pool)))))
    realize(*pool)
    return [t.numpy() for t in pool], "steps " + " ".join(steps)


def test_random_sharded_programs_match_tinygrad():
    # tinygrad refuses some sharded graphs with an assert or a ValueError.
    compare_seeds("sharded programs",
                  lambda seed: run_program(seed, tinygrad_realize),
                  lambda seed: run_program(seed, tt.realize)[0], PROGRAMS,
                  refusals=(RuntimeError, AssertionError, ValueError))
