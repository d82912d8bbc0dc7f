#!/usr/bin/env python3
"""Inputs and reference results for the reduction execution tests
reduce-permuted.mlir and reduce-upcast.mlir (needs numpy).

  reductions.py gen DIR CASE...    writes DIR/<case>.0.npy and DIR/<case>.1.npy
  reductions.py check DIR CASE...  reads DIR/<case>.out.npy, compares it with
      the result computed here, prints one line per case and exits 1 on any
      difference.

The inputs are small integers: every sum is exact in f32.
"""

import sys

import numpy as np


def matmul_t(a, b):
    return (a.reshape(16, 32) @ b.reshape(32, 32)).T


def matvec(w, x):
    return w.reshape(12, 16) @ x


def conv_input_grad(w, g):
    return np.einsum("oikl,boyx->bikylx", w.reshape(8, 8, 3, 3),
                     g.reshape(2, 8, 10, 10))


# name: (sizes of the two inputs, the result from them)
CASES = {
    "matmul_t": ((512, 1024), matmul_t),
    "conv_input_grad": ((576, 1600), conv_input_grad),
    "matvec": ((192, 16), matvec),
}


def inputs(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    return [rng.integers(-3, 4, size=n).astype(np.float32)
            for n in CASES[name][0]]


def gen(directory, names):
    for name in names:
        for i, x in enumerate(inputs(name)):
            np.save("%s/%s.%d.npy" % (directory, name, i), x)


def check(directory, names):
    failed = False
    for name in names:
        compute = CASES[name][1]
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
    if (len(sys.argv) < 4 or sys.argv[1] not in ("gen", "check")
            or not set(sys.argv[3:]) <= set(CASES)):
        sys.exit(__doc__)
    command = gen if sys.argv[1] == "gen" else check
    sys.exit(command(sys.argv[2], sys.argv[3:]))
