"""The seed loop the random-program tests share.

Each test runs program `seed` once on tinygrad's CPU backend and once
through tiny and compares every value. A program tinygrad itself refuses
(its scheduler rejects some graphs) says nothing about tiny: the seed is
replaced by the next one and the refusals are counted, so a run always
compares PROGRAMS programs. PROGRAMS and SEED (the seed before the first)
come from the environment:

    PROGRAMS=200 SEED=0 pytest -s frontends/tinygrad/tests/test_random_programs.py
"""

import os

import numpy as np


def programs(default):
    """How many programs to compare: $PROGRAMS, else `default`."""
    return int(os.environ.get("PROGRAMS", str(default)))


def first_seed():
    """The seed before the first program's: $SEED, else 0."""
    return int(os.environ.get("SEED", "0"))


def tinygrad_realize(*tensors):
    """tinygrad's own realize, with the return of tiny_tinygrad.realize."""
    from tinygrad import Tensor
    Tensor.realize(*tensors)
    return tensors[0]


def assert_close(got, expected, message):
    """float32 values that add in the same order: 1e-5 apart."""
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5,
                               err_msg=message)


def compare_seeds(label, run_tinygrad, run_tiny, count, *, check=assert_close,
                  refusals=(RuntimeError,), name=lambda i: "pool tensor %d" % i):
    """Compares `count` programs: `run_tinygrad(seed)` returns the expected
    values and a description of the program (for the failure message), or
    raises one of `refusals` when tinygrad refuses it; `run_tiny(seed)`
    returns tiny's values. `check(got, expected, message)` compares one
    value; `name(index)` names it in the message. Prints the seeds compared
    and the refusals, under `label`."""
    compared = refused = 0
    seed = start = first_seed()
    while compared < count:
        seed += 1
        try:
            expected, description = run_tinygrad(seed)
        except refusals:
            refused += 1
            continue
        got = run_tiny(seed)
        assert len(got) == len(expected), "program seed %d: %d values, " \
            "tinygrad has %d" % (seed, len(got), len(expected))
        for i, (g, e) in enumerate(zip(got, expected)):
            check(g, e, "program seed %d (%s), %s" % (seed, description,
                                                      name(i)))
        compared += 1
    print("\n%d random %s compared (seeds %d..%d); %d refused by tinygrad "
          "itself" % (compared, label, start + 1, seed, refused))
