"""Checks a result of spmd.mlir against numpy: spmd_check.py ENTRY X Y.

X is the input (.npy), Y the program's result (.npy); the expected values
are numpy's, computed here from X, not from any run of tiny.
"""
import sys

import numpy as np

entry, x_path, y_path = sys.argv[1:]
x = np.load(x_path)
y = np.load(y_path)
expected = {
    "there_and_back": lambda: (x * x + np.float32(1)) - x,
    "ring3": lambda: (x + x) + x,
    "result_on_rank1": lambda: np.exp2(x),
    "independent": lambda: np.exp2(x) + x * np.float32(3),
    # In f64, then rounded: the program adds in f32 in its own order.
    "sharded_sum": lambda: x.astype(np.float64).reshape(8, 128).sum(
        axis=0, keepdims=True),
}[entry]().astype(np.float32)
assert y.dtype == np.float32 and y.shape == expected.shape, (y.dtype, y.shape)
# Elementwise f32 arithmetic rounds once per op (exp2 within a few ulp);
# eight f32 additions of values in [-4, 4] are within 8 * 32 * 2^-24 of
# the exact sum.
# exp2(x) + 3 x: exp2's few ulp of values up to 16, and one rounding of
# the sum, which may be near 0.
tolerance = {"result_on_rank1": (5e-7, 0), "sharded_sum": (0, 2e-5),
             "independent": (5e-7, 2e-5)}
rtol, atol = tolerance.get(entry, (5e-7, 0))
np.testing.assert_allclose(y, expected, rtol=rtol, atol=atol)
print("OK", entry, y.size, "values match numpy")
