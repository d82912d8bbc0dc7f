#!/usr/bin/env python3
"""Inputs and reference results for conv2d-strided.mlir (needs numpy).

  conv2d_strided.py gen DIR    writes DIR/<case>.x.npy and DIR/<case>.w.npy
  conv2d_strided.py check DIR  reads DIR/<case>.out.npy, compares it with
      the convolution conv2d.py computes (numpy, float64), prints one line
      per case and exits 1 on any difference (conv2d.py's gen and check).

The inputs are small integers, so every product and partial sum is an
integer well inside f32's exact range: results must match exactly.
"""

import numpy as np

import conv2d

# name: (x shape, w shape, stride, padding (top, bottom, left, right),
# dilation, groups), as tinygrad's Tensor.conv2d took them when
# conv2d-strided.mlir's functions were exported.
CASES = {
    "conv_s2_end": ((1, 32, 9, 31), (8, 32, 1, 1), 2, (0, 0, 0, 0), 1, 1),
    "conv_s2_stem": ((1, 2, 37, 37), (8, 2, 7, 7), 2, (3, 3, 3, 3), 1, 1),
    "conv_s2_pad1": ((2, 3, 40, 40), (8, 3, 3, 3), 2, (1, 1, 1, 1), 1, 1),
    "conv_s3": ((1, 8, 20, 52), (4, 8, 3, 3), 3, (1, 1, 1, 1), 1, 1),
    "conv_s4": ((1, 8, 16, 64), (4, 8, 4, 4), 4, (0, 0, 0, 0), 1, 1),
}


def inputs(name):
    xs, ws = CASES[name][:2]
    rng = np.random.default_rng(sum(map(ord, name)))
    # Nonzero inputs: a lane read from the wrong element, or a padded one
    # not zeroed, changes the result.
    x = rng.choice([-3, -2, -1, 1, 2, 3], size=xs).astype(np.float32)
    w = rng.choice([-3, -2, -1, 1, 2, 3], size=ws).astype(np.float32)
    return x, w


if __name__ == "__main__":
    conv2d.main(__doc__, CASES, inputs)
