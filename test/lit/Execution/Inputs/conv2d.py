#!/usr/bin/env python3
"""Inputs and reference results for conv2d.mlir (needs numpy).

  conv2d.py gen DIR    writes DIR/<case>.x.npy and DIR/<case>.w.npy
  conv2d.py check DIR  reads DIR/<case>.out.npy, compares it with the
      convolution computed here, prints one line per case and exits 1 on
      any difference.

The inputs are small integers, so every product and partial sum is an
integer well inside f32's exact range: results must match exactly,
whatever order the kernel adds them in.
"""

import sys

import numpy as np

# name: (x shape, w shape, stride, padding (top, bottom, left, right),
# dilation, groups), as tinygrad's Tensor.conv2d took them when
# conv2d.mlir's functions were exported.
CASES = {
    "conv_5x5": ((4, 32, 24, 24), (32, 32, 5, 5), 1, (0, 0, 0, 0), 1, 1),
    "conv_pad": ((1, 8, 18, 18), (16, 8, 3, 3), 1, (1, 1, 1, 1), 1, 1),
    "conv_stride": ((2, 4, 11, 11), (8, 4, 3, 3), 2, (1, 1, 1, 1), 1, 1),
    "conv_dilation": ((1, 3, 12, 12), (4, 3, 3, 3), 1, (0, 0, 0, 0), 2, 1),
    "conv_groups": ((2, 4, 9, 9), (6, 2, 3, 3), 1, (1, 1, 2, 2), 1, 2),
}


def inputs(name):
    xs, ws = CASES[name][:2]
    rng = np.random.default_rng(sum(map(ord, name)))
    x = rng.integers(-3, 4, size=xs).astype(np.float32)
    w = rng.integers(-3, 4, size=ws).astype(np.float32)
    return x, w


def conv2d(x, w, stride, padding, dilation, groups):
    """The cross-correlation tinygrad's conv2d computes, in float64."""
    top, bottom, left, right = padding
    x = np.pad(x.astype(np.float64),
               ((0, 0), (0, 0), (top, bottom), (left, right)))
    w = w.astype(np.float64)
    n, cin, h, wd = x.shape
    cout, cin_g, kh, kw = w.shape
    oh = (h - dilation * (kh - 1) - 1) // stride + 1
    ow = (wd - dilation * (kw - 1) - 1) // stride + 1
    out = np.zeros((n, cout, oh, ow))
    cout_g = cout // groups
    for g in range(groups):
        xg = x[:, g * cin_g:(g + 1) * cin_g]
        wg = w[g * cout_g:(g + 1) * cout_g]
        for i in range(kh):
            for j in range(kw):
                window = xg[:, :, i * dilation:i * dilation + stride * oh:stride,
                            j * dilation:j * dilation + stride * ow:stride]
                out[:, g * cout_g:(g + 1) * cout_g] += np.einsum(
                    "nchw,oc->nohw", window, wg[:, :, i, j])
    return out


def gen(directory, cases=CASES, make_inputs=inputs):
    for name in cases:
        x, w = make_inputs(name)
        np.save("%s/%s.x.npy" % (directory, name), x.reshape(-1))
        np.save("%s/%s.w.npy" % (directory, name), w.reshape(-1))


def check(directory, cases=CASES, make_inputs=inputs):
    failed = False
    for name, (xs, ws, *params) in cases.items():
        want = conv2d(*make_inputs(name), *params)
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


def main(doc, cases=CASES, make_inputs=inputs):
    """`gen DIR` or `check DIR` on `cases`, whose inputs `make_inputs`
    makes; anything else prints `doc`."""
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit(doc)
    (gen if sys.argv[1] == "gen" else check)(sys.argv[2], cases, make_inputs)


if __name__ == "__main__":
    main(__doc__)
