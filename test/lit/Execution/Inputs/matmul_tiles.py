#!/usr/bin/env python3
"""Inputs and reference results for matmul-tiles.mlir.

  matmul_tiles.py gen DIR    writes DIR/<case>.a.npy and DIR/<case>.b.npy
  matmul_tiles.py check DIR  reads DIR/<case>.out.npy, compares it with the
      product computed here in Python integers, prints one line per case
      and exits 1 on any difference.

Every input is a small integer, so every partial sum is an integer well
inside f32's exact range (and i32's): the results must match exactly,
whatever order the kernel combines them in.
"""

import sys

import npy

# name: (kind, dtype, M, N, K); "two_axes" has K = (K1, K2), "pad_cols" a B
# of N - 3 columns padded with one zero column before and two after;
# "relu" is max(A @ B, 0); "bmm" has M = (batches, rows), A (batches, rows,
# K) times B (batches, K, N), the output rows of all batches in order.
CASES = {
    "mm_1000": ("mm", "f32", 1000, 1000, 8),
    "mm_odd": ("mm", "f32", 37, 83, 29),
    "mm_i32": ("mm", "i32", 20, 45, 24),
    "row_1xNx1": ("mm", "f32", 1, 20001, 1),
    "dot_1xKx1": ("mm", "f32", 1, 1, 20000),
    "mm_7x5x3": ("mm", "f32", 7, 5, 3),
    "mm_two_axes": ("two_axes", "f32", 8, 70, (6, 10)),
    "mm_pad_cols": ("pad_cols", "f32", 12, 67, 40),
    "mm_b_plus_one": ("b_plus_one", "f32", 12, 50, 40),
    "maxplus": ("maxplus", "f32", 16, 40, 32),
    "mm_blocked_relu": ("relu", "f32", 16, 768, 768),
    "bmm_4x20": ("bmm", "f32", (4, 20), 24, 30),
    "gemv_1000": ("mm", "f32", 1, 1000, 96),
}

CODES = {"f32": ("<f4", "f"), "i32": ("<i4", "i")}


def reduced_size(k):
    return k[0] * k[1] if isinstance(k, tuple) else k


def batches(m):
    return m[0] if isinstance(m, tuple) else 1


def total_rows(m):
    return m[0] * m[1] if isinstance(m, tuple) else m


def b_columns(kind, n):
    return n - 3 if kind == "pad_cols" else n


def inputs(name):
    kind, dtype, m, n, k = CASES[name]
    k = reduced_size(k)
    rows, mats = total_rows(m), batches(m)
    if dtype == "i32":
        a = [(i * 7919) % 2001 - 1000 for i in range(rows * k)]
        b = [(i * 104729 + 17) % 1999 - 999 for i in range(mats * k * n)]
    else:
        a = [(i * 7 + 3) % 11 - 5 for i in range(rows * k)]
        b = [(i * 5 + 1) % 9 - 4
             for i in range(mats * k * b_columns(kind, n))]
    return a, b


def reference(name):
    """The (M, N) result, row-major, from the flat inputs."""
    kind, dtype, m, n, k = CASES[name]
    k = reduced_size(k)
    a, b = inputs(name)
    # B as (K, N) rows; two_axes' B is (K1, K2, N), the same rows.
    if kind == "pad_cols":
        w = n - 3
        rows = [[0] + b[r * w:(r + 1) * w] + [0, 0] for r in range(k)]
    else:
        rows = [b[r * n:(r + 1) * n] for r in range(k)]
    if kind == "b_plus_one":
        rows = [[x + 1 for x in row] for row in rows]
    out = []
    for i in range(total_rows(m)):
        arow = a[i * k:(i + 1) * k]
        if kind == "bmm":
            batch = i // m[1]
            rows = [b[(batch * k + r) * n:(batch * k + r + 1) * n]
                    for r in range(k)]
        if kind == "maxplus":
            acc = [max(arow[r] + rows[r][j] for r in range(k))
                   for j in range(n)]
        else:
            acc = [0] * n
            for r in range(k):
                x = arow[r]
                if x:
                    acc = [s + x * y for s, y in zip(acc, rows[r])]
            if kind == "relu":
                acc = [max(s, 0) for s in acc]
        out.extend(acc)
    return out


def gen(directory):
    for name, (kind, dtype, m, n, k) in CASES.items():
        a, b = inputs(name)
        npy.write_npy("%s/%s.a.npy" % (directory, name), *CODES[dtype], a)
        npy.write_npy("%s/%s.b.npy" % (directory, name), *CODES[dtype], b)


def check(directory):
    failed = False
    for name, (kind, dtype, m, n, k) in CASES.items():
        got = npy.read_npy("%s/%s.out.npy" % (directory, name),
                           CODES[dtype][1])
        want = reference(name)
        if len(got) != len(want):
            print("%s: %d values, expected %d" % (name, len(got), len(want)))
            failed = True
            continue
        bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
        if bad:
            i = bad[0]
            print("%s: %d of %d differ; first at (%d, %d): got %r, expected %r"
                  % (name, len(bad), len(want), i // n, i % n, got[i], want[i]))
            failed = True
        else:
            print("%s: %dx%d exact" % (name, total_rows(m), n))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit(__doc__)
    (gen if sys.argv[1] == "gen" else check)(sys.argv[2])
