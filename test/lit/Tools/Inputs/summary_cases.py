"""Writes the inputs of tiny-run-print-summary.mlir and what numpy prints.

  summary_cases.py DIR

DIR/x1200.npy holds 0..1199 and DIR/x2000.npy -1000..999 (int32). For each
function of the test, DIR/NAME.expected holds numpy's summarized print of
its result (np.array2string with separator ', ', numpy's default threshold
and edgeitems) followed by the type, as tiny-run prints it.
"""
import os
import sys

import numpy as np

folder = sys.argv[1]
x1200 = np.arange(1200, dtype=np.int32)
x2000 = np.arange(-1000, 1000, dtype=np.int32)
np.save(os.path.join(folder, "x1200.npy"), x1200)
np.save(os.path.join(folder, "x2000.npy"), x2000)
cases = {
    "line": x1200,
    "rows": x1200.reshape(40, 30),
    "narrow": x1200.reshape(400, 3),
    "cube": x2000.reshape(10, 10, 20),
    "four": x1200.reshape(2, 3, 10, 20),
}
for name, value in cases.items():
  shape = "x".join(str(d) for d in value.shape)
  with open(os.path.join(folder, name + ".expected"), "w") as f:
    f.write(np.array2string(value, separator=", ") +
            " : tensor<" + shape + "xi32>\n")
