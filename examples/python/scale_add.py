import sys

import numpy as np

import tiny

path = sys.argv[1] if len(sys.argv) > 1 else "examples/scale_add.mlir"
scale_add = tiny.compile(open(path).read(), name=path)
print(scale_add.inputs, "->", scale_add.outputs)
x = np.arange(1, 7, dtype=np.float32)
y = scale_add(x)
print(y)
assert (y == x.reshape(2, 3) * 2 + 1).all()
