#!/usr/bin/env python3
"""Inputs and reference results for reduce-permuted.mlir (needs numpy).

  reduce_permuted.py gen DIR    writes DIR/<case>.0.npy and DIR/<case>.1.npy
  reduce_permuted.py check DIR  reads DIR/<case>.out.npy, compares it with
      the result computed here, prints one line per case and exits 1 on any
      difference.

The inputs are small integers: every sum is exact in f32.
"""

import sys

import numpy as np


def matmul_t(a, b):
    return (a.reshape(16, 32) @ b.reshape(32, 32)).T


def conv_input_grad(w, g):
    return np.einsum("oikl,boyx->bikylx", w.reshape(8, 8, 3, 3),
                     g.reshape(2, 8, 10, 10))


# name: (sizes of the two inputs, the result from them)
CASES = {
    "matmul_t": ((512, 1024), matmul_t),
    "conv_input_grad": ((576, 1600), conv_input_grad),
}


def inputs(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    return [rng.integers(-3, 4, size=n).astype(np.float32)
            for n in CASES[name][0]]


def gen(directory):
    for name in CASES:
        for i, x in enumerate(inputs(name)):
            np.save("%s/%s.%d.npy" % (directory, name, i), x)


def check(directory):
    failed = False
    for name, (_, compute) in CASES.items():
        want = compute(*[x.astype(np.float64) for x in inputs(name)])
        got = np.load("%s/%s.out.npy" % (directory, name))
        shape = "x".join(map(str, got.shape))
        if got.shape != want.shape:
            print("%s: shape %s, expected %s" % (name, got.shape, want.shape))
            failed = True
        elif (got != want).any():
            at = tuple(np.argwhere(got != want)[0])
            print("%s: %s differs at %s: %s, expected %s"
                  % (name, shape, at, got[at], want[at]))
            failed = True
        else:
            print("%s: %s exact" % (name, shape))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit(__doc__)
    sys.exit(gen(sys.argv[2]) if sys.argv[1] == "gen" else check(sys.argv[2]))
