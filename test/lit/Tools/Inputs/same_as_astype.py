"""Checks a .npy file tiny-run wrote against numpy's astype of its input.

  same_as_astype.py RESULT INPUT

Prints "same as numpy's astype: True" when RESULT holds, byte for byte,
numpy.load(INPUT).astype(RESULT's dtype) (NaNs compare by their bits).
"""
import sys

import numpy as np

result = np.load(sys.argv[1])
expected = np.load(sys.argv[2]).astype(result.dtype)
same = (result.shape == expected.shape and
        result.tobytes() == expected.tobytes())
print("same as numpy's astype:", same)
if not same:
  print("tiny-run:", result, "numpy:", expected)
