"""Writes a .npy file whose header claims any shape, with a payload of
`count` float32 values 0, 1, ...: the files a size check must refuse.

Usage: npy_header.py PATH SHAPE COUNT, e.g. npy_header.py x.npy "(2**40,)" 6
"""

import struct
import sys

path, shape, count = sys.argv[1], eval(sys.argv[2]), int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': %r, }" % (shape,)
header += " " * ((64 - (11 + len(header)) % 64) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode())
    f.write(struct.pack("<%df" % count, *range(count)))
