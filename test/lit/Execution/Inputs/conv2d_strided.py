#!/usr/bin/env python3
"""Inputs and reference results for conv2d-strided.mlir (needs numpy).

  conv2d_strided.py gen DIR    writes DIR/<case>.x.npy and DIR/<case>.w.npy
  conv2d_strided.py check DIR  reads DIR/<case>.out.npy, compares it with
      the convolution conv2d.py computes (numpy, float64), prints one line
      per case and exits 1 on any difference.

The inputs are small integers, so every product and partial sum is an
integer well inside f32's exact range: results must match exactly.
"""

import sys

import numpy as np

from conv2d import conv2d

# name: (x shape, w shape, stride, padding (top, bottom, left, right)), as
# tinygrad's Tensor.conv2d took them when conv2d-strided.mlir's functions
# were exported (dilation 1, one group).
CASES = {
    "conv_s2_end": ((1, 32, 9, 31), (8, 32, 1, 1), 2, (0, 0, 0, 0)),
    "conv_s2_stem": ((1, 2, 37, 37), (8, 2, 7, 7), 2, (3, 3, 3, 3)),
    "conv_s2_pad1": ((2, 3, 40, 40), (8, 3, 3, 3), 2, (1, 1, 1, 1)),
    "conv_s3": ((1, 8, 20, 52), (4, 8, 3, 3), 3, (1, 1, 1, 1)),
    "conv_s4": ((1, 8, 16, 64), (4, 8, 4, 4), 4, (0, 0, 0, 0)),
}


def inputs(name):
    xs, ws = CASES[name][:2]
    rng = np.random.default_rng(sum(map(ord, name)))
    # Nonzero inputs: a lane read from the wrong element, or a padded one
    # not zeroed, changes the result.
    x = rng.choice([-3, -2, -1, 1, 2, 3], size=xs).astype(np.float32)
    w = rng.choice([-3, -2, -1, 1, 2, 3], size=ws).astype(np.float32)
    return x, w


def gen(directory):
    for name in CASES:
        x, w = inputs(name)
        np.save("%s/%s.x.npy" % (directory, name), x.reshape(-1))
        np.save("%s/%s.w.npy" % (directory, name), w.reshape(-1))


def check(directory):
    failed = False
    for name, (xs, ws, stride, padding) in CASES.items():
        want = conv2d(*inputs(name), stride, padding, 1, 1)
        got = np.load("%s/%s.out.npy" % (directory, name))
        if got.shape != want.shape:
            print("%s: shape %s, expected %s" % (name, got.shape, want.shape))
            failed = True
            continue
        bad = np.argwhere(got != want)
        if len(bad):
            at = tuple(bad[0])
            print("%s: %d of %d differ; first at %s: got %r, expected %r"
                  % (name, len(bad), want.size, at, got[at], want[at]))
            failed = True
        else:
            print("%s: %s exact" % (name, "x".join(map(str, want.shape))))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit(__doc__)
    (gen if sys.argv[1] == "gen" else check)(sys.argv[2])
